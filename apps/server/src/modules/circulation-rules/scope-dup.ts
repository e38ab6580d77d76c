import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { BizError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';

/**
 * Scope tables (loan_rule, borrow_range) are unique per scope with null = any, which the kit's unique rules
 * (complete values only) cannot express: this checks "same scope, nulls equal" and reports it on `field`.
 */
export async function refuseSameScope(
  db: Db,
  ctx: Ctx<any>,
  table: PgTable & { id: PgColumn; schoolId: PgColumn },
  scope: [PgColumn, string | number | null][],
  selfId: number | undefined,
  field: string,
  labelKey: string,
): Promise<void> {
  const conds: SQL[] = scope.map(([col, v]) => (v === null ? isNull(col) : eq(col, v)));
  if (selfId !== undefined) conds.push(ne(table.id, selfId));
  const [row] = await db
    .select({ id: table.id })
    .from(table as any)
    .where(new Scope(ctx.schoolId).where(table, ...conds))
    .limit(1);
  if (!row) return;
  const label = ctx.t(labelKey);
  throw new BizError(ErrorCode.DUPLICATE, 'error.duplicate', { field: label }, 200, [
    { path: field, message: ctx.t('error.duplicate', { field: label }) },
  ]);
}
