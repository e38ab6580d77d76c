import {
  CLOCK_DAY_MAX_MINUTES,
  type ClockInBody,
  type ClockInDone,
  type ClockListQuery,
  type ClockListRow,
  type MyClockIns,
  STREAK_DAYS,
} from '@shuyuan/contracts/points/clock';
import { READER_IDENTITIES } from '@shuyuan/contracts/readers/reader';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { addDays, schoolToday } from '../circulation/rules.service.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { awardPoints, inTransaction, lockBalance } from './award.ts';
import { readingClock } from './clock.table.ts';

/**
 * Streak per reader as of `day`: the run of consecutive clock-in days that ends on `day` or the day before (a
 * reader who has not clocked in yet today keeps yesterday's streak). Gaps and islands over the last 400 days.
 */
function streaks(scope: Scope, day: string, userIds?: number[]) {
  const users = userIds ? sql`and user_id in (${sql.join(userIds, sql`, `)})` : sql``;
  return sql`with d as (
      select distinct user_id, day from reading_clock
      where school_id = ${scope.schoolId} and day <= ${day}::date and day > ${day}::date - 400 ${users}),
    g as (select user_id, day, day - (row_number() over (partition by user_id order by day))::int as grp from d),
    s as (select user_id, max(day) as last, count(*)::int as len from g group by user_id, grp)
    select user_id, len from s where last >= ${day}::date - 1`;
}

export async function streakOf(db: Db, scope: Scope, userId: number, day: string): Promise<number> {
  const r = await db.execute<{ len: number }>(streaks(scope, day, [userId]));
  return r.rows[0]?.len ?? 0;
}

/**
 * A clock-in by the reader, on the school's today. Several a day are fine; the day's minutes stop at
 * CLOCK_DAY_MAX_MINUTES. The first of a day earns `clock_in` (once per day), and a day that makes the streak a
 * multiple of STREAK_DAYS earns `clock_in_streak` — both under the reader's balance lock, so two clock-ins at once
 * count the day once.
 */
export async function clockIn(db: Db, scope: Scope, userId: number, b: ClockInBody): Promise<ClockInDone> {
  const day = await schoolToday(db, scope);
  return inTransaction(db, async (tx) => {
    let title = b.title;
    if (b.recordId !== undefined) {
      const [rec] = await tx
        .select({ title: catalogueRecord.title })
        .from(catalogueRecord)
        .where(scope.where(catalogueRecord, eq(catalogueRecord.id, b.recordId)));
      if (!rec) throw fail('RECORD_NOT_FOUND', 'points.clock.recordNotFound');
      title = rec.title;
    }
    await lockBalance(tx, scope, userId);
    const [{ total }] = (await tx
      .select({ total: sql<number>`coalesce(sum(${readingClock.minutes}), 0)::int` })
      .from(readingClock)
      .where(scope.where(readingClock, eq(readingClock.userId, userId), eq(readingClock.day, day)))) as [
      { total: number },
    ];
    if (total + b.minutes > CLOCK_DAY_MAX_MINUTES)
      throw fail('TOO_MANY_MINUTES', 'points.clock.dayFull', {
        max: CLOCK_DAY_MAX_MINUTES,
        left: CLOCK_DAY_MAX_MINUTES - total,
      });
    await tx
      .insert(readingClock)
      .values(scope.values({ userId, day, minutes: b.minutes, recordId: b.recordId ?? null, title }));
    let points = 0;
    const streak = await streakOf(tx, scope, userId, day);
    if (total === 0) {
      points += await awardPoints(tx, scope, { userId, event: 'clock_in', refType: 'clock_day', refId: day });
      if (streak > 0 && streak % STREAK_DAYS === 0)
        points += await awardPoints(tx, scope, {
          userId,
          event: 'clock_in_streak',
          refType: 'clock_streak',
          refId: day,
          note: String(streak),
        });
    }
    return { day, minutesToday: total + b.minutes, streak, points };
  });
}

export async function myClockIns(db: Db, scope: Scope, userId: number): Promise<MyClockIns> {
  const today = await schoolToday(db, scope);
  const mine = scope.where(readingClock, eq(readingClock.userId, userId));
  const [recent, [sums], streak] = await Promise.all([
    db
      .select({
        id: readingClock.id,
        day: readingClock.day,
        title: readingClock.title,
        recordId: readingClock.recordId,
        minutes: readingClock.minutes,
      })
      .from(readingClock)
      .where(mine)
      .orderBy(desc(readingClock.id))
      .limit(30),
    db
      .select({
        today: sql<number>`coalesce(sum(${readingClock.minutes}) filter (where ${readingClock.day} = ${today}), 0)::int`,
        week: sql<number>`coalesce(sum(${readingClock.minutes}) filter (where ${readingClock.day} > ${addDays(today, -7)}), 0)::int`,
      })
      .from(readingClock)
      .where(mine),
    streakOf(db, scope, userId, today),
  ]);
  return { today, streak, minutesToday: sums!.today, minutesWeek: sums!.week, recent };
}

/** The class or grade view: every reader (or only those who clocked in on `day`), paged. */
export async function clockRows(
  db: Db,
  scope: Scope,
  q: Omit<ClockListQuery, 'Page' | 'Rows'>,
  page?: { limit: number; offset: number },
): Promise<{ rows: ClockListRow[]; total: number; day: string }> {
  const day = q.day ?? (await schoolToday(db, scope));
  const weekFrom = addDays(day, -6);
  const week = db
    .select({
      userId: readingClock.userId,
      minutesDay:
        sql<number>`coalesce(sum(${readingClock.minutes}) filter (where ${readingClock.day} = ${day}), 0)::int`.as(
          'minutes_day',
        ),
      minutesWeek: sql<number>`sum(${readingClock.minutes})::int`.as('minutes_week'),
      daysWeek: sql<number>`count(distinct ${readingClock.day})::int`.as('days_week'),
    })
    .from(readingClock)
    .where(scope.where(readingClock, sql`${readingClock.day} between ${weekFrom} and ${day}`))
    .groupBy(readingClock.userId)
    .as('week');
  const key = q.SearchKey ? `%${q.SearchKey}%` : null;
  const where = scope.where(
    appUser,
    inArray(appUser.identity, [...READER_IDENTITIES]),
    eq(appUser.state, 1),
    q.classId ? eq(appUser.classId, q.classId) : undefined,
    q.gradeId ? eq(schoolClass.gradeId, q.gradeId) : undefined,
    key ? or(ilike(appUser.name, key), ilike(appUser.account, key)) : undefined,
    q.onlyClocked ? sql`${week.minutesDay} > 0` : undefined,
  );
  const base = db
    .select({
      userId: appUser.id,
      account: appUser.account,
      name: appUser.name,
      className: schoolClass.name,
      gradeName: grade.name,
      minutesDay: sql<number>`coalesce(${week.minutesDay}, 0)::int`,
      minutesWeek: sql<number>`coalesce(${week.minutesWeek}, 0)::int`,
      daysWeek: sql<number>`coalesce(${week.daysWeek}, 0)::int`,
    })
    .from(appUser)
    .leftJoin(week, eq(week.userId, appUser.id))
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .where(where)
    .orderBy(desc(sql`coalesce(${week.minutesWeek}, 0)`), appUser.account)
    .$dynamic();
  const rows = await (page ? base.limit(page.limit).offset(page.offset) : base);
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appUser)
    .leftJoin(week, eq(week.userId, appUser.id))
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .where(and(where))) as [{ n: number }];
  const ids = rows.map((r) => r.userId);
  const lens = new Map<number, number>();
  if (ids.length) {
    const r = await db.execute<{ user_id: number; len: number }>(streaks(scope, day, ids));
    for (const s of r.rows) lens.set(Number(s.user_id), Number(s.len));
  }
  return { rows: rows.map((r) => ({ ...r, id: r.userId, streak: lens.get(r.userId) ?? 0 })), total: n, day };
}

export async function listClock(db: Db, scope: Scope, q: ClockListQuery) {
  const { rows, total, day } = await clockRows(db, scope, q, { limit: q.Rows, offset: pageOffset(q) });
  return { ...list(rows, total), day };
}
