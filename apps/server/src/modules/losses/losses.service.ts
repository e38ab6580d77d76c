import { awardPoints } from '../points/award.ts';
import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { LossError, type LossOption, type PayMethod, type RegisterLossBody } from '@shuyuan/contracts/losses/loss';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import type { Tx } from '../circulation/circulation.hooks.ts';
import { loan } from '../circulation/circulation.table.ts';
import { findOpenLoan } from '../circulation/loan-locks.ts';
import { findReader } from '../circulation/reader.service.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { kickNotify } from '../reservations/reservation.notify.ts';
import { copyLeavesQueue, releaseCopy } from '../reservations/reservation.queue.ts';
import { recordLoanConversion } from '../circ-records/loan-conversion.ts';
import { debitDeposit, recordLedger } from './ledger.service.ts';
import { lossRecord } from './loss.table.ts';

type LossRow = typeof lossRecord.$inferSelect;

/** Compensation order number: PC + the school's date + the record id (unique per school). */
const orderNo = (today: string, id: number) => `PC${today.replace(/-/g, '')}${String(id).padStart(6, '0')}`;

/** Takes the compensation: cash, or from the reader's deposit (which must cover it). Ledger rows either way. */
async function takePayment(tx: Tx, scope: Scope, l: LossRow, method: PayMethod, operatorId: number | null, note = '') {
  if (method === 'deposit') {
    if (!l.readerId) throw fail(LossError.NO_READER, 'losses.noReader');
    await debitDeposit(
      tx,
      scope,
      { readerId: l.readerId, amountFen: l.compensationFen, ref: l.orderNo, operatorId, note },
      'losses.depositTooLow',
    );
  }
  await recordLedger(tx, scope, {
    kind: 'compensation',
    amountFen: l.compensationFen,
    readerId: l.readerId,
    ref: l.orderNo,
    operatorId,
    note,
  });
  await tx
    .update(lossRecord)
    .set({ state: 'compensated', payMethod: method, compensatedBy: operatorId, compensatedAt: new Date() })
    .where(eq(lossRecord.id, l.id));
}

/**
 * Registers copy `barcode` as lost (遗失登记). Business rule: the copy exists and is not already lost
 * (ALREADY_LOST); a compensation amount is required (contract). An open loan is closed and converted to lost:
 * its reader owes the compensation; otherwise `readerBarcode` names who lost it (or nobody). A copy held on
 * the hold shelf leaves its reservation (the reader waits again). The copy goes to state 'lost', store 6.
 * `paid` takes the compensation at once (cash or deposit). All in one transaction.
 */
export async function registerLoss(db: Db, scope: Scope, b: RegisterLossBody, operatorId: number | null) {
  const today = await schoolToday(db, scope);
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(copy)
      .where(scope.where(copy, eq(copy.barcode, b.barcode)))
      .for('update');
    if (!c) throw fail(LossError.COPY_NOT_FOUND, 'circ.copyNotFound', { barcode: b.barcode });
    if (c.circState === CircState.LOST)
      throw fail(LossError.ALREADY_LOST, 'losses.alreadyLost', { barcode: c.barcode });
    const [rec] = await tx
      .select({ title: catalogueRecord.title })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.id, c.recordId));
    const open = await findOpenLoan(tx, scope, c.id);
    let readerId: number | null = null;
    if (open) {
      readerId = open.loan.userId;
      await tx
        .update(loan)
        .set({ returnedAt: new Date(), returnOperatorId: operatorId })
        .where(eq(loan.id, open.loan.id));
      // The loan was converted to lost: recorded like the circulation records' conversions.
      await recordLoanConversion(tx, scope, {
        loanId: open.loan.id,
        kind: 'lost',
        reason: b.note ?? '',
        operatorId,
      });
    } else if (b.readerBarcode) {
      readerId = (await findReader(tx, scope, { readerBarcode: b.readerBarcode })).id;
    }
    await copyLeavesQueue(tx, scope, c);
    await tx
      .update(copy)
      .set({
        circState: CircState.LOST,
        storeType: StoreType.LOST,
        version: sql`${copy.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(copy.id, c.id));
    const [l] = await tx
      .insert(lossRecord)
      .values(
        scope.values({
          orderNo: `tmp-${c.id}-${Date.now()}`,
          copyId: c.id,
          recordId: c.recordId,
          barcode: c.barcode,
          title: rec?.title ?? '',
          readerId,
          loanId: open?.loan.id ?? null,
          previousState: c.circState,
          previousStore: c.storeType,
          compensationFen: b.compensationFen,
          registeredBy: operatorId,
          note: b.note,
        }),
      )
      .returning();
    const [row] = await tx
      .update(lossRecord)
      .set({ orderNo: orderNo(today, l.id) })
      .where(eq(lossRecord.id, l.id))
      .returning();
    if (b.paid) await takePayment(tx, scope, row, b.payMethod, operatorId);
    // The `loss` rule (a deduction when the school enables it), once per loss record.
    if (readerId !== null)
      await awardPoints(tx, scope, { userId: readerId, event: 'loss', refType: 'loss', refId: row.id });
    return { id: row.id, orderNo: row.orderNo, state: b.paid ? 'compensated' : 'not_compensated', loanClosed: !!open };
  });
}

async function lockLoss(tx: Tx, scope: Scope, by: { id?: number; barcode?: string }) {
  const cond =
    by.id !== undefined
      ? eq(lossRecord.id, by.id)
      : and(eq(lossRecord.barcode, by.barcode ?? ''), ne(lossRecord.state, 'retrieved'));
  const [l] = await tx
    .select()
    .from(lossRecord)
    .where(scope.where(lossRecord, cond))
    .orderBy(sql`${lossRecord.id} desc`)
    .limit(1)
    .for('update');
  if (!l) {
    if (by.barcode) throw fail(LossError.NOT_LOST, 'losses.notLost', { barcode: by.barcode });
    throw notFound();
  }
  return l;
}

/** Pays the compensation of a loss (遗失处理 → compensate). Only an unpaid, unretrieved loss (LOSS_STATE). */
export async function payCompensation(
  db: Db,
  scope: Scope,
  id: number,
  method: PayMethod,
  note: string,
  operatorId: number | null,
) {
  return db.transaction(async (tx) => {
    const l = await lockLoss(tx, scope, { id });
    if (l.state !== 'not_compensated') throw fail(LossError.LOSS_STATE, 'losses.alreadyPaid');
    await takePayment(tx, scope, l, method, operatorId, note);
    return { id: l.id, orderNo: l.orderNo, state: 'compensated' as const };
  });
}

/**
 * Retrieves one lost copy (spec §5: one at a time — several ids → ONE_AT_A_TIME). 'retrieve_and_refund' pays the
 * compensation back the way it came (cash, or to the deposit) — only a compensated loss has something to refund;
 * 'retrieve_after_logout' keeps it. The copy goes back to its store and 'available' — or straight to the hold
 * shelf when a reservation waits for it. Also the "found again" flow (by barcode).
 */
export async function retrieveLoss(
  db: Db,
  scope: Scope,
  by: { id?: number; ids?: number[]; barcode?: string },
  option: LossOption,
  note: string,
  operatorId: number | null,
) {
  if (by.ids && by.ids.length > 1) throw fail(LossError.ONE_AT_A_TIME, 'losses.oneAtATime');
  const id = by.id ?? by.ids?.[0];
  const today = await schoolToday(db, scope);
  const out = await db.transaction(async (tx) => {
    const l = await lockLoss(tx, scope, id !== undefined ? { id } : { barcode: by.barcode });
    if (l.state === 'retrieved') throw fail(LossError.LOSS_STATE, 'losses.alreadyRetrieved');
    let refundFen = 0;
    if (option === 'retrieve_and_refund') {
      if (l.state !== 'compensated') throw fail(LossError.LOSS_STATE, 'losses.nothingToRefund');
      refundFen = l.compensationFen;
      await recordLedger(tx, scope, {
        kind: 'refund',
        amountFen: -refundFen,
        readerId: l.readerId,
        ref: l.orderNo,
        operatorId,
        note,
      });
      if (l.payMethod === 'deposit' && l.readerId) {
        await tx
          .update(appUser)
          .set({ deposit: sql`${appUser.deposit} + ${refundFen}`, updatedAt: new Date() })
          .where(scope.where(appUser, eq(appUser.id, l.readerId)));
        await recordLedger(tx, scope, {
          kind: 'deposit',
          amountFen: refundFen,
          readerId: l.readerId,
          ref: l.orderNo,
          operatorId,
          note,
        });
      }
    }
    await tx
      .update(lossRecord)
      .set({
        state: 'retrieved',
        option,
        refundFen,
        retrievedBy: operatorId,
        retrievedAt: new Date(),
        ...(note ? { note } : {}),
      })
      .where(eq(lossRecord.id, l.id));
    let hold = null;
    const [c] = await tx
      .select()
      .from(copy)
      .where(scope.where(copy, eq(copy.id, l.copyId)))
      .for('update');
    if (c && c.circState === CircState.LOST) {
      const store = l.previousStore === StoreType.LOST ? StoreType.CIRCULATION : l.previousStore;
      const [back] = await tx
        .update(copy)
        .set({
          circState: CircState.AVAILABLE,
          storeType: store,
          version: sql`${copy.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(copy.id, c.id))
        .returning();
      hold = await releaseCopy(tx, scope, back, today);
    }
    return {
      id: l.id,
      orderNo: l.orderNo,
      barcode: l.barcode,
      title: l.title,
      state: 'retrieved' as const,
      refundFen,
      hold,
    };
  });
  if (out.hold) kickNotify(scope.schoolId);
  return out;
}
