import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../envelope.ts';
import { notFound } from '../errors.ts';
import type { Ctx } from '../route.ts';
import { Scope } from '../tenancy.ts';
import { buildTree, countWhere, listOrder, listWhere, rowById, rowsByIds, visibleWhere } from './query.ts';
import type { ResourceDef, ResourceService, ResourceTable } from './types.ts';
import { checkUnique, mapUniqueViolation, propOf } from './unique.ts';

type AnyDef = ResourceDef<ResourceTable, any, any, any, any>;

/** The kit's behaviour for one definition; routes (define.ts) and export jobs (export.ts) call it. */
export function makeService(def: AnyDef) {
  const dto = async (row: any, ctx: Ctx<any>) => (def.toDto ? await def.toDto(row, ctx) : row);
  const parentKey = def.tree ? propOf(def, def.tree.parent) : undefined;

  async function list(ctx: Ctx<any>, q: Record<string, any>) {
    const where = listWhere(def, ctx, q);
    const tree = Boolean(q.Tree && def.tree);
    const base = ctx.db
      .select()
      .from(def.table as any)
      .where(where)
      .orderBy(...listOrder(def, tree));
    if (tree) {
      const rows = (await base) as any[];
      const parents = new Map(rows.map((r) => [r.id as number, r[parentKey!] as number | null]));
      const dtos = await Promise.all(rows.map((r) => dto(r, ctx)));
      return { List: buildTree(dtos, (d: any) => parents.get(d.id)), Total: rows.length };
    }
    const [rows, Total] = await Promise.all([
      base.limit(q.Rows).offset(pageOffset(q as { Page: number; Rows: number })),
      countWhere(ctx.db, def, where),
    ]);
    return { List: await Promise.all((rows as any[]).map((r) => dto(r, ctx))), Total };
  }

  async function get(ctx: Ctx<any>, id: number) {
    const row = await rowById(ctx.db, def, ctx, id);
    if (!row) throw notFound();
    return dto(row, ctx);
  }

  /** Contract input → table values; `id` never comes from the client as a column value. */
  async function values(db: Db, ctx: Ctx<any>, input: any, existing?: any) {
    if (def.toValues) return def.toValues({ ctx, db, input, existing });
    const { id: _id, ...rest } = input;
    return rest;
  }

  async function write(outer: Ctx<any>, input: any, existingId?: number) {
    let ctx = outer;
    try {
      const row = await ctx.db.transaction(async (db) => {
        // Hooks see the transaction as ctx.db too: a query on the outer handle would wait on this very
        // transaction (PGlite has one connection) or miss its uncommitted rows (PostgreSQL).
        ctx = { ...ctx, db };
        let existing: any;
        if (existingId !== undefined) {
          [existing] = await rowsByIds(db, def, ctx, [existingId], true);
          if (!existing) throw notFound();
        }
        const v: Record<string, unknown> = await values(db, ctx, input, existing);
        await checkUnique(db, def, ctx, v, existing);
        await def.hooks?.beforeSave?.({ ctx, db, input, existing });
        let saved: any;
        if (existing) {
          const set = 'updatedAt' in def.table ? { ...v, updatedAt: new Date() } : v;
          [saved] = await db
            .update(def.table)
            .set(set as any)
            .where(eq(def.table.id, existing.id))
            .returning();
        } else {
          const insert = def.global ? v : new Scope(ctx.schoolId).values(v);
          [saved] = await db
            .insert(def.table)
            .values(insert as any)
            .returning();
        }
        await def.hooks?.afterSave?.({ ctx, db, input, existing, row: saved });
        return saved;
      });
      outer.auditDetail.id = row.id;
      await def.hooks?.afterChange?.(outer);
      return dto(row, outer);
    } catch (err) {
      throw mapUniqueViolation(def, ctx, err);
    }
  }

  /** Deletes all the rows or none: every id must be visible to the caller, `beforeDelete` may refuse. */
  async function remove(ctx: Ctx<any>, ids: number[]) {
    const unique = [...new Set(ids)];
    await ctx.db.transaction(async (db) => {
      const rows = await rowsByIds(db, def, ctx, unique, true);
      if (rows.length !== unique.length) throw notFound();
      await def.hooks?.beforeDelete?.({ ctx: { ...ctx, db }, db, rows });
      await db.delete(def.table).where(visibleWhere(def, ctx, inArray(def.table.id, unique)));
    });
    await def.hooks?.afterChange?.(ctx);
    return { count: unique.length };
  }

  const service: ResourceService<ResourceTable, any> & {
    add: (ctx: Ctx<any>, input: any) => Promise<any>;
    update: (ctx: Ctx<any>, input: any) => Promise<any>;
    remove: typeof remove;
  } = {
    list,
    get,
    where: (ctx, ...conds) => visibleWhere(def, ctx, ...conds),
    toDto: dto,
    add: (ctx, input) => write(ctx, input),
    update: (ctx, input) => write(ctx, input, input.id),
    remove,
  };
  return service;
}
