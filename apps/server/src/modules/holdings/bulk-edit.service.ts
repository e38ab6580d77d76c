import { type CircState, canMoveByHand } from '@shuyuan/contracts/catalogue/copy-state';
import { yuanToFen } from '@shuyuan/contracts/catalogue/record';
import { type CopyPatch, type ItemResult, PATCH_FIELDS, type PatchField } from '@shuyuan/contracts/holdings/bulk';
import type { FieldIssue } from '@shuyuan/contracts/common/envelope';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyzeTables } from '../../platform/analyze.ts';
import { invalid } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import {
  type CopyRow,
  copiesByBarcode,
  dedupe,
  isOut,
  missingCopy,
  openLoanCopies,
  type Tr,
  writeCopy,
} from './copy-ops.ts';
import type { Lookups } from './lookups.ts';

/** A patch resolved to columns: copy columns (fen, ids checked) and the record's resource type. */
export interface Change {
  copy: Partial<typeof copy.$inferInsert>;
  resourceTypeId?: number | null;
}

/** Copy column (or record column) holding each patch field. */
const COLUMN: Record<PatchField, keyof CopyRow> = {
  branchId: 'branchId',
  locationId: 'locationId',
  shelfMark: 'shelfMark',
  callNo: 'callNo',
  additionalNo: 'additionalNo',
  storeType: 'storeType',
  circState: 'circState',
  unitPrice: 'unitPriceFen',
  discountPrice: 'discountPriceFen',
  batchId: 'batchId',
  resourceTypeId: 'resourceTypeId',
};
/** Fields a copy out with a reader must keep: it is not on the shelf to be moved, re-stored or re-stated. */
const NOT_WHILE_OUT: PatchField[] = ['branchId', 'locationId', 'storeType', 'circState'];

/**
 * Checks a patch's references against the school (another school's location is "not found") and turns it
 * into columns. A location brings its branch unless a branch is given, which must then be the location's.
 */
export function toChange(p: CopyPatch, lk: Lookups, t: Tr, prefix = 'set'): { change?: Change; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const must = (field: PatchField, map: Map<number, unknown>, key: string) => {
    const v = p[field] as number | null | undefined;
    if (v != null && !map.has(v)) issues.push({ path: `${prefix}.${field}`, message: t(key) });
  };
  must('branchId', lk.branches, 'holdings.ref.branch');
  must('locationId', lk.locations, 'holdings.ref.location');
  must('batchId', lk.batches, 'holdings.ref.batch');
  must('resourceTypeId', lk.types, 'holdings.ref.resourceType');
  const c: Change['copy'] = {};
  for (const f of PATCH_FIELDS) {
    const v = p[f];
    if (v === undefined || f === 'resourceTypeId') continue;
    (c as Record<string, unknown>)[COLUMN[f]] =
      f === 'unitPrice' || f === 'discountPrice' ? (v === null ? null : yuanToFen(v as number)) : v;
  }
  if (p.locationId != null && lk.locations.has(p.locationId)) {
    const own = lk.locations.get(p.locationId)!.branchId;
    if (p.branchId == null) c.branchId = own;
    else if (p.branchId !== own)
      issues.push({ path: `${prefix}.locationId`, message: t('holdings.locationNotInBranch') });
  }
  if (issues.length) return { issues };
  return { change: { copy: c, resourceTypeId: p.resourceTypeId }, issues };
}

/** A value as a librarian reads it: names for ids, yuan for fen, labels for states. */
function shown(field: PatchField, v: unknown, lk: Lookups, t: Tr): string {
  if (v == null || v === '') return '';
  const n = v as number;
  switch (field) {
    case 'branchId':
      return lk.branches.get(n)?.name ?? `#${n}`;
    case 'locationId':
      return lk.locations.get(n)?.name ?? `#${n}`;
    case 'batchId':
      return lk.batches.get(n)?.name ?? `#${n}`;
    case 'resourceTypeId':
      return lk.types.get(n)?.name ?? `#${n}`;
    case 'unitPrice':
    case 'discountPrice':
      return (n / 100).toFixed(2);
    case 'storeType':
      return t(`holdings.store.${n}`);
    case 'circState':
      return t(`holdings.state.${v}`);
    default:
      return String(v);
  }
}

/** Patch field → the new stored value the change gives it (undefined = not touched). */
function target(field: PatchField, ch: Change): unknown {
  if (field === 'resourceTypeId') return ch.resourceTypeId;
  return (ch.copy as Record<string, unknown>)[COLUMN[field]];
}

/** One copy under a change: refused with a reason, or its before → after (only fields that differ). */
export function planItem(c: CopyRow, ch: Change, out: boolean, lk: Lookups, t: Tr): ItemResult {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const base = { barcode: c.barcode, copyId: c.id, title: c.title };
  for (const f of PATCH_FIELDS) {
    const to = target(f, ch);
    if (to === undefined) continue;
    const from = c[COLUMN[f]];
    if ((from ?? null) === (to ?? null)) continue;
    if (out && NOT_WHILE_OUT.includes(f)) return { ...base, ok: false, reason: t('holdings.onLoan') };
    if (f === 'circState' && !canMoveByHand(from as CircState, to as CircState))
      return {
        ...base,
        ok: false,
        reason: t('catalogue.stateRefused', { from: shown(f, from, lk, t), to: shown(f, to, lk, t) }),
      };
    before[f] = shown(f, from, lk, t);
    after[f] = shown(f, to, lk, t);
  }
  if (!Object.keys(after).length) return { ...base, ok: true, reason: t('holdings.unchanged'), before, after };
  return { ...base, ok: true, before, after };
}

/** Plans (and with `apply` writes) each copy with its own change; refused items change nothing. */
export async function runChanges(
  db: Db,
  scope: Scope,
  items: { c: CopyRow; ch: Change }[],
  lk: Lookups,
  t: Tr,
  apply: boolean,
): Promise<ItemResult[]> {
  const open = await openLoanCopies(
    db,
    scope,
    items.map((i) => i.c.id),
  );
  const plans = items.map(({ c, ch }) => ({ c, ch, r: planItem(c, ch, isOut(c, open), lk, t) }));
  if (!apply) return plans.map((p) => p.r);
  const done = await db.transaction(async (tx) => {
    const typeByRecord = new Map<number, number | null>();
    for (const p of plans) {
      if (!p.r.ok || !p.r.after || !Object.keys(p.r.after).length) continue;
      const copySet = Object.fromEntries(
        PATCH_FIELDS.filter((f) => f !== 'resourceTypeId' && f in p.r.after!).map((f) => [COLUMN[f], target(f, p.ch)]),
      );
      const onShelf = NOT_WHILE_OUT.some((f) => f in p.r.after!);
      if (Object.keys(copySet).length && !(await writeCopy(tx, scope, p.c, copySet, { onShelf }))) {
        p.r = { ...p.r, ok: false, reason: t('catalogue.copyChanged'), before: undefined, after: undefined };
        continue;
      }
      if ('resourceTypeId' in p.r.after) typeByRecord.set(p.c.recordId, p.ch.resourceTypeId ?? null);
    }
    for (const [typeId, ids] of groupBy(typeByRecord)) {
      await tx
        .update(catalogueRecord)
        .set({ resourceTypeId: typeId, updatedAt: sql`now()` })
        .where(scope.where(catalogueRecord, inArray(catalogueRecord.id, ids)));
    }
    return plans.map((p) => p.r);
  });
  // A bulk change: the lists and searches plan with the copies as they are now.
  if (done.some((r) => r.ok && r.after && Object.keys(r.after).length)) await analyzeTables(db, copy, catalogueRecord);
  return done;
}

function groupBy(m: Map<number, number | null>): Map<number | null, number[]> {
  const out = new Map<number | null, number[]>();
  for (const [rec, v] of m) out.set(v, [...(out.get(v) ?? []), rec]);
  return out;
}

/** `/bulk-editing` by barcodes: the same change for every listed copy. */
export async function editByBarcodes(
  db: Db,
  scope: Scope,
  barcodes: string[],
  patch: CopyPatch,
  lk: Lookups,
  t: Tr,
  apply: boolean,
): Promise<ItemResult[]> {
  const { change, issues } = toChange(patch, lk, t);
  if (!change) throw invalid(issues);
  const { unique, repeated } = dedupe(barcodes, t);
  const found = await copiesByBarcode(db, scope, unique);
  const items = unique.flatMap((b) => (found.has(b) ? [{ c: found.get(b)!, ch: change }] : []));
  const done = await runChanges(db, scope, items, lk, t, apply);
  const byBarcode = new Map(done.map((r) => [r.barcode, r]));
  const missing = await missingCopy(db, scope, t);
  return [...unique.map((b) => byBarcode.get(b) ?? missing(b)), ...repeated];
}
