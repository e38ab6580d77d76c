import { canTransition, type CircState } from '@shuyuan/contracts/catalogue/copy-state';
import {
  barcodeIssues,
  type CopyAdd,
  type RecordCreate,
  type RecordUpdate,
  yuanToFen,
} from '@shuyuan/contracts/catalogue/record';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { type BarcodeRule, formatBarcode, validateBarcode } from '@shuyuan/contracts/printing/barcode';
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { BizError, fail, invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { buildSearchDocument, searchVectorSql } from '../search/lib/document.ts';
import { catalogueRecord, copy } from './catalogue.table.ts';

/** Translates a message key for field issues (the caller's language). */
export type Tr = (key: string, params?: Record<string, unknown>) => string;

const orNull = <T>(v: T | undefined) => (v === undefined ? null : v);

function recordRow(b: RecordCreate) {
  const { price, marc, pubYear, pages, ...rest } = b;
  return {
    ...rest,
    priceFen: price === undefined ? null : yuanToFen(price),
    pubYear: orNull(pubYear),
    pages: orNull(pages),
    marc: orNull(marc),
    // The search document is built from the same values, so it is always the one of the saved row.
    search: searchVectorSql(
      buildSearchDocument({
        title: b.title,
        otherTitles: b.parallelTitle,
        author: b.author,
        subjects: b.subjects,
        isbn: b.isbn,
        publisher: b.publisher,
        series: b.series,
        classNumber: b.classNo,
        callNumber: b.classNo && b.bookNo ? `${b.classNo}/${b.bookNo}` : '',
        other: [b.summary, b.edition, b.issn],
      }),
    ),
  };
}

/** Creates a record; its search vector is written by the same INSERT, inside one transaction. */
/** One whole record for the editor (everything but the search vector, which is derived). */
export async function getRecord(db: Db, scope: Scope, id: number) {
  const { search: _search, ...cols } = getTableColumns(catalogueRecord);
  const [row] = await db
    .select(cols)
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, eq(catalogueRecord.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function createRecord(db: Db, scope: Scope, b: RecordCreate): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(catalogueRecord)
      .values(scope.values(recordRow(b)))
      .returning({ id: catalogueRecord.id });
    return row;
  });
}

export async function updateRecord(db: Db, scope: Scope, b: RecordUpdate): Promise<{ id: number }> {
  const { id, ...fields } = b;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(catalogueRecord)
      .set({ ...recordRow(fields), updatedAt: sql`now()` })
      .where(scope.where(catalogueRecord, eq(catalogueRecord.id, id)))
      .returning({ id: catalogueRecord.id });
    if (!row) throw notFound();
    return row;
  });
}

function barcodeTaken(barcode: string, tr: Tr): BizError {
  const params = { barcode };
  const message = tr('catalogue.barcodeTaken', params);
  return new BizError(ErrorCode.DUPLICATE, 'catalogue.barcodeTaken', params, 200, [{ path: 'barcodes', message }]);
}

/** The barcode named by a unique violation: `Key (school_id, barcode)=(1, B001) already exists.` */
function violatedBarcode(e: unknown): string | null {
  let err = e as { code?: string; detail?: string; cause?: unknown } | undefined;
  for (let i = 0; err && i < 3; i++, err = err.cause as typeof err) {
    if (err.code === '23505') return /=\(\d+, (.*)\)/.exec(err.detail ?? '')?.[1] ?? '';
  }
  return null;
}

/** The next `n` barcodes of a rule, after the highest numeric body in use with the same prefix. */
async function nextBarcodes(db: Db, scope: Scope, rule: BarcodeRule, n: number, tr: Tr): Promise<string[]> {
  const check = rule.checkDigit ? 1 : 0;
  const width = rule.length ? rule.length - rule.prefix.length - check : 0;
  const p = rule.prefix.length;
  const [row] = await db
    .select({
      max: sql<
        string | null
      >`max(substring(${copy.barcode} from ${p + 1} for char_length(${copy.barcode}) - ${p + check})::numeric)`,
    })
    .from(copy)
    .where(scope.where(copy, sql`${copy.barcode} ~ ${`^${rule.prefix}[0-9]+$`}`));
  const start = Number(row?.max ?? 0) + 1;
  const out = Array.from({ length: n }, (_, i) => formatBarcode(rule.prefix, start + i, width, rule.checkDigit));
  for (const b of out) {
    const r = validateBarcode(b, rule);
    if (!r.ok)
      throw new BizError(ErrorCode.VALIDATION, r.key, r.params, 200, [
        { path: 'barcodes', message: tr(r.key, r.params) },
      ]);
  }
  return out;
}

/**
 * Adds N copies of a record in one transaction: all or none. A barcode already used in the school (or twice
 * in the request) is refused by name; a concurrent request that wins the race is caught by the unique index.
 */
export async function addCopies(db: Db, scope: Scope, input: CopyAdd, tr: Tr) {
  return db.transaction(async (tx) => {
    const [rec] = await tx
      .select({ id: catalogueRecord.id, classNo: catalogueRecord.classNo, bookNo: catalogueRecord.bookNo })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, eq(catalogueRecord.id, input.recordId)));
    if (!rec) throw notFound();
    if (input.barcodes?.length && input.rule) {
      const bad = barcodeIssues(input.barcodes, input.rule);
      if (bad.length) throw invalid(bad.map((b) => ({ path: b.path, message: tr(b.key, b.params) })));
    }
    const barcodes = input.barcodes?.length
      ? input.barcodes
      : await nextBarcodes(tx, scope, input.rule as BarcodeRule, input.count, tr);
    const twice = barcodes.find((b, i) => barcodes.indexOf(b) !== i);
    if (twice) throw barcodeTaken(twice, tr);
    const [taken] = await tx
      .select({ barcode: copy.barcode })
      .from(copy)
      .where(scope.where(copy, inArray(copy.barcode, barcodes)))
      .limit(1);
    if (taken) throw barcodeTaken(taken.barcode, tr);
    const callNo = input.callNo || (rec.classNo && rec.bookNo ? `${rec.classNo}/${rec.bookNo}` : '');
    try {
      const rows = await tx
        .insert(copy)
        .values(
          barcodes.map((barcode) =>
            scope.values({
              recordId: rec.id,
              barcode,
              callNo,
              classNo: rec.classNo,
              bookNo: rec.bookNo,
              branchId: orNull(input.branchId),
              locationId: orNull(input.locationId),
              unitPriceFen: input.unitPrice === undefined ? null : yuanToFen(input.unitPrice),
              batchId: orNull(input.batchId),
            }),
          ),
        )
        .returning({ id: copy.id, barcode: copy.barcode });
      return { count: rows.length, List: rows };
    } catch (e) {
      const b = violatedBarcode(e);
      if (b !== null) throw barcodeTaken(b || barcodes.join(', '), tr);
      throw e;
    }
  });
}

/** Moves a copy to another circulation state when spec §4 allows it; `version` refuses a lost update. */
export async function changeCopyState(db: Db, scope: Scope, id: number, to: CircState) {
  const [c] = await db
    .select({ state: copy.circState, version: copy.version })
    .from(copy)
    .where(scope.where(copy, eq(copy.id, id)));
  if (!c) throw notFound();
  const from = c.state as CircState;
  if (!canTransition(from, to)) throw fail('COPY_STATE_REFUSED', 'catalogue.stateRefused', { from, to });
  const [row] = await db
    .update(copy)
    .set({ circState: to, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
    .where(scope.where(copy, eq(copy.id, id), eq(copy.version, c.version)))
    .returning({ id: copy.id, circState: copy.circState, version: copy.version });
  if (!row) throw fail(ErrorCode.CONFLICT, 'catalogue.copyChanged');
  return row;
}

/** The copies of one record, in the order they were added. */
export async function listCopies(db: Db, scope: Scope, q: { recordId: number; Page: number; Rows: number }) {
  const where = scope.where(copy, eq(copy.recordId, q.recordId));
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(copy).where(where).orderBy(asc(copy.id)).limit(q.Rows).offset(pageOffset(q)),
    db.select({ n: count() }).from(copy).where(and(where)),
  ]);
  return list(rows, n);
}

/** Many records in one transaction and one multi-row INSERT (MARC import): all or none. */
export async function createRecords(db: Db, scope: Scope, list: RecordCreate[]): Promise<number[]> {
  if (!list.length) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(catalogueRecord)
      .values(list.map((b) => scope.values(recordRow(b))))
      .returning({ id: catalogueRecord.id });
    return rows.map((r) => r.id);
  });
}

/** ISBN → id of the first record of the school carrying it (duplicate checks). */
export async function recordIdsByIsbn(db: Db, scope: Scope, isbns: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!isbns.length) return out;
  const rows = await db
    .select({ id: catalogueRecord.id, isbn: catalogueRecord.isbn })
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, inArray(catalogueRecord.isbn, isbns)))
    .orderBy(asc(catalogueRecord.id));
  for (const r of rows) if (!out.has(r.isbn)) out.set(r.isbn, r.id);
  return out;
}

/** Records by id (export), or the next `limit` after `afterId` when no ids are given; in id order. */
export async function recordsForExport(db: Db, scope: Scope, q: { ids?: number[]; afterId?: number; limit?: number }) {
  const { search: _search, ...cols } = getTableColumns(catalogueRecord);
  const where = q.ids
    ? inArray(catalogueRecord.id, q.ids.length ? q.ids : [0])
    : sql`${catalogueRecord.id} > ${q.afterId ?? 0}`;
  const base = db
    .select(cols)
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, where))
    .orderBy(asc(catalogueRecord.id));
  return q.limit ? base.limit(q.limit) : base;
}
