import type { FineNotice } from '@shuyuan/contracts/fines/fine';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ConfigSnapshot } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import type { appUser } from '../auth/user.table.ts';
import type { copy } from '../catalogue/catalogue.table.ts';
import type { loan } from './circulation.table.ts';

/**
 * Extension points of the circulation commands for other modules (reservations, fines, …), so they never edit
 * borrow.service.ts or circulation.service.ts. Every hook runs INSIDE the command's transaction, after the copy row (and for a
 * borrow, the reader row) is locked: a hook that throws `fail(...)` refuses the whole command and nothing
 * is written. Register once at module load (top level of your `*.module.ts`); hooks run in registration order.
 */

/** The transaction a hook runs in (same type as `db.transaction`'s callback argument). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CopyRow = typeof copy.$inferSelect;
export type ReaderRow = typeof appUser.$inferSelect;
export type LoanRow = typeof loan.$inferSelect;

export interface BorrowContext {
  tx: Tx;
  scope: Scope;
  /** The school's configuration as the command read it (settings, rules, calendar… without a query). */
  config: ConfigSnapshot;
  /** The school's date (YYYY-MM-DD). */
  today: string;
  reader: ReaderRow;
  /** The locked copy, before it moves to 'borrowed'. */
  copy: CopyRow;
  /** The resource type of the copy's record. */
  resourceTypeId: number | null;
  operatorId: number | null;
  /** The desk overrides policy refusals (borrow.service OVERRIDABLE): a check may set its refusal aside. */
  override?: boolean;
  /** Whether a reservation of the copy's title is open (waiting or on the hold shelf), read with the copy's lock. */
  titleOpen?: boolean;
}

/**
 * Runs before the loan is written, after the reader is found valid and the copy locked. Throw `fail(...)` to
 * refuse. A copy in state 'reserved' (on the hold shelf) lends only when some check answers
 * `{ reservedForReader: true }` (this reader holds it); otherwise the desk refuses with RESERVED_FOR_OTHER.
 */
export type BorrowCheck = (
  ctx: BorrowContext,
) => Promise<
  { reservedForReader?: boolean /** A refusal code set aside under `override`. */; overridden?: string } | undefined
>;

/** Runs after the loan is written (e.g. mark the reader's reservation fulfilled). */
export type BorrowDone = (ctx: BorrowContext & { loanId: number; dueDate: string }) => Promise<void>;

export interface ReturnContext {
  tx: Tx;
  scope: Scope;
  config: ConfigSnapshot;
  today: string;
  /** The locked copy, before it moves (its state is still 'borrowed' or 'reserving'). */
  copy: CopyRow;
  /** The loan just closed. */
  loan: LoanRow;
  /** Its reader and the record's resource type (the loan rule's subject). */
  reader: ReaderRow;
  resourceTypeId: number | null;
  /** The day the copy came back (the school's date; an offline SIP2 checkin's own day) and the open days overdue then. */
  returnDay: string;
  overdueDays: number;
  operatorId: number | null;
  /** Whether a reservation of the copy's title waits, read with the copy's lock (undefined: not known). */
  titleWaiting?: boolean;
}

/** A reader the returned copy is now held for: the copy goes to 'reserved' and the desk shows a hold-shelf notice. */
export interface HoldNotice {
  readerId: number;
  account: string;
  name: string;
  /** Last day the hold waits on the shelf (YYYY-MM-DD), if known. */
  until?: string | null;
  reservationId?: number;
}

/**
 * Runs after the loan is closed; answer a hold to put the copy on the hold shelf (first answer wins), a fine when
 * the return charged one (the desk shows it). `sent`: statements the hook sent in the transaction without awaiting
 * them (a write whose answer nothing here needs, e.g. the points award): the return awaits them together with its
 * own write, which is sent right behind them (one round trip, db/pipeline.ts); a failure refuses the return.
 */
export type ReturnHook = (
  ctx: ReturnContext,
) => Promise<{ hold?: HoldNotice; fine?: FineNotice; sent?: Promise<unknown> } | undefined>;

/**
 * What a return hook does for the usual return, asked before the return's one statement is sent (quick-return.ts):
 * the copy is plainly 'borrowed', no reservation waits for its title, and it comes back on time (no open day overdue).
 * The loan and its reader are not known yet: `loanId` and `readerId` are SQL expressions for them, valid in
 * statements sent after the return's. They are null when the guess did not hold (the return then runs the full way,
 * running the hook itself): the statements are sent all the same, and must then write nothing and raise no error (the
 * transaction commits whatever they did). Answer undefined when the hook has nothing to do then, 'slow' when it cannot
 * tell without the rows (the return then runs as before: lock, hooks, write), or a function that sends the hook's
 * statements when called — all of them before its first await (they leave with the return's, in its round trip) —
 * and whose promise is their outcome.
 */
export interface QuickReturnContext {
  scope: Scope;
  config: ConfigSnapshot;
  today: string;
  returnDay: string;
  operatorId: number | null;
  loanId: SQL;
  readerId: SQL;
}
export type QuickReturnHook = (ctx: QuickReturnContext) => Promise<QuickSend | 'slow' | undefined>;
export type QuickSend = (tx: Tx) => Promise<unknown>;

export interface RenewContext {
  tx: Tx;
  scope: Scope;
  config: ConfigSnapshot;
  today: string;
  copy: CopyRow;
  loan: LoanRow;
}

/** Runs before a renewal (or a deferred return) is written; throw `fail(...)` to refuse (e.g. someone waits). */
export type RenewCheck = (ctx: RenewContext) => Promise<void>;

/**
 * Runs when a return finds no open loan for the scanned barcode, before the desk answers "not on loan" (or "copy not
 * found"): another module that knows why throws `fail(...)` with the better reason (a union loan: return it on the
 * union's screen). Failure path only: a return that finds its loan never runs these.
 */
export type NoLoanCheck = (ctx: { tx: Tx; scope: Scope; barcode: string }) => Promise<void>;

const noLoanChecks: NoLoanCheck[] = [];
export const registerNoLoanCheck = (fn: NoLoanCheck): void => void noLoanChecks.push(fn);

export async function runNoLoanChecks(ctx: { tx: Tx; scope: Scope; barcode: string }): Promise<void> {
  for (const fn of noLoanChecks) await fn(ctx);
}

const borrowChecks: BorrowCheck[] = [];
const borrowDone: { fn: BorrowDone; when?: (ctx: BorrowContext) => boolean }[] = [];
const returnHooks: { fn: ReturnHook; quick?: QuickReturnHook }[] = [];
const renewChecks: RenewCheck[] = [];

export const registerBorrowCheck = (fn: BorrowCheck): void => void borrowChecks.push(fn);
/**
 * `when`: whether the hook has anything to do for this loan, known before the loan is written (without it, always).
 * A loan no hook needs is answered without waiting for its write: the panel's reads go right behind it.
 */
export const registerBorrowDone = (fn: BorrowDone, when?: (ctx: BorrowContext) => boolean): void =>
  void borrowDone.push({ fn, when });
/**
 * `quick`: what the hook does for the usual return (QuickReturnContext); without it every return runs the full way
 * (two round trips: the locks, then the write).
 */
export const registerReturnHook = (fn: ReturnHook, quick?: QuickReturnHook): void =>
  void returnHooks.push({ fn, quick });
export const registerRenewCheck = (fn: RenewCheck): void => void renewChecks.push(fn);

/** All borrow checks; true when one of them says the (reserved) copy is held for this reader. */
export async function runBorrowChecks(ctx: BorrowContext): Promise<{ holder: boolean; overridden: string[] }> {
  let holder = false;
  const overridden: string[] = [];
  for (const fn of borrowChecks) {
    const r = await fn(ctx);
    if (r?.reservedForReader) holder = true;
    if (r?.overridden) overridden.push(r.overridden);
  }
  return { holder, overridden };
}

export async function runBorrowDone(ctx: BorrowContext & { loanId: number; dueDate: string }): Promise<void> {
  for (const h of borrowDone) if (!h.when || h.when(ctx)) await h.fn(ctx);
}

/** Whether any borrow-done hook has work for this loan (see registerBorrowDone). */
export const borrowDoneNeeded = (ctx: BorrowContext): boolean => borrowDone.some((h) => !h.when || h.when(ctx));

/** All return hooks; the first hold (and fine) answered wins. `sent`: what the hooks sent without awaiting it. */
export async function runReturnHooks(
  ctx: ReturnContext,
): Promise<{ hold: HoldNotice | null; fine: FineNotice | null; sent: Promise<unknown>[] }> {
  let hold: HoldNotice | null = null;
  let fine: FineNotice | null = null;
  const sent: Promise<unknown>[] = [];
  try {
    for (const { fn } of returnHooks) {
      const r = await fn(ctx);
      if (!hold && r?.hold) hold = r.hold;
      if (!fine && r?.fine) fine = r.fine;
      if (r?.sent) {
        // Awaited by the caller; until then a failure must not count as unhandled.
        r.sent.catch(() => {});
        sent.push(r.sent);
      }
    }
  } catch (e) {
    await Promise.allSettled(sent);
    throw e;
  }
  return { hold, fine, sent };
}

/** Every return hook's part in a quick return, in registration order; 'slow' when one cannot tell (or has none). */
export async function quickReturnHooks(ctx: QuickReturnContext): Promise<QuickSend[] | 'slow'> {
  const sends: QuickSend[] = [];
  for (const { quick } of returnHooks) {
    const r = quick ? await quick(ctx) : 'slow';
    if (r === 'slow') return 'slow';
    if (r) sends.push(r);
  }
  return sends;
}

export async function runRenewChecks(ctx: RenewContext): Promise<void> {
  for (const fn of renewChecks) await fn(ctx);
}
