import type { Lang } from '@shuyuan/contracts/common/lang';
import { WALL_TREND_DAYS, type WallScreenData } from '@shuyuan/contracts/statistics/charts';
import { clcClass } from '@shuyuan/contracts/statistics/clc';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { schoolClock } from '../circ-records/records.query.ts';
import { loan } from '../circulation/circulation.table.ts';
import { gateEvent } from '../gate/gate.table.ts';
import { school } from '../school/school.table.ts';
import { heldWhere } from './collection.service.ts';
import { classLetter, inPeriod } from './loan-source.ts';
import { addDays, calendarPeriod, eachDay } from './period.ts';
import { loanDayReader } from './loan-day.table.ts';
import { rankLoans } from './rank.service.ts';

const rowsOf = (r: any) => (r.rows ?? r) as any[];

type ClassCount = { code: string; total: number; copies: number; titles: number };
/** How long the collection block is reused: it changes with cataloguing, not by the minute (10 minutes). */
const COLLECTION_TTL_MS = 10 * 60_000;
const collections = new Map<number, { at: number; rows: Promise<ClassCount[]> }>();

/**
 * Held copies and titles by 中图法 main class with the totals (grouping sets): one grouped scan of the held
 * copies, the costliest part of the wall screen, so each school's is read at most every COLLECTION_TTL_MS.
 */
function collectionOf(db: Db, scope: Scope): Promise<ClassCount[]> {
  const hit = collections.get(scope.schoolId);
  if (hit && Date.now() - hit.at < COLLECTION_TTL_MS) return hit.rows;
  // A real promise (a query builder would run again on every await).
  const rows: Promise<ClassCount[]> = Promise.resolve(
    db
      .select({
        code: classLetter,
        total: sql<number>`grouping(${classLetter})::int`,
        copies: sql<number>`count(*)::int`,
        titles: sql<number>`count(distinct ${copy.recordId})::int`,
      })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .where(heldWhere(scope, {}))
      .groupBy(sql`grouping sets ((${classLetter}), ())`) as Promise<ClassCount[]>,
  );
  if (collections.size > 1000) collections.clear();
  collections.set(scope.schoolId, { at: Date.now(), rows });
  rows.catch(() => collections.delete(scope.schoolId));
  return rows;
}

/**
 * P/Charts/GetWallScreen (/statistic): today's figures, the last 30 days, this month's top titles and classes and
 * the collection by 中图法 class — aggregates only: loans, returns, the loan trend and the top classes from the
 * daily rollup (a few rows a day), borrowers, visits and titles an index range of the period, copies out the
 * open loans (the collection: one grouped scan of the held copies, reused for 10 minutes), run side by side.
 */
export async function wallScreen(db: Db, scope: Scope, lang: Lang): Promise<WallScreenData> {
  const { today, tz } = await schoolClock(db, scope);
  const todayRange = { from: today, to: today };
  const trendRange = { from: addDays(today, -(WALL_TREND_DAYS - 1)), to: today };
  const month = calendarPeriod('month', today);
  const s = scope.schoolId;
  const local = (col: unknown) => sql`to_char((${col} at time zone ${tz})::date, 'YYYY-MM-DD')`;
  const [info, counts, trend, titles, classes, collection] = await Promise.all([
    db.select({ name: school.name, enName: school.enName }).from(school).where(eq(school.id, s)),
    db.execute(sql`select
        (select coalesce(sum(${loanDayReader.loans}), 0)::int from ${loanDayReader} where ${loanDayReader.schoolId} = ${s} and ${loanDayReader.day} = ${today}) as loans,
        (select count(distinct ${loan.userId})::int from ${loan} where ${loan.schoolId} = ${s} and ${inPeriod(loan.borrowedAt, todayRange, tz)}) as borrowers,
        (select coalesce(sum(${loanDayReader.returns}), 0)::int from ${loanDayReader} where ${loanDayReader.schoolId} = ${s} and ${loanDayReader.day} = ${today}) as returns,
        (select count(*)::int from ${gateEvent} where ${gateEvent.schoolId} = ${s} and ${gateEvent.kind} = 'in' and ${inPeriod(gateEvent.at, todayRange, tz)}) as visits,
        (select count(*)::int from ${loan} where ${loan.schoolId} = ${s} and ${loan.returnedAt} is null) as on_loan`),
    db.execute(sql`
        select 'l' as k, to_char(${loanDayReader.day}, 'YYYY-MM-DD') as day, sum(${loanDayReader.loans})::int as n
          from ${loanDayReader} where ${loanDayReader.schoolId} = ${s}
            and ${loanDayReader.day} between ${trendRange.from} and ${trendRange.to} group by 2
        union all
        select 'v', ${local(gateEvent.at)}, count(*)::int from ${gateEvent}
          where ${gateEvent.schoolId} = ${s} and ${gateEvent.kind} = 'in' and ${inPeriod(gateEvent.at, trendRange, tz)} group by 2`),
    rankLoans(db, scope, 'title', {}, month, tz, 10, lang),
    rankLoans(db, scope, 'class', {}, month, tz, 10, lang, false),
    collectionOf(db, scope),
  ]);
  const c = rowsOf(counts)[0];
  const days = new Map(eachDay(trendRange).map((day) => [day, { day, loans: 0, visits: 0 }]));
  for (const r of rowsOf(trend)) {
    const d = days.get(r.day);
    if (d) d[r.k === 'l' ? 'loans' : 'visits'] = r.n;
  }
  const all = collection.find((r) => r.total === 1);
  const byClass = collection
    .filter((r) => r !== all)
    .map((r) => ({
      code: r.code,
      name: r.code ? (clcClass(r.code)?.[lang] ?? r.code) : t(lang, 'statistics.none'),
      copies: r.copies,
    }))
    .sort((a, b) => (a.code || '~').localeCompare(b.code || '~'));
  const top = (rows: Awaited<ReturnType<typeof rankLoans>>) =>
    rows.map((r) => ({ rank: r.rank, name: r.name, detail: r.detail, count: r.loans }));
  return {
    school: { name: info[0]?.name ?? '', enName: info[0]?.enName ?? '' },
    today,
    at: new Date().toISOString(),
    loansToday: c.loans,
    returnsToday: c.returns,
    visitsToday: c.visits,
    borrowersToday: c.borrowers,
    onLoan: c.on_loan,
    trend: [...days.values()],
    month,
    titles: top(titles),
    classes: top(classes),
    collection: byClass,
    totals: { titles: all?.titles ?? 0, copies: all?.copies ?? 0 },
  };
}
