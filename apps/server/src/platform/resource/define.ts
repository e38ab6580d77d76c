import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { IdBody, IdsBody } from '@shuyuan/contracts/common/envelope';
import { opCode, resourcePaths } from '@shuyuan/contracts/kit/resource';
import { route } from '../route.ts';
import { startExport } from './export.ts';
import { makeService } from './service.ts';
import type { ResourceDef, ResourceTable, Row } from './types.ts';

/**
 * Registers the routes of one resource (see README.md): Get<E>List, Get<E>, Add<E>, Update<E>, Delete<E>,
 * Export<E> under P/<area>/. Returns the service for hand-written routes on the same table.
 */
export function defineResource<
  T extends ResourceTable,
  TC extends z.ZodType,
  TU extends z.ZodType,
  TQ extends z.ZodType,
  TD = Row<T>,
>(app: FastifyInstance, def: ResourceDef<T, TC, TU, TQ, TD>) {
  if (!def.global && !def.table.schoolId) throw new Error(`${def.entity}: table has no schoolId; set global: true`);
  const svc = makeService(def as any);
  const paths = { ...resourcePaths(def.area, def.entity), ...def.paths };
  const on = (k: 'get' | 'add' | 'update' | 'delete') => def.routes?.[k] !== false;

  route(app, {
    url: paths.list,
    access: def.permission,
    schema: def.contracts.list,
    summary: `List ${def.entity}`,
    handler: (ctx) => svc.list(ctx, ctx.body as Record<string, any>),
  });
  if (on('get'))
    route(app, {
      url: paths.get,
      access: def.permission,
      schema: IdBody,
      summary: `Get ${def.entity}`,
      handler: (ctx) => svc.get(ctx, ctx.body.id),
    });
  if (on('add'))
    route(app, {
      url: paths.add,
      access: opCode(def.permission, 'add'),
      schema: def.contracts.create,
      audit: `${def.audit}.add`,
      summary: `Add ${def.entity}`,
      handler: (ctx) => svc.add(ctx, ctx.body),
    });
  if (on('update'))
    route(app, {
      url: paths.update,
      access: opCode(def.permission, 'edit'),
      schema: def.contracts.update,
      audit: `${def.audit}.update`,
      summary: `Update ${def.entity}`,
      handler: (ctx) => svc.update(ctx, ctx.body),
    });
  if (on('delete'))
    route(app, {
      url: paths.delete,
      access: opCode(def.permission, 'delete'),
      schema: IdsBody,
      audit: `${def.audit}.delete`,
      summary: `Delete ${def.entity}`,
      handler: (ctx) => svc.remove(ctx, ctx.body.ids),
    });
  if (def.export)
    route(app, {
      url: paths.export,
      access: opCode(def.permission, 'export'),
      schema: def.contracts.list,
      audit: `${def.audit}.export`,
      summary: `Export ${def.entity} to Excel (background job)`,
      handler: (ctx) => startExport(app, def as any, ctx, ctx.body as Record<string, any>, svc.toDto),
    });
  return svc as typeof svc & { toDto: (row: Row<T>, ctx: any) => Promise<TD> };
}
