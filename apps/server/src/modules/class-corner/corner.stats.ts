import type { CornerStatsQuery, CornerUseRow, RankRow } from '@shuyuan/contracts/class-corner/corner';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { addDays } from '../circulation/rules.service.ts';
import { schoolClock } from '../circ-records/records.query.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { classCorner } from './class-corner.table.ts';
import { cornerCounts } from './corner.routes.ts';

/** The period of a statistics query: default the last 30 days of the school's calendar. */
async function period(ctx: Ctx<any>, q: CornerStatsQuery) {
  const { today, tz } = await schoolClock(ctx.db, ctx.scope);
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -29);
  const day = sql`(${loan.borrowedAt} at time zone ${tz})::date`;
  return { from, to, cond: sql`${day} between ${from}::date and ${to}::date` };
}

/** Loans of corner copies in the period (joined to their corner), optionally of one corner / grade. */
function cornerLoans(ctx: Ctx<any>, q: CornerStatsQuery, inPeriod: SQL): SQL {
  return ctx.scope.where(
    loan,
    inPeriod,
    q.cornerId ? eq(classCorner.id, q.cornerId) : undefined,
    q.gradeId ? eq(schoolClass.gradeId, q.gradeId) : undefined,
  );
}

const ranked = <T extends { loans: number }>(rows: T[], map: (r: T) => Omit<RankRow, 'rank' | 'loans'>): RankRow[] =>
  rows.map((r, i) => ({ rank: i + 1, ...map(r), loans: Number(r.loans) }));

/** /class-bookuse: per corner: copies, copies out now, loans and distinct borrowers in the period, class size. */
export async function cornerUse(ctx: Ctx<any>, q: CornerStatsQuery) {
  const p = await period(ctx, q);
  const corners = await ctx.db
    .select({ c: classCorner, className: schoolClass.name, gradeId: schoolClass.gradeId })
    .from(classCorner)
    .leftJoin(schoolClass, eq(schoolClass.id, classCorner.classId))
    .where(
      ctx.scope.where(
        classCorner,
        q.cornerId ? eq(classCorner.id, q.cornerId) : undefined,
        q.gradeId ? eq(schoolClass.gradeId, q.gradeId) : undefined,
      ),
    )
    .orderBy(classCorner.name);
  const counts = await cornerCounts(
    ctx,
    corners.map((r) => r.c.locationId),
  );
  const usage = await ctx.db
    .select({
      cornerId: classCorner.id,
      loans: sql<number>`count(*)::int`,
      borrowers: sql<number>`count(distinct ${loan.userId})::int`,
    })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(classCorner, and(eq(classCorner.locationId, copy.locationId), eq(classCorner.schoolId, loan.schoolId)))
    .innerJoin(schoolClass, eq(schoolClass.id, classCorner.classId))
    .where(cornerLoans(ctx, q, p.cond))
    .groupBy(classCorner.id);
  const students = await ctx.db
    .select({ classId: appUser.classId, n: sql<number>`count(*)::int` })
    .from(appUser)
    .where(ctx.scope.where(appUser, sql`${appUser.identity} <> 'staff'`, eq(appUser.state, 1)))
    .groupBy(appUser.classId);
  const byClass = new Map(students.map((s) => [s.classId, Number(s.n)]));
  const byCorner = new Map(usage.map((u) => [u.cornerId, u]));
  const List: CornerUseRow[] = corners.map(({ c, className }) => ({
    cornerId: c.id,
    cornerName: c.name,
    className,
    copies: counts.get(c.locationId)?.copies ?? 0,
    onLoan: counts.get(c.locationId)?.onLoan ?? 0,
    loans: Number(byCorner.get(c.id)?.loans ?? 0),
    borrowers: Number(byCorner.get(c.id)?.borrowers ?? 0),
    students: byClass.get(c.classId) ?? 0,
  }));
  return { from: p.from, to: p.to, List };
}

/** /class-bookrank: titles of the corners most lent in the period. */
export async function bookRank(ctx: Ctx<any>, q: CornerStatsQuery) {
  const p = await period(ctx, q);
  const rows = await ctx.db
    .select({
      id: catalogueRecord.id,
      name: catalogueRecord.title,
      detail: catalogueRecord.author,
      loans: sql<number>`count(*)::int`,
    })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(classCorner, and(eq(classCorner.locationId, copy.locationId), eq(classCorner.schoolId, loan.schoolId)))
    .innerJoin(schoolClass, eq(schoolClass.id, classCorner.classId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .where(cornerLoans(ctx, q, p.cond))
    .groupBy(catalogueRecord.id, catalogueRecord.title, catalogueRecord.author)
    .orderBy(desc(sql`count(*)`), catalogueRecord.title)
    .limit(q.limit);
  return { from: p.from, to: p.to, List: ranked(rows, (r) => ({ id: r.id, name: r.name, detail: r.detail || null })) };
}

/** /class-classrank: classes by loans of their corner's books in the period. */
export async function classRank(ctx: Ctx<any>, q: CornerStatsQuery) {
  const p = await period(ctx, q);
  const rows = await ctx.db
    .select({ id: schoolClass.id, name: schoolClass.name, detail: grade.name, loans: sql<number>`count(*)::int` })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(classCorner, and(eq(classCorner.locationId, copy.locationId), eq(classCorner.schoolId, loan.schoolId)))
    .innerJoin(schoolClass, eq(schoolClass.id, classCorner.classId))
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(cornerLoans(ctx, q, p.cond))
    .groupBy(schoolClass.id, schoolClass.name, grade.name)
    .orderBy(desc(sql`count(*)`), schoolClass.name)
    .limit(q.limit);
  return { from: p.from, to: p.to, List: ranked(rows, (r) => ({ id: r.id, name: r.name, detail: r.detail })) };
}

/** /class-studentrank: students by loans of corner books in the period. */
export async function studentRank(ctx: Ctx<any>, q: CornerStatsQuery) {
  const p = await period(ctx, q);
  const readerClass = schoolClass;
  const rows = await ctx.db
    .select({ id: appUser.id, name: appUser.name, detail: readerClass.name, loans: sql<number>`count(*)::int` })
    .from(loan)
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(classCorner, and(eq(classCorner.locationId, copy.locationId), eq(classCorner.schoolId, loan.schoolId)))
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .innerJoin(readerClass, eq(readerClass.id, classCorner.classId))
    .where(cornerLoans(ctx, q, p.cond))
    .groupBy(appUser.id, appUser.name, readerClass.name)
    .orderBy(desc(sql`count(*)`), appUser.name)
    .limit(q.limit);
  return { from: p.from, to: p.to, List: ranked(rows, (r) => ({ id: r.id, name: r.name, detail: r.detail })) };
}
