import {
  CATALOGUING_WARN_DAYS,
  COPY_WARNINGS,
  type CopiesUpdate,
  type CopyFilters,
  type CopySearchQuery,
  type CopyUpdate,
  canMoveStore,
  ON_LOAN_STATES,
} from '@shuyuan/contracts/catalogue/collection';
import { yuanToFen } from '@shuyuan/contracts/catalogue/record';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { and, asc, count, countDistinct, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { BizError, fail, invalid, notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { branch } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { mustExist } from '../basic/refs.ts';
import { isbnForms } from '../search/lib/isbn.ts';
import { checkWithRule, getBarcodeRule } from '../printing/barcode-rules.service.ts';
import { barcodeTaken, getRecord, ruleError, type Tr, violatedBarcode } from './catalogue.service.ts';
import { acceptanceBatch, catalogueRecord, copy } from './catalogue.table.ts';
import { copyWhere, countCopies, selectCopyRows } from './collection.query.ts';
import { withAwayAt } from './copy-away.hooks.ts';

/** The copy list (/collection, a record's copies): filtered, paged; a record's copies in the order added. */
export async function searchCopies(db: Db, scope: Scope, q: CopySearchQuery) {
  const where = copyWhere(scope, q);
  const order = q.recordId ? asc(copy.id) : desc(copy.id);
  const [rows, total] = await Promise.all([
    selectCopyRows(db, where).orderBy(order).limit(q.Rows).offset(pageOffset(q)),
    countCopies(db, where),
  ]);
  return list(await withAwayAt(db, scope, rows), total);
}

/** One copy with its record's main fields, by id (getcollectioninfo) or by barcode (GetCollectionToBarCode). */
export async function getCopy(db: Db, scope: Scope, by: { id: number } | { barcode: string }) {
  const cond = 'id' in by ? eq(copy.id, by.id) : eq(copy.barcode, by.barcode);
  const [row] = await selectCopyRows(db, scope.where(copy, cond)).limit(1);
  if (!row) throw notFound('catalogue.copyNotFound');
  return row;
}

/** A copy scanned by barcode or RFID tag (P/Literature/GetBookToBarCodeORfid). */
export async function copyByBarcodeOrRfid(db: Db, scope: Scope, code: string) {
  const [row] = await selectCopyRows(
    db,
    scope.where(copy, or(eq(copy.barcode, code), eq(copy.rfid, code.toUpperCase()))),
  )
    .orderBy(sql`${copy.barcode} = ${code} desc`)
    .limit(1);
  if (!row) throw notFound('catalogue.copyNotFound');
  return row;
}

/** The whole record a scanned copy belongs to (GetCollectionToCatalogue): the record editor opens it. */
export async function recordOfBarcode(db: Db, scope: Scope, barcode: string) {
  const c = await getCopy(db, scope, { barcode });
  return { ...(await getRecord(db, scope, c.recordId)), copyId: c.id };
}

/** The school's records carrying this ISBN (either form), with their copy counts: the duplicate warning. */
export async function recordsByIsbn(db: Db, scope: Scope, isbn: string) {
  const forms = isbnForms(isbn);
  if (!forms.length) return [];
  return db
    .select({
      id: catalogueRecord.id,
      title: catalogueRecord.title,
      author: catalogueRecord.author,
      publisher: catalogueRecord.publisher,
      pubYear: catalogueRecord.pubYear,
      isbn: catalogueRecord.isbn,
      classNo: catalogueRecord.classNo,
      bookNo: catalogueRecord.bookNo,
      copies: sql<number>`(select count(*)::int from copy c where c.record_id = catalogue_record.id)`,
    })
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, inArray(catalogueRecord.isbn, forms)))
    .orderBy(asc(catalogueRecord.id))
    .limit(20);
}

/** Totals of the filtered copies (GetItemsSumPrice): copies, titles, list and discounted prices in fen. */
export async function sumPrices(db: Db, scope: Scope, f: Partial<CopyFilters>) {
  const [row] = await db
    .select({
      copies: count(),
      records: countDistinct(copy.recordId),
      unitTotalFen: sql<string>`coalesce(sum(${copy.unitPriceFen}), 0)`,
      discountTotalFen: sql<string>`coalesce(sum(${copy.discountPriceFen}), 0)`,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(copyWhere(scope, f));
  return {
    copies: row.copies,
    records: row.records,
    unitTotalFen: Number(row.unitTotalFen),
    discountTotalFen: Number(row.discountTotalFen),
  };
}

const WARNING_SQL: Record<(typeof COPY_WARNINGS)[number], SQL> = {
  noLocation: sql`${copy.locationId} is null`,
  noCallNo: sql`${copy.callNo} = ''`,
  noPrice: sql`${copy.unitPriceFen} is null`,
  noRfid: sql`${copy.rfid} = ''`,
  longInCataloguing: sql`${copy.storeType} = 1 and ${copy.createdAt} < now() - make_interval(days => ${CATALOGUING_WARN_DAYS})`,
};

/**
 * Copies needing the cataloguer's attention (GetWarningList): no location, no call number, no price, no RFID
 * tag, or still in cataloguing after 30 days. Weeded and lost copies are left out. With the count per kind.
 */
export async function warningList(
  db: Db,
  scope: Scope,
  q: { Page: number; Rows: number; kind?: keyof typeof WARNING_SQL },
) {
  const live = sql`${copy.storeType} not in (3, 6)`;
  const kinds = q.kind ? [q.kind] : COPY_WARNINGS;
  const where = scope.where(copy, live, or(...kinds.map((k) => WARNING_SQL[k])));
  const countsRow = await db
    .select(
      Object.fromEntries(COPY_WARNINGS.map((k) => [k, sql<number>`count(*) filter (where ${WARNING_SQL[k]})::int`])),
    )
    .from(copy)
    .where(scope.where(copy, live));
  const [rows, total] = await Promise.all([
    selectCopyRows(db, where).orderBy(desc(copy.id)).limit(q.Rows).offset(pageOffset(q)),
    countCopies(db, where),
  ]);
  const List = rows.map((r) => ({
    ...r,
    warnings: COPY_WARNINGS.filter((k) => warns(k, r)),
  }));
  return { ...list(List, total), Counts: countsRow[0] };
}

function warns(
  k: (typeof COPY_WARNINGS)[number],
  r: {
    locationId: number | null;
    callNo: string;
    unitPriceFen: number | null;
    rfid: string;
    storeType: number;
    createdAt: Date;
  },
) {
  switch (k) {
    case 'noLocation':
      return r.locationId == null;
    case 'noCallNo':
      return r.callNo === '';
    case 'noPrice':
      return r.unitPriceFen == null;
    case 'noRfid':
      return r.rfid === '';
    default:
      return r.storeType === 1 && Date.now() - new Date(r.createdAt).getTime() > CATALOGUING_WARN_DAYS * 86_400_000;
  }
}

/** Barcodes (with call number and title) of a record or a batch, for labels (GetBarCodeList); at most 5000. */
export async function barcodeList(db: Db, scope: Scope, f: { recordId?: number; batchId?: number }) {
  if (!f.recordId && !f.batchId) return [];
  const rows = await selectCopyRows(db, copyWhere(scope, f)).orderBy(asc(copy.id)).limit(5000);
  return rows.map((r) => ({ id: r.id, barcode: r.barcode, callNo: r.callNo, title: r.title, rfid: r.rfid }));
}

/** Copies out with a reader or held for one (state, or an open loan): listed by barcode. */
async function onLoan(db: Db, scope: Scope, ids: number[]): Promise<string[]> {
  const rows = await db
    .select({ barcode: copy.barcode })
    .from(copy)
    .where(
      scope.where(
        copy,
        inArray(copy.id, ids),
        or(
          inArray(copy.circState, [...ON_LOAN_STATES]),
          // Written out: drizzle leaves single-table columns unqualified, which would bind inside the subquery.
          sql`exists (select 1 from loan l where l.copy_id = copy.id and l.returned_at is null)`,
        ),
      ),
    )
    .orderBy(asc(copy.barcode));
  return rows.map((r) => r.barcode);
}

const loanRefusal = (barcodes: string[]) =>
  fail('COPY_ON_LOAN', 'catalogue.copyOnLoan', { barcodes: barcodes.slice(0, 20).join(', '), count: barcodes.length });

/**
 * Edits one copy (updatecollectioninfo): a changed barcode is checked against the school's rule and its other
 * copies; the store type moves only along STORE_TRANSITIONS and never while the copy is on loan. `version`
 * refuses a lost update.
 */
export async function updateCopy(db: Db, scope: Scope, input: CopyUpdate, tr: Tr) {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(copy)
      .where(scope.where(copy, eq(copy.id, input.id)));
    if (!c) throw notFound('catalogue.copyNotFound');
    if (c.version !== input.version) throw fail(ErrorCode.CONFLICT, 'catalogue.copyChanged');
    const ctx = { schoolId: scope.schoolId, t: tr } as Ctx<unknown>;
    await mustExist(tx, ctx, branch, input.branchId, 'branchId', 'catalogue.ref.branch');
    await mustExist(tx, ctx, location, input.locationId, 'locationId', 'catalogue.ref.location');
    await mustExist(tx, ctx, acceptanceBatch, input.batchId, 'batchId', 'catalogue.ref.batch');
    if (input.barcode !== c.barcode) {
      const check = checkWithRule(input.barcode, await getBarcodeRule(tx, scope, 'book'));
      if (!check.ok) throw ruleError(check, tr, 'barcode');
      const [taken] = await tx
        .select({ id: copy.id })
        .from(copy)
        .where(scope.where(copy, eq(copy.barcode, input.barcode), ne(copy.id, c.id)));
      if (taken) throw barcodeTaken(input.barcode, tr, 'barcode');
    }
    if (input.storeType !== c.storeType) storeMoveCheck(c, input.storeType, tr);
    const fen = (y: number | null | undefined, old: number | null) =>
      y === undefined ? old : y === null ? null : yuanToFen(y);
    const { id: _id, version: _v, unitPrice, discountPrice, ...fields } = input;
    try {
      const [row] = await tx
        .update(copy)
        .set({
          ...fields,
          unitPriceFen: fen(unitPrice, c.unitPriceFen),
          discountPriceFen: fen(discountPrice, c.discountPriceFen),
          version: sql`${copy.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(scope.where(copy, eq(copy.id, c.id), eq(copy.version, c.version)))
        .returning({ id: copy.id, version: copy.version, barcode: copy.barcode });
      if (!row) throw fail(ErrorCode.CONFLICT, 'catalogue.copyChanged');
      return row;
    } catch (e) {
      if (violatedBarcode(e) !== null) throw barcodeTaken(input.barcode, tr, 'barcode');
      throw e;
    }
  });
}

function storeMoveCheck(c: { storeType: number; circState: string; barcode: string }, to: number, tr: Tr) {
  const from = tr(`catalogue.store.${c.storeType}`);
  const toName = tr(`catalogue.store.${to}`);
  if ((ON_LOAN_STATES as string[]).includes(c.circState))
    throw new BizError('COPY_ON_LOAN', 'catalogue.storeOnLoan', { barcode: c.barcode }, 200, [
      { path: 'storeType', message: tr('catalogue.storeOnLoan', { barcode: c.barcode }) },
    ]);
  if (!canMoveStore(c.storeType, to))
    throw new BizError('STORE_REFUSED', 'catalogue.storeRefused', { from, to: toName }, 200, [
      { path: 'storeType', message: tr('catalogue.storeRefused', { from, to: toName }) },
    ]);
}

/**
 * The same values on many copies (UpdateItemsCollectionInfo), all or none: a copy that cannot take them (store
 * move refused, on loan) refuses the whole request, each named with its reason.
 */
export async function updateCopies(db: Db, scope: Scope, input: CopiesUpdate, tr: Tr) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(copy)
      .where(scope.where(copy, inArray(copy.id, input.ids)));
    if (rows.length !== new Set(input.ids).size) throw notFound('catalogue.copyNotFound');
    const ctx = { schoolId: scope.schoolId, t: tr } as Ctx<unknown>;
    await mustExist(tx, ctx, branch, input.branchId, 'branchId', 'catalogue.ref.branch');
    await mustExist(tx, ctx, location, input.locationId, 'locationId', 'catalogue.ref.location');
    await mustExist(tx, ctx, acceptanceBatch, input.batchId, 'batchId', 'catalogue.ref.batch');
    const issues: { path: string; message: string }[] = [];
    if (input.storeType !== undefined) {
      for (const c of rows) {
        if (c.storeType === input.storeType) continue;
        try {
          storeMoveCheck(c, input.storeType, tr);
        } catch (e) {
          issues.push({ path: c.barcode, message: (e as BizError).issues?.[0]?.message ?? String(e) });
        }
      }
    }
    if (issues.length) throw invalid(issues);
    const { ids, ...set } = input;
    const changed = await tx
      .update(copy)
      .set({ ...set, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
      .where(scope.where(copy, inArray(copy.id, ids)))
      .returning({ id: copy.id });
    return { count: changed.length };
  });
}

/** Deletes copies (DeleteItemsCollectionInfo), all or none; never a copy on loan or held for a reader. */
export async function deleteCopies(db: Db, scope: Scope, ids: number[]) {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: copy.id })
      .from(copy)
      .where(scope.where(copy, inArray(copy.id, ids)));
    if (found.length !== new Set(ids).size) throw notFound('catalogue.copyNotFound');
    const out = await onLoan(tx, scope, ids);
    if (out.length) throw loanRefusal(out);
    await tx.delete(copy).where(scope.where(copy, inArray(copy.id, ids)));
    return { count: found.length };
  });
}

/** Deletes records with all their copies (DeleteBookAllRecords), all or none; refused while a copy is on loan. */
export async function deleteRecords(db: Db, scope: Scope, ids: number[]) {
  return db.transaction(async (tx) => {
    const recs = await tx
      .select({ id: catalogueRecord.id })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, inArray(catalogueRecord.id, ids)));
    if (recs.length !== new Set(ids).size) throw notFound();
    const copyIds = (
      await tx
        .select({ id: copy.id })
        .from(copy)
        .where(scope.where(copy, inArray(copy.recordId, ids)))
    ).map((c) => c.id);
    const out = copyIds.length ? await onLoan(tx, scope, copyIds) : [];
    if (out.length) throw loanRefusal(out);
    await tx.delete(copy).where(scope.where(copy, inArray(copy.recordId, ids)));
    await tx.delete(catalogueRecord).where(scope.where(catalogueRecord, and(inArray(catalogueRecord.id, ids))));
    return { records: recs.length, copies: copyIds.length };
  });
}
