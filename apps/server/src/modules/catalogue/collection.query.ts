import type { CopyFilters } from '@shuyuan/contracts/catalogue/collection';
import { and, count, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { branch, resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { isbnForms } from '../search/lib/isbn.ts';
import { acceptanceBatch, catalogueRecord as r, copy } from './catalogue.table.ts';

const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (s: string) => `%${esc(s)}%`;
const starts = (s: string) => `${esc(s)}%`;

const batchIdsOf = (scope: Scope, batchNo: string) =>
  sql`(select ${acceptanceBatch.id} from ${acceptanceBatch} where ${scope.where(acceptanceBatch, eq(acceptanceBatch.batchNo, batchNo))})`;

/** The search box of the copy list: one field, or (all) barcode/RFID exact, call number prefix, title/author. */
function keyCondition(scope: Scope, type: CopyFilters['searchType'], key: string): SQL | undefined {
  if (!key) return undefined;
  switch (type) {
    case 'barcode':
      return eq(copy.barcode, key);
    case 'rfid':
      return eq(copy.rfid, key.toUpperCase());
    case 'title':
      return or(ilike(r.title, like(key)), ilike(r.parallelTitle, like(key)));
    case 'author':
      return ilike(r.author, like(key));
    case 'isbn': {
      const forms = isbnForms(key);
      return forms.length ? inArray(r.isbn, forms) : sql`false`;
    }
    case 'callNo':
      return ilike(copy.callNo, starts(key));
    case 'batch':
      return inArray(copy.batchId, batchIdsOf(scope, key));
    default:
      return or(
        eq(copy.barcode, key),
        eq(copy.rfid, key.toUpperCase()),
        ilike(copy.callNo, starts(key)),
        ilike(r.title, like(key)),
        ilike(r.author, like(key)),
      );
  }
}

/** The WHERE of the copy list, its price sum and its export (copy joined with its record). */
export function copyWhere(scope: Scope, f: Partial<CopyFilters>): SQL {
  const opt = <T>(v: T | undefined, c: (v: T) => SQL) => (v === undefined || v === null ? undefined : c(v));
  return scope.where(
    copy,
    keyCondition(scope, f.searchType ?? 'all', f.SearchKey ?? ''),
    opt(f.recordId, (v) => eq(copy.recordId, v)),
    opt(f.batchId, (v) => eq(copy.batchId, v)),
    opt(f.branchId, (v) => eq(copy.branchId, v)),
    opt(f.locationId, (v) => eq(copy.locationId, v)),
    opt(f.resourceTypeId, (v) => eq(r.resourceTypeId, v)),
    opt(f.circState, (v) => eq(copy.circState, v)),
    opt(f.storeType, (v) => eq(copy.storeType, v)),
    opt(f.classNo || undefined, (v) => ilike(copy.classNo, starts(v))),
    opt(f.addedFrom, (v) => gte(copy.createdAt, sql`${v}::date`)),
    opt(f.addedTo, (v) => lt(copy.createdAt, sql`${v}::date + 1`)),
  );
}

/** Columns of a copy row in lists and exports: the copy, its record's main fields, names of its places. */
export const copyRowColumns = {
  id: copy.id,
  recordId: copy.recordId,
  barcode: copy.barcode,
  rfid: copy.rfid,
  callNo: copy.callNo,
  classNo: copy.classNo,
  bookNo: copy.bookNo,
  additionalNo: copy.additionalNo,
  shelfMark: copy.shelfMark,
  branchId: copy.branchId,
  locationId: copy.locationId,
  circState: copy.circState,
  storeType: copy.storeType,
  unitPriceFen: copy.unitPriceFen,
  discountPriceFen: copy.discountPriceFen,
  batchId: copy.batchId,
  version: copy.version,
  createdAt: copy.createdAt,
  title: r.title,
  author: r.author,
  publisher: r.publisher,
  pubYear: r.pubYear,
  isbn: r.isbn,
  resourceTypeId: r.resourceTypeId,
  branchName: branch.name,
  locationName: location.name,
  batchNo: acceptanceBatch.batchNo,
  resourceTypeName: resourceType.name,
};

/** Copy rows (copyRowColumns) matching `where`; every join is by id to rows of the copy's own school. */
export function selectCopyRows(db: Db, where: SQL, ...more: SQL[]) {
  return db
    .select(copyRowColumns)
    .from(copy)
    .innerJoin(r, eq(r.id, copy.recordId))
    .leftJoin(branch, eq(branch.id, copy.branchId))
    .leftJoin(location, eq(location.id, copy.locationId))
    .leftJoin(acceptanceBatch, eq(acceptanceBatch.id, copy.batchId))
    .leftJoin(resourceType, eq(resourceType.id, r.resourceTypeId))
    .where(more.length ? and(where, ...more) : where);
}

/** How many copies match `where` (the record is joined: filters may name its fields). */
export async function countCopies(db: Db, where: SQL): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(copy).innerJoin(r, eq(r.id, copy.recordId)).where(where);
  return n;
}
