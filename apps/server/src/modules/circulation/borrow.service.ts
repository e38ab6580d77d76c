import { CircState, canTransition } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError, type LoanVia, OVERRIDABLE_REFUSALS, OverdueMode } from '@shuyuan/contracts/circulation/loan';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { schoolConfigAt } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { BORROW_RANGES, pickRange, rangeAllows } from '../circulation-rules/borrow-range.service.ts';
import { readerCardUsable } from '../readers/reader.values.ts';
import { STORED_SETTINGS, settingsFrom } from '../settings/settings.service.ts';
import { afiToWrite } from './afi.ts';
import { type BorrowContext, borrowDoneNeeded, runBorrowChecks, runBorrowDone, type Tx } from './circulation.hooks.ts';
import type { AfterWrite } from './circulation.service.ts';
import type { PanelView } from './desk-panel.service.ts';
import { copyForLoan, findOpenLoan, sendCopyLockForLoan, writeLoan } from './loan-locks.ts';
import { checkReaderValid, lockReaderForLoan } from './reader.service.ts';
import { deskConfigOf, dueDateIn, pickRule } from './rules.service.ts';
import { refuseUnlendableStore } from './store-refusal.ts';
import { signingKeyIn, tokenMatches } from './verify.service.ts';

// Lending a copy (desk, SIP2 checkout, batch, class corner): `borrowItem` and the rules it enforces.

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

/** Each school's day as the last loan computed it (its time zone's date): the guess a borrow sends its copy lock with. */
const lastDay = new Map<number, string>();
function rememberDay(schoolId: number, today: string) {
  if (lastDay.get(schoolId) === today) return;
  if (lastDay.size >= 10_000) lastDay.clear();
  lastDay.set(schoolId, today);
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
