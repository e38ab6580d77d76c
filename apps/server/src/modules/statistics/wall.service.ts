import type { Lang } from '@shuyuan/contracts/common/lang';
import { WALL_TREND_DAYS, type WallScreenData } from '@shuyuan/contracts/statistics/charts';
import { clcClass } from '@shuyuan/contracts/statistics/clc';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { schoolClock } from '../circ-records/records.query.ts';
import { loan } from '../circulation/circulation.table.ts';
import { school } from '../school/school.table.ts';
import { gateHour } from './gate-day.table.ts';
import { type HeldRow, heldBy } from './held.service.ts';
import { inPeriod } from './loan-source.ts';
import { addDays, calendarPeriod, eachDay } from './period.ts';
import { loanDayReader } from './loan-day.table.ts';
import { rankLoans } from './rank.service.ts';

const rowsOf = (r: any) => (r.rows ?? r) as any[];

/**
 * P/Charts/GetWallScreen (/statistic): today's figures, the last 30 days, this month's top titles and classes and
 * the collection by 中图法 class — aggregates only: loans, returns, the loan trend and the top classes from the
 * daily rollup (a few rows a day), visits from the gate rollup (a row per hour), today's borrowers an index range
 * of the day, the month's titles the monthly rollup (a row per title lent), copies out the open loans, the collection from the held-copy rollup (a row per record and
 * location) — all exact at every refresh, run side by side.
 */
export async function wallScreen(db: Db, scope: Scope, lang: Lang): Promise<WallScreenData> {
  const { today, tz } = await schoolClock(db, scope);
  const todayRange = { from: today, to: today };
  const trendRange = { from: addDays(today, -(WALL_TREND_DAYS - 1)), to: today };
  const month = calendarPeriod('month', today);
  const s = scope.schoolId;
  const [info, counts, trend, titles, classes, collection, [all]] = await Promise.all([
    db.select({ name: school.name, enName: school.enName }).from(school).where(eq(school.id, s)),
    db.execute(sql`select
        (select coalesce(sum(${loanDayReader.loans}), 0)::int from ${loanDayReader} where ${loanDayReader.schoolId} = ${s} and ${loanDayReader.day} = ${today}) as loans,
        (select count(distinct ${loan.userId})::int from ${loan} where ${loan.schoolId} = ${s} and ${inPeriod(loan.borrowedAt, todayRange, tz)}) as borrowers,
        (select coalesce(sum(${loanDayReader.returns}), 0)::int from ${loanDayReader} where ${loanDayReader.schoolId} = ${s} and ${loanDayReader.day} = ${today}) as returns,
        (select coalesce(sum(${gateHour.ins}), 0)::int from ${gateHour} where ${gateHour.schoolId} = ${s} and ${gateHour.day} = ${today}) as visits,
        (select count(*)::int from ${loan} where ${loan.schoolId} = ${s} and ${loan.returnedAt} is null) as on_loan`),
    db.execute(sql`
        select 'l' as k, to_char(${loanDayReader.day}, 'YYYY-MM-DD') as day, sum(${loanDayReader.loans})::int as n
          from ${loanDayReader} where ${loanDayReader.schoolId} = ${s}
            and ${loanDayReader.day} between ${trendRange.from} and ${trendRange.to} group by 2
        union all
        select 'v', to_char(${gateHour.day}, 'YYYY-MM-DD'), sum(${gateHour.ins})::int from ${gateHour}
          where ${gateHour.schoolId} = ${s} and ${gateHour.day} between ${trendRange.from} and ${trendRange.to} group by 2`),
    rankLoans(db, scope, 'title', {}, month, tz, 10, lang),
    rankLoans(db, scope, 'class', {}, month, tz, 10, lang, false),
    heldBy(db, scope, 'classNo', {}) as Promise<HeldRow[]>,
    heldBy(db, scope, 'total', {}) as Promise<HeldRow[]>,
  ]);
  const c = rowsOf(counts)[0];
  const days = new Map(eachDay(trendRange).map((day) => [day, { day, loans: 0, visits: 0 }]));
  for (const r of rowsOf(trend)) {
    const d = days.get(r.day);
    if (d) d[r.k === 'l' ? 'loans' : 'visits'] = r.n;
  }
  const byClass = collection
    .map((r) => String(r.key ?? ''))
    .map((code, i) => ({
      code,
      name: code ? (clcClass(code)?.[lang] ?? code) : t(lang, 'statistics.none'),
      copies: collection[i].copies,
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
