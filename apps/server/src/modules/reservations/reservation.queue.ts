import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import type { CopyRow, Tx } from '../circulation/circulation.hooks.ts';
import { moveCopy } from '../circulation/loan-locks.ts';
import { dueDateAfter } from '../circulation/rules.service.ts';
import { statement } from '../../db/statement.ts';
import { getSetting } from '../settings/settings.service.ts';
import { reservation } from './reservation.table.ts';

/**
 * The queue rules shared by the desk hooks, the /reservation screen and the daily expiry. Every function runs
 * inside the caller's transaction with the copy row already locked.
 */

export type ReservationRow = typeof reservation.$inferSelect;

/** A reservation this copy can fulfil: one for its title, or one for this very copy. */
const fillableBy = (c: Pick<CopyRow, 'id'>) => or(eq(reservation.copyLevel, false), eq(reservation.copyId, c.id));

/** The waiting reservations a copy can fulfil (the queue this copy serves). */
export const waitingFor = (scope: Scope, c: Pick<CopyRow, 'id' | 'recordId'>) =>
  scope.where(reservation, eq(reservation.state, 'waiting'), eq(reservation.recordId, c.recordId), fillableBy(c));

/** How many readers wait for a copy (SIP2 hold queue length, renewal check). */
export async function waitingCount(db: Db, scope: Scope, c: Pick<CopyRow, 'id' | 'recordId'>): Promise<number> {
  const [q] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(reservation)
    .where(waitingFor(scope, c));
  return q?.n ?? 0;
}

/** The first waiting reservation a copy can fulfil: asked for this very copy, or for its title (queue order). */
export async function nextWaiting(tx: Tx, scope: Scope, c: Pick<CopyRow, 'id' | 'recordId'>) {
  const [r] = await tx
    .select()
    .from(reservation)
    .where(waitingFor(scope, c))
    .orderBy(asc(reservation.createdAt), asc(reservation.id))
    .limit(1)
    .for('update', { of: reservation });
  return r;
}

/**
 * The head of the title's queue as a returned copy sees it, locked: the first waiting reservation this copy can
 * fulfil (asked for this very copy, or for its title, in queue order), else the first that waits for another copy
 * of the title (`fillable` false), else undefined — nobody waits for the title. One statement.
 */
export async function queueHead(tx: Tx, scope: Scope, c: Pick<CopyRow, 'id' | 'recordId'>) {
  const [r] = await queueHeadRow(tx as Db, scope, { copyId: c.id, recordId: c.recordId });
  return r;
}

const queueHeadRow = statement('resv_queue_head', (tx, school) => {
  const fillable = or(eq(reservation.copyLevel, false), eq(reservation.copyId, sql.placeholder('copyId')));
  return tx
    .select({ reservation, fillable: sql<boolean>`coalesce(${fillable}, false)` })
    .from(reservation)
    .where(
      school.where(
        reservation,
        eq(reservation.state, 'waiting'),
        eq(reservation.recordId, sql.placeholder('recordId')),
      ),
    )
    .orderBy(sql`coalesce(${fillable}, false) desc`, asc(reservation.createdAt), asc(reservation.id))
    .limit(1)
    .for('update', { of: reservation })
    .prepare('resv_queue_head');
});

/** The hold-shelf end date: today + the school's hold days (circ.reservationHoldDays), past closed days. */
export async function holdUntilFrom(tx: Tx, scope: Scope, today: string): Promise<string> {
  const days = await getSetting<number>(tx as any, scope, 'circ.reservationHoldDays');
  return dueDateAfter(tx as any, scope, today, days);
}

/** Puts `c` on the hold shelf for `r`: the reservation becomes ready (the caller moves the copy if needed). */
export async function markReady(tx: Tx, scope: Scope, r: ReservationRow, c: Pick<CopyRow, 'id'>, today: string) {
  const holdUntil = await holdUntilFrom(tx, scope, today);
  await tx
    .update(reservation)
    .set({ state: 'ready', copyId: c.id, holdUntil, readyAt: new Date(), notifiedAt: null })
    .where(eq(reservation.id, r.id));
  const [reader] = await tx
    .select({ id: appUser.id, account: appUser.account, name: appUser.name })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, r.readerId)));
  return {
    readerId: r.readerId,
    account: reader?.account ?? '',
    name: reader?.name ?? '',
    until: holdUntil,
    reservationId: r.id,
  };
}

/**
 * A held copy leaves its reservation (cancelled, expired, the reader took another copy): the next reader in
 * the queue gets it on the hold shelf, or it goes back to the shelf as available. Returns the new hold, if any.
 */
export async function releaseCopy(tx: Tx, scope: Scope, c: CopyRow, today: string) {
  const next = await nextWaiting(tx, scope, c);
  if (next) {
    const hold = await markReady(tx, scope, next, c, today);
    if (c.circState !== CircState.RESERVED) await moveCopy(tx, c, CircState.RESERVED);
    return hold;
  }
  if (c.circState === CircState.RESERVED) await moveCopy(tx, c, CircState.AVAILABLE);
  return null;
}

/** Locks a copy row of the school by id. */
export async function lockCopyById(tx: Tx, scope: Scope, id: number): Promise<CopyRow | undefined> {
  const [c] = await tx
    .select()
    .from(copy)
    .where(scope.where(copy, eq(copy.id, id)))
    .for('update');
  return c;
}

/**
 * Keeps the 'reserving' state true (spec §4: a reservation waits for this copy to come back): while a title
 * has waiting reservations its copies on loan are 'reserving', otherwise 'borrowed'. `except` is a copy the
 * caller is about to move itself (its version must stay as the caller read it).
 */
export async function syncReserving(tx: Tx, scope: Scope, recordId: number, except?: number) {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(reservation)
    .where(scope.where(reservation, eq(reservation.recordId, recordId), eq(reservation.state, 'waiting')));
  await syncReservingAs(tx, scope, recordId, n > 0, except);
}

/** syncReserving when the caller already knows whether someone waits for the title. */
export async function syncReservingAs(tx: Tx, scope: Scope, recordId: number, waiting: boolean, except?: number) {
  const [from, to] = waiting ? [CircState.BORROWED, CircState.RESERVING] : [CircState.RESERVING, CircState.BORROWED];
  await tx
    .update(copy)
    .set({ circState: to, version: sql`${copy.version} + 1`, updatedAt: new Date() })
    .where(
      scope.where(
        copy,
        eq(copy.recordId, recordId),
        eq(copy.circState, from),
        except ? ne(copy.id, except) : undefined,
      ),
    );
}

/** The ready reservation holding copy `copyId` on the shelf, locked. */
export async function holdOf(tx: Tx, scope: Scope, copyId: number) {
  const [r] = await tx
    .select()
    .from(reservation)
    .where(scope.where(reservation, eq(reservation.copyId, copyId), eq(reservation.state, 'ready')))
    .for('update');
  return r;
}

/**
 * A copy leaves circulation (lost, weeded): a reader holding it on the shelf waits again in their place
 * (a reservation of that very copy is cancelled), and the title's 'reserving' states are brought in step.
 */
export async function copyLeavesQueue(tx: Tx, scope: Scope, c: CopyRow) {
  const rows = await tx
    .select()
    .from(reservation)
    .where(
      scope.where(
        reservation,
        eq(reservation.copyId, c.id),
        or(eq(reservation.state, 'ready'), eq(reservation.state, 'waiting')),
      ),
    )
    .for('update');
  for (const r of rows) {
    if (r.copyLevel) {
      await tx.update(reservation).set({ state: 'cancelled', closedAt: new Date() }).where(eq(reservation.id, r.id));
    } else {
      await tx
        .update(reservation)
        .set({ state: 'waiting', copyId: null, holdUntil: null, readyAt: null, notifiedAt: null })
        .where(eq(reservation.id, r.id));
    }
  }
  await syncReserving(tx, scope, c.recordId, c.id);
}
