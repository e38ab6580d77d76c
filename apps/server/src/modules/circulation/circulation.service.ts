import { CircState, canTransition } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError, type LoanVia, OVERRIDABLE_REFUSALS, OverdueMode } from '@shuyuan/contracts/circulation/loan';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { schoolConfigAt } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { BORROW_RANGES, pickRange, rangeAllows } from '../circulation-rules/borrow-range.service.ts';
import { readerCardUsable } from '../readers/reader.values.ts';
import { STORED_SETTINGS, settingsFrom } from '../settings/settings.service.ts';
import {
  type BorrowContext,
  runBorrowChecks,
  borrowDoneNeeded,
  runBorrowDone,
  runNoLoanChecks,
  runRenewChecks,
  runReturnHooks,
  type Tx,
} from './circulation.hooks.ts';
import { loan } from './circulation.table.ts';
import {
  copyForLoan,
  findOpenLoan,
  LOAN_CLOSED,
  lockCopy,
  lockLoanedCopy,
  sendCopyLockForLoan,
  writeLoan,
  writeReturn,
} from './loan-locks.ts';
import type { PanelView } from './desk-panel.service.ts';
import { checkReaderValid, lockReaderForLoan } from './reader.service.ts';
import { dateIn, deskConfigOf, dueDateIn, openDaysBetween, pickRule } from './rules.service.ts';
import { runNamed } from '../../db/statement.ts';
import { refuseUnlendableStore } from './store-refusal.ts';
import { signingKeyIn, tokenMatches } from './verify.service.ts';
import { afiToWrite } from './afi.ts';
import { quickReturn, rememberReturnConfig } from './quick-return.ts';

export interface BorrowInput {
  readerId?: number;
  readerBarcode?: string;
  barcode: string;
  operatorId: number | null;
  via: LoanVia;
  /**
   * SIP2 no-block (offline) checkout: the machine already lent the copy while it could not reach us, so the
   * reader's blocks (card, validity, range, overdue, limit) do not refuse it; the copy must still be lendable.
   * `dueDate` is the one the machine gave the reader (else the rule's).
   */
  offline?: { dueDate?: string };
  /**
   * The desk's reader verification (P/readers/checkverify): when the school asks for it, the token must be a valid
   * verification of this reader (else VERIFY_FAILED). Absent: no verification (batch, SIP2 — its own password).
   */
  verify?: { token?: string };
  /**
   * The desk overrides the reader's policy refusals (OVERRIDABLE: limit, overdue, range, expired card, held for
   * another reader): the loan is made and the answer's `overridden` lists what was set aside. The route checks
   * the permission (surrency.borrow:override) and logs the reason; the copy must still be lendable.
   */
  override?: boolean;
  /** The caller's operation-log row, written in the loan's transaction (with the refusals overridden). */
  audit?: (tx: Tx, overridden: string[]) => Promise<void>;
  /**
   * Or the row as an insert run with the loan's write (route ctx.auditInsert; the refusals overridden are known by
   * then): no round trip of its own. Undefined from it: `audit` is asked.
   */
  log?: (overridden: string[]) => SQL | undefined;
}

/** Refusals a desk with the override permission may set aside (with a reason that is logged). */
export const OVERRIDABLE: ReadonlySet<string> = new Set(OVERRIDABLE_REFUSALS);

/**
 * What a desk command answers beside its result, read in the command's transaction after its write (the desk's
 * one-request scans: the reader panel, the reader's other loans): given the transaction and what the command
 * already knows of the school and the reader.
 */
export type AfterWrite<X> = (tx: Tx, view: PanelView) => Promise<X>;

/**
 * What a return answers beside its result, read by the return's write statement itself (its last part, which sees
 * the tables as they were before it): `select` gives that part, `answer` makes the answer of its rows.
 */
export interface ReadWithReturn<X> {
  /** Names the select's text (the write runs as a named statement per shape). */
  name: string;
  /** The reader's and the loan's ids as values, or as SQL expressions of the statement (quick-return.ts). */
  select: (scope: Scope, readerId: number | SQL, loanId: number | SQL) => SQL;
  answer: (rows: Record<string, unknown>[], view: PanelView) => X;
}

/** Why a copy that is neither on loan nor on the hold shelf cannot lend: one message per state. */
const NOT_AVAILABLE_KEY: Partial<Record<CircState, string>> = {
  [CircState.LOST]: 'circ.copyLost',
  [CircState.LOCKED]: 'circ.copyLocked',
  [CircState.RETURNED_NOT_RECEIVED]: 'circ.copyNotReceived',
  [CircState.BOUND]: 'circ.copyBound',
};

/**
 * How many overdue loans stop a reader from borrowing, under the school's overdue mode (spec §9): unified
 * lendable → none; unified refusal → every overdue loan; single processing → each overdue loan whose review is
 * not processed yet, unless the reader's rule allows lending while overdue. The desk and SIP2 both ask this.
 */
export function overdueBlocking(
  mode: string | undefined,
  rule: { overdueLendAllowed: boolean },
  counts: { overdue: number; unreviewed: number },
): number {
  if (mode === OverdueMode.UNIFIED_REFUSAL) return counts.overdue;
  if (mode === OverdueMode.SINGLE && !rule.overdueLendAllowed) return counts.unreviewed;
  return 0;
}

/**
 * Lends a copy to a reader (desk, SIP2 checkout, batch). Business rule, checked in this order inside one
 * transaction:
 * 1. the reader exists (READER_NOT_FOUND); at the desk, when the school asks for it (circ.borrowVerify), the reader
 *    verified with their password (VERIFY_FAILED); scanned by card while the card is reported lost (CARD_LOST);
 *    active (READER_DISABLED) and not past valid-until (READER_EXPIRED);
 * 2. the copy exists — a malformed barcode is reported by the school's barcode rule, else COPY_NOT_FOUND; it is
 *    not on loan (COPY_ON_LOAN, naming whether this reader already has it), in the circulation store (weeded:
 *    COPY_WEEDED; cataloguing, recommended purchase, turnover, lost, reading, inventory check: COPY_STORE_REFUSED,
 *    each with its own reason — store-refusal.ts);
 * 3. borrow checks of other modules (circulation.hooks.ts); a copy on the hold shelf lends only to its holder
 *    (RESERVED_FOR_OTHER); lost, locked, not-received copies refuse (COPY_NOT_AVAILABLE);
 * 4. the reader's borrowing range (permission group / identity → locations, resource types) (NOT_IN_RANGE);
 * 5. the effective rule (group, identity, the record's resource type, the copy's location): under overdue mode
 *    'unified-refusal' an overdue loan blocks (OVERDUE_REFUSED); under 'single' with a rule that forbids it, an
 *    overdue loan blocks until its review (P/Circulation/OverdueReviews) is processed;
 *    open loans stay below max_loans (OVER_LIMIT) — all open loans, or with setting circ.combinedLimit off only
 *    the loans of the copy's resource type.
 * The due date is loan_days open days after today (closed days do not count, never a closed day). The reader row
 * is locked first, then the copy (one order for everybody, no deadlock): parallel borrows of one reader count
 * loans one after another, and the partial unique index on open loans backs the copy lock.
 * The school's rules, calendar and settings come from its configuration snapshot (platform/school-config.ts), whose
 * version the reader's lock reads: a borrow costs the two locks (the copy's also reads the reader's loan counts) and
 * one write (copy + loan + the operation-log row); the reservations hook looks nothing up when the copy's lock saw
 * no open reservation of the title. With `after` (the desk's panel) and `log`, the panel's reads end the transaction
 * and carry its commit (db/pipeline.ts).
 */
/** Each school's day as the last loan computed it (its time zone's date): the guess a borrow sends its copy lock with. */
const lastDay = new Map<number, string>();
function rememberDay(schoolId: number, today: string) {
  if (lastDay.get(schoolId) === today) return;
  if (lastDay.size >= 10_000) lastDay.clear();
  lastDay.set(schoolId, today);
}

export async function borrowItem<X = undefined>(db: Db, scope: Scope, input: BorrowInput & { after?: AfterWrite<X> }) {
  return db.transaction(async (tx) => {
    // The copy's lock leaves with the reader's, in one round trip, with the school's day as last seen (the reader's
    // lock reads the configuration version the day is computed from); a day that turns out otherwise sends it again.
    const guess = lastDay.get(scope.schoolId);
    const readerLock = lockReaderForLoan(tx, scope, input);
    const copyLock = guess ? sendCopyLockForLoan(tx, scope, input.barcode, input, guess) : null;
    const { reader, config: version, holdsReady } = await readerLock;
    const { config, today, closed, rules } = await deskConfigOf(schoolConfigAt(tx, scope, version));
    rememberDay(scope.schoolId, today);
    const settings = settingsFrom(await config.get(STORED_SETTINGS), [
      'circ.overdueMode',
      'circ.combinedLimit',
      'circ.borrowVerify',
    ]);
    const mode = settings['circ.overdueMode'] as string;
    const combined = settings['circ.combinedLimit'] !== false;
    if (input.verify && settings['circ.borrowVerify']) {
      const token = input.verify.token;
      const key = token ? await signingKeyIn(db, tx) : null;
      if (!token || !key || !tokenMatches(key, scope, reader.id, token))
        throw fail(CircError.VERIFY_FAILED, 'circ.verify.required');
    }
    const offline = input.offline;
    const overridden: string[] = [];
    /** A policy refusal: set aside (and listed) when the desk overrides it, else thrown. */
    const refuse = (code: CircError, key: string, params?: Record<string, unknown>) => {
      if (input.override && OVERRIDABLE.has(code)) overridden.push(code);
      else throw fail(code, key, params);
    };
    if (!offline && input.readerId === undefined && !readerCardUsable(reader))
      throw fail(CircError.CARD_LOST, 'circ.cardLost');
    if (!offline) {
      if (reader.state === 1 && reader.validUntil && reader.validUntil < today)
        refuse(CircError.READER_EXPIRED, 'circ.readerExpired', { date: reader.validUntil });
      else checkReaderValid(reader, today);
    }
    const locked = await copyForLoan(
      tx,
      scope,
      input.barcode,
      copyLock && guess === today
        ? copyLock
        : sendCopyLockForLoan(tx, scope, input.barcode, { readerId: reader.id }, today),
    );
    const { copy: c, title, resourceTypeId, titleOpen } = locked;
    const state = c.circState as CircState;
    if (state === CircState.BORROWED || state === CircState.RESERVING) {
      const holder = await findOpenLoan(tx, scope, c.id);
      if (holder?.loan.userId === reader.id)
        throw fail(CircError.COPY_ON_LOAN, 'circ.copyOnLoanSame', { barcode: c.barcode, due: holder.loan.dueDate });
      throw fail(CircError.COPY_ON_LOAN, 'circ.copyOnLoan', { barcode: c.barcode });
    }
    refuseUnlendableStore(c);
    const ctx: BorrowContext = {
      tx,
      scope,
      config,
      today,
      reader,
      copy: c,
      resourceTypeId,
      operatorId: input.operatorId,
      override: !!input.override,
      titleOpen,
    };
    const checks = await runBorrowChecks(ctx);
    const isHolder = checks.holder;
    overridden.push(...checks.overridden);
    if (state === CircState.RESERVED && !isHolder) {
      throw fail(CircError.RESERVED_FOR_OTHER, 'circ.reservedForOther', { barcode: c.barcode });
    }
    if ((state !== CircState.AVAILABLE && state !== CircState.RESERVED) || !canTransition(state, CircState.BORROWED)) {
      throw fail(CircError.COPY_NOT_AVAILABLE, NOT_AVAILABLE_KEY[state] ?? 'circ.copyNotAvailable', {
        barcode: c.barcode,
        state,
      });
    }
    const subject = {
      identity: reader.identity,
      groupId: reader.permissionGroupId,
      resourceTypeId,
      locationId: c.locationId,
    };
    if (!offline && !rangeAllows(pickRange(await config.get(BORROW_RANGES), subject), subject)) {
      refuse(CircError.NOT_IN_RANGE, 'circ.notInRange', { barcode: c.barcode });
    }
    const rule = pickRule(rules, subject);
    // circ.combinedLimit off: a rule of this resource type counts only this type's loans.
    const perType = !combined && resourceTypeId !== null;
    const all = locked.counts;
    const counts = { open: perType ? all.openOfType : all.open, overdue: all.overdue, unreviewed: all.unreviewed };
    const blocking = overdueBlocking(mode, rule, counts);
    if (!offline && blocking > 0) {
      refuse(CircError.OVERDUE_REFUSED, 'circ.overdueRefused', { count: blocking });
    }
    if (!offline && counts.open >= rule.maxLoans) {
      refuse(CircError.OVER_LIMIT, 'circ.overLimit', { count: counts.open, max: rule.maxLoans });
    }
    const dueDate = offline?.dueDate ?? dueDateIn(closed, today, rule.loanDays);
    const log = input.log?.(overridden);
    const writing = writeLoan(
      tx,
      scope,
      c,
      { userId: reader.id, dueDate, operatorId: input.operatorId, via: input.via },
      log,
    );
    const view: PanelView & { last: boolean } = {
      scope,
      config,
      today,
      closed,
      reader,
      // The counts over all loans, as they are now (the new loan is not overdue).
      counts: { open: all.open + 1, overdue: all.overdue, unreviewed: all.unreviewed },
      noHolds: !holdsReady,
      // Nothing but JavaScript after the panel (the log row went with the loan): the commit goes with its last read.
      last: !!log || !input.audit,
    };
    let loanId: number;
    let panel: X | undefined;
    if (view.last && !borrowDoneNeeded(ctx)) {
      // Nothing waits for the loan's id: the panel's reads are sent right behind the write (the connection runs them
      // in order, so they see the new loan) and the commit with them — one round trip less. A failed write fails
      // them too; its own error is the one thrown.
      const reading = input.after?.(tx, view);
      reading?.catch(() => {});
      loanId = await writing;
      panel = await reading;
    } else {
      loanId = await writing;
      await runBorrowDone({ ...ctx, loanId, dueDate });
      if (!log) await input.audit?.(tx, overridden);
      panel = await input.after?.(tx, view);
    }
    return {
      panel,
      loanId,
      dueDate,
      barcode: c.barcode,
      rfid: c.rfid,
      title,
      reader: { id: reader.id, account: reader.account, name: reader.name },
      openLoans: counts.open + 1,
      maxLoans: rule.maxLoans,
      /** The refusals the desk overrode for this loan (empty without an override). */
      overridden,
      /** What the desk's RFID reader writes to the tag now (security AFI 'lent'). */
      afiWrite: await afiToWrite(config, c.rfid, 'lent'),
    };
  });
}

/**
 * Takes a copy back. Business rule: the copy must exist (COPY_NOT_FOUND, or the barcode rule's own message) and
 * have an open loan (LOAN_NOT_FOUND; a copy registered lost answers COPY_LOST: found again, see lost-and-found); the loan is closed now. Return hooks (reservations) may answer a hold:
 * then the copy goes to the hold shelf ('reserved') and the answer carries `hold`; otherwise it goes back to
 * 'available'. The answer names the reader and the days overdue (open days after the due date up to the return
 * day, 0 when on time: closed days are not charged). The usual return (on time, nobody waiting) is tried first as one
 * statement (quick-return.ts); when that does not apply, nothing of it stays and the return runs as below.
 */
export async function returnItem<X = undefined>(
  db: Db,
  scope: Scope,
  input: {
    barcode: string;
    operatorId: number | null;
    returnedAt?: Date;
    /** The caller's operation-log row, written in the return's transaction. */
    audit?: (tx: Tx) => Promise<void>;
    /** Or the row as an insert run with the return's write, written when `when` holds (route ctx.auditInsert). */
    log?: (when?: SQL) => SQL | undefined;
    after?: AfterWrite<X> | ReadWithReturn<X>;
  },
) {
  // The operation-log insert is taken once, written only by the statement that closes the loan: a quick return that
  // did not happen leaves it to the full way.
  const log = input.log?.(LOAN_CLOSED);
  const after = input.after;
  const withWrite = after && 'select' in after ? after : undefined;
  // The usual return in one round trip (quick-return.ts) when its log row goes with its statement, if any.
  if ((log || !input.audit) && (!after || withWrite)) {
    const quick = await quickReturn(db, scope, { ...input, log, after: withWrite });
    if (quick) return quick;
  }
  return db.transaction(async (tx) => {
    const found = await lockLoanedCopy(tx, scope, input.barcode);
    if (!found) {
      // Tell why: a loan another module keeps (union), unknown barcode (or the barcode rule's message), registered
      // lost, or simply not on loan.
      await runNoLoanChecks({ tx, scope, barcode: input.barcode });
      const { copy: c } = await lockCopy(tx, scope, input.barcode);
      const open = await findOpenLoan(tx, scope, c.id);
      if (!open && c.circState === CircState.LOST) {
        throw fail(CircError.COPY_LOST, 'circ.returnLost', { barcode: c.barcode });
      }
      throw fail(CircError.LOAN_NOT_FOUND, 'circ.loanNotFound', { barcode: c.barcode });
    }
    const { copy: c, title, resourceTypeId, loan: l, reader } = found;
    rememberReturnConfig(scope.schoolId, found.config);
    const { config, zone, today, closed } = await deskConfigOf(schoolConfigAt(tx, scope, found.config));
    // SIP2 offline checkin: the machine took the copy back earlier; overdue days end on that day.
    const returnDay = input.returnedAt ? dateIn(input.returnedAt, zone) : today;
    const returnedAt = input.returnedAt ?? new Date();
    const overdueDays = openDaysBetween(l.dueDate, returnDay, closed);
    const { hold, fine, sent } = await runReturnHooks({
      tx,
      scope,
      config,
      today,
      copy: c,
      loan: { ...l, returnedAt, returnOperatorId: input.operatorId },
      reader,
      resourceTypeId,
      returnDay,
      overdueDays,
      operatorId: input.operatorId,
      titleWaiting: found.titleWaiting,
    });
    const from = c.circState as CircState;
    const to = hold ? CircState.RESERVED : canTransition(from, CircState.AVAILABLE) ? CircState.AVAILABLE : null;
    const view: PanelView = { scope, config, today, closed, reader };
    // The hooks' statements sent meanwhile (points) are awaited with the write, which goes right behind them.
    const [rows] = await Promise.all([
      writeReturn(tx, l.id, { returnedAt, operatorId: input.operatorId }, c, to, {
        log,
        select: withWrite && { name: withWrite.name, sql: withWrite.select(scope, reader.id, l.id) },
        // Nothing but JavaScript after it (no log row of its own, no panel to read): the commit goes with it.
        last: (!!log || !input.audit) && (!after || !!withWrite),
      }),
      ...sent,
    ]);
    if (!log) await input.audit?.(tx);
    const panel = withWrite ? withWrite.answer(rows, view) : await (after as AfterWrite<X> | undefined)?.(tx, view);
    return {
      panel,
      loanId: l.id,
      barcode: c.barcode,
      rfid: c.rfid,
      title,
      dueDate: l.dueDate,
      overdueDays,
      reader: { id: l.userId, account: reader.account, name: reader.name },
      hold,
      /** The overdue fine this return charged (loan rule with a fine), or null. */
      fine,
      /** What the desk's RFID reader writes to the tag now (security AFI 'in library'). */
      afiWrite: await afiToWrite(config, c.rfid, 'returned'),
    };
  });
}

/**
 * Renews the open loan of a copy. Business rule: the copy and its open loan must exist (COPY_NOT_FOUND,
 * LOAN_NOT_FOUND; with `readerId`, the loan must be that reader's: LOAN_OF_OTHER_READER); the reader must still be valid; renew
 * checks of other modules (someone waiting) may refuse; the loan's renewals must stay below the rule's
 * max_renewals (RENEW_LIMIT); an overdue loan renews only when the rule allows it (RENEW_OVERDUE_REFUSED).
 * The new due date is the later of today and the current due date, plus renew_days open days (closed days do not count).
 */
export async function renewLoan<X = undefined>(
  db: Db,
  scope: Scope,
  input: {
    barcode: string;
    readerId?: number;
    operatorId: number | null;
    /** SIP2 no-block renewal: done offline by the machine, recorded without the checks, with its due date. */
    offline?: { dueDate?: string };
    /** The caller's operation-log row, written in the renewal's transaction. */
    audit?: (tx: Tx) => Promise<void>;
    /** Or the row as an insert run with the renewal's write (route ctx.auditInsert). */
    log?: () => SQL | undefined;
    after?: AfterWrite<X>;
  },
) {
  const offline = input.offline;
  return db.transaction(async (tx) => {
    const found = await lockLoanedCopy(tx, scope, input.barcode);
    if (!found) {
      const { copy: c } = await lockCopy(tx, scope, input.barcode);
      throw fail(CircError.LOAN_NOT_FOUND, 'circ.loanNotFound', { barcode: c.barcode });
    }
    const { copy: c, title, resourceTypeId, loan: l, reader } = found;
    const { config, today, closed, rules } = await deskConfigOf(schoolConfigAt(tx, scope, found.config));
    if (input.readerId !== undefined && l.userId !== input.readerId) {
      throw fail(CircError.LOAN_OF_OTHER_READER, 'circ.loanOfOther', { barcode: c.barcode });
    }
    if (!offline) checkReaderValid(reader, today);
    if (!offline) await runRenewChecks({ tx, scope, config, today, copy: c, loan: l });
    const rule = pickRule(rules, {
      identity: reader.identity,
      groupId: reader.permissionGroupId,
      resourceTypeId,
      locationId: c.locationId,
    });
    if (!offline && l.renewals >= rule.maxRenewals)
      throw fail(CircError.RENEW_LIMIT, 'circ.renewLimit', { count: l.renewals });
    const overdue = l.dueDate < today;
    if (!offline && overdue && !rule.overdueRenewAllowed)
      throw fail(CircError.RENEW_OVERDUE_REFUSED, 'circ.renewOverdueRefused');
    const dueDate = offline?.dueDate ?? dueDateIn(closed, overdue ? today : l.dueDate, rule.renewDays);
    const log = input.log?.();
    await runNamed(
      tx,
      log ? 'circ_renew_log' : 'circ_renew',
      sql`${log ? sql`with logged as (${log}) ` : sql``}update ${loan} set "due_date" = ${dueDate}, "renewals" = ${l.renewals + 1} where "id" = ${l.id}`,
    );
    if (!log) await input.audit?.(tx);
    const panel = await input.after?.(tx, { scope, config, today, closed, reader });
    return {
      panel,
      loanId: l.id,
      barcode: c.barcode,
      title,
      dueDate,
      renewals: l.renewals + 1,
      reader: { id: reader.id, account: reader.account, name: reader.name },
    };
  });
}
