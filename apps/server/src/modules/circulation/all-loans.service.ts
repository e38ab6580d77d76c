import type { AllBorrowingQuery } from '@shuyuan/contracts/circulation/desk';
import { count, eq, gte, ilike, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { loan } from './circulation.table.ts';
import { overdueDayCounter, schoolToday } from './rules.service.ts';

/**
 * P/Circulation/GetAllBorrowing: every open loan of the school, oldest due first, with the reader, their class
 * and days overdue. Filters: SearchKey (reader account/name, barcode, title), overdue only, identity, class,
 * due-date range.
 */
export async function allBorrowing(db: Db, scope: Scope, q: AllBorrowingQuery) {
  const today = await schoolToday(db, scope);
  const key = q.SearchKey ? `%${q.SearchKey}%` : null;
  const where = scope.where(
    loan,
    isNull(loan.returnedAt),
    key
      ? or(
          ilike(appUser.account, key),
          ilike(appUser.name, key),
          ilike(copy.barcode, key),
          ilike(catalogueRecord.title, key),
        )
      : undefined,
    q.overdueOnly ? lt(loan.dueDate, today) : undefined,
    q.identity ? eq(appUser.identity, q.identity) : undefined,
    q.classId ? eq(appUser.classId, q.classId) : undefined,
    q.dueFrom ? gte(loan.dueDate, q.dueFrom) : undefined,
    q.dueTo ? lte(loan.dueDate, q.dueTo) : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .where(where);
  const rows = await db
    .select({
      loanId: loan.id,
      barcode: copy.barcode,
      title: catalogueRecord.title,
      borrowedAt: loan.borrowedAt,
      dueDate: loan.dueDate,
      renewals: loan.renewals,
      readerAccount: appUser.account,
      readerName: appUser.name,
      identity: appUser.identity,
      className: schoolClass.name,
      gradeName: grade.name,
    })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(where)
    .orderBy(loan.dueDate, loan.id)
    .limit(q.Rows)
    .offset(pageOffset(q));
  const overdue = await overdueDayCounter(db, scope, today);
  return list(
    rows.map(({ gradeName, className, ...r }) => ({
      ...r,
      className: className ? `${gradeName ?? ''}${className}` : null,
      overdueDays: overdue(r.dueDate),
    })),
    total,
  );
}
