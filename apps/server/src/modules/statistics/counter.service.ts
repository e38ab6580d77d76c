import type { Lang } from '@shuyuan/contracts/common/lang';
import type { CounterData, CounterQuery, CounterRow } from '@shuyuan/contracts/statistics/reports';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { operationLog } from '../../platform/audit.table.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { loan } from '../circulation/circulation.table.ts';
import { sip2Log } from '../logs/sip2-log.table.ts';
import { entry, reportClock } from './context.ts';
import { inPeriod } from './loan-source.ts';
import { labels } from './names.ts';
import { eachDay } from './period.ts';

type Op = 'loans' | 'returns' | 'renewals';
type Part = { who: string | number | null; bucket: string; n: number };

/** SIP2 commands that are desk operations: checkout, checkin, renew. */
const SIP2_OPS: Record<string, Op> = { '11': 'loans', '09': 'returns', '29': 'renewals' };
/** Operation-log actions of a staff renewal. */
const RENEW_ACTIONS = ['circ.renew'];

/**
 * P/Statistics/Counter (/counter-statistics): the desk's workload in the period. Staff members: loans they
 * lent and returns they took (the loans' operator fields, batch operations per copy), renewals they made
 * (operation log). Self-check machines: successful checkouts, checkins and renewals per SIP2 terminal (the
 * SIP2 log). Each by day or by hour of the day.
 */
export async function counterStats(db: Db, scope: Scope, q: CounterQuery, lang: Lang): Promise<CounterData> {
  const { range, tz } = await reportClock(db, scope, q);
  const bucketOf = (t: PgColumn): SQL =>
    q.by === 'day'
      ? sql`to_char((${t} at time zone ${tz})::date, 'YYYY-MM-DD')`
      : sql`extract(hour from ${t} at time zone ${tz})::int::text`;
  const grouped = async (who: PgColumn, time: PgColumn, table: any, conds: SQL | undefined): Promise<Part[]> => {
    const bucket = bucketOf(time);
    return (await db
      .select({ who, bucket, n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(conds, inPeriod(time, range, tz)))
      .groupBy(sql`1, 2`)) as Part[]; // by position: the bucket holds the time zone parameter
  };
  const parts: Record<'staff' | 'sip2', Record<Op, Part[]>> = {
    staff: {
      loans: await grouped(loan.operatorId, loan.borrowedAt, loan, scope.where(loan, isNotNull(loan.operatorId))),
      returns: await grouped(
        loan.returnOperatorId,
        loan.returnedAt,
        loan,
        scope.where(loan, isNotNull(loan.returnOperatorId)),
      ),
      renewals: await grouped(
        operationLog.userId,
        operationLog.createdAt,
        operationLog,
        scope.where(operationLog, inArray(operationLog.action, RENEW_ACTIONS), isNotNull(operationLog.userId)),
      ),
    },
    sip2: { loans: [], returns: [], renewals: [] },
  };
  const bucket = bucketOf(sip2Log.createdAt);
  const machine = sql<string>`coalesce(nullif(${sip2Log.terminal}, ''), '?')`;
  const sip = (await db
    .select({ who: machine, cmd: sip2Log.command, bucket, n: sql<number>`count(*)::int` })
    .from(sip2Log)
    .where(
      scope.where(
        sip2Log,
        eq(sip2Log.success, true),
        inArray(sip2Log.command, Object.keys(SIP2_OPS)),
        inPeriod(sip2Log.createdAt, range, tz),
      ),
    )
    .groupBy(sql`1, 2, 3`)) as (Part & { cmd: string })[];
  for (const s of sip) parts.sip2[SIP2_OPS[s.cmd]].push(s);

  const rows = new Map<string, CounterRow>();
  const buckets = new Map<string, CounterData['series'][number]>();
  const keys = q.by === 'day' ? eachDay(range) : Array.from({ length: 24 }, (_, h) => String(h));
  for (const b of keys) buckets.set(b, { bucket: b, loans: 0, returns: 0, renewals: 0 });
  for (const kind of ['staff', 'sip2'] as const)
    for (const op of ['loans', 'returns', 'renewals'] as const)
      for (const p of parts[kind][op]) {
        const key = `${kind}:${p.who}`;
        const r = entry(rows, key, () => ({
          key,
          kind,
          name: String(p.who),
          loans: 0,
          returns: 0,
          renewals: 0,
          total: 0,
        }));
        r[op] += p.n;
        r.total += p.n;
        const b = buckets.get(p.bucket);
        if (b) b[op] += p.n;
      }
  const staffIds = [...rows.values()].filter((r) => r.kind === 'staff').map((r) => Number(r.name));
  const names = await labels(db, scope, 'reader', staffIds, lang);
  for (const r of rows.values()) if (r.kind === 'staff') r.name = names.get(Number(r.name))!.name;
  const List = [...rows.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return { period: range, List, series: [...buckets.values()] };
}
