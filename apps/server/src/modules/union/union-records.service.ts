import type {
  UnionBalance,
  UnionBalanceQuery,
  UnionLoanDto,
  UnionLoanState,
  UnionRecordsQuery,
  UnionTasks,
} from '@shuyuan/contracts/union/lending';
import { and, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { daysBetween, SCHOOL_ZONE, schoolToday } from '../circulation/rules.service.ts';
import { configOf } from '../../platform/school-config.ts';
import { school } from '../school/school.table.ts';
import { mustBeMember } from './membership.ts';
import { openLoansWhere } from './union-loan-steps.service.ts';
import { unionLoan } from './union-lending.table.ts';
import { schoolUnion, unionMember } from './union.table.ts';

const owner = alias(school, 'owner_school');
const borrower = alias(school, 'borrower_school');
const returnedAt = alias(school, 'returned_school');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Union loans with their names (union, schools, title, barcode), as the caller's school sees them. */
async function loansWith(db: Db, scope: Scope, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const q = db
    .select({
      l: unionLoan,
      unionName: schoolUnion.name,
      ownerName: owner.name,
      borrowerName: borrower.name,
      returnedName: returnedAt.name,
      title: catalogueRecord.title,
      barcode: copy.barcode,
    })
    .from(unionLoan)
    .leftJoin(schoolUnion, eq(schoolUnion.id, unionLoan.unionId))
    .innerJoin(owner, eq(owner.id, unionLoan.ownerSchoolId))
    .innerJoin(borrower, eq(borrower.id, unionLoan.borrowerSchoolId))
    .leftJoin(returnedAt, eq(returnedAt.id, unionLoan.returnedSchoolId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, unionLoan.recordId))
    .leftJoin(copy, eq(copy.id, unionLoan.copyId))
    .where(where)
    .orderBy(desc(unionLoan.updatedAt), desc(unionLoan.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  const today = await schoolToday(db, scope);
  return rows.map((r): UnionLoanDto => {
    const l = r.l;
    const overdue = l.state === 'lent' && l.dueDate && l.dueDate < today ? daysBetween(l.dueDate, today) : 0;
    return {
      id: l.id,
      unionId: l.unionId,
      unionName: r.unionName ?? '',
      state: l.state as UnionLoanState,
      via: l.via as UnionLoanDto['via'],
      side: l.ownerSchoolId === scope.schoolId ? 'owner' : 'borrower',
      ownerSchoolId: l.ownerSchoolId,
      ownerSchoolName: r.ownerName,
      borrowerSchoolId: l.borrowerSchoolId,
      borrowerSchoolName: r.borrowerName,
      recordId: l.recordId,
      title: r.title,
      barcode: r.barcode,
      readerName: l.readerName,
      readerCard: l.readerCard,
      dueDate: l.dueDate,
      overdueDays: overdue,
      reason: l.reason,
      requestedAt: iso(l.requestedAt),
      dispatchedAt: iso(l.dispatchedAt),
      receivedAt: iso(l.receivedAt),
      lentAt: iso(l.lentAt),
      returnedAt: iso(l.returnedAt),
      returnedAtSchoolName: r.returnedName,
      sentHomeAt: iso(l.sentHomeAt),
      backAt: iso(l.backAt),
      cancelledAt: iso(l.cancelledAt),
      updatedAt: l.updatedAt.toISOString(),
    };
  });
}

/**
 * What the school must act on, on both sides: as owner — requests to dispatch, copies coming home, its copies
 * away; as borrower — copies arriving, on its hold shelf, returned and to send home, its readers' loans out.
 */
export async function lendingTasks(db: Db, scope: Scope, unionId?: number): Promise<UnionTasks> {
  if (unionId) await mustBeMember(db, scope, unionId);
  const all = await loansWith(db, scope, openLoansWhere(scope, unionId));
  const mine = (side: 'owner' | 'borrower', states: UnionLoanState[]) =>
    all.filter((l) => l.side === side && states.includes(l.state));
  return {
    toDispatch: mine('owner', ['requested']),
    comingHome: mine('owner', ['homebound', 'returned']),
    arriving: mine('borrower', ['transit']),
    onShelf: mine('borrower', ['shelf']),
    toSendHome: mine('borrower', ['returned']),
    away: mine('owner', ['transit', 'shelf', 'lent', 'returned', 'homebound']),
    borrowedOut: mine('borrower', ['requested', 'transit', 'shelf', 'lent']),
  };
}

/** The event's day in the school's time zone lies within from..to (each optional). */
function dayWithin(col: AnyPgColumn, zone: string, from?: string, to?: string): SQL | undefined {
  const day = sql`(${col} at time zone ${zone})::date`;
  return and(from ? sql`${day} >= ${from}::date` : undefined, to ? sql`${day} <= ${to}::date` : undefined);
}

function recordsWhere(scope: Scope, q: UnionRecordsQuery, today: string, zone: string): SQL | undefined {
  const me = scope.schoolId;
  const side =
    q.direction === 'lent'
      ? eq(unionLoan.ownerSchoolId, me)
      : q.direction === 'borrowed'
        ? eq(unionLoan.borrowerSchoolId, me)
        : or(eq(unionLoan.ownerSchoolId, me), eq(unionLoan.borrowerSchoolId, me));
  const other = q.schoolId
    ? or(
        and(eq(unionLoan.ownerSchoolId, me), eq(unionLoan.borrowerSchoolId, q.schoolId)),
        and(eq(unionLoan.borrowerSchoolId, me), eq(unionLoan.ownerSchoolId, q.schoolId)),
      )
    : undefined;
  const key = q.SearchKey ? `%${q.SearchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    side,
    other,
    q.unionId ? eq(unionLoan.unionId, q.unionId) : undefined,
    q.state ? eq(unionLoan.state, q.state) : undefined,
    q.overdueOnly ? and(eq(unionLoan.state, 'lent'), lt(unionLoan.dueDate, today)) : undefined,
    dayWithin(unionLoan.createdAt, zone, q.from, q.to),
    key
      ? or(
          ilike(catalogueRecord.title, key),
          ilike(unionLoan.readerCard, key),
          ilike(unionLoan.readerName, key),
          ilike(copy.barcode, key),
        )
      : undefined,
  );
}

/** `/union/brrecord`: the union loans of the school (lent and borrowed), filtered, newest first. */
export async function loanRecords(db: Db, scope: Scope, q: UnionRecordsQuery, all = false) {
  if (q.unionId) await mustBeMember(db, scope, q.unionId);
  const where = recordsWhere(scope, q, await schoolToday(db, scope), await configOf(db, scope, SCHOOL_ZONE));
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(unionLoan)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, unionLoan.recordId))
    .leftJoin(copy, eq(copy.id, unionLoan.copyId))
    .where(where);
  const List = await loansWith(db, scope, where, all ? undefined : { limit: q.Rows, offset: pageOffset(q) });
  return { List, Total: c.n };
}

/**
 * `/union/borrowlend`: the loans between schools by lending (owner) × borrowing school — loans whose reader got the
 * copy in the period (lent_at), with those out now and overdue — over the unions the school is a passed member of
 * (counts only: nothing of a reader). Per school: lent, borrowed and the balance.
 */
export async function lendingBalance(db: Db, scope: Scope, q: UnionBalanceQuery): Promise<UnionBalance> {
  if (q.unionId) await mustBeMember(db, scope, q.unionId);
  const unions = db
    .select({ id: unionMember.unionId })
    .from(unionMember)
    .where(scope.where(unionMember, eq(unionMember.status, 'passed')));
  const today = await schoolToday(db, scope);
  const rows = await db
    .select({
      ownerSchoolId: unionLoan.ownerSchoolId,
      ownerSchoolName: owner.name,
      borrowerSchoolId: unionLoan.borrowerSchoolId,
      borrowerSchoolName: borrower.name,
      loans: sql<number>`count(*)`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${unionLoan.state} = 'lent')`.mapWith(Number),
      overdue:
        sql<number>`count(*) filter (where ${unionLoan.state} = 'lent' and ${lt(unionLoan.dueDate, today)})`.mapWith(
          Number,
        ),
    })
    .from(unionLoan)
    .innerJoin(owner, eq(owner.id, unionLoan.ownerSchoolId))
    .innerJoin(borrower, eq(borrower.id, unionLoan.borrowerSchoolId))
    .where(
      and(
        q.unionId ? eq(unionLoan.unionId, q.unionId) : inArray(unionLoan.unionId, unions),
        sql`${unionLoan.lentAt} is not null`,
        dayWithin(unionLoan.lentAt, await configOf(db, scope, SCHOOL_ZONE), q.from, q.to),
      ),
    )
    .groupBy(unionLoan.ownerSchoolId, owner.name, unionLoan.borrowerSchoolId, borrower.name)
    .orderBy(owner.name, borrower.name);
  const schools = new Map<number, UnionBalance['schools'][number]>();
  const at = (id: number, name: string) => {
    const s = schools.get(id) ?? { schoolId: id, schoolName: name, lent: 0, borrowed: 0, balance: 0 };
    schools.set(id, s);
    return s;
  };
  for (const r of rows) {
    at(r.ownerSchoolId, r.ownerSchoolName).lent += r.loans;
    at(r.borrowerSchoolId, r.borrowerSchoolName).borrowed += r.loans;
  }
  for (const s of schools.values()) s.balance = s.lent - s.borrowed;
  return { rows, schools: [...schools.values()].sort((a, b) => a.schoolName.localeCompare(b.schoolName)) };
}
