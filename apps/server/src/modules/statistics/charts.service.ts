import type { Lang } from '@shuyuan/contracts/common/lang';
import {
  type ChartRankData,
  type ChartsQuery,
  type LocationStaData,
  maskName,
} from '@shuyuan/contracts/statistics/charts';
import type { Ranking } from '@shuyuan/contracts/statistics/reports';
import { notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { reportClock } from './context.ts';
import { labels } from './names.ts';
import { rankLoans } from './rank.service.ts';
import { resourceCirc } from './resource.service.ts';
import { GONE_STORES } from './zero.service.ts';

/** A public ranking: titles, grades, classes, or readers (names masked) of one grade or class. */
export async function chartRank(db: Db, scope: Scope, by: Ranking, q: ChartsQuery, lang: Lang): Promise<ChartRankData> {
  const { range, tz } = await reportClock(db, scope, { period: q.period });
  const rows = await rankLoans(db, scope, by, { gradeId: q.gradeId, classId: q.classId }, range, tz, q.top, lang);
  return {
    period: range,
    List: rows.map((r) => ({
      rank: r.rank,
      name: by === 'reader' ? maskName(r.name) : r.name,
      detail: r.detail,
      count: r.loans,
    })),
  };
}

/** P/Charts/GetLocationItemSta: copies held per location. */
export async function locationItems(db: Db, scope: Scope, lang: Lang): Promise<LocationStaData> {
  const rows = await db
    .select({ id: copy.locationId, n: sql<number>`count(*)::int` })
    .from(copy)
    .where(scope.where(copy, notInArray(copy.storeType, GONE_STORES)))
    .groupBy(copy.locationId)
    .orderBy(sql`count(*) desc`);
  const names = await labels(
    db,
    scope,
    'location',
    rows.map((r) => r.id),
    lang,
  );
  return { List: rows.map((r) => ({ locationId: r.id, name: names.get(r.id)!.name, count: r.n })) };
}

/** P/Charts/GetLocationCircSta: loans of the period per location of the copy. */
export async function locationLoans(db: Db, scope: Scope, q: ChartsQuery, lang: Lang): Promise<LocationStaData> {
  const d = await resourceCirc(db, scope, { period: q.period, by: 'location' }, lang);
  return {
    period: d.period,
    List: d.List.filter((r) => r.loans > 0)
      .sort((a, b) => b.loans - a.loans)
      .map((r) => ({ locationId: r.key === '' ? null : Number(r.key), name: r.name, count: r.loans })),
  };
}
