import type { CopyFilter } from '@shuyuan/contracts/holdings/bulk';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { dayFilter } from '../reminders/day-filter.ts';

/** The class number of a copy: its own, else its record's. */
export const copyClass = sql<string>`coalesce(nullif(${copy.classNo}, ''), ${catalogueRecord.classNo})`;

/**
 * SQL of a copy condition (used with selectCopies, which joins the record). Class and barcode ranges are
 * inclusive and compare as text, the way call numbers sort on the shelf list; a class "to" value also takes
 * its subdivisions (I247 … I247.5 includes I247.57).
 */
export function filterSql(f: CopyFilter): SQL {
  const c: (SQL | undefined)[] = [
    f.batchId ? eq(copy.batchId, f.batchId) : undefined,
    f.branchId ? eq(copy.branchId, f.branchId) : undefined,
    f.locationId ? eq(copy.locationId, f.locationId) : undefined,
    f.circState ? eq(copy.circState, f.circState) : undefined,
    f.storeType ? eq(copy.storeType, f.storeType) : undefined,
    f.classFrom ? sql`upper(${copyClass}) >= upper(${f.classFrom})` : undefined,
    f.classTo
      ? sql`(upper(${copyClass}) <= upper(${f.classTo}) or upper(${copyClass}) like upper(${f.classTo}) || '%')`
      : undefined,
    f.barcodeFrom ? sql`${copy.barcode} >= ${f.barcodeFrom}` : undefined,
    f.barcodeTo ? sql`${copy.barcode} <= ${f.barcodeTo}` : undefined,
    ...dayFilter(copy.createdAt, copy.schoolId, f.addedFrom, f.addedTo),
  ];
  return and(...c) as SQL;
}
