import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { inCallNumberRange } from '@shuyuan/contracts/stocktake/call-number';
import type { SessionListQuery, SessionOpen, StocktakeSession } from '@shuyuan/contracts/stocktake/stocktake';
import { AWAY_STATES } from '@shuyuan/contracts/stocktake/stocktake';
import { aliasedTable, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { stocktakeItem, stocktakeSession } from './stocktake.table.ts';

export type Tr = (key: string, params?: Record<string, unknown>) => string;

const CHUNK = 1000;
const chunks = <T>(a: T[], n = CHUNK) =>
  Array.from({ length: Math.ceil(a.length / n) }, (_, i) => a.slice(i * n, i * n + n));

const creator = aliasedTable(appUser, 'creator');
const closer = aliasedTable(appUser, 'closer');

function sessionColumns() {
  return {
    id: stocktakeSession.id,
    name: stocktakeSession.name,
    locationIds: stocktakeSession.locationIds,
    callNoFrom: stocktakeSession.callNoFrom,
    callNoTo: stocktakeSession.callNoTo,
    state: stocktakeSession.state,
    expectedCount: stocktakeSession.expectedCount,
    foundCount: stocktakeSession.foundCount,
    scanCount: stocktakeSession.scanCount,
    missingCount: stocktakeSession.missingCount,
    lostCount: stocktakeSession.lostCount,
    createdAt: stocktakeSession.createdAt,
    createdByName: sql<string>`coalesce(${creator.name}, '')`,
    closedAt: stocktakeSession.closedAt,
    closedByName: sql<string>`coalesce(${closer.name}, '')`,
  };
}

function sessionQuery(db: Db) {
  return db
    .select(sessionColumns())
    .from(stocktakeSession)
    .leftJoin(creator, eq(creator.id, stocktakeSession.createdBy))
    .leftJoin(closer, eq(closer.id, stocktakeSession.closedBy));
}

export async function listSessions(db: Db, scope: Scope, q: SessionListQuery) {
  const where = scope.where(
    stocktakeSession,
    q.state ? eq(stocktakeSession.state, q.state) : undefined,
    q.SearchKey ? sql`${stocktakeSession.name} ilike ${`%${q.SearchKey.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    sessionQuery(db).where(where).orderBy(desc(stocktakeSession.id)).limit(q.Rows).offset(pageOffset(q)),
    db.select({ n: count() }).from(stocktakeSession).where(where),
  ]);
  return list(rows as unknown as StocktakeSession[], n);
}

export async function getSession(db: Db, scope: Scope, id: number): Promise<StocktakeSession> {
  const [row] = await sessionQuery(db).where(scope.where(stocktakeSession, eq(stocktakeSession.id, id)));
  if (!row) throw notFound();
  return row as unknown as StocktakeSession;
}

/** Locks an open session of the school for the rest of the transaction; refuses a closed one. */
export async function lockOpenSession(tx: Db, scope: Scope, id: number) {
  const [s] = await tx
    .select()
    .from(stocktakeSession)
    .where(scope.where(stocktakeSession, eq(stocktakeSession.id, id)))
    .for('update');
  if (!s) throw notFound();
  if (s.state !== 'open') throw fail('STOCKTAKE_CLOSED', 'stocktake.closed', { name: s.name });
  return s;
}

/**
 * Opens a session: every copy in scope that is not weeded, lost or already under another stocktake goes to
 * store 9, remembering its store. The candidate rows are locked, so two sessions opened at once never take
 * the same copy (the second sees store 9 and leaves it).
 */
export async function openSession(db: Db, scope: Scope, b: SessionOpen, userId: number | null, tr: Tr) {
  const ids = [...new Set(b.locationIds)];
  if (ids.length) {
    const found = await db
      .select({ id: location.id })
      .from(location)
      .where(scope.where(location, inArray(location.id, ids)));
    if (found.length !== ids.length) throw invalid([{ path: 'locationIds', message: tr('stocktake.locationUnknown') }]);
  }
  if (b.callNoFrom && b.callNoTo && !inCallNumberRange(b.callNoFrom, b.callNoFrom, b.callNoTo)) {
    throw invalid([{ path: 'callNoTo', message: tr('stocktake.rangeReversed') }]);
  }
  return db.transaction(async (tx) => {
    const [s] = await tx
      .insert(stocktakeSession)
      .values(scope.values({ ...b, locationIds: ids, createdBy: userId }))
      .returning({ id: stocktakeSession.id });
    const candidates = await tx
      .select({ id: copy.id, callNo: copy.callNo, storeType: copy.storeType })
      .from(copy)
      .where(
        scope.where(
          copy,
          ids.length ? inArray(copy.locationId, ids) : undefined,
          notInArray(copy.storeType, [StoreType.WEEDED, StoreType.LOST, StoreType.INVENTORY_CHECK]),
          // Lost copies are not on the shelf; bound periodical issues are inside their volume (the volume is expected).
          notInArray(copy.circState, ['lost', 'bound']),
        ),
      )
      .for('update');
    const ranged = b.callNoFrom || b.callNoTo;
    const expected = ranged
      ? candidates.filter((c) => inCallNumberRange(c.callNo, b.callNoFrom, b.callNoTo))
      : candidates;
    for (const part of chunks(expected)) {
      await tx
        .insert(stocktakeItem)
        .values(part.map((c) => scope.values({ sessionId: s.id, copyId: c.id, prevStore: c.storeType })));
      await tx
        .update(copy)
        .set({ storeType: StoreType.INVENTORY_CHECK, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
        .where(
          scope.where(
            copy,
            inArray(
              copy.id,
              part.map((c) => c.id),
            ),
          ),
        );
    }
    await tx
      .update(stocktakeSession)
      .set({ expectedCount: expected.length })
      .where(scope.where(stocktakeSession, eq(stocktakeSession.id, s.id)));
    return { id: s.id, expectedCount: expected.length };
  });
}

const away = sql.raw(`(${AWAY_STATES.map((s) => `'${s}'`).join(', ')})`);

/**
 * Closes a session in one transaction. Copies still in store 9 go back to the store they had; missing ones
 * (expected, never scanned, not on loan) are marked lost — store 6 and state lost — when the librarian says
 * so, else they go back too. A copy moved elsewhere meanwhile (e.g. weeded) is left where it is.
 */
export async function closeSession(db: Db, scope: Scope, id: number, missing: 'lost' | 'leave', userId: number | null) {
  return db.transaction(async (tx) => {
    await lockOpenSession(tx, scope, id);
    const mine = (...conds: ReturnType<typeof sql>[]) =>
      tx
        .select({ id: stocktakeItem.copyId })
        .from(stocktakeItem)
        .where(scope.where(stocktakeItem, eq(stocktakeItem.sessionId, id), ...conds));
    const [{ n: missingCount }] = await tx
      .select({ n: count() })
      .from(stocktakeItem)
      .innerJoin(copy, eq(copy.id, stocktakeItem.copyId))
      .where(
        scope.where(
          stocktakeItem,
          eq(stocktakeItem.sessionId, id),
          isNull(stocktakeItem.foundAt),
          sql`${copy.circState} not in ${away}`,
        ),
      );
    let lost: { id: number }[] = [];
    if (missing === 'lost') {
      lost = await tx
        .update(copy)
        .set({
          storeType: StoreType.LOST,
          circState: 'lost',
          version: sql`${copy.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          scope.where(
            copy,
            eq(copy.storeType, StoreType.INVENTORY_CHECK),
            sql`${copy.circState} not in ${away}`,
            inArray(copy.id, mine(sql`${stocktakeItem.foundAt} is null`)),
          ),
        )
        .returning({ id: copy.id });
      for (const part of chunks(lost.map((l) => l.id))) {
        await tx
          .update(stocktakeItem)
          .set({ result: 'lost' })
          .where(scope.where(stocktakeItem, eq(stocktakeItem.sessionId, id), inArray(stocktakeItem.copyId, part)));
      }
    }
    const restored = await tx
      .update(copy)
      .set({
        storeType: sql`(select i.prev_store from stocktake_item i where i.session_id = ${id} and i.copy_id = ${copy.id})`,
        version: sql`${copy.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(scope.where(copy, eq(copy.storeType, StoreType.INVENTORY_CHECK), inArray(copy.id, mine())))
      .returning({ id: copy.id });
    await tx
      .update(stocktakeItem)
      .set({ result: 'restored' })
      .where(scope.where(stocktakeItem, eq(stocktakeItem.sessionId, id), eq(stocktakeItem.result, '')));
    await tx
      .update(stocktakeSession)
      .set({
        state: 'closed',
        closedAt: sql`now()`,
        closedBy: userId,
        missingCount,
        lostCount: lost.length,
      })
      .where(scope.where(stocktakeSession, eq(stocktakeSession.id, id)));
    return { id, missing: missingCount, lost: lost.length, restored: restored.length };
  });
}
