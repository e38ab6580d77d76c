import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { commitWithNext } from '../../db/pipeline.ts';
import { fail } from '../../platform/errors.ts';
import { CONFIG_VERSION } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import type { CopyRow, Tx } from './circulation.hooks.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { loan } from './circulation.table.ts';
import { checkScannedBarcode } from './barcode-check.ts';
import { reviewStateOf } from '../circ-records/review-state.ts';
import { runNamed, statement } from '../../db/statement.ts';

/**
 * The scanned barcode matches a copy's barcode, or its RFID tag (a copy without a tag has rfid ''). The '' is
 * written into the SQL, not passed as a parameter: so the plan of a named statement can use the partial index
 * copy_school_rfid_uq (rfid <> '').
 */
const scanned = () => {
  const code = sql.placeholder('code');
  return or(eq(copy.barcode, code), and(eq(copy.rfid, code), sql`${copy.rfid} <> ''`));
};

/*
 * The desk's statements run many times a second: they are named (`.prepare(name)`), so PostgreSQL parses and plans
 * each once per connection instead of on every scan (planning costs more than running these look-ups). A name
 * stands for one SQL text: a query whose shape varies gets a name per shape.
 */

/**
 * The copy (by barcode, or by RFID tag) with its record's title and resource type, locked FOR UPDATE: two desks scanning one copy queue
 * up here. Unknown barcode → the school's barcode rule is asked first, so a typing error (wrong check digit,
 * prefix, length) is reported as such; a well-formed unknown barcode → COPY_NOT_FOUND.
 */
export async function lockCopy(tx: Tx, scope: Scope, barcode: string) {
  const [c] = await lockCopyRow(tx, scope, { code: barcode });
  if (!c) {
    await checkScannedBarcode(tx, scope, barcode);
    throw fail(CircError.COPY_NOT_FOUND, 'circ.copyNotFound', { barcode });
  }
  return c;
}

/** The borrowing reader, as lockReaderForLoan names them: by id, or by barcode (account or card RFID). */
type LoanReader = { readerId?: number; readerBarcode?: string };

/**
 * lockCopy for a loan, with the borrowing reader's loan counts read by the same statement: `open` over all their
 * open loans, `openOfType` over those of the copy's resource type (setting circ.combinedLimit off), `overdue`, and
 * `unreviewed` (overdue loans whose review is not processed: reader.service `loanCounts`). Sent right behind the
 * reader's lock, in its round trip (the borrow does not wait for the reader's row to send it): the server runs it
 * after that lock, so no loan of the reader's is added meanwhile (a return of theirs ending while the copy's lock
 * waits is still counted: the desk may refuse once too early in that race, never lend past a limit). A reader named
 * by barcode is found by the statement as the reader's lock found them (the first match by id). `copyForLoan` reads
 * the answer; until then the promise must not be left unobserved.
 */
export function sendCopyLockForLoan(tx: Tx, scope: Scope, barcode: string, who: LoanReader, today: string) {
  const answer =
    who.readerId !== undefined
      ? lockCopyCountsRow(tx, scope, { code: barcode, userId: who.readerId, today })
      : lockCopyCountsByCodeRow(tx, scope, { code: barcode, reader: who.readerBarcode ?? '', today });
  answer.catch(() => {});
  return answer;
}

/** The answer of sendCopyLockForLoan: the locked copy and the reader's counts; COPY_NOT_FOUND as lockCopy. */
export async function copyForLoan(tx: Tx, scope: Scope, barcode: string, sent: ReturnType<typeof sendCopyLockForLoan>) {
  const [c] = await sent;
  if (!c) {
    await checkScannedBarcode(tx, scope, barcode);
    throw fail(CircError.COPY_NOT_FOUND, 'circ.copyNotFound', { barcode });
  }
  const [open = 0, openOfType = 0, overdue = 0, unreviewed = 0] = c.counts ?? [];
  return { ...c, counts: { open, openOfType, overdue, unreviewed } };
}

/**
 * A copy on loan with its open loan and reader, both rows locked, in one statement (the return and renewal
 * path), with the school's configuration version (school-config.ts CONFIG_VERSION). Undefined when the barcode names no copy or the copy has no open loan: the caller then asks lockCopy
 * and findOpenLoan, which tell which it is.
 */
export async function lockLoanedCopy(tx: Tx, scope: Scope, barcode: string) {
  const [r] = await lockLoanedCopyRow(tx, scope, { code: barcode });
  return r;
}

/**
 * Whether a reservation of the copy's title waits (TITLE_WAITING) or is open — waiting or on the hold shelf
 * (TITLE_OPEN), read with the copy's lock: the reservation hooks skip their own look-ups when none is (the usual
 * case). A reservation made meanwhile syncs the title's copies, which waits for this lock.
 */
const titleReservations = (states: SQL) =>
  sql<boolean>`exists (select 1 from ${reservation} where ${reservation.schoolId} = ${copy.schoolId} and ${reservation.recordId} = ${copy.recordId} and ${reservation.state} in (${states}))`;
export const TITLE_WAITING = titleReservations(sql.raw(`'waiting'`));
const TITLE_OPEN = titleReservations(sql.raw(`'waiting', 'ready'`));

/** The reader's loan counts (see sendCopyLockForLoan), the reader given as an SQL expression of their id. */
const readerCounts = (userId: SQL) => {
  const overdue = sql`${loan.dueDate} < ${sql.placeholder('today')}`;
  // A probe per open loan of the reader (exists), never `record_id in (select …)`: inside the aggregate's filter that
  // became a hashed subplan of every record of the type — 26–31 ms per check-out at 100k records (quiet bench).
  const ofType = sql`exists (select 1 from ${catalogueRecord} t where t."id" = ${loan.recordId} and t."resource_type_id" = ${catalogueRecord.resourceTypeId})`;
  return sql<
    number[] | null
  >`(select array[count(*), count(*) filter (where ${ofType}), count(*) filter (where ${overdue}),
      count(*) filter (where ${overdue} and ${reviewStateOf(loan.id)} <> 'processed')]::int[]
    from ${loan} where ${loan.schoolId} = ${copy.schoolId} and ${loan.userId} = ${userId} and ${loan.returnedAt} is null)`;
};
const READER_COUNTS = readerCounts(sql`${sql.placeholder('userId')}`);
/** By barcode: the reader lockReaderForLoan locked (reader.service lockReaderByCode: account or card, first by id). */
const READER_COUNTS_BY_CODE = (() => {
  const code = sql.placeholder('reader');
  return readerCounts(
    sql`(select u."id" from ${appUser} u where u."school_id" = ${copy.schoolId} and (u."account" = ${code} or u."card_rfid" = ${code}) order by u."id" limit 1)`,
  );
})();

/** The scanned copy locked with its title, type and open title reservations; `counts`: the reader's loan counts too. */
const lockCopyStatement = (name: string, counts?: SQL<number[] | null>) =>
  statement(name, (tx, school) =>
    tx
      .select({
        copy,
        title: catalogueRecord.title,
        resourceTypeId: catalogueRecord.resourceTypeId,
        titleOpen: TITLE_OPEN,
        ...(counts ? { counts } : {}),
      })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .where(school.where(copy, scanned()))
      .orderBy(copy.id)
      .limit(1)
      .for('update', { of: copy })
      .prepare(name),
  );
const lockCopyRow = lockCopyStatement('circ_lock_copy');
const lockCopyCountsRow = lockCopyStatement('circ_lock_copy_counts', READER_COUNTS);
const lockCopyCountsByCodeRow = lockCopyStatement('circ_lock_copy_counts_code', READER_COUNTS_BY_CODE);

const lockLoanedCopyRow = statement('circ_lock_loaned_copy', (tx, school) =>
  tx
    .select({
      copy,
      title: catalogueRecord.title,
      resourceTypeId: catalogueRecord.resourceTypeId,
      loan,
      reader: appUser,
      config: CONFIG_VERSION,
      titleWaiting: TITLE_WAITING,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .innerJoin(loan, and(eq(loan.copyId, copy.id), isNull(loan.returnedAt)))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .where(school.where(copy, scanned()))
    .orderBy(copy.id)
    .limit(1)
    .for('update', { of: [copy, loan] })
    .prepare('circ_lock_loaned_copy'),
);

/**
 * Lends the locked copy: moves it to 'borrowed' (bumping its version) and writes the open loan, in one statement
 * (with `log`, the call's operation-log insert too).
 * The partial unique index on open loans backs the copy lock. The copy is marked lent once (`ever_lent`) by the same
 * update: the loan table's trigger (migration 0031, for every other writer) then finds it marked and writes the row
 * no second time on the copy's first loan.
 */
export async function writeLoan(
  tx: Tx,
  scope: Scope,
  c: Pick<CopyRow, 'id' | 'recordId'>,
  l: { userId: number; dueDate: string; operatorId: number | null; via: string },
  log?: SQL,
): Promise<number> {
  const [row] = await runNamed<{ id: number }>(
    tx,
    log ? 'circ_write_loan_log' : 'circ_write_loan',
    sql`with moved as (
      update ${copy} set "circ_state" = ${CircState.BORROWED}, "version" = "version" + 1, "updated_at" = now(),
        "ever_lent" = true
      where "id" = ${c.id}
    )${log ? sql`, logged as (${log})` : sql``}
    insert into ${loan} ("school_id", "copy_id", "record_id", "user_id", "due_date", "operator_id", "via")
    values (${scope.schoolId}, ${c.id}, ${c.recordId}, ${l.userId}, ${l.dueDate}, ${l.operatorId}, ${l.via})
    returning "id"`,
  );
  return Number(row.id);
}

/**
 * True in a return's write statement (writeReturn's, the quick return's) when its `closed` part closed the loan: the
 * operation-log insert it runs is gated by it (route ctx.auditInsert's `when`), so a quick return whose guess did not
 * hold writes no row — and the full way's statement, which always closes the loan, takes the same insert.
 */
export const LOAN_CLOSED = sql`exists (select 1 from closed)`;

/**
 * Closes the open loan and moves the locked copy to `to` (none: the copy stays as it is), in one statement; with
 * `log`, the call's operation-log insert (route ctx.auditInsert, gated by LOAN_CLOSED) runs as part of it; with `select`, the statement ends
 * with that select and answers its rows (it sees the tables as they were before the statement). A named statement
 * per shape (`select.name` names the select's text). `last`: the transaction's last statement, the commit goes with
 * it (db/pipeline.ts).
 */
export async function writeReturn(
  tx: Tx,
  loanId: number,
  returned: { returnedAt: Date; operatorId: number | null },
  c: Pick<CopyRow, 'id'>,
  to: CircState | null,
  extra: { log?: SQL; select?: { name: string; sql: SQL }; last?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const parts = [
    sql`closed as (update ${loan} set "returned_at" = ${returned.returnedAt.toISOString()}, "return_operator_id" = ${returned.operatorId} where "id" = ${loanId} returning "id")`,
  ];
  if (extra.log) parts.push(sql`logged as (${extra.log})`);
  if (to) {
    parts.push(
      sql`moved as (update ${copy} set "circ_state" = ${to}, "version" = "version" + 1, "updated_at" = now() where "id" = ${c.id})`,
    );
  }
  const name = `circ_return${extra.log ? '_log' : ''}${to ? '_move' : ''}${extra.select ? `_${extra.select.name}` : ''}`;
  if (extra.last) commitWithNext(tx);
  return runNamed(tx, name, sql`with ${sql.join(parts, sql`, `)} ${extra.select?.sql ?? sql`select 1`}`);
}

/**
 * Moves the locked copy to `to`, bumping its version (catalogue's optimistic check sees the change). No version
 * condition: we hold the row lock, and a hook of the same transaction may already have touched the row.
 */
export async function moveCopy(tx: Tx, c: CopyRow, to: CircState) {
  await tx
    .update(copy)
    .set({ circState: to, version: sql`${copy.version} + 1`, updatedAt: new Date() })
    .where(eq(copy.id, c.id));
}

/** The open loan of a copy, locked, with its reader's account and name. */
export async function findOpenLoan(tx: Tx, scope: Scope, copyId: number) {
  const [l] = await openLoanRow(tx, scope, { copyId });
  return l;
}

const openLoanRow = statement('circ_open_loan', (tx, school) =>
  tx
    .select({ loan, account: appUser.account, name: appUser.name })
    .from(loan)
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .where(school.where(loan, eq(loan.copyId, sql.placeholder('copyId')), isNull(loan.returnedAt)))
    .for('update', { of: loan })
    .prepare('circ_open_loan'),
);

export async function lockOpenLoan(tx: Tx, scope: Scope, copyId: number, barcode: string) {
  const l = await findOpenLoan(tx, scope, copyId);
  if (!l) throw fail(CircError.LOAN_NOT_FOUND, 'circ.loanNotFound', { barcode });
  return l;
}
