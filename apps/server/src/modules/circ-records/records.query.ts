import {
  CONVERSION_KINDS,
  type LoanFilters,
  type LoanRecordDto,
  type LoanState,
  type OverdueReviewState,
} from '@shuyuan/contracts/circ-records/records';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../platform/resource/query.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { addDays, daysBetween, dateIn } from '../circulation/rules.service.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { school } from '../school/school.table.ts';
import { loanConversion } from './circ-records.table.ts';
import { reviewStateOf } from './review-state.ts';

const operator = alias(appUser, 'loan_operator');
const reviewer = alias(appUser, 'review_operator');

/** The conversion that closed a loan (returned / lost / weeding) — overdue reviews share the log, not the join. */
const closingConversion = and(eq(loanConversion.loanId, loan.id), inArray(loanConversion.kind, [...CONVERSION_KINDS]));
const returnOperator = alias(appUser, 'loan_return_operator');

/** The school's date and time zone: loans are dated in the school's calendar. */
export async function schoolClock(db: Db, scope: Scope): Promise<{ today: string; tz: string }> {
  const [s] = await db.select({ tz: school.timeZone }).from(school).where(eq(school.id, scope.schoolId));
  const tz = s?.tz ?? 'Asia/Shanghai';
  return { today: dateIn(new Date(), tz), tz };
}

/** The loan's borrowed day in the school's time zone, for date filters. */
const borrowedDay = (tz: string) => sql`(${loan.borrowedAt} at time zone ${tz})::date`;

/** WHERE conditions of the record screens; everything goes through the school scope. */
/** Server-side extras: a set of readers (parents' children), the copies at one location (a class corner). */
export type LoanQuery = LoanFilters & { userIds?: number[]; locationId?: number };

export function loanWhere(scope: Scope, f: LoanQuery, clock: { today: string; tz: string }) {
  const conds: (SQL | undefined)[] = [];
  if (f.locationId) conds.push(eq(copy.locationId, f.locationId));
  if (f.userIds) conds.push(f.userIds.length ? inArray(loan.userId, f.userIds) : sql`false`);
  if (f.readerId) conds.push(eq(loan.userId, f.readerId));
  if (f.reader) {
    const p = likePattern(f.reader);
    conds.push(or(ilike(appUser.account, p), ilike(appUser.name, p)));
  }
  if (f.classId) conds.push(eq(appUser.classId, f.classId));
  if (f.gradeId) conds.push(eq(schoolClass.gradeId, f.gradeId));
  if (f.barcode) conds.push(eq(copy.barcode, f.barcode));
  if (f.title) conds.push(ilike(catalogueRecord.title, likePattern(f.title)));
  if (f.copyId) conds.push(eq(loan.copyId, f.copyId));
  if (f.recordId) conds.push(eq(loan.recordId, f.recordId));
  if (f.from) conds.push(sql`${borrowedDay(clock.tz)} >= ${f.from}::date`);
  if (f.to) conds.push(sql`${borrowedDay(clock.tz)} <= ${f.to}::date`);
  if (f.state === 'open') conds.push(isNull(loan.returnedAt));
  if (f.state === 'returned') conds.push(isNotNull(loan.returnedAt));
  if (f.state === 'overdue') conds.push(isNull(loan.returnedAt), lt(loan.dueDate, clock.today));
  if (f.review) {
    // Only overdue loans are reviewed.
    conds.push(isNull(loan.returnedAt), lt(loan.dueDate, clock.today), sql`${reviewStateOf(loan.id)} = ${f.review}`);
  }
  if (f.minOverdueDays !== undefined) {
    conds.push(isNull(loan.returnedAt), lte(loan.dueDate, addDays(clock.today, -Math.max(1, f.minOverdueDays))));
  }
  return scope.where(loan, and(...conds));
}

function fromLoans(db: Db, fields: Record<string, any>) {
  return db
    .select(fields)
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .$dynamic();
}

const FIELDS = {
  loan,
  barcode: copy.barcode,
  callNo: copy.callNo,
  title: catalogueRecord.title,
  author: catalogueRecord.author,
  account: appUser.account,
  readerName: appUser.name,
  identity: appUser.identity,
  className: schoolClass.name,
  gradeName: grade.name,
  operatorName: operator.name,
  returnOperatorName: returnOperator.name,
  convKind: loanConversion.kind,
  convReason: loanConversion.reason,
  convAt: loanConversion.createdAt,
};

type Row = {
  loan: typeof loan.$inferSelect;
} & Record<Exclude<keyof typeof FIELDS, 'loan'>, any>;

function toDto(r: Row, clock: { today: string; tz: string }): LoanRecordDto {
  const l = r.loan;
  const returnedDay = l.returnedAt ? dateIn(l.returnedAt, clock.tz) : null;
  const state: LoanState = returnedDay ? 'returned' : l.dueDate < clock.today ? 'overdue' : 'open';
  return {
    id: l.id,
    copyId: l.copyId,
    barcode: r.barcode,
    recordId: l.recordId,
    title: r.title,
    author: r.author,
    callNo: r.callNo,
    userId: l.userId,
    account: r.account,
    readerName: r.readerName,
    identity: r.identity,
    className: r.className,
    gradeName: r.gradeName,
    borrowedAt: l.borrowedAt.toISOString(),
    dueDate: l.dueDate,
    returnedAt: l.returnedAt?.toISOString() ?? null,
    renewals: l.renewals,
    via: l.via,
    state,
    overdueDays: Math.max(0, daysBetween(l.dueDate, returnedDay ?? clock.today)),
    operatorName: r.operatorName,
    returnOperatorName: r.returnOperatorName,
    conversion: r.convKind ? { kind: r.convKind, reason: r.convReason, at: new Date(r.convAt).toISOString() } : null,
    review: null,
  };
}

/** Adds each loan's latest overdue review (state, reason, time, reviewer) to the DTOs, one query for the page. */
async function withReviews(db: Db, scope: Scope, list: LoanRecordDto[]): Promise<LoanRecordDto[]> {
  if (!list.length) return list;
  const rows = await db
    .selectDistinctOn([loanConversion.loanId], {
      loanId: loanConversion.loanId,
      kind: loanConversion.kind,
      reason: loanConversion.reason,
      at: loanConversion.createdAt,
      operatorName: reviewer.name,
    })
    .from(loanConversion)
    .leftJoin(reviewer, eq(reviewer.id, loanConversion.operatorId))
    .where(
      scope.where(
        loanConversion,
        inArray(
          loanConversion.loanId,
          list.map((l) => l.id),
        ),
        sql`${loanConversion.kind} like 'overdue-%'`,
      ),
    )
    .orderBy(loanConversion.loanId, desc(loanConversion.id));
  const by = new Map(rows.map((r) => [r.loanId, r]));
  return list.map((l) => {
    const r = by.get(l.id);
    return r
      ? {
          ...l,
          review: {
            state: r.kind.slice('overdue-'.length) as OverdueReviewState,
            reason: r.reason,
            at: r.at.toISOString(),
            operatorName: r.operatorName,
          },
        }
      : l;
  });
}

/**
 * One page of loans with their copy, title, reader, class and grade (the record screens). Open loans and the
 * most recent first; overdue lists oldest due date first.
 */
export async function listLoans(
  db: Db,
  scope: Scope,
  f: LoanQuery,
  page: { Page: number; Rows: number },
): Promise<{ List: LoanRecordDto[]; Total: number }> {
  const clock = await schoolClock(db, scope);
  const where = loanWhere(scope, f, clock);
  const [{ n }] = await fromLoans(db, { n: sql<number>`count(*)::int` }).where(where);
  const order =
    f.state === 'overdue' || f.minOverdueDays !== undefined
      ? [loan.dueDate, loan.id]
      : [desc(loan.borrowedAt), desc(loan.id)];
  const rows = (await fromLoans(db, FIELDS)
    .leftJoin(operator, eq(operator.id, loan.operatorId))
    .leftJoin(returnOperator, eq(returnOperator.id, loan.returnOperatorId))
    .leftJoin(loanConversion, closingConversion)
    .where(where)
    .orderBy(...order)
    .limit(page.Rows)
    .offset((page.Page - 1) * page.Rows)) as Row[];
  return {
    List: await withReviews(
      db,
      scope,
      rows.map((r) => toDto(r, clock)),
    ),
    Total: Number(n),
  };
}

/** One loan by id (school scoped), or undefined. */
export async function getLoan(db: Db, scope: Scope, id: number): Promise<LoanRecordDto | undefined> {
  const clock = await schoolClock(db, scope);
  const [r] = (await fromLoans(db, FIELDS)
    .leftJoin(operator, eq(operator.id, loan.operatorId))
    .leftJoin(returnOperator, eq(returnOperator.id, loan.returnOperatorId))
    .leftJoin(loanConversion, closingConversion)
    .where(scope.where(loan, eq(loan.id, id)))
    .limit(1)) as Row[];
  return r ? (await withReviews(db, scope, [toDto(r, clock)]))[0] : undefined;
}
