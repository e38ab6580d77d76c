import { CircState, canTransition } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runNamed } from '../../db/statement.ts';
import { fail } from '../../platform/errors.ts';
import { schoolConfigAt } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { afiToWrite } from './afi.ts';
import { runNoLoanChecks, runRenewChecks, runReturnHooks, type Tx } from './circulation.hooks.ts';
import { loan } from './circulation.table.ts';
import type { PanelView } from './desk-panel.service.ts';
import { findOpenLoan, LOAN_CLOSED, lockCopy, lockLoanedCopy, writeReturn } from './loan-locks.ts';
import { quickReturn, rememberReturnConfig } from './quick-return.ts';
import { checkReaderValid } from './reader.service.ts';
import { dateIn, deskConfigOf, dueDateIn, openDaysBetween, pickRule } from './rules.service.ts';

// The commands on an open loan: taking the copy back (`returnItem`) and renewing it (`renewLoan`). Lending is
// borrow.service.ts.

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
