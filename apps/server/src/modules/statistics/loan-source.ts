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

/** The 中图法 main class of a record's class number: its first letter, '' when unclassified. */
export const classLetter = sql<string>`upper(left(${catalogueRecord.classNo}, 1))`;

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

/** The joins the filters need. */
export function joinsFor(f: LoanFilters, extra: Join[] = []): Set<Join> {
  const j = new Set<Join>(extra);
  if (f.classId || f.departmentId || f.identity || f.identities) j.add('reader');
  if (f.gradeId) j.add('reader').add('class');
  if (f.locationId) j.add('copy');
  if (f.resourceTypeId || f.classNo) j.add('record');
  if (j.has('class')) j.add('reader');
  return j;
}

/** The WHERE of the loans: school, period on the borrowed (or returned) time, and every filter. */
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
  if (f.classId) conds.push(eq(appUser.classId, f.classId));
  if (f.departmentId) conds.push(eq(appUser.departmentId, f.departmentId));
  if (f.identity) conds.push(eq(appUser.identity, f.identity));
  if (f.identities) conds.push(inArray(appUser.identity, [...f.identities]));
  if (f.gradeId) conds.push(eq(schoolClass.gradeId, f.gradeId));
  if (f.locationId) conds.push(eq(copy.locationId, f.locationId));
  if (f.resourceTypeId) conds.push(eq(catalogueRecord.resourceTypeId, f.resourceTypeId));
  if (f.classNo) conds.push(classNoLike(catalogueRecord.classNo, f.classNo));
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
