import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import { UNION_READER_OPEN, UNION_RULE_DEFAULT } from '@shuyuan/contracts/union/lending';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { configOf } from '../../platform/school-config.ts';
import { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import type { CopyRow, Tx } from '../circulation/circulation.hooks.ts';
import { lockCopy, moveCopy } from '../circulation/loan-locks.ts';
import { checkReaderValid, findReader, loanCounts, type Reader } from '../circulation/reader.service.ts';
import { getEffectiveRule, schoolToday } from '../circulation/rules.service.ts';
import { refuseUnlendableStore } from '../circulation/store-refusal.ts';
import { accessBy, RESOURCE_RULES } from '../holdings/resource-auth.ts';
import { readerCardUsable } from '../readers/reader.values.ts';
import { school } from '../school/school.table.ts';
import { sharingMembers } from './membership.ts';
import { unionLoan, unionLoanRule } from './union-lending.table.ts';
import { unionMember } from './union.table.ts';

type Member = Awaited<ReturnType<typeof sharingMembers>>[number];

export async function schoolName(db: Db, id: number): Promise<string> {
  const [s] = await db.select({ name: school.name }).from(school).where(eq(school.id, id));
  return s?.name ?? '';
}

/** The union's lending rule (its defaults until its managers save one). */
export async function unionRule(db: Db, unionId: number): Promise<{ maxLoans: number; loanDays: number }> {
  const [r] = await db
    .select({ maxLoans: unionLoanRule.maxLoans, loanDays: unionLoanRule.loanDays })
    .from(unionLoanRule)
    .where(eq(unionLoanRule.unionId, unionId));
  return r ?? { ...UNION_RULE_DEFAULT };
}

/** The member that lends its copies to the union (share = lending), or the refusal that names it. */
export async function lendingMember(db: Db, unionId: number, schoolId: number): Promise<Member> {
  const m = (await sharingMembers(db, unionId, { lendingOnly: true })).find((x) => x.schoolId === schoolId);
  if (!m) throw fail('UNION_NOT_LENDING', 'union.lend.notLending', { school: await schoolName(db, schoolId) });
  return m;
}

/** The school is a passed member of the union (the reader's school at the owner's desk). */
export async function passedMember(db: Db, unionId: number, schoolId: number): Promise<void> {
  const [m] = await db
    .select({ id: unionMember.id })
    .from(unionMember)
    .where(and(eq(unionMember.unionId, unionId), eq(unionMember.schoolId, schoolId), eq(unionMember.status, 'passed')));
  if (!m) throw fail('UNION_NOT_MEMBER', 'union.lend.readerSchoolNotMember');
}

/**
 * What the union may do with an owner's copy: `visible` — not weeded, in a location and resource type the member
 * shares, "can view" by its resource rules (what union search shows); `lendable` — visible, in the circulation
 * store and "can lend" by its resource rules.
 */
export async function copyShare(
  db: Db,
  member: Member,
  c: Pick<CopyRow, 'storeType' | 'locationId' | 'branchId'>,
  resourceTypeId: number | null,
): Promise<{ visible: boolean; lendable: boolean }> {
  const rules = await configOf(db, new Scope(member.schoolId), RESOURCE_RULES);
  const access = accessBy(rules, { branchId: c.branchId, resourceTypeId, locationId: c.locationId });
  const visible =
    c.storeType !== StoreType.WEEDED &&
    (member.locationIds === null || (c.locationId !== null && member.locationIds.includes(c.locationId))) &&
    (member.resourceTypeIds === null || (resourceTypeId !== null && member.resourceTypeIds.includes(resourceTypeId))) &&
    access.canView;
  return { visible, lendable: visible && c.storeType === StoreType.CIRCULATION && access.canLend };
}

/**
 * The reader of the borrowing school by card number, locked (parallel requests of one reader count one after
 * another), and every rule a union loan must pass, in this order: the card is not reported lost (CARD_LOST), the
 * reader is active and valid (READER_DISABLED, READER_EXPIRED); no overdue union loan (UNION_OVERDUE); the union's
 * limit — open union loans and requests in this union below its max (UNION_LIMIT); the home school's limit — the
 * reader's own open loans plus every open union loan below the reader's own rule's max loans (OVER_LIMIT).
 */
export async function lockReaderForUnion(
  tx: Tx,
  readerScope: Scope,
  unionId: number,
  readerBarcode: string,
): Promise<Reader> {
  const reader = await findReader(tx, readerScope, { readerBarcode }, true);
  if (!readerCardUsable(reader)) throw fail(CircError.CARD_LOST, 'circ.cardLost');
  const today = await schoolToday(tx, readerScope);
  checkReaderValid(reader, today);
  const [c] = await tx
    .select({
      inUnion: sql<number>`count(*) filter (where ${unionLoan.unionId} = ${unionId})`.mapWith(Number),
      all: sql<number>`count(*)`.mapWith(Number),
      overdue:
        sql<number>`count(*) filter (where ${unionLoan.state} = 'lent' and ${lt(unionLoan.dueDate, today)})`.mapWith(
          Number,
        ),
    })
    .from(unionLoan)
    .where(and(eq(unionLoan.readerId, reader.id), inArray(unionLoan.state, [...UNION_READER_OPEN])));
  if (c.overdue > 0) throw fail('UNION_OVERDUE', 'union.lend.overdue', { count: c.overdue });
  const rule = await unionRule(tx, unionId);
  if (c.inUnion >= rule.maxLoans)
    throw fail('UNION_LIMIT', 'union.lend.overUnionLimit', { count: c.inUnion, max: rule.maxLoans });
  const own = await getEffectiveRule(tx, readerScope, {
    identity: reader.identity,
    groupId: reader.permissionGroupId,
    resourceTypeId: null,
    locationId: null,
  });
  const home = (await loanCounts(tx, readerScope, reader.id, today)).open + c.all;
  if (home >= own.maxLoans)
    throw fail(CircError.OVER_LIMIT, 'union.lend.overHomeLimit', { count: home, max: own.maxLoans });
  return reader;
}

/**
 * Takes the owner's copy off its shelf for a union loan, through circulation's lock: the copy row is locked (a desk
 * lending it at the same moment queues up; the loser is refused COPY_ON_LOAN) and must be available, in the
 * circulation store, shared for lending (UNION_NOT_SHARED) and, with `recordId`, a copy of that record
 * (UNION_WRONG_COPY); it moves available → borrowed (bumping its version).
 */
export async function takeCopy(
  tx: Tx,
  member: Member,
  barcode: string,
  expect?: { recordId: number; title: string },
): Promise<{ copy: CopyRow; title: string; resourceTypeId: number | null }> {
  const owner = new Scope(member.schoolId);
  const found = await lockCopy(tx, owner, barcode);
  const c = found.copy;
  if (expect && c.recordId !== expect.recordId)
    throw fail('UNION_WRONG_COPY', 'union.lend.wrongCopy', { barcode: c.barcode, title: expect.title });
  const state = c.circState as CircState;
  if (state === CircState.BORROWED || state === CircState.RESERVING)
    throw fail(CircError.COPY_ON_LOAN, 'circ.copyOnLoan', { barcode: c.barcode });
  refuseUnlendableStore(c);
  if (state === CircState.RESERVED)
    throw fail(CircError.RESERVED_FOR_OTHER, 'circ.reservedForOther', { barcode: c.barcode });
  if (state !== CircState.AVAILABLE)
    throw fail(CircError.COPY_NOT_AVAILABLE, 'circ.copyNotAvailable', { barcode: c.barcode, state });
  const share = await copyShare(tx, member, c, found.resourceTypeId);
  if (!share.lendable) throw fail('UNION_NOT_SHARED', 'union.lend.notShared', { barcode: c.barcode });
  await moveCopy(tx, c, CircState.BORROWED);
  return { copy: c, title: found.title, resourceTypeId: found.resourceTypeId };
}

/** The copy is home again: borrowed → available (locked first; one that is no longer 'borrowed' is left alone). */
export async function releaseCopy(tx: Tx, copyId: number): Promise<void> {
  const [c] = await tx.select().from(copy).where(eq(copy.id, copyId)).for('update');
  if (c?.circState === CircState.BORROWED) await moveCopy(tx, c, CircState.AVAILABLE);
}
