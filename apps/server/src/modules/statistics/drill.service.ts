import type { DrillLoanDto, StatFilters } from '@shuyuan/contracts/statistics/filters';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { type ReportClock, reportClock } from './context.ts';
import { type LoanFilters, loanWhere, overdueLoan } from './loan-source.ts';

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
