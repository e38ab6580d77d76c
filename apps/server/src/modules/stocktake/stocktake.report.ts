import { outOfOrder } from '@shuyuan/contracts/stocktake/call-number';
import { AWAY_STATES, type ReportList, type ReportTotals } from '@shuyuan/contracts/stocktake/stocktake';
import { asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { inShelfChain } from './stocktake.scan.ts';
import { getSession } from './stocktake.service.ts';
import { stocktakeItem, stocktakeScan } from './stocktake.table.ts';

const away = sql.raw(`(${AWAY_STATES.map((s) => `'${s}'`).join(', ')})`);

export interface ReportRow {
  key: string;
  seq: number | null;
  barcode: string;
  title: string;
  callNo: string;
  location: string;
  circState: string;
  outcome: string;
  reason: string;
  after: string;
  scannedAt: Date | null;
  result: string;
}

/**
 * Misplaced, for the report: per location, the scans of expected copies in scan order; every scan outside one
 * longest in-order run is misplaced (`outOfOrder`). This is the smallest set of books to move, so one book
 * put on the wrong shelf counts once — unlike the live check at scan time, which compares a scan with the one
 * just before it and therefore flags the book *after* a misplaced one.
 */
async function misplacedScanIds(db: Db, scope: Scope, sessionId: number): Promise<number[]> {
  const chain = await db
    .select({ id: stocktakeScan.id, loc: stocktakeScan.locationId, callNo: stocktakeScan.callNo })
    .from(stocktakeScan)
    .where(
      scope.where(
        stocktakeScan,
        eq(stocktakeScan.sessionId, sessionId),
        isNotNull(stocktakeScan.locationId),
        sql`${stocktakeScan.callNo} <> ''`,
        inShelfChain,
      ),
    )
    .orderBy(asc(stocktakeScan.seq));
  const byLoc = new Map<number, typeof chain>();
  for (const s of chain) {
    const l = byLoc.get(s.loc!) ?? [];
    l.push(s);
    byLoc.set(s.loc!, l);
  }
  const ids: number[] = [];
  for (const scans of byLoc.values()) for (const i of outOfOrder(scans, (s) => s.callNo)) ids.push(scans[i].id);
  return ids;
}

export async function reportTotals(db: Db, scope: Scope, sessionId: number) {
  const session = await getSession(db, scope, sessionId);
  const itemWhere = scope.where(stocktakeItem, eq(stocktakeItem.sessionId, sessionId));
  const [[items], outcomes, misplaced] = await Promise.all([
    db
      .select({
        expected: count(),
        found: sql<number>`count(${stocktakeItem.foundAt})::int`,
        missing: sql<number>`(count(*) filter (where ${stocktakeItem.foundAt} is null and ${copy.circState} not in ${away}))::int`,
        away: sql<number>`(count(*) filter (where ${stocktakeItem.foundAt} is null and ${copy.circState} in ${away}))::int`,
      })
      .from(stocktakeItem)
      .innerJoin(copy, eq(copy.id, stocktakeItem.copyId))
      .where(itemWhere),
    db
      .select({ outcome: stocktakeScan.outcome, n: count() })
      .from(stocktakeScan)
      .where(scope.where(stocktakeScan, eq(stocktakeScan.sessionId, sessionId)))
      .groupBy(stocktakeScan.outcome),
    misplacedScanIds(db, scope, sessionId),
  ]);
  const by = (o: string) => outcomes.find((r) => r.outcome === o)?.n ?? 0;
  const totals: ReportTotals = {
    expected: items.expected,
    found: items.found,
    missing: items.missing,
    away: items.away,
    misplaced: misplaced.length,
    notExpected: by('not-expected'),
    onLoan: by('on-loan'),
    unknown: by('unknown'),
    duplicate: by('duplicate'),
    scans: outcomes.reduce((a, r) => a + r.n, 0),
  };
  return { session, totals };
}

const base = {
  barcode: sql<string>`coalesce(${copy.barcode}, ${stocktakeScan.barcode})`,
  title: sql<string>`coalesce(${catalogueRecord.title}, '')`,
  location: sql<string>`coalesce(${location.name}, '')`,
  circState: sql<string>`coalesce(${copy.circState}, '')`,
};

/** The rows of one report list, in shelf order (copies) or scan order (scans); all of them when no page. */
export async function reportRows(
  db: Db,
  scope: Scope,
  sessionId: number,
  which: ReportList,
  page?: { Page: number; Rows: number },
) {
  await getSession(db, scope, sessionId);
  const paged = <Q extends { limit: (n: number) => { offset: (n: number) => unknown } }>(q: Q) =>
    (page ? q.limit(page.Rows).offset((page.Page - 1) * page.Rows) : q) as Promise<ReportRow[]>;
  let rows: ReportRow[];
  let total: number;
  if (which === 'missing' || which === 'away' || which === 'found') {
    const cond =
      which === 'found'
        ? isNotNull(stocktakeItem.foundAt)
        : sql`${stocktakeItem.foundAt} is null and ${copy.circState} ${which === 'away' ? sql`in` : sql`not in`} ${away}`;
    const where = scope.where(stocktakeItem, eq(stocktakeItem.sessionId, sessionId), cond);
    [rows, [{ n: total }]] = await Promise.all([
      paged(
        db
          .select({
            key: sql<string>`'i' || ${stocktakeItem.id}`,
            seq: sql<null>`null`,
            ...base,
            barcode: copy.barcode,
            callNo: copy.callNo,
            outcome: sql<string>`''`,
            reason: sql<string>`''`,
            after: sql<string>`''`,
            scannedAt: stocktakeItem.foundAt,
            result: stocktakeItem.result,
          })
          .from(stocktakeItem)
          .innerJoin(copy, eq(copy.id, stocktakeItem.copyId))
          .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
          .leftJoin(location, eq(location.id, copy.locationId))
          .where(where)
          .orderBy(asc(location.name), asc(copy.callNo), asc(copy.barcode)),
      ),
      db.select({ n: count() }).from(stocktakeItem).innerJoin(copy, eq(copy.id, stocktakeItem.copyId)).where(where),
    ]);
  } else {
    const cond =
      which === 'misplaced'
        ? inArray(stocktakeScan.id, [0, ...(await misplacedScanIds(db, scope, sessionId))])
        : eq(stocktakeScan.outcome, which);
    const where = scope.where(stocktakeScan, eq(stocktakeScan.sessionId, sessionId), cond);
    [rows, [{ n: total }]] = await Promise.all([
      paged(
        db
          .select({
            key: sql<string>`'s' || ${stocktakeScan.id}`,
            seq: stocktakeScan.seq,
            ...base,
            callNo: stocktakeScan.callNo,
            outcome: stocktakeScan.outcome,
            reason: stocktakeScan.reason,
            after: stocktakeScan.after,
            scannedAt: stocktakeScan.scannedAt,
            result: sql<string>`''`,
          })
          .from(stocktakeScan)
          .leftJoin(copy, eq(copy.id, stocktakeScan.copyId))
          .leftJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
          .leftJoin(location, eq(location.id, stocktakeScan.locationId))
          .where(where)
          .orderBy(asc(stocktakeScan.seq)),
      ),
      db.select({ n: count() }).from(stocktakeScan).where(where),
    ]);
  }
  return list(rows, total);
}
