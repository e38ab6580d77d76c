import type { Lang } from '@shuyuan/contracts/common/lang';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import type { SerialStatData, SerialStatQuery, SerialStatRow } from '@shuyuan/contracts/serials/statistics';
import { clcClass } from '@shuyuan/contracts/statistics/clc';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t } from '../../platform/i18n/messages.ts';
import { configOf } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { SCHOOL_ZONE, dateIn } from '../circulation/rules.service.ts';
import { inPeriod } from '../statistics/loan-source.ts';
import {
  serialIssue,
  serialSubscription,
  serialSubscriptionPlace,
  serialTitle,
  serialVolume,
} from './serials.table.ts';

interface TitleLine {
  titleId: number;
  recordId: number | null;
  title: string;
  postalCode: string;
  classNo: string;
  subscriptionId: number;
  copies: number;
  moneyFen: number;
  due: number;
  arrived: number;
  missing: number;
  claimed: number;
  loans: number;
  volumes: number;
}

const blank = (key: string, name: string, detail = ''): SerialStatRow => ({
  key,
  name,
  detail,
  titles: 0,
  copies: 0,
  moneyFen: 0,
  due: 0,
  arrived: 0,
  arrivalRate: null,
  missing: 0,
  claimed: 0,
  loans: 0,
  volumes: 0,
});

/** Adds a title's figures to a row (issue figures only when the row counts issues). */
function add(row: SerialStatRow, l: TitleLine, share = 1): void {
  row.titles += 1;
  row.copies += Math.round(l.copies * share);
  row.moneyFen += Math.round(l.moneyFen * share);
  if (row.due == null) return;
  row.due += l.due;
  row.arrived = (row.arrived ?? 0) + l.arrived;
  row.missing = (row.missing ?? 0) + l.missing;
  row.claimed = (row.claimed ?? 0) + l.claimed;
  row.loans = (row.loans ?? 0) + l.loans;
  row.volumes = (row.volumes ?? 0) + l.volumes;
}

const withRate = (r: SerialStatRow): SerialStatRow => ({
  ...r,
  arrivalRate: r.due ? Math.round(((r.arrived ?? 0) / r.due) * 10000) / 10000 : null,
});

/** The year's subscriptions of the kind with their issue, loan and volume figures, one line per title. */
async function titleLines(db: Db, scope: Scope, kind: SerialKind, year: number, today: string, tz: string) {
  const subs = await db
    .select({
      titleId: serialTitle.id,
      recordId: serialTitle.recordId,
      title: serialTitle.title,
      postalCode: sql<string>`coalesce(${serialTitle.postalCode}, '')`,
      classNo: serialTitle.classNo,
      subscriptionId: serialSubscription.id,
      copies: serialSubscription.copies,
      moneyFen: sql<number>`coalesce(${serialSubscription.totalPriceFen}, ${serialTitle.pricePerYearFen} * ${serialSubscription.copies}, 0)::int`,
    })
    .from(serialSubscription)
    .innerJoin(serialTitle, eq(serialTitle.id, serialSubscription.titleId))
    .where(
      scope.where(
        serialSubscription,
        eq(serialSubscription.year, year),
        eq(serialSubscription.state, 'ordered'),
        eq(serialTitle.kind, kind),
      ),
    )
    .orderBy(asc(serialTitle.title));
  if (!subs.length) return [];
  const subIds = subs.map((s) => s.subscriptionId);
  const recordIds = subs.flatMap((s) => (s.recordId ? [s.recordId] : []));
  const [issues, loans, volumes] = await Promise.all([
    db
      .select({
        subscriptionId: serialIssue.subscriptionId,
        due: sql<number>`count(*) filter (where ${serialIssue.state} = 'arrived' or ${serialIssue.expectedDate} <= ${today})::int`,
        arrived: sql<number>`count(*) filter (where ${serialIssue.state} = 'arrived')::int`,
        missing: sql<number>`count(*) filter (where ${serialIssue.state} = 'missing')::int`,
        claimed: sql<number>`count(*) filter (where ${serialIssue.claimCount} > 0)::int`,
      })
      .from(serialIssue)
      .where(scope.where(serialIssue, inArray(serialIssue.subscriptionId, subIds)))
      .groupBy(serialIssue.subscriptionId),
    recordIds.length
      ? db
          .select({ recordId: loan.recordId, n: count() })
          .from(loan)
          .where(
            scope.where(
              loan,
              inArray(loan.recordId, recordIds),
              inPeriod(loan.borrowedAt, { from: `${year}-01-01`, to: `${year}-12-31` }, tz),
            ),
          )
          .groupBy(loan.recordId)
      : [],
    db
      .select({ titleId: serialVolume.titleId, n: count() })
      .from(serialVolume)
      .where(
        scope.where(
          serialVolume,
          eq(serialVolume.year, year),
          inArray(
            serialVolume.titleId,
            subs.map((s) => s.titleId),
          ),
        ),
      )
      .groupBy(serialVolume.titleId),
  ]);
  const bySub = new Map(issues.map((i) => [i.subscriptionId, i]));
  const loansOf = new Map(loans.map((l) => [l.recordId, l.n]));
  const volumesOf = new Map(volumes.map((v) => [v.titleId, v.n]));
  return subs.map(
    (s): TitleLine => ({
      ...s,
      due: bySub.get(s.subscriptionId)?.due ?? 0,
      arrived: bySub.get(s.subscriptionId)?.arrived ?? 0,
      missing: bySub.get(s.subscriptionId)?.missing ?? 0,
      claimed: bySub.get(s.subscriptionId)?.claimed ?? 0,
      loans: (s.recordId && loansOf.get(s.recordId)) || 0,
      volumes: volumesOf.get(s.titleId) ?? 0,
    }),
  );
}

/** Copies and money of each place: a subscription's money shared by its places' copies. */
async function placeRows(db: Db, scope: Scope, lines: TitleLine[], lang: Lang): Promise<SerialStatRow[]> {
  if (!lines.length) return [];
  const places = await db
    .select({
      subscriptionId: serialSubscriptionPlace.subscriptionId,
      locationId: serialSubscriptionPlace.locationId,
      name: location.name,
      copies: serialSubscriptionPlace.copies,
    })
    .from(serialSubscriptionPlace)
    .innerJoin(location, eq(location.id, serialSubscriptionPlace.locationId))
    .where(
      and(
        inArray(
          serialSubscriptionPlace.subscriptionId,
          lines.map((l) => l.subscriptionId),
        ),
        scope.where(location),
      ),
    );
  const rows = new Map<string, SerialStatRow>();
  const row = (key: string, name: string) => {
    let r = rows.get(key);
    if (!r) {
      r = { ...blank(key, name), due: null, arrived: null, missing: null, claimed: null, loans: null, volumes: null };
      rows.set(key, r);
    }
    return r;
  };
  for (const l of lines) {
    const mine = places.filter((p) => p.subscriptionId === l.subscriptionId);
    let placed = 0;
    for (const p of mine) {
      add(row(`L${p.locationId}`, p.name), l, l.copies ? p.copies / l.copies : 0);
      placed += p.copies;
    }
    if (placed < l.copies)
      add(row('', t(lang, 'serials.stats.noPlace', undefined, scope.schoolId)), l, (l.copies - placed) / l.copies);
  }
  return [...rows.values()].sort((a, b) => b.copies - a.copies || a.name.localeCompare(b.name));
}

/**
 * A year's periodical figures of one kind, by title, 中图法 main class or place, with a total line. Loans are the
 * year's loans of the titles' records (issues and bound volumes alike), in the school's time zone.
 */
export async function serialStatistics(
  db: Db,
  scope: Scope,
  kind: SerialKind,
  q: SerialStatQuery,
  lang: Lang,
): Promise<SerialStatData> {
  const tz = await configOf(db, scope, SCHOOL_ZONE);
  const today = dateIn(new Date(), tz);
  const year = q.year ?? Number(today.slice(0, 4));
  const lines = await titleLines(db, scope, kind, year, today, tz);
  const total = blank('total', t(lang, 'serials.stats.total', undefined, scope.schoolId));
  for (const l of lines) add(total, l);
  let list: SerialStatRow[];
  if (q.by === 'place') list = await placeRows(db, scope, lines, lang);
  else if (q.by === 'class') {
    const rows = new Map<string, SerialStatRow>();
    for (const l of lines) {
      const letter = l.classNo.trim().slice(0, 1).toUpperCase();
      const c = clcClass(letter);
      const key = c ? letter : '';
      let r = rows.get(key);
      if (!r) {
        const name = c
          ? `${c.code} ${lang === 'zh' ? c.zh : c.en}`
          : t(lang, 'serials.stats.noClass', undefined, scope.schoolId);
        r = blank(key, name);
        rows.set(key, r);
      }
      add(r, l);
    }
    list = [...rows.values()].sort((a, b) => (a.key || '~').localeCompare(b.key || '~'));
  } else
    list = lines.map((l) => {
      const r = blank(String(l.titleId), l.title, l.postalCode);
      add(r, l);
      return r;
    });
  return { year, by: q.by, List: list.map(withRate), total: withRate(total) };
}
