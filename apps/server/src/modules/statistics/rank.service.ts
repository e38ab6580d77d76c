import type { Lang } from '@shuyuan/contracts/common/lang';
import type { PeriodRange } from '@shuyuan/contracts/statistics/filters';
import type {
  BoardData,
  BoardQuery,
  RankData,
  RankQuery,
  RankRow,
  Ranking,
} from '@shuyuan/contracts/statistics/reports';
import { and, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { loan } from '../circulation/circulation.table.ts';
import { ranked, reportClock } from './context.ts';
import { AT_LENDING, fromLoans, hasFilter, type Join, joinsFor, type LoanFilters, loanWhere } from './loan-source.ts';
import { type MonthKey, monthRank } from './month-rollup.ts';
import { calendarPeriod, daysIn } from './period.ts';
import { type CountBy, loansBy, rollupFor } from './rollup.ts';
import { titleRankByYears } from './title-rank.ts';
import { type KeyKind, labels } from './names.ts';
import { schoolClock } from '../circ-records/records.query.ts';

/** What each ranking groups the loans by, the joins it needs and what its key names. */
const RANKS: Record<
  Ranking,
  { key: PgColumn | SQL; joins: Join[]; kind: KeyKind; required?: boolean; month?: MonthKey }
> = {
  title: { key: loan.recordId, joins: [], kind: 'record' },
  reader: { key: loan.userId, joins: [], kind: 'reader', month: 'reader' },
  class: { key: AT_LENDING.class, joins: [], kind: 'class', required: true, month: 'class' },
  grade: { key: AT_LENDING.grade, joins: [], kind: 'grade', required: true, month: 'grade' },
  department: { key: AT_LENDING.department, joins: [], kind: 'department', required: true, month: 'department' },
  classNo: { key: AT_LENDING.classNo, joins: [], kind: 'classNo' },
};

/**
 * The `top` most-lending keys of one ranking over loans made in `range`: loans and distinct borrowers per key,
 * most loans first (ties by key), numbered by competition ranking (1, 2, 2, 4).
 */
export async function rankLoans(
  db: Db,
  scope: Scope,
  by: Ranking,
  f: LoanFilters,
  range: PeriodRange,
  tz: string,
  top: number,
  lang: Lang,
  /** false: loans only (no distinct borrowers), so a group ranking can read the daily rollup. */
  withBorrowers = true,
): Promise<RankRow[]> {
  const spec = RANKS[by];
  const key = spec.key as SQL;
  const group = by !== 'title' && by !== 'reader';
  const side = group && !withBorrowers ? rollupFor(f, by as CountBy) : undefined;
  const where = and(loanWhere(scope, f, range, tz), spec.required ? isNotNull(key) : undefined);
  const joins = joinsFor(f, spec.joins);
  type Row = { key: number | string; loans: number; borrowers: number };
  let rows: Row[];
  // Readers, and groups with distinct borrowers, from the monthly reader rollup (the days outside whole months from
  // the loans): a row per reader and month instead of every loan of the period. Titles count the loans (a rollup
  // per title and month held 344k rows for 500k loans a year: the long tail is lent once a month or less) — over a
  // long period from the yearly rollup per title below.
  const fromMonths =
    side || !spec.month
      ? undefined
      : await monthRank(db, scope, f, range, tz, spec.month, { top, borrowers: group, required: spec.required });
  if (side) {
    // Loans per group from the rollup: most first, ties by key (as the SQL orders them).
    const cmp = (a: Row['key'], b: Row['key']) =>
      typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
    rows = (await loansBy(db, scope, f, by as CountBy, range, tz))
      .filter((r) => r.key !== null || !spec.required)
      .map((r) => ({ key: r.key as Row['key'], loans: r.loans, borrowers: 0 }))
      .sort((a, b) => b.loans - a.loans || cmp(a.key, b.key))
      .slice(0, top);
  } else if (fromMonths) {
    rows = fromMonths;
  } else if (!group) {
    // Titles of a period longer than a month with no filter: from the yearly rollup per title, counting a few hundred
    // titles' loans (title-rank.ts). Else titles and readers: loans per key only (one hash aggregate; a reader is
    // their own borrower).
    const byYears =
      by === 'title' && !hasFilter(f) && daysIn(range) > 31
        ? await titleRankByYears(db, scope, range, tz, top)
        : undefined;
    rows =
      byYears ??
      ((await fromLoans(db, { key, loans: sql<number>`count(*)::int` }, joins)
        .where(where)
        .groupBy(key)
        .orderBy(sql`count(*) desc`, key)
        .limit(top)) as Row[]);
  } else {
    // Groups: loans per (key, reader) first, then per key — distinct borrowers without sorting the period's loans.
    const perReader = fromLoans(db, { k: sql`${key}`.as('k'), n: sql<number>`count(*)`.as('n') }, joins)
      .where(where)
      .groupBy(key, loan.userId)
      .as('per_reader');
    rows = (await db
      .select({
        key: perReader.k,
        loans: sql<number>`sum(${perReader.n})::int`,
        borrowers: sql<number>`count(*)::int`,
      })
      .from(perReader)
      .groupBy(perReader.k)
      .orderBy(sql`sum(${perReader.n}) desc`, perReader.k)
      .limit(top)) as Row[];
  }
  const names = await labels(
    db,
    scope,
    spec.kind,
    rows.map((r) => r.key),
    lang,
  );
  return ranked(rows, (r) => r.loans).map((r) => ({
    rank: r.rank,
    id: r.key,
    name: names.get(r.key)!.name,
    detail: names.get(r.key)!.detail,
    loans: r.loans,
    ...(group && !side ? { borrowers: r.borrowers } : {}),
  }));
}

/** P/Statistics/Rank: one ranking with the common filters. */
export async function rank(db: Db, scope: Scope, q: RankQuery, lang: Lang): Promise<RankData> {
  const { range, tz } = await reportClock(db, scope, q);
  return { period: range, List: await rankLoans(db, scope, q.by, q, range, tz, q.top, lang) };
}

/** P/Statistics/Board: the day/week/month/year board — titles, readers and classes of the period around `date`. */
export async function board(db: Db, scope: Scope, q: BoardQuery, lang: Lang): Promise<BoardData> {
  const { today, tz } = await schoolClock(db, scope);
  const range = calendarPeriod(q.board, q.date ?? today);
  const [titles, readers, classes] = [
    await rankLoans(db, scope, 'title', {}, range, tz, q.top, lang),
    await rankLoans(db, scope, 'reader', {}, range, tz, q.top, lang),
    await rankLoans(db, scope, 'class', {}, range, tz, q.top, lang),
  ];
  return { period: range, titles, readers, classes };
}
