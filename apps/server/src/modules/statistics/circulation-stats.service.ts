import type { Lang } from '@shuyuan/contracts/common/lang';
import type { CircDimension, CircStatData, CircStatQuery, CircStatRow } from '@shuyuan/contracts/statistics/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { entry, reportClock } from './context.ts';
import { AT_LENDING, type Join } from './loan-source.ts';
import { type KeyKind, labels } from './names.ts';
import { eachDay, eachMonth } from './period.ts';
import { loanCounts } from './rollup.ts';

/** The row key of a dimension for the custom queries: day and month read the time of the event counted. */
export function dimension(by: CircDimension, time: PgColumn, tz: string): { key: SQL; joins: Join[]; kind?: KeyKind } {
  const day = sql`(${time} at time zone ${tz})::date`;
  switch (by) {
    case 'day':
      return { key: sql`to_char(${day}, 'YYYY-MM-DD')`, joins: [] };
    case 'month':
      return { key: sql`to_char(${day}, 'YYYY-MM')`, joins: [] };
    default:
      return { key: sql`${AT_LENDING[by]}`, joins: [], kind: by };
  }
}

type Key = string | number | null;

/**
 * P/Statistics/Circulation: loans (and their renewals) made in the period, and returns made in it (and how
 * many came back late), by day, month, identity, grade, class, location, resource type or 中图法 class.
 * Read from the daily rollup when the filters allow (rollup.ts), else two aggregate scans of the loans.
 */
export async function circulationStats(db: Db, scope: Scope, q: CircStatQuery, lang: Lang): Promise<CircStatData> {
  const { range, tz } = await reportClock(db, scope, q);
  const counts = await loanCounts(db, scope, q, q.by, range, tz);
  const rows = new Map<Key, CircStatRow>();
  const row = (key: Key) =>
    entry(rows, key, () => ({ key: key ?? '', name: '', loans: 0, returns: 0, renewals: 0, overdueReturns: 0 }));
  const timeKeys = q.by === 'day' ? eachDay(range) : q.by === 'month' ? eachMonth(range) : [];
  for (const k of timeKeys) row(k);
  for (const c of counts)
    Object.assign(row(c.key), {
      loans: c.loans,
      renewals: c.renewals,
      returns: c.returns,
      overdueReturns: c.lateReturns,
    });
  if (!timeKeys.length) {
    const names = await labels(db, scope, q.by as KeyKind, [...rows.keys()], lang);
    for (const [k, r] of rows) r.name = names.get(k)!.name;
  } else for (const r of rows.values()) r.name = String(r.key);

  const List = [...rows.values()];
  if (timeKeys.length) List.sort((a, b) => String(a.key).localeCompare(String(b.key)));
  else List.sort((a, b) => b.loans - a.loans || b.returns - a.returns || a.name.localeCompare(b.name));
  const total = { loans: 0, returns: 0, renewals: 0, overdueReturns: 0 };
  for (const r of List) {
    total.loans += r.loans;
    total.returns += r.returns;
    total.renewals += r.renewals;
    total.overdueReturns += r.overdueReturns;
  }
  return { period: range, List, total };
}
