import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configOf, configPart } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { borrowRange } from './borrow-range.table.ts';

/** Who borrows what: unknown parts are null. */
export interface RangeSubject {
  groupId: number | null;
  identity: string | null;
  locationId: number | null;
  resourceTypeId: number | null;
}

export type BorrowRangeRow = typeof borrowRange.$inferSelect;

/** The school's borrowing ranges (remembered in the configuration snapshot: school-config.ts). */
export const BORROW_RANGES = configPart('borrowRanges', (db, scope) =>
  db.select().from(borrowRange).where(scope.where(borrowRange)).orderBy(asc(borrowRange.id)),
);

const fits = (col: string | number | null, v: string | number | null) => col === null || (v !== null && col === v);

/**
 * The range that applies to a reader: the most specific matching row (group + identity > group >
 * identity > catch-all), or undefined when the school has none for this reader (= no restriction).
 */
export function pickRange(
  ranges: readonly BorrowRangeRow[],
  s: Pick<RangeSubject, 'groupId' | 'identity'>,
): BorrowRangeRow | undefined {
  const rows = ranges.filter((r) => fits(r.permissionGroupId, s.groupId) && fits(r.identity, s.identity));
  const weight = (r: BorrowRangeRow) => (r.permissionGroupId !== null ? 2 : 0) + (r.identity !== null ? 1 : 0);
  rows.sort((a, b) => weight(b) - weight(a));
  return rows[0];
}

/** The range that applies to a reader in the school (see pickRange). */
export async function rangeFor(
  db: Db,
  scope: Scope,
  s: Pick<RangeSubject, 'groupId' | 'identity'>,
): Promise<BorrowRangeRow | undefined> {
  return pickRange(await configOf(db, scope, BORROW_RANGES), s);
}

/** Whether a range row lets a copy at `locationId` of `resourceTypeId` go out. Unknown values never match a list. */
export function rangeAllows(r: BorrowRangeRow | undefined, s: Pick<RangeSubject, 'locationId' | 'resourceTypeId'>) {
  if (!r) return true;
  const inList = (list: number[], v: number | null) => list.length === 0 || (v !== null && list.includes(v));
  return inList(r.locationIds, s.locationId) && inList(r.resourceTypeIds, s.resourceTypeId);
}

/**
 * Borrowing range check for the desk (call inside the borrow transaction): may a reader of this
 * permission group / identity borrow a copy at this location of this resource type?
 * No range row for the reader = everything. A row with an empty location (or type) list = any location
 * (or type); a non-empty list must contain the copy's value (an unknown value does not match).
 */
export async function isInBorrowRange(tx: Db, scope: Scope, s: RangeSubject): Promise<boolean> {
  return rangeAllows(await rangeFor(tx, scope, s), s);
}
