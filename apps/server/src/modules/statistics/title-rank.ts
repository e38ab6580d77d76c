import type { PeriodRange } from '@shuyuan/contracts/statistics/filters';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { loan } from '../circulation/circulation.table.ts';
import { loanYearRecord } from './loan-day.table.ts';
import { inPeriod } from './loan-source.ts';
import { addDays, daysIn } from './period.ts';

/**
 * The most borrowed titles of a long period from the yearly rollup per title (statistics README "Rollups"), exact:
 * the figures of counting the period's loans, read from a few hundred titles instead of every loan.
 *
 * A title's loans in the period are its rollup count of the whole years, plus its loans on the period's days of a
 * partial year — or, when those are more than half the year, the year's count less its loans on the other days
 * (`planYears`). Which titles to count: the `top` of each year the period touches (m years) give a first cut T0, the
 * top-th of their counts; a title whose every year count is below T0 / m has fewer than T0 loans in the period and
 * cannot be in the answer (whose top-th count is at least T0), so only titles with a year count ≥ ⌈T0 / m⌉ are
 * counted (`loan_year_record_top_idx`), each through `loan_school_record_borrowed_idx`.
 */
export interface YearPlan {
  /** The years the period touches. */
  years: number[];
  /** Years whose rollup count is added: whole years, and partial ones counted as the year less the other days. */
  whole: number[];
  /** Days whose loans are added (1) or taken off (-1) per title. */
  days: { range: PeriodRange; sign: 1 | -1 }[];
}

const yearDay = (y: number, md: string) => `${String(y).padStart(4, '0')}-${md}`;

/** How a period is counted from the yearly rollup and the loans of the days of its partial years (the fewer days). */
export function planYears(r: PeriodRange): YearPlan {
  const plan: YearPlan = { years: [], whole: [], days: [] };
  for (let y = Number(r.from.slice(0, 4)); y <= Number(r.to.slice(0, 4)); y++) {
    const first = yearDay(y, '01-01');
    const last = yearDay(y, '12-31');
    // ISO days: the later start and the earlier end (strings sort as days do).
    const from = [r.from, first].sort()[1];
    const to = [r.to, last].sort()[0];
    const inside = daysIn({ from, to });
    const all = daysIn({ from: first, to: last });
    plan.years.push(y);
    if (inside < all && inside <= all - inside) {
      plan.days.push({ range: { from, to }, sign: 1 });
      continue;
    }
    plan.whole.push(y);
    if (from > first) plan.days.push({ range: { from: first, to: addDays(from, -1) }, sign: -1 });
    if (to < last) plan.days.push({ range: { from: addDays(to, 1), to: last }, sign: -1 });
  }
  return plan;
}

/** Above this many titles to count, counting the period's loans is cheaper (a short period in busy years). */
const MAX_CANDIDATES = 5000;
const Y = loanYearRecord;
const rowsOf = (r: any) => (r.rows ?? r) as any[];
const list = (ys: number[]) =>
  sql.join(
    ys.map((y) => sql`${y}::int`),
    sql`, `,
  );

/** The loans in the period of each title of the relation `c` (column record_id), as column n. */
function counted(scope: Scope, plan: YearPlan, tz: string, c: SQL): SQL {
  const terms: SQL[] = [];
  if (plan.whole.length)
    terms.push(sql`coalesce((select sum(${Y.loans}) from ${Y} where ${Y.schoolId} = ${scope.schoolId}
      and ${Y.year} in (${list(plan.whole)}) and ${Y.recordId} = c.record_id), 0)`);
  for (const d of plan.days)
    terms.push(sql`${d.sign < 0 ? sql`- ` : sql``}(select count(*) from ${loan}
      where ${scope.where(loan, eq(loan.recordId, sql`c.record_id`), inPeriod(loan.borrowedAt, d.range, tz))})`);
  return sql`select c.record_id, (${sql.join(terms, sql` + `)})::int as n from ${c} c`;
}

/** The touched years as a relation y(y). */
const yearRows = (plan: YearPlan) =>
  sql`(values ${sql.join(
    plan.years.map((y) => sql`(${y}::int)`),
    sql`, `,
  )}) y(y)`;

/**
 * Per touched year, its titles by loans from `min` up, most first, at most `limit` (a range of
 * `loan_year_record_top_idx` each: its order, so the index is read whatever `min` is).
 */
const yearRanges = (scope: Scope, plan: YearPlan, min: SQL, limit: number) =>
  sql`select y.y, r.record_id from ${yearRows(plan)} cross join lateral (select ${Y.recordId} as record_id from ${Y}
      where ${Y.schoolId} = ${scope.schoolId} and ${Y.year} = y.y and ${Y.loans} >= ${min}
      order by ${Y.loans} desc nulls last, ${Y.recordId} limit ${limit}) r`;

export interface TitleRow {
  key: number;
  loans: number;
  borrowers: number;
}

/**
 * The `top` titles by loans made in `range` (most first, ties by record), from the yearly rollup — undefined when
 * counting the period's loans is the cheaper way (too many titles to count: a short period, a sparse library).
 */
export async function titleRankByYears(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  tz: string,
  top: number,
): Promise<TitleRow[] | undefined> {
  const plan = planYears(range);
  const m = plan.years.length;
  // T0 (null when fewer than `top` of the years' tops were lent in the period), whether the tops hold every title
  // lent in those years (then each title is counted), and how many titles the cut leaves (at most one more than
  // counted: the years' ranges summed).
  const [first] = rowsOf(
    await db.execute(sql`with tops as materialized (${yearRanges(scope, plan, sql`1`, top)}),
      e as materialized (${counted(scope, plan, tz, sql`(select distinct record_id from tops)`)}),
      cut as materialized (select (select n from e where n > 0 order by n desc limit 1 offset ${top - 1}) as t0,
        coalesce((select bool_and(k < ${top}) from (select count(*) as k from tops group by y) z), true) as complete)
      select cut.t0, cut.complete, (select count(*) from (${yearRanges(
        scope,
        plan,
        sql`coalesce(ceil(cut.t0::numeric / ${m})::int, 1)`,
        MAX_CANDIDATES + 1,
      )}) c1)::int as size from cut`),
  );
  if (first.t0 === null && !first.complete) return undefined;
  if (Number(first.size) > MAX_CANDIDATES) return undefined;
  const min = first.t0 === null ? 1 : Math.ceil(Number(first.t0) / m);
  const c1 = sql`(select distinct record_id from (${yearRanges(scope, plan, sql`${min}::int`, MAX_CANDIDATES)}) c)`;
  return rowsOf(
    await db.execute(sql`with e as materialized (${counted(scope, plan, tz, c1)})
      select record_id as key, n as loans from e where n > 0 order by n desc, record_id limit ${top}`),
  ).map((r) => ({ key: Number(r.key), loans: Number(r.loans), borrowers: 0 }));
}
