import type { ItemResult } from '@shuyuan/contracts/holdings/bulk';
import type { AllocationRecordQuery, FindCopiesQuery } from '@shuyuan/contracts/holdings/movement';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { filterSql } from './copy-filter.ts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { invalid } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { dayFilter } from '../reminders/day-filter.ts';
import { type CopyRow, isOut, openLoanCopies, selectCopies, type Tr, writeCopy } from './copy-ops.ts';
import { allocationRecord, copyShelf } from './holdings.table.ts';
import type { Lookups } from './lookups.ts';

export interface Target {
  toBranchId?: number;
  toLocationId?: number;
  remark: string;
}

/** Where the copies go: a location brings its branch; a branch alone leaves the copies without a location. */
export function resolveTarget(tg: Target, lk: Lookups, t: Tr): { branchId: number; locationId: number | null } {
  if (tg.toLocationId) {
    const l = lk.locations.get(tg.toLocationId);
    if (!l) throw invalid([{ path: 'toLocationId', message: t('holdings.ref.location') }]);
    if (tg.toBranchId && tg.toBranchId !== l.branchId)
      throw invalid([{ path: 'toLocationId', message: t('holdings.locationNotInBranch') }]);
    return { branchId: l.branchId, locationId: l.id };
  }
  if (!lk.branches.has(tg.toBranchId!)) throw invalid([{ path: 'toBranchId', message: t('holdings.ref.branch') }]);
  return { branchId: tg.toBranchId!, locationId: null };
}

/** A transfer number: DB + the school's local date and time + 3 random digits. */
export function newBatchNo(): string {
  const d = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `DB${d}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/**
 * Moves copies to a branch/location: a copy out with a reader, or already there, is refused with the reason;
 * each moved copy gets an allocation_record row and leaves its shelf position (it is no longer on that shelf).
 */
export async function allocate(
  db: Db,
  scope: Scope,
  user: Principal | undefined,
  rows: CopyRow[],
  tg: Target,
  via: 'list' | 'scan' | 'location',
  batchNo: string,
  lk: Lookups,
  t: Tr,
): Promise<ItemResult[]> {
  const to = resolveTarget(tg, lk, t);
  const open = await openLoanCopies(
    db,
    scope,
    rows.map((r) => r.id),
  );
  const name = (m: Map<number, { name: string }>, id: number | null) => (id == null ? '' : (m.get(id)?.name ?? ''));
  return db.transaction(async (tx) => {
    const out: ItemResult[] = [];
    const moved: number[] = [];
    for (const c of rows) {
      const base = { barcode: c.barcode, copyId: c.id, title: c.title };
      const before = { branchId: name(lk.branches, c.branchId), locationId: name(lk.locations, c.locationId) };
      if (isOut(c, open)) {
        out.push({ ...base, ok: false, reason: t('holdings.onLoan'), before });
        continue;
      }
      if (c.branchId === to.branchId && (c.locationId ?? null) === to.locationId) {
        out.push({ ...base, ok: false, reason: t('holdings.alreadyThere'), before });
        continue;
      }
      if (!(await writeCopy(tx, scope, c, { branchId: to.branchId, locationId: to.locationId }, { onShelf: true }))) {
        out.push({ ...base, ok: false, reason: t('catalogue.copyChanged'), before });
        continue;
      }
      moved.push(c.id);
      await tx.insert(allocationRecord).values(
        scope.values({
          batchNo,
          copyId: c.id,
          barcode: c.barcode,
          title: c.title,
          fromBranchId: c.branchId,
          fromLocationId: c.locationId,
          toBranchId: to.branchId,
          toLocationId: to.locationId,
          via,
          remark: tg.remark,
          operatorId: user?.userId ?? null,
          operatorName: user?.name ?? '',
        }),
      );
      out.push({
        ...base,
        ok: true,
        before,
        after: { branchId: name(lk.branches, to.branchId), locationId: name(lk.locations, to.locationId) },
      });
    }
    if (moved.length) await tx.delete(copyShelf).where(scope.where(copyShelf, inArray(copyShelf.copyId, moved)));
    return out;
  });
}

function recordWhere(scope: Scope, q: AllocationRecordQuery): SQL {
  const key = q.SearchKey?.trim();
  const like = key ? `%${key.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : '';
  return scope.where(
    allocationRecord,
    q.batchNo ? eq(allocationRecord.batchNo, q.batchNo) : undefined,
    q.branchId
      ? or(eq(allocationRecord.toBranchId, q.branchId), eq(allocationRecord.fromBranchId, q.branchId))
      : undefined,
    key
      ? or(
          eq(allocationRecord.barcode, key),
          ilike(allocationRecord.title, like),
          ilike(allocationRecord.operatorName, like),
        )
      : undefined,
    ...dayFilter(allocationRecord.createdAt, allocationRecord.schoolId, q.dateFrom, q.dateTo),
  );
}

/** `/allocation-record`: newest first, with branch and location names. */
export async function allocationRecords(db: Db, scope: Scope, q: AllocationRecordQuery, lk: Lookups, all = false) {
  const where = recordWhere(scope, q);
  const base = db.select().from(allocationRecord).where(where).orderBy(desc(allocationRecord.id));
  const [rows, [{ n }]] = await Promise.all([
    all ? base.limit(50_000) : base.limit(q.Rows).offset(pageOffset(q)),
    db.select({ n: count() }).from(allocationRecord).where(and(where)),
  ]);
  const nm = (m: Map<number, { name: string }>, id: number | null) => (id == null ? '' : (m.get(id)?.name ?? `#${id}`));
  return list(
    rows.map((r) => ({
      ...r,
      fromBranch: nm(lk.branches, r.fromBranchId),
      fromLocation: nm(lk.locations, r.fromLocationId),
      toBranch: nm(lk.branches, r.toBranchId),
      toLocation: nm(lk.locations, r.toLocationId),
    })),
    n,
  );
}

/** A page of the copies of a condition, with where they are now (for picking copies to move). */
export async function findCopies(db: Db, scope: Scope, q: FindCopiesQuery, lk: Lookups) {
  const where = filterSql(q.filter);
  const [rows, [{ n }]] = await Promise.all([
    selectCopies(db, scope, where).limit(q.Rows).offset(pageOffset(q)),
    db
      .select({ n: count() })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .where(scope.where(copy, where)),
  ]);
  const nm = (m: Map<number, { name: string }>, id: number | null) => (id == null ? '' : (m.get(id)?.name ?? ''));
  return list(
    rows.map((c) => ({
      id: c.id,
      barcode: c.barcode,
      title: c.title,
      callNo: c.callNo,
      circState: c.circState,
      branch: nm(lk.branches, c.branchId),
      location: nm(lk.locations, c.locationId),
    })),
    n,
  );
}
