import {
  UNION_READER_OPEN,
  type UnionDeskLendBody,
  type UnionDeskReaderBody,
  type UnionLoanRuleBody,
  type UnionRequestBody,
} from '@shuyuan/contracts/union/lending';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { dueDateAfter, schoolToday } from '../circulation/rules.service.ts';
import {
  copyShare,
  lendingMember,
  lockReaderForUnion,
  passedMember,
  schoolName,
  takeCopy,
  unionRule,
} from './lending-checks.ts';
import { MANAGERS, mustBeMember, sharingMembers } from './membership.ts';
import { unionLoan, unionLoanRule } from './union-lending.table.ts';

type Member = Awaited<ReturnType<typeof sharingMembers>>[number];
export interface Actor {
  scope: Scope;
  userId: number | null;
}

/** `/union/union-mana` → lending rules: what the union allows (its defaults until saved). */
export async function getLoanRule(db: Db, scope: Scope, unionId: number) {
  await mustBeMember(db, scope, unionId);
  return { unionId, ...(await unionRule(db, unionId)) };
}

/** The union's lending rule, set by its creator or administrators. */
export async function saveLoanRule(db: Db, scope: Scope, body: UnionLoanRuleBody) {
  await mustBeMember(db, scope, body.unionId, MANAGERS);
  const values = { maxLoans: body.maxLoans, loanDays: body.loanDays, updatedAt: new Date() };
  await db
    .insert(unionLoanRule)
    .values({ unionId: body.unionId, ...values })
    .onConflictDoUpdate({ target: unionLoanRule.unionId, set: values });
  return { unionId: body.unionId, maxLoans: body.maxLoans, loanDays: body.loanDays };
}

/**
 * The owner's desk, a reader of another member school: their school and card number → only the reader's name,
 * card number and how many union loans they have (nothing else of the reader crosses).
 */
export async function deskReader(db: Db, scope: Scope, body: UnionDeskReaderBody) {
  await prepareDesk(db, scope, body);
  return db.transaction(async (tx) => {
    const r = await lockReaderForUnion(tx, new Scope(body.readerSchoolId), body.unionId, body.readerBarcode);
    const [c] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(unionLoan)
      .where(and(eq(unionLoan.readerId, r.id), inArray(unionLoan.state, [...UNION_READER_OPEN])));
    return { name: r.name, card: r.account, unionLoans: c.n, rule: await unionRule(tx, body.unionId) };
  });
}

async function prepareDesk(db: Db, scope: Scope, body: UnionDeskReaderBody) {
  await mustBeMember(db, scope, body.unionId);
  if (body.readerSchoolId === scope.schoolId) throw fail('UNION_OWN_READER', 'union.lend.ownReader');
  await passedMember(db, body.unionId, body.readerSchoolId);
  return lendingMember(db, body.unionId, scope.schoolId);
}

/**
 * Lends a copy of the caller's school at its desk to a reader of another member school (the reader came with
 * their card). The school must lend to the union; the reader passes the union's and their school's rules
 * (lending-checks.ts); the copy passes circulation's lock and the union's sharing. The loan starts `lent`, due
 * after the union's loan days by the owner's calendar.
 */
export async function deskLend(db: Db, actor: Actor, body: UnionDeskLendBody) {
  const member = await prepareDesk(db, actor.scope, body);
  return db.transaction(async (tx) => {
    const reader = await lockReaderForUnion(tx, new Scope(body.readerSchoolId), body.unionId, body.readerBarcode);
    const { copy: c, title } = await takeCopy(tx, member, body.barcode);
    const today = await schoolToday(tx, actor.scope);
    const dueDate = await dueDateAfter(tx, actor.scope, today, (await unionRule(tx, body.unionId)).loanDays);
    const now = new Date();
    const [row] = await tx
      .insert(unionLoan)
      .values({
        unionId: body.unionId,
        ownerSchoolId: actor.scope.schoolId,
        borrowerSchoolId: body.readerSchoolId,
        recordId: c.recordId,
        copyId: c.id,
        readerId: reader.id,
        readerName: reader.name,
        readerCard: reader.account,
        via: 'desk',
        state: 'lent',
        dueDate,
        lentAt: now,
        lentBy: actor.userId,
      })
      .returning({ id: unionLoan.id });
    return { id: row.id, barcode: c.barcode, title, dueDate, reader: { name: reader.name, card: reader.account } };
  });
}

/**
 * `/union/search` "ask for a loan": a reader of the caller's school asks for a title a lending member shares. The
 * record must be seen through the union (a copy in a shared location, visible by its owner's rules: else
 * NOT_FOUND, nothing disclosed) and have a copy that lends (UNION_NO_COPY); the reader passes the union's and
 * their school's rules and has not asked for it already (UNION_ALREADY_ASKED). The owner dispatches a copy later.
 */
export async function requestLoan(db: Db, actor: Actor, body: UnionRequestBody) {
  const { scope } = actor;
  await mustBeMember(db, scope, body.unionId);
  const [rec] = await db
    .select({ id: catalogueRecord.id, schoolId: catalogueRecord.schoolId, title: catalogueRecord.title })
    .from(catalogueRecord)
    .where(eq(catalogueRecord.id, body.recordId));
  if (!rec) throw notFound();
  if (rec.schoolId === scope.schoolId) throw fail('UNION_OWN_COPY', 'union.lend.ownCopy');
  const member = await lendingMember(db, body.unionId, rec.schoolId).catch(async (e) => {
    // A school that shares its catalogue only: say so, but only when the record is one the union sees.
    if (!(await recordSeen(db, body.unionId, rec.schoolId, rec.id))) throw notFound();
    throw e;
  });
  const shares = await recordShares(db, member, rec.id);
  if (!shares.some((s) => s.visible)) throw notFound();
  if (!shares.some((s) => s.lendable))
    throw fail('UNION_NO_COPY', 'union.lend.noCopy', { school: await schoolName(db, rec.schoolId), title: rec.title });
  return db.transaction(async (tx) => {
    const reader = await lockReaderForUnion(tx, scope, body.unionId, body.readerBarcode);
    const [asked] = await tx
      .select({ id: unionLoan.id })
      .from(unionLoan)
      .where(
        and(
          eq(unionLoan.readerId, reader.id),
          eq(unionLoan.recordId, rec.id),
          inArray(unionLoan.state, [...UNION_READER_OPEN]),
        ),
      );
    if (asked) throw fail('UNION_ALREADY_ASKED', 'union.lend.alreadyAsked', { title: rec.title });
    const [row] = await tx
      .insert(unionLoan)
      .values({
        unionId: body.unionId,
        ownerSchoolId: rec.schoolId,
        borrowerSchoolId: scope.schoolId,
        recordId: rec.id,
        readerId: reader.id,
        readerName: reader.name,
        readerCard: reader.account,
        via: 'request',
        state: 'requested',
        requestedAt: new Date(),
        requestedBy: actor.userId,
      })
      .returning({ id: unionLoan.id });
    return { id: row.id, title: rec.title, state: 'requested' as const };
  });
}

/** Whether any copy of the record is seen by the union (a catalogue-only member's record). */
async function recordSeen(db: Db, unionId: number, schoolId: number, recordId: number): Promise<boolean> {
  const m = (await sharingMembers(db, unionId)).find((x) => x.schoolId === schoolId);
  return !!m && (await recordShares(db, m, recordId)).some((x) => x.visible);
}

/** What the union may do with each copy of a member's record (copyShare). */
async function recordShares(db: Db, member: Member, recordId: number) {
  const copies = await db
    .select({ c: copy, type: catalogueRecord.resourceTypeId })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(and(eq(copy.schoolId, member.schoolId), eq(copy.recordId, recordId)));
  return Promise.all(copies.map((x) => copyShare(db, member, x.c, x.type)));
}
