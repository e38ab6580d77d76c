import type { PeriodRange } from '@shuyuan/contracts/statistics/filters';
import { and, between, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { loan } from '../circulation/circulation.table.ts';
import { loanMonthReader } from './loan-day.table.ts';
import { AT_LENDING, type LoanFilters, loanWhere } from './loan-source.ts';
import { addDays, calendarPeriod } from './period.ts';
import { readerFilters } from './rollup.ts';

/**
 * The monthly loan rollup per reader (statistics README "Rollups"): loans and renewals per reader and month, with the
 * reader's groups at lending. A period is read as its whole months from it and the days outside them from the loans
 * (an index range of those days), so distinct borrowers of a year read a row per reader and month, not every loan.
 */
export type MonthKey = 'reader' | 'month' | 'year' | 'class' | 'grade' | 'department' | 'identity';
const rowsOf = (r: any) => (r.rows ?? r) as any[];

/** The whole months of a range (the first days of the first and the last) and the days outside them. */
export function splitMonths(r: PeriodRange): { months: PeriodRange | null; edges: PeriodRange[] } {
  const first = r.from.endsWith('-01') ? r.from : addDays(calendarPeriod('month', r.from).to, 1);
  const last = calendarPeriod('month', r.to);
  const lastEnd = last.to === r.to ? r.to : addDays(last.from, -1);
  if (first > lastEnd) return { months: null, edges: [r] };
  const edges: PeriodRange[] = [];
  if (r.from < first) edges.push({ from: r.from, to: addDays(first, -1) });
  if (r.to > lastEnd) edges.push({ from: addDays(lastEnd, 1), to: r.to });
  return { months: { from: first, to: calendarPeriod('month', lastEnd).from }, edges };
}

/** The rollup answers reader filters (class, grade, department, identity) only: no item, record or reader filter. */
export function monthAnswers(f: LoanFilters): boolean {
  return !(f.recordId || f.readerId || f.locationId || f.resourceTypeId || f.classNo);
}

const U = loanMonthReader;

/** A key as the rollup answers it and as the loan table does (0 and '' back to null, as the loans have them). */
function keyOf(k: MonthKey, tz: string): { roll: SQL; loan: SQL } {
  const day = sql`(${loan.borrowedAt} at time zone ${tz})::date`;
  switch (k) {
    case 'reader':
      return { roll: sql`${U.userId}`, loan: sql`${loan.userId}` };
    case 'month':
      return { roll: sql`to_char(${U.month}, 'YYYY-MM')`, loan: sql`to_char(${day}, 'YYYY-MM')` };
    case 'year':
      return { roll: sql`to_char(${U.month}, 'YYYY')`, loan: sql`to_char(${day}, 'YYYY')` };
    case 'class':
      return { roll: sql`nullif(${U.classId}, 0)`, loan: sql`${AT_LENDING.class}` };
    case 'grade':
      return { roll: sql`nullif(${U.gradeId}, 0)`, loan: sql`${AT_LENDING.grade}` };
    case 'department':
      return { roll: sql`nullif(${U.departmentId}, 0)`, loan: sql`${AT_LENDING.department}` };
    case 'identity':
      return { roll: sql`nullif(${U.identity}, '')`, loan: sql`${AT_LENDING.identity}` };
  }
}

function rollupWhere(scope: Scope, f: LoanFilters, months: PeriodRange): SQL | undefined {
  return and(eq(U.schoolId, scope.schoolId), between(U.month, months.from, months.to), ...readerFilters(U, f));
}

/**
 * The loans of `range` matching `f` as rows (k0, k1…, n, r, u): n loans, r renewals of them, u the reader — a
 * rollup row per reader and whole month, a row per loan on the days outside them. Summed per key they are the
 * figures of counting the loans (month-rollup.test.ts, rollup.test.ts).
 */
export function monthRows(scope: Scope, f: LoanFilters, range: PeriodRange, tz: string, keys: MonthKey[]) {
  const { months, edges } = splitMonths(range);
  const ks = keys.map((k) => keyOf(k, tz));
  const named = (pick: 'roll' | 'loan') =>
    sql.join(
      ks.map((k, i) => sql`${k[pick]} as ${sql.identifier(`k${i}`)}, `),
      sql``,
    );
  const parts: SQL[] = [];
  if (months)
    parts.push(
      sql`select ${named('roll')}${U.loans} as n, ${U.renewals} as r, ${U.userId} as u from ${U}
        where ${rollupWhere(scope, f, months)}`,
    );
  for (const e of edges)
    parts.push(
      sql`select ${named('loan')}1 as n, ${loan.renewals} as r, ${loan.userId} as u from ${loan}
        where ${loanWhere(scope, f, e, tz)}`,
    );
  return sql`(${sql.join(parts, sql` union all `)})`;
}

export interface MonthRankRow {
  key: number | string;
  loans: number;
  borrowers: number;
}

/**
 * The `top` keys by loans of the period (most first, ties by key), with distinct borrowers per key when asked —
 * undefined when the rollup does not answer the filters.
 */
export async function monthRank(
  db: Db,
  scope: Scope,
  f: LoanFilters,
  range: PeriodRange,
  tz: string,
  key: MonthKey,
  /** top: the first so many (all when left out); required: keys with no group (null) left out. */
  o: { top?: number; borrowers: boolean; required?: boolean },
): Promise<MonthRankRow[] | undefined> {
  if (!monthAnswers(f)) return undefined;
  const src = monthRows(scope, f, range, tz, [key]);
  const present = o.required ? sql`where k0 is not null` : sql``;
  const first = o.top === undefined ? sql`` : sql`limit ${o.top}`;
  const res = o.borrowers
    ? await db.execute(sql`select k0 as key, sum(n)::int as loans, count(*)::int as borrowers
        from (select k0, u, sum(n) as n from ${src} x ${present} group by 1, 2 having sum(n) > 0) y
        group by 1 order by sum(n) desc, 1 ${first}`)
    : await db.execute(sql`select k0 as key, sum(n)::int as loans, 0 as borrowers from ${src} x ${present}
        group by 1 having sum(n) > 0 order by sum(n) desc, 1 ${first}`);
  return rowsOf(res);
}

/** Custom-query measures the per-reader rollup answers, and its dimensions. */
export const MONTH_MEASURES = new Set(['loans', 'borrowers', 'renewals']);
export const MONTH_DIMENSIONS = new Set<string>(['month', 'year', 'class', 'grade', 'department', 'identity']);

/**
 * A custom query of loans, borrowers and renewals by time (month, year) and reader groups from the per-reader
 * rollup: per (keys, reader) first, then per keys, so borrowers are distinct readers. The rows (k0, k1…) and the
 * total over all of them; undefined when the rollup does not answer.
 */
export async function monthQuery(
  db: Db,
  scope: Scope,
  f: LoanFilters,
  range: PeriodRange,
  tz: string,
  dims: string[],
  measures: string[],
  limit: number,
): Promise<{ rows: Record<string, any>[]; total: Record<string, any> } | undefined> {
  if (!monthAnswers(f) || !measures.every((m) => MONTH_MEASURES.has(m))) return undefined;
  if (!dims.every((d) => MONTH_DIMENSIONS.has(d))) return undefined;
  const src = monthRows(scope, f, range, tz, dims as MonthKey[]);
  const ks = sql.join(
    dims.map((_, i) => sql`${sql.identifier(`k${i}`)}, `),
    sql``,
  );
  const by = sql.raw(dims.map((_, i) => String(i + 1)).join(', '));
  const nulls = sql.join(
    dims.map((_, i) => sql`null as ${sql.identifier(`k${i}`)}, `),
    sql``,
  );
  const sums = (borrowers: SQL) => sql`sum(n)::int as loans, ${borrowers}::int as borrowers, sum(r)::int as renewals`;
  // One statement: the loans (rollup rows and the edge days' loans) are read once, summed per (keys, reader), and
  // both the rows and the total (distinct readers over all keys) are taken from those sums.
  const res = await db.execute(sql`with y as materialized (select ${ks}u, sum(n) as n, sum(r) as r from ${src} x
      group by ${sql.raw(`${dims.map((_, i) => i + 1).join(', ')}, ${dims.length + 1}`)} having sum(n) <> 0)
    select * from (select ${ks}${sums(sql`count(*)`)}, false as total from y group by ${by} limit ${limit}) g
    union all select ${nulls}${sums(sql`count(distinct u)`)}, true from y`);
  const all = rowsOf(res);
  const rows = all.filter((r) => !r.total).map(({ total: _, ...r }) => r);
  const { loans, borrowers, renewals } = all.find((r) => r.total) ?? {};
  return { rows, total: { loans, borrowers, renewals } };
}
