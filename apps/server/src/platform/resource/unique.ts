import { and, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { BizError } from '../errors.ts';
import type { Ctx } from '../route.ts';
import { Scope } from '../tenancy.ts';
import type { ResourceDef, ResourceTable, UniqueRule } from './types.ts';

type AnyDef = ResourceDef<ResourceTable, any, any, any, any>;

function duplicateIssue(ctx: Ctx<any>, rule: UniqueRule) {
  return { path: rule.field, message: ctx.t('error.duplicate', { field: ctx.t(rule.labelKey) }) };
}

/** The error for duplicates: every clashing field as an issue, errorCode DUPLICATE, in the caller's language. */
function duplicateError(ctx: Ctx<any>, rules: UniqueRule[]): BizError {
  const issues = rules.map((r) => duplicateIssue(ctx, r));
  return new BizError(ErrorCode.DUPLICATE, 'error.duplicate', { field: ctx.t(rules[0].labelKey) }, 200, issues);
}

/**
 * Checks every unique rule against the values about to be written. Uniqueness is per school (the plain
 * school scope, not `visible`: a row the caller cannot see still clashes), install-wide for global tables.
 */
export async function checkUnique(
  db: Db,
  def: AnyDef,
  ctx: Ctx<any>,
  values: Record<string, unknown>,
  existing?: Record<string, unknown>,
): Promise<void> {
  const clashes: UniqueRule[] = [];
  for (const rule of def.unique ?? []) {
    const conds: SQL[] = [];
    let complete = true;
    for (const col of rule.columns) {
      const key = propOf(def, col);
      const v = key in values ? values[key] : existing?.[key];
      if (v === undefined || v === null || v === '') {
        complete = false;
        break;
      }
      conds.push(rule.ignoreCase && typeof v === 'string' ? sql`lower(${col}) = lower(${v})` : eq(col, v));
    }
    if (!complete) continue;
    if (existing) conds.push(ne(def.table.id, existing.id as number));
    const where = def.global ? and(...conds) : new Scope(ctx.schoolId).where(def.table as any, ...conds);
    const found = await db
      .select({ id: def.table.id })
      .from(def.table as any)
      .where(where)
      .limit(1);
    if (found.length) clashes.push(rule);
  }
  if (clashes.length) throw duplicateError(ctx, clashes);
}

/** Maps a unique-index violation (a race lost between check and write) to the same field issue. */
export function mapUniqueViolation(def: AnyDef, ctx: Ctx<any>, err: unknown): unknown {
  const e = (err as any)?.cause ?? err;
  if (e?.code !== '23505') return err;
  const name: string = e.constraint ?? e.constraint_name ?? String(e.message ?? '');
  const rule = def.unique?.find((r) => r.constraint && name.includes(r.constraint));
  return rule ? duplicateError(ctx, [rule]) : err;
}

const propCache = new WeakMap<object, Map<PgColumn, string>>();

/** The table property (camelCase) of a column, to read it from input values. */
export function propOf(def: AnyDef, col: PgColumn): string {
  let m = propCache.get(def.table);
  if (!m) {
    m = new Map();
    for (const [k, v] of Object.entries(getTableColumns(def.table))) m.set(v as PgColumn, k);
    propCache.set(def.table, m);
  }
  const p = m.get(col);
  if (!p) throw new Error(`Column ${col.name} is not a column of the resource's table`);
  return p;
}
