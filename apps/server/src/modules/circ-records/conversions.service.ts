import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import { type OverdueReviewState, reviewKind } from '@shuyuan/contracts/circ-records/records';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { returnItem } from '../circulation/circulation.service.ts';
import { loan } from '../circulation/circulation.table.ts';
import { lockCopy } from '../circulation/loan-locks.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { recordWeeding } from '../stocktake/weeding.service.ts';
import { registerLoss } from '../losses/losses.service.ts';
import { loanConversion } from './circ-records.table.ts';

/** The open loan `id` of the school with its copy's barcode; a returned or unknown loan is refused. */
async function openLoan(db: Db, scope: Scope, id: number) {
  const [l] = await db
    .select({ id: loan.id, barcode: copy.barcode, returnedAt: loan.returnedAt })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .where(scope.where(loan, eq(loan.id, id)))
    .limit(1);
  if (!l) throw fail(CircError.LOAN_NOT_FOUND, 'circRecords.convert.loanNotFound');
  if (l.returnedAt) throw fail('LOAN_CLOSED', 'circRecords.convert.alreadyClosed');
  return l;
}

/**
 * Converts an open loan to returned (a book found on a shelf, a return the desk missed): the desk's own
 * return command runs (reservations may put the copy on the hold shelf), and the conversion is recorded with
 * its reason, in one transaction.
 */
export async function convertToReturned(db: Db, scope: Scope, id: number, reason: string, operatorId: number | null) {
  const l = await openLoan(db, scope, id);
  return db.transaction(async (tx) => {
    const r = await returnItem(tx, scope, { barcode: l.barcode, operatorId });
    await tx.insert(loanConversion).values(scope.values({ loanId: id, kind: 'returned', reason, operatorId }));
    return r;
  });
}

/**
 * Converts an open loan to weeding (the reader brought back a worn-out book, or it is beyond repair): the
 * loan is closed, the copy leaves circulation (store 3 = weeded, never lends again) and the reason is kept.
 * The copy and loan rows are locked, so a desk return at the same moment waits and then finds no open loan.
 */
export async function convertToWeeding(db: Db, scope: Scope, id: number, reason: string, operatorId: number | null) {
  const l = await openLoan(db, scope, id);
  return db.transaction(async (tx) => {
    const { copy: c } = await lockCopy(tx, scope, l.barcode);
    const closed = await tx
      .update(loan)
      .set({ returnedAt: new Date(), returnOperatorId: operatorId })
      .where(scope.where(loan, eq(loan.id, id), isNull(loan.returnedAt)))
      .returning({ id: loan.id });
    if (!closed.length) throw fail('LOAN_CLOSED', 'circRecords.convert.alreadyClosed');
    await tx
      .update(copy)
      .set({
        circState: CircState.AVAILABLE,
        storeType: StoreType.WEEDED,
        version: sql`${copy.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(copy.id, c.id)));
    await tx.insert(loanConversion).values(scope.values({ loanId: id, kind: 'weeding', reason, operatorId }));
    const [rec] = await tx
      .select({ title: catalogueRecord.title, priceFen: catalogueRecord.priceFen })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.id, c.recordId));
    await recordWeeding(tx, scope, {
      copyId: c.id,
      recordId: c.recordId,
      barcode: c.barcode,
      title: rec?.title ?? '',
      callNo: c.callNo,
      reason,
      priceFen: c.unitPriceFen ?? rec?.priceFen ?? null,
      prevStore: c.storeType,
      weededOn: await schoolToday(tx, scope),
      operatorId,
    });
    return { loanId: id, barcode: c.barcode, storeType: StoreType.WEEDED };
  });
}

/**
 * Converts an open loan to lost through the losses module's registration (its rules: the loan is closed as
 * lost, the copy goes to state lost / store 6, the reader owes `compensationFen`), and records the conversion,
 * in one transaction.
 */
export async function convertToLost(
  db: Db,
  scope: Scope,
  id: number,
  input: { reason: string; compensationFen: number },
  operatorId: number | null,
) {
  const l = await openLoan(db, scope, id);
  return db.transaction(async (tx) => {
    const loss = await registerLoss(
      tx,
      scope,
      {
        barcode: l.barcode,
        compensationFen: input.compensationFen,
        paid: false,
        payMethod: 'cash',
        note: input.reason,
      },
      operatorId,
    );
    // registerLoss records the conversion (kind lost, the reason as its note) when it closes the loan.
    return loss;
  });
}

/**
 * Reviews overdue loans (P/Circulation/OverdueReviews, spec §4 "Processing: pending, processed, abandoned"):
 * each loan must be this school's, still open and past its due date (OVERDUE_NOT_OPEN otherwise); one row per
 * loan goes to the conversion log (`overdue-<state>`, reason, operator) — the latest row is the loan's state.
 * Under overdue mode "single processing" a processed overdue no longer keeps its reader from borrowing.
 */
export async function reviewOverdue(
  db: Db,
  scope: Scope,
  input: { ids: number[]; state: OverdueReviewState; reason: string },
  operatorId: number | null,
) {
  const today = await schoolToday(db, scope);
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.ids)];
    const rows = await tx
      .select({ id: loan.id, barcode: copy.barcode, returnedAt: loan.returnedAt, dueDate: loan.dueDate })
      .from(loan)
      .innerJoin(copy, eq(copy.id, loan.copyId))
      .where(scope.where(loan, inArray(loan.id, ids)))
      .for('update', { of: loan });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const l = byId.get(id);
      if (!l) throw fail(CircError.LOAN_NOT_FOUND, 'circRecords.convert.loanNotFound');
      if (l.returnedAt || l.dueDate >= today)
        throw fail('OVERDUE_NOT_OPEN', 'circRecords.review.notOverdue', { barcode: l.barcode });
    }
    const kind = reviewKind(input.state);
    await tx
      .insert(loanConversion)
      .values(ids.map((loanId) => scope.values({ loanId, kind, reason: input.reason, operatorId })));
    return { reviewed: ids.length, state: input.state };
  });
}
