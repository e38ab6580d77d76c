import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { ReservationError } from '@shuyuan/contracts/reservations/reservation';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { statement } from '../../db/statement.ts';
import { fail } from '../../platform/errors.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import {
  registerBorrowCheck,
  registerBorrowDone,
  registerRenewCheck,
  registerReturnHook,
} from '../circulation/circulation.hooks.ts';
import { kickNotify } from './reservation.notify.ts';
import {
  holdOf,
  lockCopyById,
  markReady,
  queueHead,
  releaseCopy,
  syncReserving,
  syncReservingAs,
  waitingCount,
} from './reservation.queue.ts';
import { reservation } from './reservation.table.ts';

/**
 * Reservations inside the desk's commands (circulation.hooks.ts), in the command's transaction:
 * - return: the first waiting reservation the copy can fill gets it on the hold shelf (copy → reserved,
 *   reservation ready until today + hold days); the desk shows "put on hold shelf for …"; the reader is mailed.
 * - borrow of a held copy: only its holder (others → RESERVED_FOR_OTHER naming the hold's last day).
 * - borrow done: the reader's live reservation of the title is collected; a copy they held but did not take
 *   goes to the next reader; copies on loan of a title with a queue are 'reserving'.
 * - renew: refused while someone waits for the title and no copy is on the shelf (RESERVATION_WAITING).
 */
/** The title's open reservations, locked (a statement built once: db/statement.ts). */
const titleOpen = statement('resv_title_open', (tx, school) =>
  tx
    .select()
    .from(reservation)
    .where(
      school.where(
        reservation,
        eq(reservation.recordId, sql.placeholder('recordId')),
        inArray(reservation.state, ['waiting', 'ready']),
      ),
    )
    .for('update')
    .prepare('resv_title_open'),
);

/** A quick return's copy is plainly 'borrowed' and nobody waits for its title: nothing to do (the hook below). */
const quietReturn = async () => undefined;

export function registerReservationHooks(): void {
  registerReturnHook(async ({ tx, scope, today, copy: c, titleWaiting }) => {
    // Nobody waits for the title (read with the copy's lock): no queue to look at.
    const head = titleWaiting === false ? undefined : await queueHead(tx, scope, c);
    // The desk moves this copy itself; the title's other copies are kept in step. Nobody waits and the copy was
    // plainly 'borrowed' (not 'reserving'): the title's copies are in step already (every change of a queue syncs).
    if (!head) {
      if (c.circState === CircState.RESERVING) await syncReservingAs(tx, scope, c.recordId, false, c.id);
      return undefined;
    }
    if (!head.fillable) {
      await syncReservingAs(tx, scope, c.recordId, true, c.id);
      return undefined;
    }
    const hold = await markReady(tx, scope, head.reservation, c, today);
    await syncReserving(tx, scope, c.recordId, c.id);
    kickNotify(scope.schoolId);
    return { hold };
  }, quietReturn);

  registerBorrowCheck(async ({ tx, scope, reader, copy: c, override }) => {
    if (c.circState !== CircState.RESERVED) return undefined;
    const hold = await holdOf(tx, scope, c.id);
    if (!hold) return undefined;
    if (hold.readerId === reader.id) return { reservedForReader: true };
    if (override) {
      // The desk lends the held copy to someone else anyway: the holder waits again, first in the queue
      // (their reservation keeps its place); a copy-level reservation keeps waiting for this very copy.
      await tx
        .update(reservation)
        .set({ state: 'waiting', copyId: hold.copyLevel ? hold.copyId : null, holdUntil: null, readyAt: null })
        .where(eq(reservation.id, hold.id));
      return { reservedForReader: true, overridden: ReservationError.RESERVED_FOR_OTHER };
    }
    throw fail(ReservationError.RESERVED_FOR_OTHER, 'reservations.reservedForOther', {
      barcode: c.barcode,
      until: hold.holdUntil ?? '',
    });
  });

  registerBorrowDone(
    async ({ tx, scope, today, reader, copy: c, loanId }) => {
      // The title's open reservations, locked: usually none (the copy's lock saw none: not even a look-up), and then
      // there is nothing to collect or to sync (copies are 'reserving' only while someone waits).
      const open = await titleOpen(tx, scope, { recordId: c.recordId });
      if (!open.length) return;
      const mine = open.filter((r) => r.readerId === reader.id);
      let released = false;
      for (const r of mine) {
        await tx
          .update(reservation)
          .set({ state: 'collected', closedAt: new Date(), loanId, copyId: r.copyLevel ? r.copyId : c.id })
          .where(eq(reservation.id, r.id));
        // They held another copy of the title on the shelf: it goes to the next reader.
        if (r.state === 'ready' && r.copyId && r.copyId !== c.id) {
          const held = await lockCopyById(tx, scope, r.copyId);
          if (held && (await releaseCopy(tx, scope, held, today))) released = true;
        }
      }
      await syncReserving(tx, scope, c.recordId);
      if (released) kickNotify(scope.schoolId);
    },
    ({ titleOpen: anyOpen }) => anyOpen !== false,
  );

  registerRenewCheck(async ({ tx, scope, copy: c }) => {
    if (!(await waitingCount(tx, scope, c))) return;
    const [onShelf] = await tx
      .select({ id: copy.id })
      .from(copy)
      .where(
        scope.where(
          copy,
          and(eq(copy.recordId, c.recordId), eq(copy.circState, CircState.AVAILABLE), ne(copy.id, c.id)),
        ),
      )
      .limit(1);
    if (!onShelf) throw fail(ReservationError.RESERVATION_WAITING, 'reservations.renewRefused', { barcode: c.barcode });
  });
}
