import { maskPhone } from '@shuyuan/contracts/common/validators';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import { count, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail } from '../../platform/errors.ts';
import { CONFIG_VERSION } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { reviewStateOf } from '../circ-records/review-state.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { loan } from './circulation.table.ts';
import { limitIn, loanRowsIn } from './desk-panel.service.ts';
import { deskConfig, schoolToday } from './rules.service.ts';
import { statement } from '../../db/statement.ts';

export type Reader = typeof appUser.$inferSelect;

/**
 * A reader by id or by barcode (account or card RFID), within the school; `lock` takes the row FOR UPDATE
 * so parallel borrows of one reader queue up and the loan count they check stays true. Every app_user is a
 * reader (staff borrow too). Unknown → READER_NOT_FOUND.
 */
export async function findReader(
  db: Db,
  scope: Scope,
  who: { readerId?: number; readerBarcode?: string },
  lock = false,
): Promise<Reader> {
  const q = db
    .select()
    .from(appUser)
    .where(scope.where(appUser, readerCondition(who)))
    .orderBy(appUser.id)
    .limit(1);
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw fail(CircError.READER_NOT_FOUND, 'circ.readerNotFound', { barcode: who.readerBarcode ?? who.readerId });
  return r;
}

/**
 * findReader locked, for a loan: with the school's configuration version read in the same statement
 * (school-config.ts CONFIG_VERSION), so the loan needs no statement of its own for it.
 */
export async function lockReaderForLoan(
  tx: Db,
  scope: Scope,
  who: { readerId?: number; readerBarcode?: string },
): Promise<{ reader: Reader; config: string | null; holdsReady: boolean }> {
  const [r] =
    who.readerId !== undefined
      ? await lockReaderById(tx, scope, { id: who.readerId })
      : await lockReaderByCode(tx, scope, { code: who.readerBarcode ?? '' });
  if (!r) throw fail(CircError.READER_NOT_FOUND, 'circ.readerNotFound', { barcode: who.readerBarcode ?? who.readerId });
  return r;
}

/** Whether a copy waits on the hold shelf for the reader (the desk panel's holds: no look-up when none does). */
const HOLDS_READY = sql<boolean>`exists (select 1 from ${reservation} where ${reservation.schoolId} = ${appUser.schoolId} and ${reservation.readerId} = ${appUser.id} and ${reservation.state} = 'ready')`;

const lockReaderWhere = (name: string, cond: SQL) =>
  statement(name, (db, school) =>
    db
      .select({ reader: appUser, config: CONFIG_VERSION, holdsReady: HOLDS_READY })
      .from(appUser)
      .where(school.where(appUser, cond))
      .orderBy(appUser.id)
      .limit(1)
      .for('update', { of: appUser })
      .prepare(name),
  );
const lockReaderById = lockReaderWhere('circ_lock_reader_id', eq(appUser.id, sql.placeholder('id')));
const lockReaderByCode = lockReaderWhere(
  'circ_lock_reader',
  or(eq(appUser.account, sql.placeholder('code')), eq(appUser.cardRfid, sql.placeholder('code'))) as SQL,
);

/** A reader by id, or by barcode: account or card RFID. */
const readerCondition = (who: { readerId?: number; readerBarcode?: string }) =>
  who.readerId !== undefined
    ? eq(appUser.id, who.readerId)
    : or(eq(appUser.account, who.readerBarcode ?? ''), eq(appUser.cardRfid, who.readerBarcode ?? ''));

/** A reader may borrow only while active (state 1) and before the card's valid-until day has passed. */
export function checkReaderValid(r: Reader, today: string): void {
  if (r.state !== 1) throw fail(CircError.READER_DISABLED, 'circ.readerDisabled');
  if (r.validUntil && r.validUntil < today)
    throw fail(CircError.READER_EXPIRED, 'circ.readerExpired', { date: r.validUntil });
}

/**
 * Open and overdue loan counts of a reader (today = the school's date). With `resourceTypeId`, `open` counts
 * only loans of records of that resource type (setting circ.combinedLimit off: each type's limit alone);
 * `overdue` always counts every loan; `unreviewed` the overdue loans whose review (P/Circulation/OverdueReviews)
 * is not 'processed' — under overdue mode "single processing" only these block borrowing.
 */
export async function loanCounts(db: Db, scope: Scope, userId: number, today: string, resourceTypeId?: number) {
  const [c] =
    resourceTypeId === undefined
      ? await countLoans(db, scope, { userId, today })
      : await countLoansOfType(db, scope, { userId, today, typeId: resourceTypeId });
  return { open: c?.open ?? 0, overdue: c?.overdue ?? 0, unreviewed: c?.unreviewed ?? 0 };
}

const countLoansWhere = (name: string, ofType: SQL) =>
  statement(name, (db, school) => {
    const overdue = lt(loan.dueDate, sql.placeholder('today'));
    return db
      .select({
        open: sql<number>`count(*) filter (where ${ofType})`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
        unreviewed:
          sql<number>`count(*) filter (where ${overdue} and ${reviewStateOf(loan.id)} <> 'processed')`.mapWith(Number),
      })
      .from(loan)
      .where(school.where(loan, eq(loan.userId, sql.placeholder('userId')), isNull(loan.returnedAt)))
      .prepare(name);
  });
const countLoans = countLoansWhere('circ_loan_counts', sql`true`);
const countLoansOfType = countLoansWhere(
  'circ_loan_counts_type',
  // A probe per open loan (exists), not `in (select …)`: that hashes every record of the type on each call.
  sql`exists (select 1 from ${catalogueRecord} where ${catalogueRecord.id} = ${loan.recordId} and ${eq(catalogueRecord.resourceTypeId, sql.placeholder('typeId'))})`,
);

/** P/Literature/GetCircUserInfoByBarCode: who is at the desk (photo, class, card state), phone masked, loan counts. */
export async function readerInfo(db: Db, scope: Scope, readerBarcode: string) {
  const r = await findReader(db, scope, { readerBarcode });
  const today = await schoolToday(db, scope);
  return readerInfoOf(db, scope, r, today, await loanCounts(db, scope, r.id, today));
}

/** readerInfo of a reader at hand, with their loan counts. */
export async function readerInfoOf(
  db: Db,
  scope: Scope,
  r: Reader,
  today: string,
  counts: { open: number; overdue: number },
) {
  const [cls] = r.classId
    ? await db
        .select({ name: schoolClass.name, grade: grade.name })
        .from(schoolClass)
        .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
        .where(scope.where(schoolClass, eq(schoolClass.id, r.classId)))
    : [];
  return {
    id: r.id,
    account: r.account,
    name: r.name,
    enName: r.enName,
    identity: r.identity,
    phone: maskPhone(r.phone),
    email: r.email,
    departmentId: r.departmentId,
    validUntil: r.validUntil,
    state: r.state,
    depositFen: r.deposit,
    photoUrl: r.photoUrl,
    className: cls ? `${cls.grade ?? ''}${cls.name}` : null,
    cardLost: r.cardLost,
    expired: Boolean(r.validUntil && r.validUntil < today),
    openLoans: counts.open,
    overdueLoans: counts.overdue,
  };
}

/**
 * P/Circulation/GetUserBorrowLimitV2: the reader's effective rule (without a copy: any resource type, any
 * location), and — when the school has rules per resource type that apply to this reader — one entry per
 * such type: its rule and what is left of its limit. Under circ.combinedLimit (default) a type's limit is
 * checked against all the reader's open loans, with it off against that type's loans only (as borrowItem).
 */
export async function borrowLimit(db: Db, scope: Scope, readerBarcode: string) {
  const reader = await findReader(db, scope, { readerBarcode });
  return limitIn(db, { scope, reader, ...(await deskConfig(db, scope)) });
}

/** P/Circulation/GetUserBorrowing: open loans of a reader, oldest due first, with overdue days. */
export async function openLoans(db: Db, scope: Scope, q: { readerBarcode: string; Page: number; Rows: number }) {
  const r = await findReader(db, scope, { readerBarcode: q.readerBarcode });
  return openLoansOf(db, scope, r.id, q);
}

export async function openLoansOf(db: Db, scope: Scope, userId: number, q: { Page: number; Rows: number }) {
  const { today, closed } = await deskConfig(db, scope);
  const [{ total }] = await db
    .select({ total: count() })
    .from(loan)
    .where(scope.where(loan, eq(loan.userId, userId), isNull(loan.returnedAt)));
  const rows = await loanRowsIn(db, { scope, today, closed }, userId, { limit: q.Rows, offset: pageOffset(q) });
  return list(rows, total);
}
