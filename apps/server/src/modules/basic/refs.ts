import { and, eq, getTableName, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';

type Owned = PgTable & { id: PgColumn; schoolId: PgColumn };

/**
 * Checks that a referenced row (a branch, a location, a user…) exists in the caller's school; a reference to
 * another school's row is reported on the field like a missing one.
 */
export async function mustExist(
  db: Db,
  ctx: Ctx<any>,
  table: Owned,
  id: number | null | undefined,
  field: string,
  msgKey: string,
): Promise<void> {
  if (id == null) return;
  const [row] = await db
    .select({ id: table.id })
    .from(table as any)
    .where(new Scope(ctx.schoolId).where(table, eq(table.id, id)))
    .limit(1);
  if (!row) throw invalid([{ path: field, message: ctx.t(msgKey) }]);
}

/** Refuses a delete while other rows (of the same school) still point at the rows being deleted. */
export async function refuseIfUsed(
  db: Db,
  ctx: Ctx<any>,
  table: Owned,
  column: PgColumn,
  ids: number[],
  msgKey = 'error.inUse',
): Promise<void> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as any)
    .where(new Scope(ctx.schoolId).where(table, inArray(column, ids)))
    .limit(1);
  if (row) throw fail('IN_USE', msgKey);
}

/** Keeps a single default (or current) row: clears the flag on the school's other rows in the group. */
export async function clearOtherDefaults(
  db: Db,
  ctx: Ctx<any>,
  table: Owned,
  flag: PgColumn,
  keepId: number,
  ...group: (SQL | undefined)[]
): Promise<void> {
  await db
    .update(table)
    .set({ [flagKey(table, flag)]: false } as any)
    .where(new Scope(ctx.schoolId).where(table, ne(table.id, keepId), eq(flag, true), and(...group)));
}

function flagKey(table: PgTable, col: PgColumn): string {
  for (const [k, v] of Object.entries(table)) if (v === col) return k;
  throw new Error(`column ${col.name} not in table`);
}

/** Per-request cache of names looked up for list rows (a page shows the same branch many times). */
const cache = new WeakMap<object, Map<string, Promise<string | null>>>();

export function nameOf(
  ctx: Ctx<any>,
  table: Owned,
  nameCol: PgColumn,
  id: number | null | undefined,
): Promise<string | null> {
  if (id == null) return Promise.resolve(null);
  // Export jobs run without a request: their context object is the cache key then.
  const owner: object = ctx.req ?? ctx;
  let m = cache.get(owner);
  if (!m) {
    m = new Map();
    cache.set(owner, m);
  }
  const key = `${getTableName(table)}:${id}`;
  let p = m.get(key);
  if (!p) {
    p = ctx.db
      .select({ name: nameCol })
      .from(table as any)
      .where(new Scope(ctx.schoolId).where(table, eq(table.id, id)))
      .limit(1)
      .then((r) => (r[0]?.name as string | undefined) ?? null);
    m.set(key, p);
  }
  return p;
}
