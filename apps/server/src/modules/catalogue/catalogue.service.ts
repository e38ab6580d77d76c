import { CircState, canMoveByHand, canTransition, isLoanState } from '@shuyuan/contracts/catalogue/copy-state';
import {
  barcodeIssues,
  type CopyAdd,
  type RecordCreate,
  type RecordUpdate,
  yuanToFen,
} from '@shuyuan/contracts/catalogue/record';
import { formatCallNo } from '@shuyuan/contracts/catalogue/editing-config';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BizError, fail, invalid, notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { branch } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { mustExist } from '../basic/refs.ts';
import { getBarcodeRule, nextBarcodes } from '../printing/barcode-rules.service.ts';
import { type SearchDocument, searchVectorSql } from '../search/lib/document.ts';
import { acceptanceBatch, catalogueRecord, copy } from './catalogue.table.ts';
import { getEditingConfig } from './editing-config.service.ts';
import { recordMatchKeys } from './match-keys.ts';
import { recordDocument, SEARCH_DOCUMENT_VERSION } from './record-document.ts';

/** Translates a message key for field issues (the caller's language). */
export type Tr = (key: string, params?: Record<string, unknown>) => string;

const orNull = <T>(v: T | undefined) => (v === undefined ? null : v);

function recordRow(b: RecordCreate, doc: SearchDocument = recordDocument(b)) {
  const { price, marc, pubYear, pages, bookNoAuto: _auto, ...rest } = b;
  return {
    ...rest,
    priceFen: price === undefined ? null : yuanToFen(price),
    pubYear: orNull(pubYear),
    pages: orNull(pages),
    marc: orNull(marc),
    // The search document is built from the same values, so it is always the one of the saved row.
    search: searchVectorSql(doc),
    searchVersion: SEARCH_DOCUMENT_VERSION,
    matchKeys: recordMatchKeys(b),
  };
}

/** One whole record for the editor (everything but the search vector, which is derived). */
export async function getRecord(db: Db, scope: Scope, id: number) {
  const { search: _search, searchVersion: _v, matchKeys: _k, ...cols } = getTableColumns(catalogueRecord);
  const [row] = await db
    .select(cols)
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, eq(catalogueRecord.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Runs inside the save transaction before the row is written: checks the school's rules and may complete the
 * record (a reserved book number, the default resource type). See record-rules.service.ts.
 */
export type PrepareRecord = (tx: Db, b: RecordCreate, id?: number) => Promise<RecordCreate>;

/** Creates a record; its search vector is written by the same INSERT, inside one transaction. */
export async function createRecord(
  db: Db,
  scope: Scope,
  b: RecordCreate,
  prepare?: PrepareRecord,
): Promise<{ id: number; bookNo: string }> {
  return db.transaction(async (tx) => {
    const rec = prepare ? await prepare(tx, b) : b;
    const [row] = await tx
      .insert(catalogueRecord)
      .values(scope.values(recordRow(rec)))
      .returning({ id: catalogueRecord.id, bookNo: catalogueRecord.bookNo });
    return row;
  });
}

/** A stored record as the RecordCreate it would be saved from (fen → yuan, nulls → absent). */
export function storedAsCreate(
  row: Omit<typeof catalogueRecord.$inferSelect, 'search' | 'searchVersion' | 'matchKeys'> & {
    searchVersion?: number;
    matchKeys?: string[];
  },
): RecordCreate {
  const {
    id: _id,
    schoolId: _s,
    createdAt: _c,
    updatedAt: _u,
    searchVersion: _v,
    matchKeys: _k,
    priceFen,
    pubYear,
    pages,
    marc,
    ...rest
  } = row;
  return {
    ...rest,
    price: priceFen === null ? undefined : priceFen / 100,
    pubYear: pubYear ?? undefined,
    pages: pages ?? undefined,
    marc: marc ?? undefined,
  };
}

/**
 * Updates a record: the fields the caller sent replace the stored ones, the others (its MARC, its cover… when
 * a form does not show them) are kept; `null` clears a number. The stored MARC is kept as it is: the catalogue
 * fields are what the screens and the search show, the MARC editor (P/Marc/Post) rewrites both together.
 */
export async function updateRecord(
  db: Db,
  scope: Scope,
  b: RecordUpdate,
  prepare?: PrepareRecord,
): Promise<{ id: number; bookNo: string }> {
  const { id, ...patch } = b;
  return db.transaction(async (tx) => {
    const { search: _search, ...cols } = getTableColumns(catalogueRecord);
    const [old] = await tx
      .select(cols)
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, eq(catalogueRecord.id, id)))
      .for('update');
    if (!old) throw notFound();
    const merged: Record<string, unknown> = { ...storedAsCreate(old) };
    for (const [k, v] of Object.entries(patch))
      if (v !== undefined) merged[k] = v === null && k !== 'resourceTypeId' ? undefined : v;
    const fields = merged as RecordCreate;
    const rec = prepare ? await prepare(tx, fields, id) : fields;
    const [row] = await tx
      .update(catalogueRecord)
      .set({ ...recordRow(rec), updatedAt: sql`now()` })
      .where(scope.where(catalogueRecord, eq(catalogueRecord.id, id)))
      .returning({ id: catalogueRecord.id, bookNo: catalogueRecord.bookNo });
    if (!row) throw notFound();
    return row;
  });
}

export function barcodeTaken(barcode: string, tr: Tr, path = 'barcodes'): BizError {
  const params = { barcode };
  const message = tr('catalogue.barcodeTaken', params);
  return new BizError(ErrorCode.DUPLICATE, 'catalogue.barcodeTaken', params, 200, [{ path, message }]);
}

/** The barcode named by a unique violation: `Key (school_id, barcode)=(1, B001) already exists.` */
export function violatedBarcode(e: unknown): string | null {
  let err = e as { code?: string; detail?: string; cause?: unknown } | undefined;
  for (let i = 0; err && i < 3; i++, err = err.cause as typeof err) {
    if (err.code === '23505') return /=\(\d+, (.*)\)/.exec(err.detail ?? '')?.[1] ?? '';
  }
  return null;
}

/** A rule's refusal of one barcode, as a field issue on `path`. */
export function ruleError(r: { key: string; params: Record<string, unknown> }, tr: Tr, path = 'barcodes'): BizError {
  return new BizError(ErrorCode.VALIDATION, r.key, r.params, 200, [{ path, message: tr(r.key, r.params) }]);
}

/** The barcodes of new copies: the typed ones checked against the rule, or the next ones generated from it. */
async function copyBarcodes(tx: Db, scope: Scope, input: CopyAdd, tr: Tr): Promise<string[]> {
  const schoolRule = await getBarcodeRule(tx, scope, 'book');
  const rule = schoolRule ?? input.rule ?? null;
  if (input.barcodes?.length) {
    const bad = rule ? barcodeIssues(input.barcodes, rule) : [];
    if (bad.length) throw invalid(bad.map((b) => ({ path: b.path, message: tr(b.key, b.params) })));
    return input.barcodes;
  }
  try {
    return await nextBarcodes(tx, scope, input.count, 'book', rule ?? undefined);
  } catch (e) {
    // The rule's numbers are used up: said under the barcodes, like a typed barcode the rule refuses.
    if (e instanceof BizError) throw ruleError({ key: e.msgKey, params: e.params ?? {} }, tr);
    throw e;
  }
}

/**
 * Adds N copies of a record in one transaction: all or none. A barcode already used in the school (or twice
 * in the request) is refused by name; a concurrent request that wins the race is caught by the unique index.
 * Absent values come from the school's editing settings; the call number is class + book number (+ the
 * additional number) in the school's format.
 */
export async function addCopies(db: Db, scope: Scope, input: CopyAdd, tr: Tr) {
  return db.transaction(async (tx) => {
    const [rec] = await tx
      .select({ id: catalogueRecord.id, classNo: catalogueRecord.classNo, bookNo: catalogueRecord.bookNo })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, eq(catalogueRecord.id, input.recordId)));
    if (!rec) throw notFound();
    const config = await getEditingConfig(tx, scope);
    const ctx = { schoolId: scope.schoolId, t: tr } as Ctx<unknown>;
    const locationId = input.locationId ?? config.defaultLocationId;
    await mustExist(tx, ctx, location, locationId, 'locationId', 'catalogue.ref.location');
    // A location belongs to one branch: a copy placed in a location is in that location's branch.
    const [loc] = locationId
      ? await tx
          .select({ branchId: location.branchId })
          .from(location)
          .where(scope.where(location, eq(location.id, locationId)))
      : [];
    const branchId = input.branchId ?? loc?.branchId ?? config.defaultBranchId;
    await mustExist(tx, ctx, branch, branchId, 'branchId', 'catalogue.ref.branch');
    await mustExist(tx, ctx, acceptanceBatch, input.batchId, 'batchId', 'catalogue.ref.batch');
    const barcodes = await copyBarcodes(tx, scope, input, tr);
    const twice = barcodes.find((b, i) => barcodes.indexOf(b) !== i);
    if (twice) throw barcodeTaken(twice, tr);
    const [taken] = await tx
      .select({ barcode: copy.barcode })
      .from(copy)
      .where(scope.where(copy, inArray(copy.barcode, barcodes)))
      .limit(1);
    if (taken) throw barcodeTaken(taken.barcode, tr);
    const callNo = input.callNo || formatCallNo(rec.classNo, rec.bookNo, input.additionalNo, config);
    const fen = (y: number | undefined) => (y === undefined ? null : yuanToFen(y));
    // Without a discounted price, a copy of a batch is priced at the batch's discount rate.
    let discountFen = fen(input.discountPrice);
    if (discountFen === null && input.unitPrice !== undefined && input.batchId) {
      const [b] = await tx
        .select({ rate: acceptanceBatch.discountRate })
        .from(acceptanceBatch)
        .where(scope.where(acceptanceBatch, eq(acceptanceBatch.id, input.batchId)));
      if (b?.rate != null) discountFen = Math.round(yuanToFen(input.unitPrice) * Number(b.rate));
    }
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
              additionalNo: input.additionalNo,
              branchId,
              locationId,
              storeType: input.storeType ?? config.defaultStoreType,
              unitPriceFen: fen(input.unitPrice),
              discountPriceFen: discountFen,
              batchId: orNull(input.batchId),
            }),
          ),
        )
        .returning({ id: copy.id, barcode: copy.barcode, callNo: copy.callNo });
      return { count: rows.length, List: rows };
    } catch (e) {
      const b = violatedBarcode(e);
      if (b !== null) throw barcodeTaken(b || barcodes.join(', '), tr);
      throw e;
    }
  });
}

/**
 * A librarian's manual move of a copy's circulation state, when spec §4 allows it and the move neither enters
 * nor leaves a state circulation owns (on loan, reserved…: those follow loan rows); `version` refuses a lost
 * update.
 */
export async function changeCopyState(db: Db, scope: Scope, id: number, to: CircState, tr?: Tr) {
  const [c] = await db
    .select({ state: copy.circState, version: copy.version })
    .from(copy)
    .where(scope.where(copy, eq(copy.id, id)));
  if (!c) throw notFound();
  const from = c.state as CircState;
  if (!canTransition(from, to)) throw fail('COPY_STATE_REFUSED', 'catalogue.stateRefused', { from, to });
  if (!canMoveByHand(from, to)) {
    const key =
      from === CircState.BOUND || to === CircState.BOUND
        ? 'catalogue.stateBindingOwned'
        : isLoanState(from)
          ? 'catalogue.stateLoanOwned'
          : 'catalogue.stateLoanOnly';
    const name = (s: CircState) => (tr ? tr(`catalogue.state.${s}`) : s);
    throw fail('COPY_STATE_LOAN', key, { from: name(from), to: name(to) });
  }
  const [row] = await db
    .update(copy)
    .set({ circState: to, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
    .where(scope.where(copy, eq(copy.id, id), eq(copy.version, c.version)))
    .returning({ id: copy.id, circState: copy.circState, version: copy.version });
  if (!row) throw fail(ErrorCode.CONFLICT, 'catalogue.copyChanged');
  return row;
}

/** Many records in one transaction and one multi-row INSERT (MARC import): all or none. */
export async function createRecords(
  db: Db,
  scope: Scope,
  list: RecordCreate[],
  /** `recordDocument(list[i])` built beforehand (MARC import builds them in a worker thread) */
  docs?: SearchDocument[],
): Promise<number[]> {
  if (!list.length) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(catalogueRecord)
      .values(list.map((b, i) => scope.values(recordRow(b, docs?.[i]))))
      .returning({ id: catalogueRecord.id });
    return rows.map((r) => r.id);
  });
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
