import type { Lang } from '@shuyuan/contracts/common/lang';
import type { ResourceCircData, ResourceCircQuery, ResourceCircRow } from '@shuyuan/contracts/statistics/reports';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { heldWhere } from './collection.service.ts';
import { heldBy } from './held.service.ts';
import { entry, ratio, reportClock } from './context.ts';
import { classLetter } from './loan-source.ts';
import { loansBy } from './rollup.ts';
import { labels } from './names.ts';

type Key = string | number | null;

/**
 * P/Statistics/ResourceCirc (/resourcecicr): the circulation rate of the collection — loans made in the period
 * ÷ copies held now — by 中图法 class, location or resource type. Copies count the held stores only (not
 * weeded, lost or suggested); both sides take the item filters, the loans also the reader filters.
 */
export async function resourceCirc(db: Db, scope: Scope, q: ResourceCircQuery, lang: Lang): Promise<ResourceCircData> {
  const { range, tz } = await reportClock(db, scope, q);
  const dims: Record<ResourceCircQuery['by'], SQL> = {
    classNo: classLetter,
    location: sql`${copy.locationId}`,
    resourceType: sql`${catalogueRecord.resourceTypeId}`,
  };
  const key = dims[q.by];
  // Held copies from the held_record rollup when it answers the filters, else from the copies.
  const rolled = await heldBy(db, scope, q.by, q);
  const held = rolled
    ? rolled.map((r) => ({ key: r.key, n: r.copies }))
    : ((await db
        .select({ key, n: sql<number>`count(*)::int` })
        .from(copy)
        .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
        .where(heldWhere(scope, q))
        .groupBy(key)) as { key: Key; n: number }[]);
  const lent = await loansBy(db, scope, q, q.by, range, tz);
  const rows = new Map<Key, ResourceCircRow>();
  const row = (k: Key) => entry(rows, k, () => ({ key: k ?? '', name: '', copies: 0, loans: 0, rate: 0 }));
  for (const h of held) row(h.key).copies = h.n;
  for (const l of lent) row(l.key).loans = l.loans;
  const names = await labels(db, scope, q.by, [...rows.keys()], lang);
  const List = [...rows.entries()].map(([k, r]) => ({
    ...r,
    name: names.get(k)!.name,
    rate: ratio(r.loans, r.copies),
  }));
  List.sort((a, b) => String(a.key).localeCompare(String(b.key)));
  const copies = List.reduce((a, r) => a + r.copies, 0);
  const loans = List.reduce((a, r) => a + r.loans, 0);
  return { period: range, List, total: { copies, loans, rate: ratio(loans, copies) } };
}
