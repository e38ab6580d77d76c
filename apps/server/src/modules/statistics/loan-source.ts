import type { PeriodRange } from '@shuyuan/contracts/statistics/filters';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { schoolClass } from '../org/school-class.table.ts';

/**
 * The one query layer of the circulation reports: loans of the school in a period, narrowed by the common
 * filters, joined only to what the filters and the grouping need. Everything is counted by SQL aggregation.
 */
export interface LoanFilters {
  gradeId?: number;
  classId?: number;
  departmentId?: number;
  identity?: string;
  /** Only loans of readers of these identities (group reports count readers only). */
  identities?: readonly string[];
  locationId?: number;
  resourceTypeId?: number;
  classNo?: string;
  recordId?: number;
  readerId?: number;
}

export type Join = 'reader' | 'class' | 'copy' | 'record';

/** Every filter of LoanFilters: a filter added there must be named here (the type says so). */
const FILTERS: Record<keyof LoanFilters, true> = {
  gradeId: true,
  classId: true,
  departmentId: true,
  identity: true,
  identities: true,
  locationId: true,
  resourceTypeId: true,
  classNo: true,
  recordId: true,
  readerId: true,
};
/** Whether any filter narrows the loans (a report's query carries its period and other fields too). */
export const hasFilter = (f: LoanFilters): boolean =>
  (Object.keys(FILTERS) as (keyof LoanFilters)[]).some((k) => f[k] !== undefined && f[k] !== '');

/** The 中图法 main class of a record's class number: its first letter, '' when unclassified. */
export const classLetter = sql<string>`upper(left(${catalogueRecord.classNo}, 1))`;

/**
 * What a loan counts under, as it was at lending (the loan's snapshot columns, set by the loan_snapshot trigger):
 * a reader moved to another class keeps their past loans in the class they were in. No join needed.
 */
export const AT_LENDING = {
  class: loan.readerClassId,
  grade: loan.readerGradeId,
  department: loan.readerDepartmentId,
  identity: loan.readerIdentity,
  location: loan.locationId,
  resourceType: loan.resourceTypeId,
  classNo: loan.classLetter,
} as const;

/** A class-number filter that is one main class letter (the loans' snapshot answers it without the record). */
export const isLetter = (prefix: string | undefined): prefix is string => !!prefix && /^[a-z]$/i.test(prefix);

/** `col` falls on one of the period's days in the school's time zone (an index range on the timestamp). */
export function inPeriod(col: PgColumn, range: PeriodRange, tz: string): SQL {
  return sql`${col} >= (${range.from}::date::timestamp at time zone ${tz}) and ${col} < ((${range.to}::date + 1)::timestamp at time zone ${tz})`;
}

/** A loan that was returned after its due date, or is still out past it on `today`. */
export function overdueLoan(today: string, tz: string): SQL<boolean> {
  return sql<boolean>`(case when ${loan.returnedAt} is null then ${loan.dueDate} < ${today}::date
    else (${loan.returnedAt} at time zone ${tz})::date > ${loan.dueDate} end)`;
}

/** Class numbers starting with `prefix` (upper-cased; % and _ never wildcards). */
export const classNoLike = (col: PgColumn | SQL, prefix: string): SQL =>
  sql`upper(${col}) like ${`${prefix.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/** The joins the filters need: only a class-number prefix longer than a letter reads the record. */
export function joinsFor(f: LoanFilters, extra: Join[] = []): Set<Join> {
  const j = new Set<Join>(extra);
  if (f.classNo && !isLetter(f.classNo)) j.add('record');
  if (j.has('class')) j.add('reader');
  return j;
}

/**
 * The WHERE of the loans: school, period on the borrowed (or returned) time, and every filter — reader and item
 * filters on what the loan counted under at lending (AT_LENDING), a longer class-number prefix on the record.
 */
export function loanWhere(
  scope: Scope,
  f: LoanFilters,
  range: PeriodRange,
  tz: string,
  on: 'borrowed' | 'returned' = 'borrowed',
): SQL {
  const conds: (SQL | undefined)[] = [inPeriod(on === 'borrowed' ? loan.borrowedAt : loan.returnedAt, range, tz)];
  if (f.readerId) conds.push(eq(loan.userId, f.readerId));
  if (f.recordId) conds.push(eq(loan.recordId, f.recordId));
  if (f.classId) conds.push(eq(AT_LENDING.class, f.classId));
  if (f.departmentId) conds.push(eq(AT_LENDING.department, f.departmentId));
  if (f.identity) conds.push(eq(AT_LENDING.identity, f.identity));
  if (f.identities) conds.push(inArray(AT_LENDING.identity, [...f.identities]));
  if (f.gradeId) conds.push(eq(AT_LENDING.grade, f.gradeId));
  if (f.locationId) conds.push(eq(AT_LENDING.location, f.locationId));
  if (f.resourceTypeId) conds.push(eq(AT_LENDING.resourceType, f.resourceTypeId));
  if (isLetter(f.classNo)) conds.push(eq(AT_LENDING.classNo, f.classNo.toUpperCase()));
  else if (f.classNo) conds.push(classNoLike(catalogueRecord.classNo, f.classNo));
  return scope.where(loan, ...conds);
}

/** `select fields from loan` with the joins asked for. */
export function fromLoans<F extends Record<string, unknown>>(db: Db, fields: F, joins: Set<Join>) {
  let q: any = db.select(fields as any).from(loan);
  if (joins.has('reader')) q = q.innerJoin(appUser, eq(appUser.id, loan.userId));
  if (joins.has('class')) q = q.leftJoin(schoolClass, eq(schoolClass.id, appUser.classId));
  if (joins.has('copy')) q = q.innerJoin(copy, eq(copy.id, loan.copyId));
  if (joins.has('record')) q = q.innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId));
  return q as { where: (w: SQL | undefined) => any };
}
