import type { Lang } from '@shuyuan/contracts/common/lang';
import type { CircDimension, CircStatData, CircStatQuery, CircStatRow } from '@shuyuan/contracts/statistics/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { schoolClass } from '../org/school-class.table.ts';
import { entry, reportClock } from './context.ts';
import { classLetter, fromLoans, type Join, joinsFor, loanWhere } from './loan-source.ts';
import { type KeyKind, labels } from './names.ts';
import { eachDay, eachMonth } from './period.ts';

/** The row key of a dimension; day and month read the time of the event counted (borrowed or returned). */
export function dimension(by: CircDimension, time: PgColumn, tz: string): { key: SQL; joins: Join[]; kind?: KeyKind } {
  const day = sql`(${time} at time zone ${tz})::date`;
  switch (by) {
    case 'day':
      return { key: sql`to_char(${day}, 'YYYY-MM-DD')`, joins: [] };
    case 'month':
      return { key: sql`to_char(${day}, 'YYYY-MM')`, joins: [] };
    case 'identity':
      return { key: sql`${appUser.identity}`, joins: ['reader'], kind: 'identity' };
    case 'grade':
      return { key: sql`${schoolClass.gradeId}`, joins: ['reader', 'class'], kind: 'grade' };
    case 'class':
      return { key: sql`${appUser.classId}`, joins: ['reader'], kind: 'class' };
    case 'location':
      return { key: sql`${copy.locationId}`, joins: ['copy'], kind: 'location' };
    case 'resourceType':
      return { key: sql`${catalogueRecord.resourceTypeId}`, joins: ['record'], kind: 'resourceType' };
    case 'classNo':
      return { key: classLetter, joins: ['record'], kind: 'classNo' };
  }
}

type Key = string | number | null;
/** Grouped by the first column: a key holding a parameter (the time zone) is not matched in GROUP BY by value. */
const BY_FIRST = sql`1`;

/**
 * P/Statistics/Circulation: loans (and their renewals) made in the period, and returns made in it (and how
 * many came back late), by day, month, identity, grade, class, location, resource type or 中图法 class.
 * Two aggregate scans — loans by their borrowed time, returns by their returned time — merged by key.
 */
export async function circulationStats(db: Db, scope: Scope, q: CircStatQuery, lang: Lang): Promise<CircStatData> {
  const { range, tz } = await reportClock(db, scope, q);
  const out = dimension(q.by, loan.borrowedAt, tz);
  const back = dimension(q.by, loan.returnedAt, tz);
  const lent = (await fromLoans(
    db,
    { key: out.key, loans: sql<number>`count(*)::int`, renewals: sql<number>`coalesce(sum(${loan.renewals}), 0)::int` },
    joinsFor(q, out.joins),
  )
    .where(loanWhere(scope, q, range, tz, 'borrowed'))
    .groupBy(BY_FIRST)) as { key: Key; loans: number; renewals: number }[];
  const returned = (await fromLoans(
    db,
    {
      key: back.key,
      returns: sql<number>`count(*)::int`,
      late: sql<number>`count(*) filter (where (${loan.returnedAt} at time zone ${tz})::date > ${loan.dueDate})::int`,
    },
    joinsFor(q, back.joins),
  )
    .where(loanWhere(scope, q, range, tz, 'returned'))
    .groupBy(BY_FIRST)) as { key: Key; returns: number; late: number }[];

  const rows = new Map<Key, CircStatRow>();
  const row = (key: Key) =>
    entry(rows, key, () => ({ key: key ?? '', name: '', loans: 0, returns: 0, renewals: 0, overdueReturns: 0 }));
  const timeKeys = q.by === 'day' ? eachDay(range) : q.by === 'month' ? eachMonth(range) : [];
  for (const k of timeKeys) row(k);
  for (const l of lent) Object.assign(row(l.key), { loans: l.loans, renewals: l.renewals });
  for (const r of returned) Object.assign(row(r.key), { returns: r.returns, overdueReturns: r.late });
  if (out.kind) {
    const names = await labels(db, scope, out.kind, [...rows.keys()], lang);
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
