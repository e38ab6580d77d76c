import type { BatchDataBody, CopyFilter, CopyPatch, ItemResult } from '@shuyuan/contracts/holdings/bulk';
import { BULK_MAX } from '@shuyuan/contracts/holdings/bulk';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { type Change, runChanges, toChange } from './bulk-edit.service.ts';
import { type CopyRow, selectCopies, type Tr } from './copy-ops.ts';
import { filterSql } from './copy-filter.ts';
import type { Lookups } from './lookups.ts';

/** Rows shown by a condition preview; the counts cover every matching copy. */
export const PREVIEW_ROWS = 200;

/** The copies a condition matches; more than BULK_MAX must be narrowed first. */
export async function copiesWhere(db: Db, scope: Scope, f: CopyFilter): Promise<CopyRow[]> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(copy, filterSql(f)));
  if (n > BULK_MAX) throw fail('TOO_MANY', 'holdings.conditionTooBroad', { count: n, max: BULK_MAX });
  return selectCopies(db, scope, filterSql(f));
}

/** Preview answers show the first rows but count them all. */
export function previewAnswer(list: ItemResult[]) {
  const okCount = list.filter((r) => r.ok).length;
  return { List: list.slice(0, PREVIEW_ROWS), okCount, badCount: list.length - okCount, Total: list.length };
}

/** `/batchcondition`: one change for every copy matching the condition. */
export async function editByCondition(
  db: Db,
  scope: Scope,
  f: CopyFilter,
  patch: CopyPatch,
  lk: Lookups,
  t: Tr,
  apply: boolean,
) {
  const { change, issues } = toChange(patch, lk, t);
  if (!change) throw invalid(issues);
  const rows = await copiesWhere(db, scope, f);
  return runChanges(
    db,
    scope,
    rows.map((c) => ({ c, ch: change })),
    lk,
    t,
    apply,
  );
}

const empty = (v: unknown) => v == null || v === '';

/** The change a batch-data operation gives one copy, or the reason it cannot. */
function opChange(
  c: CopyRow,
  b: BatchDataBody,
  rates: Map<number, number | null>,
  t: Tr,
): { ch?: Change; skip?: boolean; reason?: string } {
  switch (b.op) {
    case 'callNo': {
      if (!b.overwrite && !empty(c.callNo)) return { skip: true };
      const cls = c.classNo || c.recordClassNo;
      const no = c.bookNo || c.recordBookNo;
      if (!cls || !no) return { reason: t('holdings.data.noClassOrBook') };
      return { ch: { copy: { callNo: `${cls}${b.separator}${no}` } } };
    }
    case 'priceFromRecord': {
      if (!b.overwrite && !empty(c.unitPriceFen)) return { skip: true };
      if (c.recordPriceFen == null) return { reason: t('holdings.data.noRecordPrice') };
      return { ch: { copy: { unitPriceFen: c.recordPriceFen } } };
    }
    case 'discountFromBatch': {
      if (!b.overwrite && !empty(c.discountPriceFen)) return { skip: true };
      if (c.unitPriceFen == null) return { reason: t('holdings.data.noUnitPrice') };
      const rate = c.batchId ? rates.get(c.batchId) : null;
      if (rate == null) return { reason: t('holdings.data.noDiscountRate') };
      return { ch: { copy: { discountPriceFen: Math.round(c.unitPriceFen * rate) } } };
    }
  }
}

/**
 * `/batchdata`: computes each matching copy's new value; copies that already have one are left out unless
 * `overwrite`, copies that lack the data are listed with the reason.
 */
export async function batchData(db: Db, scope: Scope, b: BatchDataBody, lk: Lookups, t: Tr, apply: boolean) {
  const rows = await copiesWhere(db, scope, b.filter);
  const batchIds = [...new Set(rows.map((r) => r.batchId).filter((x): x is number => x != null))];
  const rates = new Map<number, number | null>();
  if (b.op === 'discountFromBatch' && batchIds.length) {
    const bs = await db
      .select({ id: acceptanceBatch.id, rate: acceptanceBatch.discountRate })
      .from(acceptanceBatch)
      .where(scope.where(acceptanceBatch, inArray(acceptanceBatch.id, batchIds)));
    // A rate is a fraction (0.75); one written as a percentage (75) is read as such.
    for (const x of bs)
      rates.set(x.id, x.rate == null ? null : Number(x.rate) > 1 ? Number(x.rate) / 100 : Number(x.rate));
  }
  const refused: ItemResult[] = [];
  const items: { c: CopyRow; ch: Change }[] = [];
  for (const c of rows) {
    const r = opChange(c, b, rates, t);
    if (r.ch) items.push({ c, ch: r.ch });
    else if (r.reason) refused.push({ barcode: c.barcode, copyId: c.id, title: c.title, ok: false, reason: r.reason });
  }
  const done = await runChanges(db, scope, items, lk, t, apply);
  return [...done, ...refused];
}
