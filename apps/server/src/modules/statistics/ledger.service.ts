import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import type { PeriodRange } from '@shuyuan/contracts/statistics/filters';
import { CLC_PARTS, clcClass } from '@shuyuan/contracts/statistics/clc';
import type {
  AccessionData,
  AccessionQuery,
  LedgerData,
  LedgerLine,
  LedgerQuery,
  LedgerTotals,
  PartCounts,
} from '@shuyuan/contracts/statistics/ledgers';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { lossRecord } from '../losses/loss.table.ts';
import { weedingRecord } from '../stocktake/stocktake.table.ts';
import { accessionRecord } from './accession.table.ts';
import { entry, reportClock } from './context.ts';
import { classLetter } from './loan-source.ts';

/** A copy's accession day: its batch's acceptance day, else its creation day in the school's time zone. */
export const accessionDay = (tz: string): SQL =>
  sql`coalesce(${acceptanceBatch.acceptedOn}, (${copy.createdAt} at time zone ${tz})::date)`;
/** A copy's value: its own price, else its record's. */
export const copyValue = sql`coalesce(${copy.unitPriceFen}, ${catalogueRecord.priceFen}, 0)`;
/** The day a loss was registered, in the school's time zone. */
export const lossDay = (tz: string): SQL => sql`(${lossRecord.registeredAt} at time zone ${tz})::date`;
/** A rollup row's value: its copies' own prices, the record's for the others. */
const rollupValue = sql`${accessionRecord.ownFen} + ${accessionRecord.unpriced}::bigint * coalesce(${accessionRecord.priceFen}, 0)`;
const ymd = (d: SQL) => sql<string>`to_char(${d}, 'YYYY-MM-DD')`;

/** Copies that count as accessioned: everything but purchase suggestions. */
export const accessioned = ne(copy.storeType, StoreType.RECOMMENDED_PURCHASE);
/** Removals: a weeding not taken back (of a copy not already gone as lost), a loss not retrieved. */
export const weedingCounts = and(isNull(weedingRecord.undoneAt), ne(weedingRecord.prevStore, StoreType.LOST));
export const lossCounts = ne(lossRecord.state, 'retrieved');

/** Days of a period, or everything before it (`before`), as a condition on a date expression. */
type Span = { range: PeriodRange } | { before: string };
const inSpan = (d: SQL, s: Span): SQL =>
  'range' in s ? sql`${d} between ${s.range.from}::date and ${s.range.to}::date` : sql`${d} < ${s.before}::date`;

export const emptyParts = (): PartCounts => ({ marxism: 0, philosophy: 0, social: 0, natural: 0, general: 0, '': 0 });
const partOf = (letter: string | null) => clcClass(String(letter ?? ''))?.part ?? '';

interface Agg {
  key: string;
  date: string;
  letter: string | null;
  titles: number;
  copies: number;
  valueFen: string | number;
  batchId?: number | null;
  batchNo?: string | null;
  source?: string | null;
  voucher?: string | null;
}

const rollupDay = sql`${accessionRecord.day}`;
const rowsOf = (r: any) => (r.rows ?? r) as any[];

/**
 * Accessions per batch (unbatched copies: per day) and class letter, from the rollup (`accession_record`, one row
 * per record, batch and day), in hash aggregates (no sort): an unbatched day's rows are distinct records, so its
 * titles are its rows; a batch's copies of one record may fall on several days (a batch not accepted: their
 * creation days), so its rows are summed per record first and its titles are those sums. A record has one letter.
 */
async function accessionRows(db: Db, scope: Scope, range: PeriodRange): Promise<Agg[]> {
  const A = accessionRecord;
  const where = (batched: boolean) =>
    scope.where(A, inSpan(rollupDay, { range }), batched ? sql`${A.batchId} <> 0` : sql`${A.batchId} = 0`);
  const res = await db.execute(sql`select 'd' || ${ymd(sql`d.day`)} as key, ${ymd(sql`d.day`)} as date, d.letter,
      d.titles, d.copies, d.value as "valueFen", null::int as "batchId", null as "batchNo", null as source, null as voucher
    from (select ${A.day} as day, ${A.classLetter} as letter, count(*)::int as titles, sum(${A.copies})::int as copies,
        sum(${rollupValue})::bigint as value from ${A} where ${where(false)} group by 1, 2) d
    union all
    select 'b' || g.batch, ${ymd(sql`g.day`)}, g.letter, g.titles, g.copies, g.value, ${acceptanceBatch.id},
      ${acceptanceBatch.batchNo}, ${acceptanceBatch.type}, coalesce(nullif(${acceptanceBatch.voucher}, ''), ${acceptanceBatch.invoiceNo})
    from (select t.batch, t.letter, min(t.day) as day, count(*)::int as titles, sum(t.copies)::int as copies,
        sum(t.value)::bigint as value
      from (select ${A.batchId} as batch, ${A.classLetter} as letter, ${A.recordId} as record, min(${A.day}) as day,
          sum(${A.copies}) as copies, sum(${rollupValue}) as value from ${A} where ${where(true)} group by 1, 2, 3) t
      group by 1, 2) g
    left join ${acceptanceBatch} on ${acceptanceBatch.id} = g.batch`);
  return rowsOf(res);
}

/** Every copy accessioned before `day` and its value (the rollup's rows before it: an index range). */
async function accessionsBefore(db: Db, scope: Scope, day: string) {
  const [r] = await db
    .select({
      copies: sql<number>`coalesce(sum(${accessionRecord.copies}), 0)::int`,
      valueFen: sql<string>`coalesce(sum(${rollupValue}), 0)::bigint`,
    })
    .from(accessionRecord)
    .where(scope.where(accessionRecord, inSpan(rollupDay, { before: day })));
  return { copies: r?.copies ?? 0, valueFen: Number(r?.valueFen ?? 0) };
}

/** Weedings per day and class letter, with their reasons. */
function weedingRows(db: Db, scope: Scope, span: Span) {
  return db
    .select({
      key: sql<string>`'w' || ${ymd(sql`${weedingRecord.weededOn}`)}`,
      date: ymd(sql`${weedingRecord.weededOn}`),
      letter: classLetter,
      titles: sql<number>`count(distinct ${weedingRecord.recordId})::int`,
      copies: sql<number>`count(*)::int`,
      valueFen: sql<string>`coalesce(sum(coalesce(${weedingRecord.priceFen}, ${copyValue})), 0)::bigint`,
      source: sql<string>`string_agg(distinct ${weedingRecord.reason}, '、')`,
    })
    .from(weedingRecord)
    .leftJoin(copy, eq(copy.id, weedingRecord.copyId))
    .leftJoin(catalogueRecord, eq(catalogueRecord.id, weedingRecord.recordId))
    .where(scope.where(weedingRecord, weedingCounts, inSpan(sql`${weedingRecord.weededOn}`, span)))
    .groupBy(sql`1`, sql`2`, sql`3`) as unknown as Promise<Agg[]>;
}

/** Losses per day and class letter, with their first and last order numbers. */
function lossRows(db: Db, scope: Scope, tz: string, span: Span) {
  const day = lossDay(tz);
  return db
    .select({
      key: sql<string>`'l' || ${ymd(day)}`,
      date: ymd(day),
      letter: classLetter,
      titles: sql<number>`count(distinct ${lossRecord.recordId})::int`,
      copies: sql<number>`count(*)::int`,
      valueFen: sql<string>`coalesce(sum(${copyValue}), 0)::bigint`,
      source: sql<string>`min(${lossRecord.orderNo})`,
      voucher: sql<string>`max(${lossRecord.orderNo})`,
    })
    .from(lossRecord)
    .leftJoin(copy, eq(copy.id, lossRecord.copyId))
    .leftJoin(catalogueRecord, eq(catalogueRecord.id, lossRecord.recordId))
    .where(scope.where(lossRecord, lossCounts, inSpan(day, span)))
    .groupBy(sql`1`, sql`2`, sql`3`) as unknown as Promise<Agg[]>;
}

const sum = (rows: Agg[]) => ({
  copies: rows.reduce((n, r) => n + r.copies, 0),
  valueFen: rows.reduce((n, r) => n + Number(r.valueFen), 0),
});

/** The holdings on the morning of `day`: every accession before it less every removal before it. */
export async function balanceBefore(db: Db, scope: Scope, tz: string, day: string) {
  const span = { before: day };
  const [sa, w, l] = await Promise.all([
    accessionsBefore(db, scope, day),
    weedingRows(db, scope, span),
    lossRows(db, scope, tz, span),
  ]);
  const [sw, sl] = [sum(w), sum(l)];
  return { copies: sa.copies - sw.copies - sl.copies, valueFen: sa.valueFen - sw.valueFen - sl.valueFen };
}

/** Per-letter rows folded into register lines (titles add up: a record has one class letter). */
function fold(rows: Agg[], kind: LedgerLine['kind']): LedgerLine[] {
  const lines = new Map<string, LedgerLine>();
  const reasons = new Map<string, Set<string>>();
  const orders = new Map<string, [string, string]>();
  for (const r of rows) {
    const l = entry(lines, r.key, () => ({
      key: r.key,
      kind,
      date: r.date,
      batchId: r.batchId ?? null,
      batchNo: r.batchNo ?? '',
      source: kind === 'in' ? (r.source ?? '') : '',
      voucher: kind === 'weeded' ? '' : (r.voucher ?? ''),
      titles: 0,
      copies: 0,
      valueFen: 0,
      parts: emptyParts(),
      balanceCopies: 0,
      balanceValueFen: 0,
    }));
    if (r.date < l.date) l.date = r.date;
    l.titles += r.titles;
    l.copies += r.copies;
    l.valueFen += Number(r.valueFen);
    l.parts[partOf(r.letter)] += r.copies;
    if (kind === 'weeded')
      for (const s of String(r.source ?? '').split('、')) entry(reasons, r.key, () => new Set()).add(s);
    if (kind === 'lost') {
      const o = entry(orders, r.key, () => [r.source!, r.voucher!]);
      if (r.source! < o[0]) o[0] = r.source!;
      if (r.voucher! > o[1]) o[1] = r.voucher!;
    }
  }
  // The day's compensation orders: the first and the last.
  for (const [k, [lo, hi]] of orders) lines.get(k)!.voucher = lo === hi ? lo : `${lo} ~ ${hi}`;
  for (const [k, set] of reasons) lines.get(k)!.source = [...set].filter(Boolean).sort().join('、');
  return [...lines.values()];
}

const totals = (lines: LedgerLine[]): LedgerTotals => {
  const t: LedgerTotals = { copies: 0, valueFen: 0, parts: emptyParts() };
  for (const l of lines) {
    t.copies += l.copies;
    t.valueFen += l.valueFen;
    for (const p of [...CLC_PARTS, ''] as const) t.parts[p] += l.parts[p];
  }
  return t;
};

/**
 * P/Statistics/Ledger (/ledger): the summary accession register (总括登记账) of a period — the holdings on its
 * first morning, then one line per accession (a batch, or the unbatched copies of a day) and per removal day
 * (weedings, losses) in date order, accessions first on a day, each with its copies per basic part and the
 * holdings after it; the period's accessions, removals and the closing holdings.
 */
export async function ledger(db: Db, scope: Scope, q: LedgerQuery): Promise<LedgerData> {
  const { range, tz } = await reportClock(db, scope, q);
  const span = { range };
  const [opening, a, w, l] = await Promise.all([
    balanceBefore(db, scope, tz, range.from),
    accessionRows(db, scope, range),
    weedingRows(db, scope, span),
    lossRows(db, scope, tz, span),
  ]);
  const added = fold(a, 'in');
  const weeded = fold(w, 'weeded');
  const lost = fold(l, 'lost');
  const order = { in: 0, weeded: 1, lost: 2 };
  const List = [...added, ...weeded, ...lost].sort(
    (x, y) =>
      x.date.localeCompare(y.date) ||
      order[x.kind] - order[y.kind] ||
      x.batchNo.localeCompare(y.batchNo, undefined, { numeric: true }),
  );
  let copies = opening.copies;
  let valueFen = opening.valueFen;
  for (const line of List) {
    const sign = line.kind === 'in' ? 1 : -1;
    copies += sign * line.copies;
    valueFen += sign * line.valueFen;
    line.balanceCopies = copies;
    line.balanceValueFen = valueFen;
  }
  const removed = totals([...weeded, ...lost]);
  return {
    period: range,
    opening,
    List,
    added: { ...totals(added), titles: added.reduce((n, x) => n + x.titles, 0) },
    removed,
    closing: { copies, valueFen },
  };
}

/**
 * P/Statistics/Accessions (/store, 入藏登记): the batches (and unbatched days) accessioned in the period — source,
 * bookseller, voucher, invoice, state, titles, copies, list value, price paid, and how many have left since.
 */
export async function accessions(db: Db, scope: Scope, q: AccessionQuery): Promise<AccessionData> {
  const { range, tz } = await reportClock(db, scope, q);
  const day = accessionDay(tz);
  const gone = sql`(exists (select 1 from ${weedingRecord} where ${weedingRecord.copyId} = ${copy.id} and ${weedingCounts})
    or exists (select 1 from ${lossRecord} where ${lossRecord.copyId} = ${copy.id} and ${lossCounts}))`;
  const rows = await db
    .select({
      key: sql<string>`coalesce('b' || ${copy.batchId}, 'd' || ${ymd(day)})`,
      date: ymd(sql`min(${day})`),
      batchId: sql<number | null>`min(${acceptanceBatch.id})`,
      batchNo: sql<string | null>`min(${acceptanceBatch.batchNo})`,
      source: sql<string | null>`min(${acceptanceBatch.type})`,
      bookseller: sql<string | null>`min(${acceptanceBatch.bookseller})`,
      voucher: sql<string | null>`min(${acceptanceBatch.voucher})`,
      invoiceNo: sql<string | null>`min(${acceptanceBatch.invoiceNo})`,
      state: sql<number | null>`min(${acceptanceBatch.state})`,
      titles: sql<number>`count(distinct ${copy.recordId})::int`,
      copies: sql<number>`count(*)::int`,
      valueFen: sql<string>`coalesce(sum(${copyValue}), 0)::bigint`,
      paidFen: sql<string>`coalesce(sum(coalesce(${copy.discountPriceFen}, ${copyValue})), 0)::bigint`,
      removed: sql<number>`(count(*) filter (where ${gone}))::int`,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .leftJoin(acceptanceBatch, eq(acceptanceBatch.id, copy.batchId))
    .where(scope.where(copy, accessioned, inSpan(day, { range })))
    .groupBy(sql`1`);
  const List = rows
    .map((r) => ({
      key: r.key,
      batchId: r.batchId,
      batchNo: r.batchNo ?? '',
      date: r.date,
      source: r.source ?? '',
      bookseller: r.bookseller ?? '',
      voucher: r.voucher ?? '',
      invoiceNo: r.invoiceNo ?? '',
      state: r.state,
      titles: r.titles,
      copies: r.copies,
      valueFen: Number(r.valueFen),
      paidFen: Number(r.paidFen),
      removed: r.removed,
    }))
    .sort((x, y) => x.date.localeCompare(y.date) || x.batchNo.localeCompare(y.batchNo, undefined, { numeric: true }));
  const [all] = await db
    .select({ n: sql<number>`count(distinct ${copy.recordId})::int` })
    .from(copy)
    .leftJoin(acceptanceBatch, eq(acceptanceBatch.id, copy.batchId))
    .where(scope.where(copy, accessioned, inSpan(day, { range })));
  const total = { titles: all?.n ?? 0, copies: 0, valueFen: 0, paidFen: 0, removed: 0 };
  for (const r of List) {
    total.copies += r.copies;
    total.valueFen += r.valueFen;
    total.paidFen += r.paidFen;
    total.removed += r.removed;
  }
  return { period: range, List, total };
}
