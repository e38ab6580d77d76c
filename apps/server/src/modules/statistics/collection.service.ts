import type { Lang } from '@shuyuan/contracts/common/lang';
import { CLC_PARTS, clcClass } from '@shuyuan/contracts/statistics/clc';
import type {
  ClassReportData,
  ClassReportQuery,
  ClassReportRow,
  CollectionData,
  CollectionQuery,
} from '@shuyuan/contracts/statistics/reports';
import { eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { entry, ratio, reportClock } from './context.ts';
import { classLetter, classNoLike } from './loan-source.ts';
import { type HeldBy, heldBy } from './held.service.ts';
import { loansBy } from './rollup.ts';
import { type KeyKind, labels } from './names.ts';
import { GONE_STORES } from './zero.service.ts';

type Key = string | number | null;
/** A copy's value: its own price, else its record's. */
const value = sql<number>`coalesce(sum(coalesce(${copy.unitPriceFen}, ${catalogueRecord.priceFen}, 0)), 0)::bigint`;

/** Held copies (not weeded, lost or suggested) with the item filters; joined to their record. */
export function heldWhere(scope: Scope, f: { locationId?: number; resourceTypeId?: number; classNo?: string }): SQL {
  return scope.where(
    copy,
    notInArray(copy.storeType, GONE_STORES),
    f.locationId ? eq(copy.locationId, f.locationId) : undefined,
    f.resourceTypeId ? eq(catalogueRecord.resourceTypeId, f.resourceTypeId) : undefined,
    f.classNo ? classNoLike(catalogueRecord.classNo, f.classNo) : undefined,
  );
}

/**
 * Held copies with the item filters, grouped by `by` (the rollup's groupings) or `key`: titles, copies, value —
 * from the held_record rollup when it answers the filters, else from the copies.
 */
async function holdings(
  db: Db,
  scope: Scope,
  key: SQL,
  f: { locationId?: number; resourceTypeId?: number; classNo?: string },
  by?: HeldBy,
) {
  const rolled = by ? await heldBy(db, scope, by, f) : undefined;
  if (rolled) return rolled;
  return (await db
    .select({
      key,
      titles: sql<number>`count(distinct ${copy.recordId})::int`,
      copies: sql<number>`count(*)::int`,
      valueFen: value,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(heldWhere(scope, f))
    .groupBy(sql`1`)) as { key: Key; titles: number; copies: number; valueFen: number }[];
}

/**
 * P/Statistics/Collection (/collection-statistic): the held collection by 中图法 class, location, resource type,
 * year of accession or language — titles (distinct records), copies and their value. Titles of a record whose
 * copies sit in two locations count in each, so the total's titles are counted apart.
 */
export async function collectionStats(db: Db, scope: Scope, q: CollectionQuery, lang: Lang): Promise<CollectionData> {
  const { tz } = await reportClock(db, scope, {});
  const keys: Record<CollectionQuery['by'], SQL> = {
    classNo: classLetter,
    location: sql`${copy.locationId}`,
    resourceType: sql`${catalogueRecord.resourceTypeId}`,
    year: sql`extract(year from ${copy.createdAt} at time zone ${tz})::int`,
    language: sql`nullif(${catalogueRecord.language}, '')`,
  };
  const rolled: Partial<Record<CollectionQuery['by'], HeldBy>> = {
    classNo: 'classNo',
    location: 'location',
    resourceType: 'resourceType',
    language: 'language',
  };
  const [rows, [all]] = await Promise.all([
    holdings(db, scope, keys[q.by], q, rolled[q.by]),
    holdings(db, scope, sql`0`, q, 'total'),
  ]);
  const total = { titles: all?.titles ?? 0, copies: all?.copies ?? 0, valueFen: Number(all?.valueFen ?? 0) };
  const kind: Partial<Record<CollectionQuery['by'], KeyKind>> = {
    classNo: 'classNo',
    location: 'location',
    resourceType: 'resourceType',
  };
  const k = kind[q.by];
  const names = k
    ? await labels(
        db,
        scope,
        k,
        rows.map((r) => r.key),
        lang,
      )
    : null;
  const none = t(lang, 'statistics.none', undefined, scope.schoolId);
  const List = rows
    .map((r) => ({
      key: r.key ?? '',
      name: names ? names.get(r.key)!.name : r.key == null ? none : String(r.key),
      titles: r.titles,
      copies: r.copies,
      valueFen: Number(r.valueFen),
      share: ratio(r.copies, total.copies),
    }))
    .sort((a, b) => String(a.key).localeCompare(String(b.key), undefined, { numeric: true }));
  return { List, total };
}

/**
 * P/Statistics/ClassReport (/classify22, /data-report/classify5): per 中图法 main class (or per basic part),
 * the held titles, copies and value beside the period's loans, with each one's share and the circulation rate.
 * Every class is listed (zeros included), as the inspection form has a line for each.
 */
export async function classReport(db: Db, scope: Scope, q: ClassReportQuery, lang: Lang): Promise<ClassReportData> {
  const { range, tz } = await reportClock(db, scope, q);
  const held = await holdings(db, scope, classLetter, q, 'classNo');
  const lent = (await loansBy(db, scope, q, 'classNo', range, tz)).map((l) => ({ key: String(l.key), n: l.loans }));
  const groupOf = (letter: string) => {
    const c = clcClass(letter);
    return q.level === 5 ? (c?.part ?? '') : c ? letter : '';
  };
  const rows = new Map<string, ClassReportRow>();
  const row = (key: string) =>
    entry(rows, key, () => ({
      key,
      name: '',
      titles: 0,
      copies: 0,
      valueFen: 0,
      loans: 0,
      copyShare: 0,
      loanShare: 0,
      rate: 0,
    }));
  const order =
    q.level === 5
      ? [...CLC_PARTS]
      : ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'X', 'Z'];
  for (const k of order) row(k);
  for (const h of held) {
    const r = row(groupOf(String(h.key ?? '')));
    r.titles += h.titles;
    r.copies += h.copies;
    r.valueFen += Number(h.valueFen);
  }
  for (const l of lent) row(groupOf(String(l.key ?? ''))).loans += l.n;
  const total = { titles: 0, copies: 0, valueFen: 0, loans: 0, rate: 0 };
  for (const r of rows.values()) {
    total.titles += r.titles;
    total.copies += r.copies;
    total.valueFen += r.valueFen;
    total.loans += r.loans;
  }
  total.rate = ratio(total.loans, total.copies);
  const none = t(lang, 'statistics.none', undefined, scope.schoolId);
  const List = [...rows.values()]
    .filter((r) => r.key !== '' || r.copies || r.loans)
    .map((r) => {
      const c = clcClass(r.key);
      const name =
        r.key === ''
          ? none
          : q.level === 5
            ? t(lang, `statistics.part.${r.key}`, undefined, scope.schoolId)
            : `${r.key} ${lang === 'zh' ? c!.zh : c!.en}`;
      return {
        ...r,
        name,
        copyShare: ratio(r.copies, total.copies),
        loanShare: ratio(r.loans, total.loans),
        rate: ratio(r.loans, r.copies),
      };
    });
  return { period: range, List, total };
}
