import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { type AddReservationBody, ReservationError } from '@shuyuan/contracts/reservations/reservation';
import { asc, count, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { moveCopy } from '../circulation/loan-locks.ts';
import { checkReaderValid, findReader } from '../circulation/reader.service.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { refuseUnlendableStore } from '../circulation/store-refusal.ts';
import { school } from '../school/school.table.ts';
import { getSetting } from '../settings/settings.service.ts';
import { kickNotify } from './reservation.notify.ts';
import { lockCopyById, markReady, releaseCopy, syncReserving } from './reservation.queue.ts';
import { reservation } from './reservation.table.ts';

/** The reader's live reservations (waiting or on the hold shelf): what circ.maxReservations limits. */
export async function liveReservations(db: Db, scope: Scope, readerId: number): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(reservation)
    .where(
      scope.where(reservation, eq(reservation.readerId, readerId), inArray(reservation.state, ['waiting', 'ready'])),
    );
  return c?.n ?? 0;
}

/** Copies that can never fill a reservation. */
const DEAD_STATES: string[] = [CircState.LOST, CircState.LOCKED];

async function lockReservation(tx: Parameters<Parameters<Db['transaction']>[0]>[0], scope: Scope, id: number) {
  const [r] = await tx
    .select()
    .from(reservation)
    .where(scope.where(reservation, eq(reservation.id, id)))
    .for('update');
  if (!r) throw notFound();
  return r;
}

/**
 * Places a reservation for a reader (desk "reserve for reader"; the public site later). Business rule: the
 * reader exists and may borrow (valid, active); the title (or copy) exists and has a copy that can circulate
 * (not lost, locked or weeded — NOT_RESERVABLE); the reader has no live reservation of the title
 * (RESERVATION_EXISTS) and no copy of it on loan (ALREADY_ON_LOAN). With a copy on the shelf the reservation
 * is ready at once (that copy goes to the hold shelf, the answer says which); otherwise it waits in the queue
 * (created time order) and the title's copies on loan become 'reserving'.
 */
export async function placeReservation(
  db: Db,
  scope: Scope,
  input: AddReservationBody & { operatorId: number | null },
) {
  const today = await schoolToday(db, scope);
  const out = await db.transaction(async (tx) => {
    const reader = await findReader(tx, scope, { readerBarcode: input.readerBarcode }, true);
    checkReaderValid(reader, today);
    let recordId = input.recordId;
    let wanted: typeof copy.$inferSelect | undefined;
    if (input.barcode) {
      [wanted] = await tx
        .select()
        .from(copy)
        .where(scope.where(copy, eq(copy.barcode, input.barcode)))
        .for('update');
      if (!wanted) throw fail('COPY_NOT_FOUND', 'circ.copyNotFound', { barcode: input.barcode });
      if (recordId !== undefined && recordId !== wanted.recordId)
        throw fail('COPY_NOT_FOUND', 'circ.copyNotFound', { barcode: input.barcode });
      recordId = wanted.recordId;
      if (input.anyCopy) wanted = undefined;
      else {
        // A copy outside the circulation store says why (cataloguing, turnover, lost, reading…).
        refuseUnlendableStore(wanted);
        if (DEAD_STATES.includes(wanted.circState))
          throw fail(ReservationError.NOT_RESERVABLE, 'reservations.notReservable');
      }
    }
    const [rec] = await tx
      .select({ id: catalogueRecord.id, title: catalogueRecord.title })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, eq(catalogueRecord.id, recordId!)));
    if (!rec) throw fail(ReservationError.RECORD_NOT_FOUND, 'reservations.recordNotFound');
    const live = await tx
      .select({ id: copy.id })
      .from(copy)
      .where(
        scope.where(
          copy,
          eq(copy.recordId, rec.id),
          notInArray(copy.circState, DEAD_STATES),
          eq(copy.storeType, StoreType.CIRCULATION),
        ),
      )
      .limit(1);
    if (!live.length) throw fail(ReservationError.NOT_RESERVABLE, 'reservations.notReservable');
    const [dup] = await tx
      .select({ id: reservation.id })
      .from(reservation)
      .where(
        scope.where(
          reservation,
          eq(reservation.readerId, reader.id),
          eq(reservation.recordId, rec.id),
          inArray(reservation.state, ['waiting', 'ready']),
        ),
      );
    if (dup) throw fail(ReservationError.RESERVATION_EXISTS, 'reservations.exists', { title: rec.title });
    const max = await getSetting<number>(tx, scope, 'circ.maxReservations');
    if (max > 0) {
      const live = await liveReservations(tx, scope, reader.id);
      if (live >= max) throw fail(ReservationError.RESERVATION_LIMIT, 'reservations.limit', { count: live, max });
    }
    const [onLoan] = await tx
      .select({ id: loan.id })
      .from(loan)
      .where(scope.where(loan, eq(loan.userId, reader.id), eq(loan.recordId, rec.id), isNull(loan.returnedAt)));
    if (onLoan) throw fail(ReservationError.ALREADY_ON_LOAN, 'reservations.alreadyOnLoan', { title: rec.title });

    const [r] = await tx
      .insert(reservation)
      .values(
        scope.values({
          readerId: reader.id,
          recordId: rec.id,
          copyId: wanted?.id ?? null,
          copyLevel: !!wanted,
          createdBy: input.operatorId,
          note: input.note ?? '',
        }),
      )
      .returning();
    // A copy on the shelf fills it at once.
    let shelf = wanted?.circState === CircState.AVAILABLE ? wanted : undefined;
    if (!wanted) {
      [shelf] = await tx
        .select()
        .from(copy)
        .where(
          scope.where(
            copy,
            eq(copy.recordId, rec.id),
            eq(copy.circState, CircState.AVAILABLE),
            eq(copy.storeType, StoreType.CIRCULATION),
          ),
        )
        .orderBy(asc(copy.id))
        .limit(1)
        .for('update', { skipLocked: true });
    }
    if (shelf) {
      const hold = await markReady(tx, scope, r, shelf, today);
      await moveCopy(tx, shelf, CircState.RESERVED);
      return { id: r.id, state: 'ready' as const, barcode: shelf.barcode, holdUntil: hold.until, queuePosition: null };
    }
    await syncReserving(tx, scope, rec.id);
    const position = await queuePosition(tx as any, scope, r);
    return { id: r.id, state: 'waiting' as const, barcode: null, holdUntil: null, queuePosition: position };
  });
  if (out.state === 'ready') kickNotify(scope.schoolId);
  return out;
}

/** 1-based place of a waiting reservation in its title's queue. */
export async function queuePosition(db: Db, scope: Scope, r: { id: number; recordId: number; createdAt: Date }) {
  const rows = await db
    .select({ id: reservation.id })
    .from(reservation)
    .where(scope.where(reservation, eq(reservation.recordId, r.recordId), eq(reservation.state, 'waiting')))
    .orderBy(asc(reservation.createdAt), asc(reservation.id));
  const i = rows.findIndex((x) => x.id === r.id);
  return i < 0 ? null : i + 1;
}

/**
 * Cancels a waiting or ready reservation (librarian, or the reader later). A held copy goes to the next
 * reader in the queue or back to the shelf; other states → RESERVATION_STATE.
 */
export async function cancelReservation(db: Db, scope: Scope, id: number, operatorId: number | null, note?: string) {
  const today = await schoolToday(db, scope);
  const hold = await db.transaction(async (tx) => {
    const r = await lockReservation(tx, scope, id);
    if (r.state !== 'waiting' && r.state !== 'ready')
      throw fail(ReservationError.RESERVATION_STATE, 'reservations.notActive');
    await tx
      .update(reservation)
      .set({ state: 'cancelled', closedAt: new Date(), handledBy: operatorId, ...(note ? { note } : {}) })
      .where(eq(reservation.id, r.id));
    let next = null;
    if (r.state === 'ready' && r.copyId) {
      const c = await lockCopyById(tx, scope, r.copyId);
      if (c) next = await releaseCopy(tx, scope, c, today);
    }
    await syncReserving(tx, scope, r.recordId);
    return next;
  });
  if (hold) kickNotify(scope.schoolId);
  return { id, state: 'cancelled' as const, nextHold: hold };
}

/**
 * Marks a waiting reservation ready by hand (the librarian took a copy from the shelf): copy `barcode` of the
 * title — or any copy on the shelf — goes to the hold shelf. No such copy → NO_COPY_AVAILABLE.
 */
export async function readyByHand(
  db: Db,
  scope: Scope,
  id: number,
  barcode: string | undefined,
  operatorId: number | null,
) {
  const today = await schoolToday(db, scope);
  const out = await db.transaction(async (tx) => {
    const r = await lockReservation(tx, scope, id);
    if (r.state !== 'waiting') throw fail(ReservationError.RESERVATION_STATE, 'reservations.notWaiting');
    const conds = [
      eq(copy.recordId, r.recordId),
      eq(copy.circState, CircState.AVAILABLE),
      eq(copy.storeType, StoreType.CIRCULATION),
    ];
    if (barcode) conds.push(eq(copy.barcode, barcode));
    if (r.copyLevel && r.copyId) conds.push(eq(copy.id, r.copyId));
    const [c] = await tx
      .select()
      .from(copy)
      .where(scope.where(copy, ...conds))
      .orderBy(asc(copy.id))
      .limit(1)
      .for('update');
    if (!c) throw fail(ReservationError.NO_COPY_AVAILABLE, 'reservations.noCopy', { barcode: barcode ?? '' });
    const hold = await markReady(tx, scope, r, c, today);
    await tx.update(reservation).set({ handledBy: operatorId }).where(eq(reservation.id, r.id));
    await moveCopy(tx, c, CircState.RESERVED);
    await syncReserving(tx, scope, r.recordId);
    return { id: r.id, state: 'ready' as const, barcode: c.barcode, holdUntil: hold.until };
  });
  kickNotify(scope.schoolId);
  return out;
}

/**
 * The daily expiry: ready reservations whose hold-until day has passed become 'expired' (overdue not
 * collected); each held copy goes to the next reader in the queue or back to available. Per reservation one
 * transaction, so one failure never blocks the rest. Returns how many expired.
 */
export async function expireHolds(app: FastifyInstance, onlySchool?: number): Promise<number> {
  const db = app.database.db;
  const schools = await db
    .select({ id: school.id })
    .from(school)
    .where(onlySchool ? eq(school.id, onlySchool) : eq(school.state, 1));
  let n = 0;
  for (const s of schools) {
    const scope = new Scope(s.id);
    const today = await schoolToday(db, scope);
    const due = await db
      .select({ id: reservation.id })
      .from(reservation)
      .where(scope.where(reservation, eq(reservation.state, 'ready'), lt(reservation.holdUntil, today)));
    for (const d of due) {
      await db.transaction(async (tx) => {
        const r = await lockReservation(tx, scope, d.id);
        if (r.state !== 'ready') return;
        await tx.update(reservation).set({ state: 'expired', closedAt: new Date() }).where(eq(reservation.id, r.id));
        if (r.copyId) {
          const c = await lockCopyById(tx, scope, r.copyId);
          if (c) await releaseCopy(tx, scope, c, today);
        }
        await syncReserving(tx, scope, r.recordId);
        n++;
      });
    }
    if (due.length) kickNotify(s.id);
  }
  return n;
}
