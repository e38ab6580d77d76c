import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { AWAY_STATES } from '@shuyuan/contracts/stocktake/stocktake';
import type { WeedBody, WeedingListQuery, WeedItemResult } from '@shuyuan/contracts/stocktake/weeding';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import type { Tr } from './stocktake.service.ts';
import { stocktakeItem, stocktakeSession, weedingRecord } from './stocktake.table.ts';

const refuse = (barcode: string, code: string, message: string): WeedItemResult => ({
  barcode,
  ok: false,
  code,
  message,
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The ledger row of one weeded copy, in the caller's transaction: written by weeding here and by converting a
 * loan to weeding (circ-records), so the ledger sees every weeded copy once.
 */
export async function recordWeeding(
  tx: Tx,
  scope: Scope,
  w: Omit<typeof weedingRecord.$inferInsert, 'id' | 'schoolId' | 'createdAt' | 'undoneAt' | 'undoneBy'>,
): Promise<number> {
  const [r] = await tx.insert(weedingRecord).values(scope.values(w)).returning({ id: weedingRecord.id });
  return r.id;
}

/**
 * Weeds copies (store 3) with a reason, one `weeding_record` each. Every barcode gets its own answer: unknown,
 * already weeded, on loan or held for a reader are refused with the reason; the others are weeded together in
 * one transaction (the copy rows are locked, so a loan at the same moment cannot slip through).
 */
export async function weed(db: Db, scope: Scope, b: WeedBody, operatorId: number | null, tr: Tr) {
  const date = b.date ?? (await schoolToday(db, scope));
  return db.transaction(async (tx) => {
    const wanted = [...new Set(b.barcodes)];
    const copies = await tx
      .select({
        id: copy.id,
        barcode: copy.barcode,
        recordId: copy.recordId,
        callNo: copy.callNo,
        storeType: copy.storeType,
        circState: copy.circState,
        unitPriceFen: copy.unitPriceFen,
        title: catalogueRecord.title,
        recordPriceFen: catalogueRecord.priceFen,
      })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .where(scope.where(copy, inArray(copy.barcode, wanted)))
      .for('update', { of: copy });
    const byBarcode = new Map(copies.map((c) => [c.barcode, c]));
    // A copy under an open stocktake (store 9) keeps the store it had before as the one to return to.
    const inCheck = copies.filter((c) => c.storeType === StoreType.INVENTORY_CHECK).map((c) => c.id);
    const prevOf = new Map<number, number>();
    if (inCheck.length) {
      const items = await tx
        .select({ copyId: stocktakeItem.copyId, prev: stocktakeItem.prevStore })
        .from(stocktakeItem)
        .innerJoin(stocktakeSession, eq(stocktakeSession.id, stocktakeItem.sessionId))
        .where(scope.where(stocktakeItem, inArray(stocktakeItem.copyId, inCheck), eq(stocktakeSession.state, 'open')));
      for (const i of items) prevOf.set(i.copyId, i.prev);
    }
    const results: WeedItemResult[] = [];
    const done = new Set<string>();
    for (const barcode of b.barcodes) {
      const c = byBarcode.get(barcode);
      if (done.has(barcode)) results.push(refuse(barcode, 'TWICE', tr('stocktake.weed.twice', { barcode })));
      else if (!c) results.push(refuse(barcode, 'NOT_FOUND', tr('stocktake.weed.notFound', { barcode })));
      else if (c.storeType === StoreType.WEEDED) {
        results.push(refuse(barcode, 'ALREADY_WEEDED', tr('stocktake.weed.already', { barcode })));
      } else if ((AWAY_STATES as readonly string[]).includes(c.circState)) {
        results.push(refuse(barcode, 'ON_LOAN', tr('stocktake.weed.onLoan', { barcode })));
      } else if (c.circState === 'reserved') {
        results.push(refuse(barcode, 'RESERVED', tr('stocktake.weed.reserved', { barcode })));
      } else {
        await tx
          .update(copy)
          .set({ storeType: StoreType.WEEDED, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
          .where(scope.where(copy, eq(copy.id, c.id)));
        const id = await recordWeeding(tx, scope, {
          copyId: c.id,
          recordId: c.recordId,
          barcode,
          title: c.title,
          callNo: c.callNo,
          reason: b.reason,
          priceFen: c.unitPriceFen ?? c.recordPriceFen,
          prevStore:
            prevOf.get(c.id) ?? (c.storeType === StoreType.INVENTORY_CHECK ? StoreType.CIRCULATION : c.storeType),
          weededOn: date,
          operatorId,
        });
        results.push({ barcode, ok: true, id, title: c.title });
      }
      done.add(barcode);
    }
    const weeded = results.filter((r) => r.ok).length;
    return { weeded, refused: results.length - weeded, List: results };
  });
}

/** Takes back a mistaken weeding: the copy returns to the store it had; the record stays, marked undone. */
export async function undoWeeding(db: Db, scope: Scope, id: number, userId: number | null) {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(weedingRecord)
      .where(scope.where(weedingRecord, eq(weedingRecord.id, id)))
      .for('update');
    if (!r) throw notFound();
    if (r.undoneAt) throw fail('WEED_UNDONE', 'stocktake.weed.alreadyUndone', { barcode: r.barcode });
    const moved = await tx
      .update(copy)
      .set({ storeType: r.prevStore, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
      .where(scope.where(copy, eq(copy.id, r.copyId), eq(copy.storeType, StoreType.WEEDED)))
      .returning({ id: copy.id });
    if (!moved.length) throw fail('WEED_NOT_WEEDED', 'stocktake.weed.notWeededNow', { barcode: r.barcode });
    await tx
      .update(weedingRecord)
      .set({ undoneAt: sql`now()`, undoneBy: userId })
      .where(scope.where(weedingRecord, eq(weedingRecord.id, id)));
    return { id, barcode: r.barcode, store: r.prevStore };
  });
}

function listWhere(scope: Scope, q: Omit<WeedingListQuery, 'Page' | 'Rows'>) {
  const key = q.SearchKey ? `%${q.SearchKey.replace(/[\\%_]/g, '\\$&')}%` : '';
  return scope.where(
    weedingRecord,
    key
      ? sql`(${weedingRecord.barcode} ilike ${key} or ${weedingRecord.title} ilike ${key} or ${weedingRecord.reason} ilike ${key})`
      : undefined,
    q.from ? sql`${weedingRecord.weededOn} >= ${q.from}` : undefined,
    q.to ? sql`${weedingRecord.weededOn} <= ${q.to}` : undefined,
    q.undone === undefined ? undefined : q.undone ? isNotNull(weedingRecord.undoneAt) : isNull(weedingRecord.undoneAt),
  );
}

const columns = {
  id: weedingRecord.id,
  barcode: weedingRecord.barcode,
  title: weedingRecord.title,
  callNo: weedingRecord.callNo,
  reason: weedingRecord.reason,
  priceFen: weedingRecord.priceFen,
  weededOn: weedingRecord.weededOn,
  operatorName: sql<string>`coalesce(${appUser.name}, '')`,
  createdAt: weedingRecord.createdAt,
  undoneAt: weedingRecord.undoneAt,
};

export async function listWeeding(db: Db, scope: Scope, q: WeedingListQuery, all = false) {
  const where = listWhere(scope, q);
  const query = db
    .select(columns)
    .from(weedingRecord)
    .leftJoin(appUser, eq(appUser.id, weedingRecord.operatorId))
    .where(where)
    .orderBy(desc(weedingRecord.weededOn), desc(weedingRecord.id));
  const [rows, [{ n }]] = await Promise.all([
    all ? query : query.limit(q.Rows).offset(pageOffset(q)),
    db.select({ n: count() }).from(weedingRecord).where(and(where)),
  ]);
  return list(rows, n);
}
