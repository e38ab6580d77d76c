import type { Lang } from '@shuyuan/contracts/common/lang';
import {
  type ChartRankData,
  type ChartsQuery,
  type LocationStaData,
  maskName,
} from '@shuyuan/contracts/statistics/charts';
import type { Ranking } from '@shuyuan/contracts/statistics/reports';
import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { publicView } from '../opac/search.service.ts';
import { copyVisibleSql, publicCopySql } from '../opac/visibility.ts';
import { reportClock } from './context.ts';
import { labels } from './names.ts';
import { rankLoans } from './rank.service.ts';
import { resourceCirc } from './resource.service.ts';
import { GONE_STORES } from './zero.service.ts';

/** A public ranking: titles, grades, classes, or readers (names masked) of one grade or class. */
export async function chartRank(db: Db, scope: Scope, by: Ranking, q: ChartsQuery, lang: Lang): Promise<ChartRankData> {
  const { range, tz } = await reportClock(db, scope, { period: q.period });
  const v = by === 'title' ? await publicView(db, scope) : undefined;
  // Titles the resource rules hide from the public never show on a public ranking: ask for more, drop them.
  const want = v?.record ? Math.min(500, q.top * 3 + 20) : q.top;
  let rows = await rankLoans(db, scope, by, { gradeId: q.gradeId, classId: q.classId }, range, tz, want, lang);
  if (v?.record && rows.length) {
    const shown = await db
      .select({ id: catalogueRecord.id })
      .from(catalogueRecord)
      .where(
        scope.where(
          catalogueRecord,
          and(
            inArray(
              catalogueRecord.id,
              rows.map((r) => Number(r.id)),
            ),
            v.record,
          ),
        ),
      );
    const ok = new Set(shown.map((x) => x.id));
    rows = rows.filter((r) => ok.has(Number(r.id))).slice(0, q.top);
    // Ranks again over what is shown (ties share a rank).
    rows = rows.map((r) => ({ ...r, rank: 1 + rows.filter((x) => x.loans > r.loans).length }));
  }
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

/** P/Charts/GetLocationItemSta: copies held per location (copies the resource rules hide from the public: not counted). */
export async function locationItems(db: Db, scope: Scope, lang: Lang): Promise<LocationStaData> {
  const self = sql`copy`;
  const shown = publicCopySql(await copyVisibleSql(db, scope, self), self);
  const rows = await db
    .select({ id: copy.locationId, n: sql<number>`count(*)::int` })
    .from(copy)
    .where(scope.where(copy, notInArray(copy.storeType, GONE_STORES), shown))
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
