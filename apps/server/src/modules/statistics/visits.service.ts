import type {
  AlarmData,
  AlarmQuery,
  EntryRecordData,
  EntryRecordQuery,
  VisitData,
  VisitQuery,
  VisitRow,
} from '@shuyuan/contracts/statistics/gate';
import { and, between, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { oauthClient } from '../auth/oauth-client.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { gateEvent } from '../gate/gate.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { reportClock } from './context.ts';
import { gateHour, gateReaderDay } from './gate-day.table.ts';
import { inPeriod } from './loan-source.ts';
import { eachDay, eachMonth } from './period.ts';

type ReaderFilters = { gradeId?: number; classId?: number; identity?: string };
const needsReader = (f: ReaderFilters) => !!(f.gradeId || f.classId || f.identity);
const rowsOf = (r: any) => (r.rows ?? r) as any[];

/** The reader filters on the joined reader (and class): only events that identified a reader match them. */
function readerConds(f: ReaderFilters): (SQL | undefined)[] {
  return [
    f.classId ? eq(appUser.classId, f.classId) : undefined,
    f.gradeId ? eq(schoolClass.gradeId, f.gradeId) : undefined,
    f.identity ? eq(appUser.identity, f.identity) : undefined,
  ];
}

/** The device's name as /sys/devices lists it (the client id when the client is gone). */
const deviceName = sql<string>`coalesce(${oauthClient.name}, ${gateEvent.clientId})`;
const deviceJoin = and(eq(oauthClient.clientId, gateEvent.clientId), eq(oauthClient.schoolId, gateEvent.schoolId));

/** P/Statistics/EntryExitRecords (/entry-exit-records): the passes of a period, newest first. */
export async function entryRecords(db: Db, scope: Scope, q: EntryRecordQuery): Promise<EntryRecordData> {
  const { range, tz } = await reportClock(db, scope, q);
  const key = q.SearchKey ? `%${q.SearchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '';
  const where = scope.where(
    gateEvent,
    q.direction ? eq(gateEvent.kind, q.direction) : inArray(gateEvent.kind, ['in', 'out']),
    inPeriod(gateEvent.at, range, tz),
    q.source ? eq(gateEvent.source, q.source) : undefined,
    ...readerConds(q),
    key ? or(ilike(gateEvent.card, key), ilike(appUser.account, key), ilike(appUser.name, key)) : undefined,
  );
  const [{ n }] = await (needsReader(q) || key
    ? db
        .select({ n: sql<number>`count(*)::int` })
        .from(gateEvent)
        .leftJoin(appUser, eq(appUser.id, gateEvent.userId))
        .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
        .where(where)
    : db.select({ n: sql<number>`count(*)::int` }).from(gateEvent).where(where));
  const rows = await db
    .select({
      id: gateEvent.id,
      at: gateEvent.at,
      direction: gateEvent.kind,
      source: gateEvent.source,
      gate: gateEvent.gate,
      device: deviceName,
      card: gateEvent.card,
      account: appUser.account,
      readerName: appUser.name,
      identity: appUser.identity,
      gradeName: grade.name,
      className: schoolClass.name,
    })
    .from(gateEvent)
    .leftJoin(appUser, eq(appUser.id, gateEvent.userId))
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
    .leftJoin(oauthClient, deviceJoin)
    .where(where)
    .orderBy(desc(gateEvent.at), desc(gateEvent.id))
    .limit(q.Rows)
    .offset(pageOffset(q));
  return {
    period: range,
    tz,
    Total: n,
    List: rows.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      direction: r.direction as 'in' | 'out',
      source: r.source as 'gate' | 'card',
      account: r.account ?? '',
      readerName: r.readerName ?? '',
      identity: r.identity ?? '',
      gradeName: r.gradeName ?? '',
      className: r.className ?? '',
    })),
  };
}

type PassRow = { b: string; h: number; ins: number; outs: number };

/**
 * Passes per bucket and hour, different readers per bucket and in all, from the gate rollups (migration 0022):
 * passes from gate_hour (a row per day and hour), readers from gate_reader_day (a row per reader and day, with the
 * hours they entered in as a bit mask) — per hour of the day, a reader's masks of the period OR-ed together.
 */
async function visitRollup(db: Db, scope: Scope, by: VisitQuery['by'], range: { from: string; to: string }) {
  const s = scope.schoolId;
  const h = gateHour;
  const r = gateReaderDay;
  const bucket = (day: unknown) => sql`to_char(${day}, ${by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`;
  const inRange = (t: typeof h | typeof r) => and(eq(t.schoolId, s), between(t.day, range.from, range.to));
  const perUser = sql`select ${r.userId} as u, bit_or(${r.hours}) as m from ${r} where ${inRange(r)} group by 1`;
  const [passes, perBucket, all]: any[] = await Promise.all([
    db.execute(sql`select ${by === 'hour' ? sql`${h.hour}::text` : bucket(h.day)} as b, ${h.hour}::int as h,
        sum(${h.ins})::int as ins, sum(${h.outs})::int as outs
      from ${h} where ${inRange(h)} group by 1, 2`),
    by === 'hour'
      ? db.execute(sql`select x.h::text as b, count(*)::int as readers
          from (${perUser}) u cross join generate_series(0, 23) x(h) where u.m & (1 << x.h) <> 0 group by 1`)
      : by === 'day'
        ? db.execute(
            sql`select ${bucket(r.day)} as b, count(*)::int as readers from ${r} where ${inRange(r)} group by 1`,
          )
        : db.execute(sql`select b, count(*)::int as readers
            from (select ${bucket(r.day)} as b, ${r.userId} from ${r} where ${inRange(r)} group by 1, 2) x group by 1`),
    db.execute(sql`select count(*)::int as readers from (${perUser}) u`),
  ]);
  return { passes: rowsOf(passes) as PassRow[], perBucket: rowsOf(perBucket), all: rowsOf(all) };
}

/** The same figures counted from the passes (reader filters: only passes that named a matching reader). */
async function visitScan(db: Db, scope: Scope, q: VisitQuery, range: { from: string; to: string }, tz: string) {
  const local = sql`(${gateEvent.at} at time zone ${tz})`;
  const bucket =
    q.by === 'hour'
      ? sql`extract(hour from ${local})::int::text`
      : sql`to_char(${local}, ${q.by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`;
  const hour = sql`extract(hour from ${local})::int`;
  const where = scope.where(
    gateEvent,
    inArray(gateEvent.kind, ['in', 'out']),
    inPeriod(gateEvent.at, range, tz),
    ...readerConds(q),
  );
  const from = needsReader(q)
    ? sql`${gateEvent} join ${appUser} on ${appUser.id} = ${gateEvent.userId} left join ${schoolClass} on ${schoolClass.id} = ${appUser.classId}`
    : sql`${gateEvent}`;
  const readerWhere = and(where, eq(gateEvent.kind, 'in'), isNotNull(gateEvent.userId));
  // Hash aggregates only (a distinct count inside grouping sets would sort the period's events): passes per
  // bucket and hour, different readers per bucket, different readers in all.
  const [passes, perBucket, all]: any[] = await Promise.all([
    db.execute(sql`
      select b, h, count(*) filter (where kind = 'in')::int as ins, count(*) filter (where kind = 'out')::int as outs
      from (select ${gateEvent.kind} as kind, ${bucket} as b, ${hour} as h from ${from} where ${where}) x
      group by 1, 2`),
    db.execute(sql`
      select b, count(*)::int as readers
      from (select distinct ${bucket} as b, ${gateEvent.userId} as u from ${from} where ${readerWhere}) x group by 1`),
    db.execute(sql`
      select count(*)::int as readers from (select distinct ${gateEvent.userId} from ${from} where ${readerWhere}) x`),
  ]);
  return { passes: rowsOf(passes) as PassRow[], perBucket: rowsOf(perBucket), all: rowsOf(all) };
}

/**
 * P/Statistics/Visits (/inoutstatistic): entries, exits and different readers per hour of the day, day or month,
 * with the period's totals and its busiest hour — from the gate rollups, or (reader filters) hash aggregates of
 * the period's passes; merged here.
 */
export async function visitStats(db: Db, scope: Scope, q: VisitQuery): Promise<VisitData> {
  const { range, tz } = await reportClock(db, scope, q);
  const { passes, perBucket, all } = needsReader(q)
    ? await visitScan(db, scope, q, range, tz)
    : await visitRollup(db, scope, q.by, range);
  const keys =
    q.by === 'hour'
      ? Array.from({ length: 24 }, (_, h) => String(h))
      : q.by === 'day'
        ? eachDay(range)
        : eachMonth(range);
  const buckets = new Map<string, VisitRow>(keys.map((key) => [key, { key, ins: 0, outs: 0, readers: 0 }]));
  const total = { ins: 0, outs: 0, readers: all[0]?.readers ?? 0 };
  const byHour = new Map<number, number>();
  for (const r of passes) {
    const b = buckets.get(r.b);
    if (b) {
      b.ins += r.ins;
      b.outs += r.outs;
    }
    total.ins += r.ins;
    total.outs += r.outs;
    byHour.set(r.h, (byHour.get(r.h) ?? 0) + r.ins);
  }
  for (const r of perBucket as { b: string; readers: number }[]) {
    const b = buckets.get(r.b);
    if (b) b.readers = r.readers;
  }
  let peak: { h: number; ins: number } | null = null;
  for (const [h, ins] of [...byHour].sort((a, b) => a[0] - b[0]))
    if (ins > 0 && (!peak || ins > peak.ins)) peak = { h, ins };
  return { period: range, List: [...buckets.values()], total: { ...total, peakHour: peak?.h ?? null } };
}

/** P/Statistics/Alarms (/alarm-record): the security gate's alarms of a period, newest first, with the copy. */
export async function alarmRecords(db: Db, scope: Scope, q: AlarmQuery): Promise<AlarmData> {
  const { range, tz } = await reportClock(db, scope, q);
  const key = q.SearchKey ? `%${q.SearchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '';
  const where = scope.where(
    gateEvent,
    eq(gateEvent.kind, 'alarm'),
    inPeriod(gateEvent.at, range, tz),
    q.gate ? eq(gateEvent.gate, q.gate) : undefined,
    key ? or(ilike(gateEvent.tag, key), ilike(copy.barcode, key), ilike(catalogueRecord.title, key)) : undefined,
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gateEvent)
    .leftJoin(copy, eq(copy.id, gateEvent.copyId))
    .leftJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(where);
  const rows = await db
    .select({
      id: gateEvent.id,
      at: gateEvent.at,
      gate: gateEvent.gate,
      device: deviceName,
      tag: gateEvent.tag,
      copyId: gateEvent.copyId,
      barcode: copy.barcode,
      title: catalogueRecord.title,
      callNo: copy.callNo,
      circState: copy.circState,
    })
    .from(gateEvent)
    .leftJoin(copy, eq(copy.id, gateEvent.copyId))
    .leftJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .leftJoin(oauthClient, deviceJoin)
    .where(where)
    .orderBy(desc(gateEvent.at), desc(gateEvent.id))
    .limit(q.Rows)
    .offset(pageOffset(q));
  return {
    period: range,
    tz,
    Total: n,
    List: rows.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      barcode: r.barcode ?? '',
      title: r.title ?? '',
      callNo: r.callNo ?? '',
      circState: r.circState ?? '',
    })),
  };
}
