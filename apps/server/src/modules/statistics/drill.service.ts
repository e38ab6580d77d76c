import { CLC_CLASSES } from '@shuyuan/contracts/statistics/clc';
import type { DrillLoanDto, StatFilters } from '@shuyuan/contracts/statistics/filters';
import type { DrillCopiesQuery, DrillCopyDto } from '@shuyuan/contracts/statistics/reports';
import { and, asc, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { location } from '../basic/location.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { heldWhere } from './collection.service.ts';
import { type ReportClock, reportClock } from './context.ts';
import { classLetter, type LoanFilters, loanWhere, overdueLoan } from './loan-source.ts';

/**
 * The loans behind a figure (a click on a bar or a row): the report's filters with the clicked value folded
 * in, newest first. The same WHERE as the figure, so the list's total is the figure.
 */
export async function drillLoans(
  db: Db,
  scope: Scope,
  f: Partial<StatFilters> & LoanFilters,
  page: { Page: number; Rows: number },
  known?: ReportClock,
): Promise<{ List: DrillLoanDto[]; Total: number }> {
  const { range, tz, today } = known ?? (await reportClock(db, scope, f));
  const where = loanWhere(scope, f, range, tz);
  const base = (fields: Record<string, any>): any =>
    db
      .select(fields)
      .from(loan)
      .innerJoin(appUser, eq(appUser.id, loan.userId))
      .leftJoin(schoolClass, eq(schoolClass.id, loan.readerClassId))
      .leftJoin(grade, eq(grade.id, loan.readerGradeId))
      .innerJoin(copy, eq(copy.id, loan.copyId))
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
      .where(where);
  const [{ n }] = await base({ n: sql<number>`count(*)::int` });
  const rows = await base({
    id: loan.id,
    barcode: copy.barcode,
    title: catalogueRecord.title,
    callNo: copy.callNo,
    account: appUser.account,
    readerName: appUser.name,
    // The class and grade the loan counts under (at lending), like the figure.
    className: schoolClass.name,
    gradeName: grade.name,
    borrowedAt: loan.borrowedAt,
    dueDate: loan.dueDate,
    returnedAt: loan.returnedAt,
    renewals: loan.renewals,
    overdue: overdueLoan(today, tz),
  })
    .orderBy(desc(loan.borrowedAt), desc(loan.id))
    .limit(page.Rows)
    .offset((page.Page - 1) * page.Rows);
  return {
    List: rows.map((r: any) => ({
      ...r,
      borrowedAt: r.borrowedAt.toISOString(),
      returnedAt: r.returnedAt?.toISOString() ?? null,
    })),
    Total: n,
  };
}

const CLC_LETTERS = CLC_CLASSES.map((c) => c.code);

/** The clicked row of a collection report as a condition on a copy and its record ('' = none / outside the list). */
function copyKey(by: DrillCopiesQuery['by'], key: string | number, tz: string): SQL | undefined {
  const k = String(key);
  const letter = sql`coalesce(${classLetter}, '')`;
  switch (by) {
    case 'classNo':
      return sql`${letter} = ${k.toUpperCase()}`;
    case 'class22':
      return k ? sql`${letter} = ${k.toUpperCase()}` : notInArray(letter, CLC_LETTERS);
    case 'part': {
      if (!k) return notInArray(letter, CLC_LETTERS);
      const letters = CLC_CLASSES.filter((c) => c.part === k).map((c) => c.code);
      return letters.length ? inArray(letter, letters) : sql`false`;
    }
    case 'location':
      return k ? eq(copy.locationId, Number(k)) : isNull(copy.locationId);
    case 'resourceType':
      return k ? eq(catalogueRecord.resourceTypeId, Number(k)) : isNull(catalogueRecord.resourceTypeId);
    case 'year':
      return sql`extract(year from ${copy.createdAt} at time zone ${tz})::int = ${Number(k) || 0}`;
    case 'language':
      return k ? eq(catalogueRecord.language, k) : sql`nullif(${catalogueRecord.language}, '') is null`;
  }
}

/**
 * The held copies behind a collection figure (a click on a row or bar of /collection-statistic, /classify22,
 * /data-report/classify5): the report's item filters and the clicked row's key, by call number. The same copies
 * the figure counts (held: not weeded, lost or suggested), so the list's total is the row's copies.
 */
export async function drillCopies(
  db: Db,
  scope: Scope,
  q: DrillCopiesQuery,
  page: { Page: number; Rows: number },
): Promise<{ List: DrillCopyDto[]; Total: number }> {
  const { tz } = await reportClock(db, scope, {});
  const where = and(heldWhere(scope, q), copyKey(q.by, q.key, tz));
  const base = (fields: Record<string, any>): any =>
    db
      .select(fields)
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .leftJoin(location, eq(location.id, copy.locationId))
      .where(where);
  const [{ n }] = await base({ n: sql<number>`count(*)::int` });
  const rows = await base({
    id: copy.id,
    barcode: copy.barcode,
    title: catalogueRecord.title,
    callNo: copy.callNo,
    classNo: catalogueRecord.classNo,
    locationName: location.name,
    acquiredAt: copy.createdAt,
    valueFen: sql<number | null>`coalesce(${copy.unitPriceFen}, ${catalogueRecord.priceFen})`,
  })
    .orderBy(asc(copy.callNo), asc(copy.barcode), asc(copy.id))
    .limit(page.Rows)
    .offset((page.Page - 1) * page.Rows);
  return {
    List: rows.map((r: any) => ({ ...r, classNo: r.classNo ?? '', acquiredAt: r.acquiredAt.toISOString() })),
    Total: n,
  };
}
