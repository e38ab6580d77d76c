import type {
  LedgerBatchOption,
  RegisterCopyRow,
  RegisterData,
  RegisterQuery,
  RegisterTitleRow,
} from '@shuyuan/contracts/statistics/ledgers';
import type { PeriodRange } from '@shuyuan/contracts/statistics/filters';
import { asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { lossRecord } from '../losses/loss.table.ts';
import { weedingRecord } from '../stocktake/stocktake.table.ts';
import { reportClock } from './context.ts';
import { accessionDay, accessioned, copyValue, lossCounts, lossDay, weedingCounts } from './ledger.service.ts';

/** Which copies a register covers: the chosen batches, else those accessioned in the period. */
async function selection(
  db: Db,
  scope: Scope,
  q: { batchIds?: number[] } & Partial<RegisterQuery>,
): Promise<{ where: SQL; tz: string; period?: PeriodRange; batches: RegisterData<unknown>['batches'] }> {
  const { range, tz } = await reportClock(db, scope, q.batchIds?.length ? {} : q);
  const day = accessionDay(tz);
  if (!q.batchIds?.length)
    return {
      where: scope.where(copy, accessioned, sql`${day} between ${range.from}::date and ${range.to}::date`),
      tz,
      period: range,
      batches: [],
    };
  const batches = await db
    .select({
      id: acceptanceBatch.id,
      batchNo: acceptanceBatch.batchNo,
      date: sql<string>`coalesce(to_char(${acceptanceBatch.acceptedOn}, 'YYYY-MM-DD'), '')`,
      source: acceptanceBatch.type,
      bookseller: acceptanceBatch.bookseller,
    })
    .from(acceptanceBatch)
    .where(scope.where(acceptanceBatch, inArray(acceptanceBatch.id, q.batchIds)))
    .orderBy(asc(acceptanceBatch.batchNo));
  // A batch of another school (or none) is not found, never an empty register.
  if (batches.length !== new Set(q.batchIds).size) throw notFound();
  return { where: scope.where(copy, accessioned, inArray(copy.batchId, q.batchIds)), tz, batches };
}

/** The removal of a copy (weeded or lost, not taken back), as `kind|day|note`. */
const removal = (tz: string) => sql<string | null>`coalesce(
  (select 'weeded|' || to_char(${weedingRecord.weededOn}, 'YYYY-MM-DD') || '|' || ${weedingRecord.reason}
     from ${weedingRecord} where ${weedingRecord.copyId} = ${copy.id} and ${weedingCounts}
     order by ${weedingRecord.id} desc limit 1),
  (select 'lost|' || to_char(${lossDay(tz)}, 'YYYY-MM-DD') || '|' || ${lossRecord.orderNo}
     from ${lossRecord} where ${lossRecord.copyId} = ${copy.id} and ${lossCounts}
     order by ${lossRecord.id} desc limit 1))`;

const parseRemoval = (v: string | null): RegisterCopyRow['removal'] => {
  if (!v) return null;
  const [kind, date, ...note] = v.split('|');
  return { kind: kind as 'weeded' | 'lost', date, note: note.join('|') };
};

/** The record's fields both registers show. */
const bib = {
  title: catalogueRecord.title,
  author: catalogueRecord.author,
  publisher: catalogueRecord.publisher,
  pubYear: catalogueRecord.pubYear,
  isbn: catalogueRecord.isbn,
};

/** Titles, copies, value and removed copies of the whole selection (every page's). */
async function selectionTotal(db: Db, where: SQL, tz: string) {
  const gone = sql`${removal(tz)} is not null`;
  const [t] = await db
    .select({
      titles: sql<number>`count(distinct ${copy.recordId})::int`,
      copies: sql<number>`count(*)::int`,
      valueFen: sql<string>`coalesce(sum(${copyValue}), 0)::bigint`,
      removed: sql<number>`(count(*) filter (where ${gone}))::int`,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .leftJoin(acceptanceBatch, eq(acceptanceBatch.id, copy.batchId))
    .where(where);
  return { titles: t.titles, copies: t.copies, valueFen: Number(t.valueFen), removed: t.removed };
}

/** A register's page with the totals of the whole selection; `Total` counts its lines (copies or titles). */
async function answer<R>(
  db: Db,
  sel: Awaited<ReturnType<typeof selection>>,
  lines: 'copies' | 'titles',
  List: R[],
): Promise<RegisterData<R>> {
  const total = await selectionTotal(db, sel.where, sel.tz);
  return { period: sel.period, batches: sel.batches, List, Total: total[lines], total };
}

/**
 * The individual accession register by copy (/singlebatch, /singlemultiple, 个别登记账): one line per copy in
 * barcode order — accession day, title, author, publisher, year, ISBN, call number, price, source, batch,
 * location, and how it left the collection.
 */
export async function registerByCopy(db: Db, scope: Scope, q: RegisterQuery): Promise<RegisterData<RegisterCopyRow>> {
  const sel = await selection(db, scope, q);
  const { where, tz } = sel;
  const rows = await db
    .select({
      ...bib,
      id: copy.id,
      barcode: copy.barcode,
      date: sql<string>`to_char(${accessionDay(tz)}, 'YYYY-MM-DD')`,
      callNo: copy.callNo,
      priceFen: sql<number | null>`coalesce(${copy.unitPriceFen}, ${catalogueRecord.priceFen})`,
      source: sql<string>`coalesce(${acceptanceBatch.type}, '')`,
      batchNo: sql<string>`coalesce(${acceptanceBatch.batchNo}, '')`,
      locationName: sql<string>`coalesce(${location.name}, '')`,
      removal: removal(tz),
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .leftJoin(acceptanceBatch, eq(acceptanceBatch.id, copy.batchId))
    .leftJoin(location, eq(location.id, copy.locationId))
    .where(where)
    .orderBy(asc(copy.barcode))
    .limit(q.Rows)
    .offset((q.Page - 1) * q.Rows);
  return answer(
    db,
    sel,
    'copies',
    rows.map((r) => ({ ...r, removal: parseRemoval(r.removal) })),
  );
}

/**
 * The register by title (/copybatch, /copymultiple, 复本登记账): one line per title — its bibliographic data,
 * list price, the copies of the selection with their barcodes, their value and how many have left — in
 * call-number order.
 */
export async function registerByTitle(db: Db, scope: Scope, q: RegisterQuery): Promise<RegisterData<RegisterTitleRow>> {
  const sel = await selection(db, scope, q);
  const { where, tz } = sel;
  const gone = sql`${removal(tz)} is not null`;
  const rows = await db
    .select({
      ...bib,
      id: catalogueRecord.id,
      callNo: sql<string>`min(${copy.callNo})`,
      priceFen: catalogueRecord.priceFen,
      copies: sql<number>`count(*)::int`,
      valueFen: sql<string>`coalesce(sum(${copyValue}), 0)::bigint`,
      barcodes: sql<string>`string_agg(${copy.barcode}, ', ' order by ${copy.barcode})`,
      removed: sql<number>`(count(*) filter (where ${gone}))::int`,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .leftJoin(acceptanceBatch, eq(acceptanceBatch.id, copy.batchId))
    .where(where)
    .groupBy(catalogueRecord.id)
    .orderBy(sql`min(${copy.callNo})`, asc(catalogueRecord.id))
    .limit(q.Rows)
    .offset((q.Page - 1) * q.Rows);
  return answer(
    db,
    sel,
    'titles',
    rows.map((r) => ({ ...r, valueFen: Number(r.valueFen) })),
  );
}

/** P/Statistics/LedgerBatches: acceptance batches to choose a register's from, newest first (at most 200). */
export async function ledgerBatches(db: Db, scope: Scope, key: string): Promise<LedgerBatchOption[]> {
  const like = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      id: acceptanceBatch.id,
      batchNo: acceptanceBatch.batchNo,
      date: sql<string | null>`to_char(${acceptanceBatch.acceptedOn}, 'YYYY-MM-DD')`,
      source: acceptanceBatch.type,
      bookseller: acceptanceBatch.bookseller,
    })
    .from(acceptanceBatch)
    .where(
      scope.where(
        acceptanceBatch,
        key
          ? or(
              ilike(acceptanceBatch.batchNo, like),
              ilike(acceptanceBatch.bookseller, like),
              ilike(acceptanceBatch.type, like),
            )
          : undefined,
      ),
    )
    .orderBy(desc(acceptanceBatch.createdAt), desc(acceptanceBatch.id))
    .limit(200);
}
