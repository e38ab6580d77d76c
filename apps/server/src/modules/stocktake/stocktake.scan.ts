import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { compareCallNumbers, inCallNumberRange, isComparable } from '@shuyuan/contracts/stocktake/call-number';
import { AWAY_STATES, NotExpectedReason, ScanOutcome, type ScanResult } from '@shuyuan/contracts/stocktake/stocktake';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { lockOpenSession } from './stocktake.service.ts';
import { stocktakeItem, stocktakeScan, stocktakeSession } from './stocktake.table.ts';

export interface ScanEntry {
  barcode: string;
  typed?: boolean;
  /** Makes a retried request count once (the web's scan queue, a resumed file task). */
  clientId?: string;
}

const isAway = (state: string) => (AWAY_STATES as readonly string[]).includes(state);

/** Scans of expected copies that take part in the shelf-order check. */
export const inShelfChain = sql`(${stocktakeScan.outcome} in ('found', 'misplaced') or (${stocktakeScan.outcome} = 'on-loan' and ${stocktakeScan.reason} = ''))`;

/**
 * Records scans in order, in one transaction that holds the session row: scans of one session are numbered
 * without gaps and classified against everything scanned before, however fast they arrive.
 *
 * Outcome, first rule that applies: unknown barcode → duplicate (scanned before in this session) → on loan
 * (state borrowed/reserving/returned-not-received) → not expected (not in this session's list; reason) →
 * misplaced (its call number sorts before the previous scan of the same location) → found.
 */
export async function recordScans(
  db: Db,
  scope: Scope,
  sessionId: number,
  entries: ScanEntry[],
  operatorId: number | null,
): Promise<ScanResult[]> {
  if (!entries.length) return [];
  return db.transaction(async (tx) => {
    const session = await lockOpenSession(tx, scope, sessionId);
    const clientIds = entries.map((e) => e.clientId).filter((c): c is string => !!c);
    const already = new Map<string, ScanResult>();
    if (clientIds.length) {
      for (const r of await scanResults(tx, scope, sessionId, inArray(stocktakeScan.clientId, clientIds))) {
        already.set(r.clientId ?? '', r);
      }
    }
    const fresh = entries.filter((e) => !e.clientId || !already.has(e.clientId));
    const barcodes = [...new Set(fresh.map((e) => e.barcode))];
    const copies = barcodes.length
      ? await tx
          .select({
            id: copy.id,
            barcode: copy.barcode,
            callNo: copy.callNo,
            locationId: copy.locationId,
            storeType: copy.storeType,
            circState: copy.circState,
            title: catalogueRecord.title,
            expected: stocktakeItem.id,
            foundAt: stocktakeItem.foundAt,
          })
          .from(copy)
          .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
          .leftJoin(stocktakeItem, and(eq(stocktakeItem.copyId, copy.id), eq(stocktakeItem.sessionId, sessionId)))
          .where(scope.where(copy, inArray(copy.barcode, barcodes)))
      : [];
    const byBarcode = new Map(copies.map((c) => [c.barcode, c]));
    const seen = new Set(
      barcodes.length
        ? (
            await tx
              .selectDistinct({ b: stocktakeScan.barcode })
              .from(stocktakeScan)
              .where(
                scope.where(
                  stocktakeScan,
                  eq(stocktakeScan.sessionId, sessionId),
                  inArray(stocktakeScan.barcode, barcodes),
                ),
              )
          ).map((r) => r.b)
        : [],
    );
    // The last call number scanned in each location (shelf-order check continues across requests).
    const lastIn = new Map<number, string>();
    const locs = [...new Set(copies.map((c) => c.locationId).filter((l): l is number => l != null))];
    if (locs.length) {
      const rows = await tx
        .selectDistinctOn([stocktakeScan.locationId], { loc: stocktakeScan.locationId, callNo: stocktakeScan.callNo })
        .from(stocktakeScan)
        .where(
          scope.where(
            stocktakeScan,
            eq(stocktakeScan.sessionId, sessionId),
            inArray(stocktakeScan.locationId, locs),
            sql`${stocktakeScan.callNo} <> ''`,
            inShelfChain,
          ),
        )
        .orderBy(stocktakeScan.locationId, sql`${stocktakeScan.seq} desc`);
      for (const r of rows) if (r.loc != null) lastIn.set(r.loc, r.callNo);
    }
    const rows: (typeof stocktakeScan.$inferInsert)[] = [];
    const newlyFound: number[] = [];
    let seq = session.scanCount;
    for (const e of fresh) {
      const c = byBarcode.get(e.barcode);
      let outcome: string = ScanOutcome.FOUND;
      let reason = '';
      let after = '';
      if (!c) outcome = ScanOutcome.UNKNOWN;
      else if (seen.has(e.barcode)) outcome = ScanOutcome.DUPLICATE;
      else {
        if (!c.expected) reason = notExpectedReason(c, session);
        if (isAway(c.circState)) outcome = ScanOutcome.ON_LOAN;
        else if (!c.expected) outcome = ScanOutcome.NOT_EXPECTED;
        if (c.expected) {
          if (!c.foundAt) newlyFound.push(c.id);
          if (c.locationId != null && isComparable(c.callNo)) {
            const prev = lastIn.get(c.locationId);
            if (prev && compareCallNumbers(prev, c.callNo) > 0 && outcome === ScanOutcome.FOUND) {
              outcome = ScanOutcome.MISPLACED;
              after = prev;
            }
            lastIn.set(c.locationId, c.callNo);
          }
        }
      }
      seen.add(e.barcode);
      rows.push(
        scope.values({
          sessionId,
          seq: ++seq,
          barcode: e.barcode,
          copyId: c?.id ?? null,
          locationId: c?.locationId ?? null,
          callNo: c?.callNo ?? '',
          outcome,
          reason,
          after,
          typed: !!e.typed,
          clientId: e.clientId ?? null,
          operatorId,
        }),
      );
    }
    for (let i = 0; i < rows.length; i += 500) await tx.insert(stocktakeScan).values(rows.slice(i, i + 500));
    for (let i = 0; i < newlyFound.length; i += 1000) {
      await tx
        .update(stocktakeItem)
        .set({ foundAt: sql`now()` })
        .where(
          scope.where(
            stocktakeItem,
            eq(stocktakeItem.sessionId, sessionId),
            inArray(stocktakeItem.copyId, newlyFound.slice(i, i + 1000)),
          ),
        );
    }
    await tx
      .update(stocktakeSession)
      .set({
        scanCount: sql`${stocktakeSession.scanCount} + ${rows.length}`,
        foundCount: sql`${stocktakeSession.foundCount} + ${newlyFound.length}`,
      })
      .where(scope.where(stocktakeSession, eq(stocktakeSession.id, sessionId)));
    const seqs = rows.map((r) => r.seq);
    const made = seqs.length ? await scanResults(tx, scope, sessionId, inArray(stocktakeScan.seq, seqs)) : [];
    const bySeq = new Map(made.map((r) => [r.seq, r]));
    // Answer in request order; a retried entry answers what it got the first time.
    let k = 0;
    return entries.map((e) =>
      e.clientId && already.has(e.clientId) ? already.get(e.clientId)! : bySeq.get(rows[k++].seq)!,
    );
  });
}

function notExpectedReason(
  c: { storeType: number; circState: string; locationId: number | null; callNo: string },
  s: { locationIds: number[]; callNoFrom: string; callNoTo: string },
): string {
  if (c.storeType === StoreType.WEEDED) return NotExpectedReason.WEEDED;
  if (c.storeType === StoreType.LOST || c.circState === 'lost') return NotExpectedReason.LOST;
  if (c.storeType === StoreType.INVENTORY_CHECK) return NotExpectedReason.OTHER_SESSION;
  if (s.locationIds.length && (c.locationId == null || !s.locationIds.includes(c.locationId))) {
    return NotExpectedReason.OTHER_LOCATION;
  }
  if ((s.callNoFrom || s.callNoTo) && !inCallNumberRange(c.callNo, s.callNoFrom, s.callNoTo)) {
    return NotExpectedReason.OUT_OF_RANGE;
  }
  // In scope now but not when the session opened (added or moved here since).
  return NotExpectedReason.OTHER_LOCATION;
}

/** Scans of a session with their copy's title: in scan order, or a page of the newest first. */
export async function scanResults(
  db: Db,
  scope: Scope,
  sessionId: number,
  cond?: SQL,
  page?: { limit: number; offset: number },
) {
  const q = db
    .select({
      id: stocktakeScan.id,
      seq: stocktakeScan.seq,
      barcode: stocktakeScan.barcode,
      outcome: stocktakeScan.outcome,
      reason: stocktakeScan.reason,
      copyId: stocktakeScan.copyId,
      title: sql<string>`coalesce(${catalogueRecord.title}, '')`,
      callNo: stocktakeScan.callNo,
      after: stocktakeScan.after,
      clientId: stocktakeScan.clientId,
      scannedAt: stocktakeScan.scannedAt,
    })
    .from(stocktakeScan)
    .leftJoin(copy, eq(copy.id, stocktakeScan.copyId))
    .leftJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(stocktakeScan, eq(stocktakeScan.sessionId, sessionId), cond));
  const rows = page
    ? await q.orderBy(desc(stocktakeScan.seq)).limit(page.limit).offset(page.offset)
    : await q.orderBy(asc(stocktakeScan.seq));
  return rows as (ScanResult & { clientId: string | null; scannedAt: Date })[];
}

export async function countScans(db: Db, scope: Scope, sessionId: number, cond?: SQL): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(stocktakeScan)
    .where(scope.where(stocktakeScan, eq(stocktakeScan.sessionId, sessionId), cond));
  return n;
}
