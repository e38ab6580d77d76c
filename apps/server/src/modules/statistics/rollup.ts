import type { PeriodRange } from '@shuyuan/contracts/statistics/filters';
import { and, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { loan } from '../circulation/circulation.table.ts';
import { entry } from './context.ts';
import { AT_LENDING, fromLoans, isLetter, joinsFor, type LoanFilters, loanWhere } from './loan-source.ts';
import { loanDayItem, loanDayReader } from './loan-day.table.ts';

/** What loan counts are grouped by: a time, a reader group, an item group, or nothing (the total). */
export type CountBy = 'day' | 'month' | 'year' | keyof typeof AT_LENDING | undefined;
export type CountKey = string | number | null;
export interface LoanCounts {
  key: CountKey;
  /** Loans made in the period, their renewals, and how many of them came back late. */
  loans: number;
  renewals: number;
  lateLoans: number;
  /** Returns made in the period and how many of them were late. */
  returns: number;
  lateReturns: number;
}

const READER_BY = new Set<CountBy>(['class', 'grade', 'department', 'identity']);
const ITEM_BY = new Set<CountBy>(['location', 'resourceType', 'classNo']);

/**
 * The daily rollup that answers loans matching `f` grouped by `by`: the reader one when only reader groups are
 * asked, the item one when only item groups are; none for one reader's or record's loans, a class-number prefix
 * longer than a letter, or reader and item groups together (then the loans are counted).
 */
export function rollupFor(f: LoanFilters, ...by: CountBy[]): 'reader' | 'item' | undefined {
  if (f.readerId || f.recordId || (f.classNo && !isLetter(f.classNo))) return undefined;
  const reader =
    !!(f.classId || f.gradeId || f.departmentId || f.identity || f.identities) || by.some((b) => READER_BY.has(b));
  const item = !!(f.locationId || f.resourceTypeId || f.classNo) || by.some((b) => ITEM_BY.has(b));
  if (reader && item) return undefined;
  return item ? 'item' : 'reader';
}

/** The rollup's key columns as the loan table answers them (0 and '' back to null, the class letter as is). */
function rollupKey(side: 'reader' | 'item', by: CountBy): SQL {
  const r = loanDayReader;
  const i = loanDayItem;
  switch (by) {
    case undefined:
      return sql`null`;
    case 'day':
      return sql`to_char(${side === 'reader' ? r.day : i.day}, 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char(${side === 'reader' ? r.day : i.day}, 'YYYY-MM')`;
    case 'year':
      return sql`to_char(${side === 'reader' ? r.day : i.day}, 'YYYY')`;
    case 'class':
      return sql`nullif(${r.classId}, 0)`;
    case 'grade':
      return sql`nullif(${r.gradeId}, 0)`;
    case 'department':
      return sql`nullif(${r.departmentId}, 0)`;
    case 'identity':
      return sql`nullif(${r.identity}, '')`;
    case 'location':
      return sql`nullif(${i.locationId}, 0)`;
    case 'resourceType':
      return sql`nullif(${i.resourceTypeId}, 0)`;
    case 'classNo':
      return sql`${i.classLetter}`;
  }
}

/** The reader-side filters on a rollup's reader columns (at lending): the day rollup and the month rollup alike. */
export function readerFilters(
  c: { classId: PgColumn; gradeId: PgColumn; departmentId: PgColumn; identity: PgColumn },
  f: LoanFilters,
): (SQL | undefined)[] {
  return [
    f.classId ? eq(c.classId, f.classId) : undefined,
    f.gradeId ? eq(c.gradeId, f.gradeId) : undefined,
    f.departmentId ? eq(c.departmentId, f.departmentId) : undefined,
    f.identity ? eq(c.identity, f.identity) : undefined,
    f.identities ? inArray(c.identity, [...f.identities]) : undefined,
  ];
}

function rollupWhere(scope: Scope, side: 'reader' | 'item', f: LoanFilters, range: PeriodRange): SQL | undefined {
  if (side === 'reader') {
    const r = loanDayReader;
    return and(eq(r.schoolId, scope.schoolId), between(r.day, range.from, range.to), ...readerFilters(r, f));
  }
  const i = loanDayItem;
  return and(
    eq(i.schoolId, scope.schoolId),
    between(i.day, range.from, range.to),
    f.locationId ? eq(i.locationId, f.locationId) : undefined,
    f.resourceTypeId ? eq(i.resourceTypeId, f.resourceTypeId) : undefined,
    f.classNo ? eq(i.classLetter, f.classNo.toUpperCase()) : undefined,
  );
}

/** The loan-table key of a grouping (the time of the event counted: borrowed or returned). */
function loanKey(by: CountBy, time: PgColumn, tz: string): SQL {
  const day = sql`(${time} at time zone ${tz})::date`;
  if (by === undefined) return sql`null`;
  if (by === 'day') return sql`to_char(${day}, 'YYYY-MM-DD')`;
  if (by === 'month') return sql`to_char(${day}, 'YYYY-MM')`;
  if (by === 'year') return sql`to_char(${day}, 'YYYY')`;
  return sql`${AT_LENDING[by]}`;
}

/**
 * The rollup rows of loans matching `f` with the keys of `by` (as the loan table answers them) and sums of loans
 * and renewals — for a query of those measures only; undefined when no rollup answers.
 */
export function rollupSource(scope: Scope, f: LoanFilters, by: CountBy[], range: PeriodRange) {
  const side = rollupFor(f, ...by);
  if (!side) return undefined;
  const t = side === 'reader' ? loanDayReader : loanDayItem;
  return {
    table: t,
    keys: by.map((b) => rollupKey(side, b)),
    where: rollupWhere(scope, side, f, range),
    sums: { loans: sql`sum(${t.loans})::int`, renewals: sql`sum(${t.renewals})::int` } as Record<string, SQL>,
    /** Keys with loans in the period only (deleted loans leave rows of zeros). */
    some: sql`sum(${t.loans}) <> 0`,
  };
}

/** Grouped by the first column: a key holding a parameter (the time zone) is not matched in GROUP BY by value. */
const BY_FIRST = sql`1`;

/**
 * Loans, renewals, late loans, returns and late returns of a period grouped by `by` — read from the daily rollup
 * when one answers (a few rows per day), else counted from the loans in two scans (by borrowed and returned time).
 * The same figures either way (rollup.test.ts). Keys with nothing in the period are left out.
 */
export async function loanCounts(
  db: Db,
  scope: Scope,
  f: LoanFilters,
  by: CountBy,
  range: PeriodRange,
  tz: string,
): Promise<LoanCounts[]> {
  const side = rollupFor(f, by);
  if (side) {
    const t = side === 'reader' ? loanDayReader : loanDayItem;
    const key = rollupKey(side, by);
    return (await db
      .select({
        key,
        loans: sql<number>`sum(${t.loans})::int`,
        renewals: sql<number>`sum(${t.renewals})::int`,
        lateLoans: sql<number>`sum(${t.lateLoans})::int`,
        returns: sql<number>`sum(${t.returns})::int`,
        lateReturns: sql<number>`sum(${t.lateReturns})::int`,
      })
      .from(t)
      .where(rollupWhere(scope, side, f, range))
      .groupBy(BY_FIRST)
      .having(sql`sum(${t.loans}) <> 0 or sum(${t.returns}) <> 0`)) as LoanCounts[];
  }
  const joins = joinsFor(f);
  const lent = (await fromLoans(
    db,
    {
      key: loanKey(by, loan.borrowedAt, tz),
      loans: sql<number>`count(*)::int`,
      renewals: sql<number>`coalesce(sum(${loan.renewals}), 0)::int`,
      lateLoans: sql<number>`count(*) filter (where (${loan.returnedAt} at time zone ${tz})::date > ${loan.dueDate})::int`,
    },
    joins,
  )
    .where(loanWhere(scope, f, range, tz, 'borrowed'))
    .groupBy(BY_FIRST)) as LoanCounts[];
  const back = (await fromLoans(
    db,
    {
      key: loanKey(by, loan.returnedAt, tz),
      returns: sql<number>`count(*)::int`,
      lateReturns: sql<number>`count(*) filter (where (${loan.returnedAt} at time zone ${tz})::date > ${loan.dueDate})::int`,
    },
    joins,
  )
    .where(loanWhere(scope, f, range, tz, 'returned'))
    .groupBy(BY_FIRST)) as LoanCounts[];
  const rows = new Map<CountKey, LoanCounts>();
  const row = (key: CountKey) =>
    entry(rows, key, () => ({ key, loans: 0, renewals: 0, lateLoans: 0, returns: 0, lateReturns: 0 }));
  for (const l of lent) Object.assign(row(l.key), { loans: l.loans, renewals: l.renewals, lateLoans: l.lateLoans });
  for (const b of back) Object.assign(row(b.key), { returns: b.returns, lateReturns: b.lateReturns });
  return [...rows.values()];
}

/** Loans of the period per key (the rollup when one answers). */
export async function loansBy(db: Db, scope: Scope, f: LoanFilters, by: CountBy, range: PeriodRange, tz: string) {
  return (await loanCounts(db, scope, f, by, range, tz)).filter((r) => r.loans !== 0);
}
