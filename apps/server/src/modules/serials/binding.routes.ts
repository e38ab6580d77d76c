import { P } from '@shuyuan/contracts/common/paths';
import {
  BINDING_SCREENS,
  BindBody,
  BindIssuesQuery,
  VolumeIdBody,
  VolumeListQuery,
} from '@shuyuan/contracts/serials/binding';
import { SERIAL_KINDS, type SerialKind } from '@shuyuan/contracts/serials/pattern';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import './binding.messages.ts';
import { bindOptions, listVolumes } from './binding.query.ts';
import { bindIssues, bindVolume, unbindVolume } from './binding.service.ts';

/**
 * Binding, once per kind: `P/Serials/Magazine/…` behind /magazine-bound, `P/Serials/Newspaper/…` behind
 * /magazine-bound2. View = the screen, `:bind` binds a volume, `:delete` unbinds one.
 */
export function bindingRoutes(app: FastifyInstance): void {
  for (const kind of SERIAL_KINDS) kindRoutes(app, kind);
}

function kindRoutes(app: FastifyInstance, kind: SerialKind): void {
  const { area, screen } = BINDING_SCREENS[kind];
  const base = `${P}/Serials/${area}`;

  route(app, {
    url: `${base}/BindOptions`,
    access: screen,
    summary: `The ${kind} titles with an arrived issue and the locations a volume can go to`,
    handler: ({ db, scope }) => bindOptions(db, scope, kind),
  });

  route(app, {
    url: `${base}/GetBindIssues`,
    access: screen,
    schema: BindIssuesQuery,
    summary: `A ${kind} title's issues of a year with their copies on the shelf, bound, and volumes`,
    handler: ({ db, scope, body, lang }) => bindIssues(db, scope, kind, body, lang),
  });

  route(app, {
    url: `${base}/GetVolumes`,
    access: screen,
    schema: VolumeListQuery,
    summary: `Bound volumes of ${kind} titles, newest first`,
    handler: ({ db, scope, body }) => listVolumes(db, scope, kind, body),
  });

  route(app, {
    url: `${base}/BindVolume`,
    access: `${screen}:bind`,
    schema: BindBody,
    audit: `serials.${kind}.bind`,
    keepsCallers: true,
    summary: 'Binds one copy of each arrived issue of a range into a volume: a new copy; the issues become bound',
    handler: async (ctx) => {
      const r = await bindVolume(ctx.db, ctx.scope, kind, ctx.body, ctx.user?.userId ?? null, ctx.t, ctx.lang);
      Object.assign(ctx.auditDetail, { volumeId: r.volume.id, barcode: r.volume.barcode });
      return r;
    },
  });

  route(app, {
    url: `${base}/UnbindVolume`,
    access: `${screen}:delete`,
    schema: VolumeIdBody,
    audit: `serials.${kind}.unbind`,
    keepsCallers: true,
    summary: 'Unbinds a volume: its issues lend again one by one; the volume copy is deleted (refused while lent)',
    handler: ({ db, scope, body }) => unbindVolume(db, scope, kind, body.volumeId),
  });
}
