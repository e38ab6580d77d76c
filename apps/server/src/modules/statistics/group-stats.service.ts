import type { Lang } from '@shuyuan/contracts/common/lang';
import { STAT_IDENTITIES } from '@shuyuan/contracts/statistics/filters';
import type { GroupStatData, GroupStatQuery, GroupStatRow } from '@shuyuan/contracts/statistics/reports';
import { and, asc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { department } from '../org/department.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { ratio, reportClock } from './context.ts';
import { AT_LENDING, fromLoans, joinsFor, loanWhere } from './loan-source.ts';
import { monthRank } from './month-rollup.ts';
import { loanCounts } from './rollup.ts';

type Group = GroupStatQuery['by'];

/** The groups listed (every active one matching the filters, with or without loans), in the school's order. */
async function groupsOf(db: Db, scope: Scope, by: Group, q: GroupStatQuery) {
  if (by === 'class')
    return db
      .select({ id: schoolClass.id, name: schoolClass.name, detail: grade.name })
      .from(schoolClass)
      .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
      .where(
        scope.where(
          schoolClass,
          eq(schoolClass.state, 1),
          q.gradeId ? eq(schoolClass.gradeId, q.gradeId) : undefined,
          q.classId ? eq(schoolClass.id, q.classId) : undefined,
        ),
      )
      .orderBy(asc(grade.sort), asc(grade.id), asc(schoolClass.sort), asc(schoolClass.id));
  if (by === 'grade')
    return db
      .select({ id: grade.id, name: grade.name, detail: sql<string>`''` })
      .from(grade)
      .where(scope.where(grade, eq(grade.state, 1), q.gradeId ? eq(grade.id, q.gradeId) : undefined))
      .orderBy(asc(grade.sort), asc(grade.id));
  return db
    .select({ id: department.id, name: department.name, detail: sql<string>`''` })
    .from(department)
    .where(
      scope.where(department, eq(department.state, 1), q.departmentId ? eq(department.id, q.departmentId) : undefined),
    )
    .orderBy(asc(department.sort), asc(department.id));
}

/**
 * P/Statistics/GroupBorrow (/class-borrowstatistic, /dept-borrowstatistic): per class, grade or department,
 * the readers in it, those who borrowed in the period, the period's loans and how many of them were or are
 * overdue, with participation (borrowers ÷ readers), loans per reader and overdue rate (overdue ÷ loans).
 * Readers are active accounts of the reader identities (or of the chosen one); staff accounts never count.
 */
export async function groupStats(db: Db, scope: Scope, q: GroupStatQuery, _lang: Lang): Promise<GroupStatData> {
  const { range, tz, today } = await reportClock(db, scope, q);
  const identities = q.identity ? [q.identity] : STAT_IDENTITIES;
  const keyOf: Record<Group, SQL> = {
    class: sql`${appUser.classId}`,
    grade: sql`${schoolClass.gradeId}`,
    department: sql`${appUser.departmentId}`,
  };
  const key = keyOf[q.by];
  const readerConds = and(
    eq(appUser.state, 1),
    inArray(appUser.identity, [...identities]),
    q.classId ? eq(appUser.classId, q.classId) : undefined,
    q.gradeId ? eq(schoolClass.gradeId, q.gradeId) : undefined,
    q.departmentId ? eq(appUser.departmentId, q.departmentId) : undefined,
  );
  const readers = (await db
    .select({ key, n: sql<number>`count(*)::int` })
    .from(appUser)
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .where(scope.where(appUser, readerConds, sql`${key} is not null`))
    .groupBy(key)) as { key: number; n: number }[];
  const f = { ...q, identity: undefined, identities };
  // Loans and those returned late: the daily rollup; borrowers (distinct readers): the monthly reader rollup, else
  // the loans (per group and reader first, then per group — hash aggregates, no sort); loans still out past their
  // due date: the loans.
  const lentKey = AT_LENDING[q.by];
  const where = and(loanWhere(scope, f, range, tz), isNotNull(lentKey));
  const perReader = fromLoans(db, { k: sql`${lentKey}`.as('k') }, joinsFor(f))
    .where(where)
    .groupBy(lentKey, loan.userId)
    .as('per_reader');
  const counts = await loanCounts(db, scope, f, q.by, range, tz);
  // No group lent anything (e.g. no reader belongs to a department): nothing to count in the loans.
  const none = !counts.some((c) => c.key !== null && c.loans !== 0);
  // Borrowers from the monthly reader rollup when it answers (the days outside whole months from the loans).
  const borrowersOf = async (): Promise<{ key: number; n: number }[]> => {
    const rolled = await monthRank(db, scope, f, range, tz, q.by, { borrowers: true, required: true });
    if (rolled) return rolled.map((r) => ({ key: Number(r.key), n: r.borrowers }));
    return db
      .select({ key: perReader.k, n: sql<number>`count(*)::int` })
      .from(perReader)
      .groupBy(perReader.k) as Promise<{ key: number; n: number }[]>;
  };
  const [borrowers, openLate] = await Promise.all([
    none ? [] : borrowersOf(),
    none
      ? []
      : (fromLoans(db, { key: lentKey, n: sql<number>`count(*)::int` }, joinsFor(f))
          .where(and(where, isNull(loan.returnedAt), lt(loan.dueDate, today)))
          .groupBy(lentKey) as Promise<{ key: number; n: number }[]>),
  ]);
  const readersBy = new Map(readers.map((r) => [Number(r.key), r.n]));
  const borrowersBy = new Map(borrowers.map((r) => [Number(r.key), r.n]));
  const openLateBy = new Map(openLate.map((r) => [Number(r.key), r.n]));
  const lentBy = new Map(
    counts
      .filter((c) => c.key !== null)
      .map((c) => [
        Number(c.key),
        {
          loans: c.loans,
          borrowers: borrowersBy.get(Number(c.key)) ?? 0,
          overdue: c.lateLoans + (openLateBy.get(Number(c.key)) ?? 0),
        },
      ]),
  );
  const total = { readers: 0, borrowers: 0, loans: 0, overdue: 0, participation: 0, perReader: 0, overdueRate: 0 };
  const List: GroupStatRow[] = (await groupsOf(db, scope, q.by, q)).map((g) => {
    const n = readersBy.get(g.id) ?? 0;
    const l = lentBy.get(g.id) ?? { loans: 0, borrowers: 0, overdue: 0 };
    total.readers += n;
    total.borrowers += l.borrowers;
    total.loans += l.loans;
    total.overdue += l.overdue;
    return {
      id: g.id,
      name: g.name,
      detail: g.detail ?? '',
      readers: n,
      borrowers: l.borrowers,
      loans: l.loans,
      overdue: l.overdue,
      participation: ratio(l.borrowers, n),
      perReader: ratio(l.loans, n),
      overdueRate: ratio(l.overdue, l.loans),
    };
  });
  total.participation = ratio(total.borrowers, total.readers);
  total.perReader = ratio(total.loans, total.readers);
  total.overdueRate = ratio(total.overdue, total.loans);
  return { period: range, List, total };
}
