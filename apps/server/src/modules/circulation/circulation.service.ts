import { canTransition, CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError, type LoanVia, OverdueMode } from '@shuyuan/contracts/circulation/loan';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { getSetting } from '../settings/settings.service.ts';
import { appUser } from '../auth/user.table.ts';
import { loan } from './circulation.table.ts';
import { checkReaderValid, findReader, loanCounts } from './reader.service.ts';
import { daysBetween, dueDateAfter, getEffectiveRule, schoolToday } from './rules.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface BorrowInput {
  readerId?: number;
  readerBarcode?: string;
  barcode: string;
  operatorId: number | null;
  via: LoanVia;
}

/** The copy with its record's title, locked FOR UPDATE: two desks scanning one copy queue up here. */
async function lockCopy(tx: Tx, scope: Scope, barcode: string) {
  const [c] = await tx
    .select({ copy, title: catalogueRecord.title })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(copy, eq(copy.barcode, barcode)))
    .for('update', { of: copy });
  if (!c) throw fail(CircError.COPY_NOT_FOUND, 'circ.copyNotFound', { barcode });
  return c;
}

/** Moves the copy along CIRC_TRANSITIONS, bumping its version (catalogue's optimistic check stays true). */
async function moveCopy(tx: Tx, c: typeof copy.$inferSelect, to: CircState) {
  await tx
    .update(copy)
    .set({ circState: to, version: sql`${copy.version} + 1`, updatedAt: new Date() })
    .where(and(eq(copy.id, c.id), eq(copy.version, c.version)));
}

/**
 * Lends a copy to a reader (desk, SIP2 checkout, batch). Business rule, checked in this order inside one
 * transaction: the reader exists (READER_NOT_FOUND), is active (READER_DISABLED) and not past valid-until
 * (READER_EXPIRED); the copy exists (COPY_NOT_FOUND), is not on loan (COPY_ON_LOAN) and may go
 * available → borrowed (COPY_NOT_AVAILABLE otherwise: lost, locked, reserved …); under the overdue mode
 * 'unified-refusal' — or 'single' with a rule that forbids it — a reader with an overdue loan is refused
 * (OVERDUE_REFUSED); open loans must stay below the effective rule's max_loans (OVER_LIMIT). The due date is
 * today + loan_days, moved past closed days. The reader row is locked first, then the copy (one order for
 * everybody, so no deadlock): parallel borrows of one reader count loans one after another, and the partial
 * unique index on open loans backs the copy lock.
 */
export async function borrowItem(db: Db, scope: Scope, input: BorrowInput) {
  const mode = await getSetting<string>(db, scope, 'circ.overdueMode');
  const today = await schoolToday(db, scope);
  return db.transaction(async (tx) => {
    const reader = await findReader(tx, scope, input, true);
    checkReaderValid(reader, today);
    const { copy: c, title } = await lockCopy(tx, scope, input.barcode);
    const state = c.circState as CircState;
    if (state === CircState.BORROWED || state === CircState.RESERVING) {
      throw fail(CircError.COPY_ON_LOAN, 'circ.copyOnLoan', { barcode: c.barcode });
    }
    if (state !== CircState.AVAILABLE || !canTransition(state, CircState.BORROWED)) {
      throw fail(CircError.COPY_NOT_AVAILABLE, 'circ.copyNotAvailable', { barcode: c.barcode, state });
    }
    const rule = await getEffectiveRule(tx, scope, {
      identity: reader.identity,
      groupId: null,
      resourceTypeId: null,
      locationId: c.locationId,
    });
    const counts = await loanCounts(tx, scope, reader.id, today);
    const overdueBlocks =
      mode === OverdueMode.UNIFIED_REFUSAL || (mode === OverdueMode.SINGLE && !rule.overdueLendAllowed);
    if (counts.overdue > 0 && overdueBlocks) {
      throw fail(CircError.OVERDUE_REFUSED, 'circ.overdueRefused', { count: counts.overdue });
    }
    if (counts.open >= rule.maxLoans) {
      throw fail(CircError.OVER_LIMIT, 'circ.overLimit', { count: counts.open, max: rule.maxLoans });
    }
    const dueDate = await dueDateAfter(tx, scope, today, rule.loanDays);
    await moveCopy(tx, c, CircState.BORROWED);
    const [l] = await tx
      .insert(loan)
      .values(
        scope.values({
          copyId: c.id,
          recordId: c.recordId,
          userId: reader.id,
          dueDate,
          operatorId: input.operatorId,
          via: input.via,
        }),
      )
      .returning({ id: loan.id });
    return {
      loanId: l.id,
      dueDate,
      barcode: c.barcode,
      title,
      reader: { id: reader.id, account: reader.account, name: reader.name },
      openLoans: counts.open + 1,
      maxLoans: rule.maxLoans,
    };
  });
}

/** The open loan of a copy, locked, with its reader's account. */
async function lockOpenLoan(tx: Tx, scope: Scope, copyId: number, barcode: string) {
  const [l] = await tx
    .select({ loan, account: appUser.account, name: appUser.name })
    .from(loan)
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .where(scope.where(loan, eq(loan.copyId, copyId), isNull(loan.returnedAt)))
    .for('update', { of: loan });
  if (!l) throw fail(CircError.LOAN_NOT_FOUND, 'circ.loanNotFound', { barcode });
  return l;
}

/**
 * Takes a copy back. Business rule: the copy must exist (COPY_NOT_FOUND) and have an open loan
 * (LOAN_NOT_FOUND); the loan is closed now, the copy goes borrowed → available, and the answer names the
 * reader and the days overdue (today − due date, 0 when on time) so the desk can say so.
 */
export async function returnItem(db: Db, scope: Scope, input: { barcode: string; operatorId: number | null }) {
  const today = await schoolToday(db, scope);
  return db.transaction(async (tx) => {
    const { copy: c, title } = await lockCopy(tx, scope, input.barcode);
    const { loan: l, account, name } = await lockOpenLoan(tx, scope, c.id, c.barcode);
    await tx.update(loan).set({ returnedAt: new Date(), returnOperatorId: input.operatorId }).where(eq(loan.id, l.id));
    if (canTransition(c.circState as CircState, CircState.AVAILABLE)) await moveCopy(tx, c, CircState.AVAILABLE);
    return {
      loanId: l.id,
      barcode: c.barcode,
      title,
      dueDate: l.dueDate,
      overdueDays: Math.max(0, daysBetween(l.dueDate, today)),
      reader: { id: l.userId, account, name },
    };
  });
}

/**
 * Renews the open loan of a copy. Business rule: the copy and its open loan must exist (COPY_NOT_FOUND,
 * LOAN_NOT_FOUND; with `readerId`, the loan must be that reader's); the reader must still be valid; the
 * loan's renewals must stay below the rule's max_renewals (RENEW_LIMIT); an overdue loan renews only when the
 * rule allows it (RENEW_OVERDUE_REFUSED). The new due date is the later of today and the current due date,
 * plus renew_days, moved past closed days.
 */
export async function renewLoan(
  db: Db,
  scope: Scope,
  input: { barcode: string; readerId?: number; operatorId: number | null },
) {
  const today = await schoolToday(db, scope);
  return db.transaction(async (tx) => {
    const { copy: c, title } = await lockCopy(tx, scope, input.barcode);
    const { loan: l } = await lockOpenLoan(tx, scope, c.id, c.barcode);
    if (input.readerId !== undefined && l.userId !== input.readerId) {
      throw fail(CircError.LOAN_NOT_FOUND, 'circ.loanNotFound', { barcode: c.barcode });
    }
    const reader = await findReader(tx, scope, { readerId: l.userId });
    checkReaderValid(reader, today);
    const rule = await getEffectiveRule(tx, scope, {
      identity: reader.identity,
      groupId: null,
      resourceTypeId: null,
      locationId: c.locationId,
    });
    if (l.renewals >= rule.maxRenewals) throw fail(CircError.RENEW_LIMIT, 'circ.renewLimit', { count: l.renewals });
    const overdue = l.dueDate < today;
    if (overdue && !rule.overdueRenewAllowed) throw fail(CircError.RENEW_OVERDUE_REFUSED, 'circ.renewOverdueRefused');
    const dueDate = await dueDateAfter(tx, scope, overdue ? today : l.dueDate, rule.renewDays);
    await tx
      .update(loan)
      .set({ dueDate, renewals: l.renewals + 1 })
      .where(eq(loan.id, l.id));
    return { loanId: l.id, barcode: c.barcode, title, dueDate, renewals: l.renewals + 1 };
  });
}
