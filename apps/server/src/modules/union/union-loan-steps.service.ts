import {
  canMoveUnionLoan,
  UNION_COPY_AWAY,
  type UnionLoanState,
  type UnionReturnBody,
} from '@shuyuan/contracts/union/lending';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import type { Tx } from '../circulation/circulation.hooks.ts';
import { checkReaderValid, findReader } from '../circulation/reader.service.ts';
import { dueDateAfter, schoolToday } from '../circulation/rules.service.ts';
import { lendingMember, releaseCopy, takeCopy, unionRule } from './lending-checks.ts';
import type { Actor } from './union-lending.service.ts';
import { unionLoan } from './union-lending.table.ts';

/** The steps of a union loan after it was made (README "Union lending"), each on one side, in one transaction. */

type LoanRow = typeof unionLoan.$inferSelect;
type Side = 'owner' | 'borrower';

/**
 * One union loan of the caller's school on `side` (owner: its copy; borrower: its reader), locked. A loan of
 * other schools answers NOT_FOUND (nothing disclosed). A school that left the union still finishes its loans.
 */
async function lockLoan(tx: Tx, scope: Scope, loanId: number, side: Side): Promise<LoanRow> {
  const school = side === 'owner' ? unionLoan.ownerSchoolId : unionLoan.borrowerSchoolId;
  const [l] = await tx
    .select()
    .from(unionLoan)
    .where(and(eq(unionLoan.id, loanId), eq(school, scope.schoolId)))
    .for('update');
  if (!l) throw notFound();
  return l;
}

/** The loan is in one of `states`, else UNION_LOAN_STATE naming the state it is in. */
function expectState(l: LoanRow, states: UnionLoanState[]): void {
  if (!states.includes(l.state as UnionLoanState))
    throw fail('UNION_LOAN_STATE', 'union.lend.wrongState', { state: { key: `union.lend.state.${l.state}` } });
}

/** Moves a locked loan along the union's states (UNION_LOAN_STATE otherwise), bumping its version. */
async function move(tx: Tx, l: LoanRow, to: UnionLoanState, set: Partial<LoanRow>, from?: UnionLoanState[]) {
  if (from) expectState(l, from);
  if (!canMoveUnionLoan(l.state as UnionLoanState, to)) expectState(l, []);
  await tx
    .update(unionLoan)
    .set({ ...set, state: to, version: sql`${unionLoan.version} + 1`, updatedAt: new Date() })
    .where(eq(unionLoan.id, l.id));
  return { id: l.id, state: to };
}

/** The borrowing school withdraws its reader's request before the owner dispatched it. */
export function cancelRequest(db: Db, actor: Actor, loanId: number) {
  return db.transaction(async (tx) => {
    const l = await lockLoan(tx, actor.scope, loanId, 'borrower');
    return move(tx, l, 'cancelled', { cancelledAt: new Date(), cancelledBy: actor.userId });
  });
}

/** The owner refuses a request (with a reason the borrowing school sees). */
export function refuseRequest(db: Db, actor: Actor, loanId: number, reason: string) {
  return db.transaction(async (tx) => {
    const l = await lockLoan(tx, actor.scope, loanId, 'owner');
    return move(tx, l, 'refused', { reason, cancelledAt: new Date(), cancelledBy: actor.userId });
  });
}

/**
 * The owner sends a requested title: the scanned copy (of that record, lendable to the union) leaves its shelf
 * through circulation's lock — one wins against a desk lending it at the same moment — and the loan is in transit.
 */
export async function dispatch(db: Db, actor: Actor, loanId: number, barcode: string) {
  return db.transaction(async (tx) => {
    const l = await lockLoan(tx, actor.scope, loanId, 'owner');
    expectState(l, ['requested']);
    const member = await lendingMember(tx, l.unionId, actor.scope.schoolId);
    const [rec] = await tx
      .select({ title: catalogueRecord.title })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.id, l.recordId));
    const { copy: c } = await takeCopy(tx, member, barcode, { recordId: l.recordId, title: rec?.title ?? '' });
    await move(tx, l, 'transit', { copyId: c.id, dispatchedAt: new Date(), dispatchedBy: actor.userId });
    return { id: l.id, state: 'transit' as const, barcode: c.barcode };
  });
}

/** The borrowing school checks the arrived copy in to its hold shelf. */
export function receive(db: Db, actor: Actor, loanId: number) {
  return db.transaction(async (tx) => {
    const l = await lockLoan(tx, actor.scope, loanId, 'borrower');
    return move(tx, l, 'shelf', { receivedAt: new Date(), receivedBy: actor.userId }, ['transit']);
  });
}

/**
 * The borrowing school lends the copy on its hold shelf to its reader (who must still be valid): due after the
 * union's loan days by the borrowing school's calendar.
 */
export function lendHeld(db: Db, actor: Actor, loanId: number) {
  return db.transaction(async (tx) => {
    const l = await lockLoan(tx, actor.scope, loanId, 'borrower');
    expectState(l, ['shelf']);
    const reader = await findReader(tx, actor.scope, { readerId: l.readerId }, true);
    const today = await schoolToday(tx, actor.scope);
    checkReaderValid(reader, today);
    const dueDate = await dueDateAfter(tx, actor.scope, today, (await unionRule(tx, l.unionId)).loanDays);
    await move(tx, l, 'lent', { dueDate, lentAt: new Date(), lentBy: actor.userId });
    return { id: l.id, state: 'lent' as const, dueDate };
  });
}

/** The borrowing school sends a copy home: returned by the reader, or never collected from the hold shelf. */
export function sendHome(db: Db, actor: Actor, loanId: number) {
  return db.transaction(async (tx) => {
    const l = await lockLoan(tx, actor.scope, loanId, 'borrower');
    return move(tx, l, 'homebound', { sentHomeAt: new Date(), sentHomeBy: actor.userId }, ['returned', 'shelf']);
  });
}

/** The owner receives its copy home (on the way back, or returned at the borrowing school): back on its shelf. */
export function receiveHome(db: Db, actor: Actor, loanId: number) {
  return db.transaction(async (tx) => {
    const l = await lockLoan(tx, actor.scope, loanId, 'owner');
    return comeHome(tx, actor, l);
  });
}

async function comeHome(tx: Tx, actor: Actor, l: LoanRow) {
  const now = new Date();
  const state = l.state as UnionLoanState;
  let res: { id: number; state: UnionLoanState };
  if (state === 'returned') {
    await move(tx, l, 'homebound', { sentHomeAt: now, sentHomeBy: actor.userId });
    res = await move(tx, { ...l, state: 'homebound' }, 'back', { backAt: now, backBy: actor.userId });
  } else res = await move(tx, l, 'back', { backAt: now, backBy: actor.userId }, ['homebound']);
  if (l.copyId) await releaseCopy(tx, l.copyId);
  return res;
}

/**
 * A return at either school, by the scanned barcode of the owner's copy. At the owner's school: a copy lent goes
 * back on its shelf at once (returned there), one on its way home is received. At the borrowing school: the
 * reader's loan is returned; the copy waits to be sent home. Several loans with that barcode (copies of two
 * owners): UNION_AMBIGUOUS, the screen passes `loanId`.
 */
export async function returnLoan(db: Db, actor: Actor, body: UnionReturnBody) {
  const { scope } = actor;
  const found = await db
    .select({ id: unionLoan.id, owner: unionLoan.ownerSchoolId, state: unionLoan.state })
    .from(unionLoan)
    .innerJoin(copy, eq(copy.id, unionLoan.copyId))
    .where(
      and(
        eq(copy.barcode, body.barcode),
        body.loanId ? eq(unionLoan.id, body.loanId) : undefined,
        or(
          and(eq(unionLoan.ownerSchoolId, scope.schoolId), inArray(unionLoan.state, [...UNION_COPY_AWAY])),
          and(eq(unionLoan.borrowerSchoolId, scope.schoolId), eq(unionLoan.state, 'lent')),
        ),
      ),
    );
  if (!found.length) throw fail('UNION_NOT_ON_LOAN', 'union.lend.notOnLoan', { barcode: body.barcode });
  // The school's own copy comes first: a barcode is unique within the school.
  const own = found.filter((f) => f.owner === scope.schoolId);
  const pick = own.length ? own : found;
  if (pick.length > 1) throw fail('UNION_AMBIGUOUS', 'union.lend.ambiguous', { barcode: body.barcode });
  const target = pick[0];
  return db.transaction(async (tx) => {
    if (target.owner === scope.schoolId) {
      const l = await lockLoan(tx, scope, target.id, 'owner');
      if (l.state !== 'lent') return { ...(await comeHome(tx, actor, l)), atOwner: true };
      const now = new Date();
      await move(tx, l, 'back', {
        returnedAt: now,
        returnedBy: actor.userId,
        returnedSchoolId: scope.schoolId,
        backAt: now,
        backBy: actor.userId,
      });
      if (l.copyId) await releaseCopy(tx, l.copyId);
      return { id: l.id, state: 'back' as const, atOwner: true };
    }
    const l = await lockLoan(tx, scope, target.id, 'borrower');
    const res = await move(
      tx,
      l,
      'returned',
      { returnedAt: new Date(), returnedBy: actor.userId, returnedSchoolId: scope.schoolId },
      ['lent'],
    );
    return { ...res, atOwner: false };
  });
}

/** The caller's open union loans (either side), for the lending screens' lists. */
export function openLoansWhere(scope: Scope, unionId?: number) {
  return and(
    or(eq(unionLoan.ownerSchoolId, scope.schoolId), eq(unionLoan.borrowerSchoolId, scope.schoolId)),
    unionId ? eq(unionLoan.unionId, unionId) : undefined,
    inArray(unionLoan.state, ['requested', ...UNION_COPY_AWAY]),
    ne(unionLoan.state, 'back'),
  );
}
