import type { Lang } from '@shuyuan/contracts/common/lang';
import type { PurchaseData, PurchaseQuery } from '@shuyuan/contracts/statistics/reports';
import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { reportClock } from './context.ts';
import { classLetter, classNoLike, inPeriod } from './loan-source.ts';
import { labels } from './names.ts';

type Key = string | number | null;

/**
 * P/Statistics/Purchase (/statistical-purchasing): copies accessioned in the period (their creation, in the
 * school's days) — whatever became of them since, except purchase suggestions (store 4, not bought) — by
 * acceptance batch, bookseller, source (the batch's type), 中图法 class or month: titles, copies, list value
 * and the price paid (the discounted price where one is recorded).
 */
export async function purchaseStats(db: Db, scope: Scope, q: PurchaseQuery, lang: Lang): Promise<PurchaseData> {
  const { range, tz } = await reportClock(db, scope, q);
  const keys: Record<PurchaseQuery['by'], SQL> = {
    batch: sql`${copy.batchId}`,
    bookseller: sql`nullif(${acceptanceBatch.bookseller}, '')`,
    source: sql`nullif(${acceptanceBatch.type}, '')`,
    classNo: classLetter,
    month: sql`to_char((${copy.createdAt} at time zone ${tz})::date, 'YYYY-MM')`,
  };
  const where = scope.where(
    copy,
    ne(copy.storeType, StoreType.RECOMMENDED_PURCHASE),
    inPeriod(copy.createdAt, range, tz),
    q.locationId ? eq(copy.locationId, q.locationId) : undefined,
    q.resourceTypeId ? eq(catalogueRecord.resourceTypeId, q.resourceTypeId) : undefined,
    q.classNo ? classNoLike(catalogueRecord.classNo, q.classNo) : undefined,
  );
  const list = sql<number>`coalesce(${copy.unitPriceFen}, ${catalogueRecord.priceFen}, 0)`;
  const rows = (await db
    .select({
      key: keys[q.by],
      titles: sql<number>`count(distinct ${copy.recordId})::int`,
      copies: sql<number>`count(*)::int`,
      valueFen: sql<number>`coalesce(sum(${list}), 0)::bigint`,
      paidFen: sql<number>`coalesce(sum(coalesce(${copy.discountPriceFen}, ${list})), 0)::bigint`,
      batchNo: sql<string>`min(${acceptanceBatch.batchNo})`,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .leftJoin(acceptanceBatch, eq(acceptanceBatch.id, copy.batchId))
    .where(where)
    .groupBy(sql`1`)) as {
    key: Key;
    titles: number;
    copies: number;
    valueFen: number;
    paidFen: number;
    batchNo: string;
  }[];
  const none = t(lang, 'statistics.none', undefined, scope.schoolId);
  const names =
    q.by === 'classNo'
      ? await labels(
          db,
          scope,
          'classNo',
          rows.map((r) => r.key),
          lang,
        )
      : null;
  const List = rows
    .map((r) => ({
      key: r.key ?? '',
      name: names
        ? names.get(r.key)!.name
        : q.by === 'batch'
          ? r.key == null
            ? none
            : r.batchNo
          : r.key == null
            ? none
            : String(r.key),
      titles: r.titles,
      copies: r.copies,
      valueFen: Number(r.valueFen),
      paidFen: Number(r.paidFen),
    }))
    .sort(
      (a, b) =>
        Number(a.key === '') - Number(b.key === '') ||
        String(a.name).localeCompare(String(b.name), undefined, { numeric: true }),
    );
  const total = { titles: 0, copies: 0, valueFen: 0, paidFen: 0 };
  for (const r of List) {
    total.copies += r.copies;
    total.valueFen += r.valueFen;
    total.paidFen += r.paidFen;
  }
  // A title bought in two batches is one title: counted apart, not summed.
  const [all] = (await db
    .select({ n: sql<number>`count(distinct ${copy.recordId})::int` })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(where)) as { n: number }[];
  total.titles = all.n;
  return { period: range, List, total };
}
