import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../route.ts';
import { Scope } from '../tenancy.ts';
import type { ResourceDef, ResourceTable } from './types.ts';

type AnyDef = ResourceDef<ResourceTable, any, any, any, any>;

/** SearchKey is matched literally: %, _ and \ in what the user typed are not wildcards. */
export function likePattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The visibility condition of a resource for a caller: the school scope (unless the table is global) plus the
 * definition's own `visible` rule. Every read and write of the kit starts from it.
 */
export function visibleWhere(def: AnyDef, ctx: { schoolId: number }, ...conds: (SQL | undefined)[]): SQL | undefined {
  const extra = def.visible?.(ctx as Ctx<any>);
  if (def.global) return and(extra, ...conds);
  return new Scope(ctx.schoolId).where(def.table as { schoolId: PgColumn }, extra, ...conds);
}

/** The conditions of a list query: SearchKey over the search columns plus the definition's filters. */
export function listWhere(def: AnyDef, ctx: Ctx<any>, q: Record<string, any>): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  const key = typeof q.SearchKey === 'string' ? q.SearchKey.trim() : '';
  if (key && def.search?.length) {
    const pattern = likePattern(key);
    conds.push(or(...def.search.map((c) => ilike(c, pattern))));
  }
  if (def.filters) conds.push(...def.filters(q, ctx));
  return visibleWhere(def, ctx, ...conds);
}

/** The list order; id last as a tie-breaker, so pages never overlap or skip rows with equal sort keys. */
export function listOrder(def: AnyDef, tree: boolean): (SQL | PgColumn)[] {
  if (def.orderBy?.length) return [...def.orderBy, asc(def.table.id)];
  return [tree ? asc(def.table.id) : desc(def.table.id)];
}

export async function countWhere(db: Db, def: AnyDef, where: SQL | undefined): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(def.table as any)
    .where(where);
  return Number(r?.n ?? 0);
}

export async function rowsByIds(db: Db, def: AnyDef, ctx: { schoolId: number }, ids: number[], lock = false) {
  const q = db
    .select()
    .from(def.table as any)
    .where(visibleWhere(def, ctx, inArray(def.table.id, ids)));
  return (lock ? await q.for('update') : await q) as any[];
}

export async function rowById(db: Db, def: AnyDef, ctx: { schoolId: number }, id: number) {
  const [row] = await db
    .select()
    .from(def.table as any)
    .where(visibleWhere(def, ctx, eq(def.table.id, id)))
    .limit(1);
  return row as any;
}

/** Nests rows under their parents; rows whose parent is not in the set become roots (e.g. after a search). */
export function buildTree<D extends { id: number }>(rows: D[], parentOf: (d: D) => number | null | undefined) {
  const byId = new Map<number, D & { children?: D[] }>();
  for (const r of rows) byId.set(r.id, { ...r });
  const roots: (D & { children?: D[] })[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const p = parentOf(r);
    const parent = p ? byId.get(p) : undefined;
    if (parent && parent !== node) {
      parent.children ??= [];
      parent.children.push(node);
    } else roots.push(node);
  }
  return roots;
}
