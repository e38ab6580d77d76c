import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { checkPeriod, type PeriodRange, StatFilterShape, zTop } from './filters.ts';

/** Rankings (P/Statistics/Rank): what is ranked. */
export const RANKINGS = ['title', 'classNo', 'department', 'class', 'grade', 'reader'] as const;
export type Ranking = (typeof RANKINGS)[number];

/** `by` is fixed by each ranking screen's endpoint (P/Statistics/<Screen>); the body may leave it out. */
export const RankQuery = z
  .object({ ...StatFilterShape, by: z.enum(RANKINGS).default('title'), top: zTop })
  .superRefine(checkPeriod);
export type RankQuery = z.infer<typeof RankQuery>;

/** One ranked row: `id` is what a drill-down filters by (record, class letter, department, class, grade, reader). */
export interface RankRow {
  rank: number;
  id: number | string;
  name: string;
  /** Second line: author (titles), grade (classes), class (readers), the class letter's name. */
  detail: string;
  loans: number;
  /** Readers who borrowed (group rankings) — absent for titles and readers. */
  borrowers?: number;
}

export interface RankData {
  period: PeriodRange;
  List: RankRow[];
}

/** The day/week/month/year boards: titles, readers and classes of one period. */
export const BOARDS = ['day', 'week', 'month', 'year'] as const;
export const BoardQuery = z.object({
  /** Fixed by each board's endpoint (P/Statistics/DayRank …). */
  board: z.enum(BOARDS).default('day'),
  date: StatFilterShape.date,
  top: zTop,
});
export type BoardQuery = z.infer<typeof BoardQuery>;
export interface BoardData {
  period: PeriodRange;
  titles: RankRow[];
  readers: RankRow[];
  classes: RankRow[];
}

/** Circulation statistics (P/Statistics/Circulation): the dimension of the rows. */
export const CIRC_DIMENSIONS = [
  'day',
  'month',
  'identity',
  'grade',
  'class',
  'location',
  'resourceType',
  'classNo',
] as const;
export type CircDimension = (typeof CIRC_DIMENSIONS)[number];
export const CircStatQuery = z
  .object({ ...StatFilterShape, by: z.enum(CIRC_DIMENSIONS).default('day') })
  .superRefine(checkPeriod);
export type CircStatQuery = z.infer<typeof CircStatQuery>;

export interface CircStatRow {
  key: string | number;
  name: string;
  /** Loans made in the period. */
  loans: number;
  /** Loans returned in the period. */
  returns: number;
  /** Renewals of the period's loans. */
  renewals: number;
  /** Returns of the period made after the due date. */
  overdueReturns: number;
}
export interface CircStatData {
  period: PeriodRange;
  List: CircStatRow[];
  total: Omit<CircStatRow, 'key' | 'name'>;
}

/** Per class / grade / department (P/Statistics/GroupBorrow): participation and overdue rates. */
export const GROUPS = ['class', 'grade', 'department'] as const;
export const GroupStatQuery = z
  .object({ ...StatFilterShape, by: z.enum(GROUPS).default('class') })
  .superRefine(checkPeriod);
export type GroupStatQuery = z.infer<typeof GroupStatQuery>;

export interface GroupStatRow {
  id: number;
  name: string;
  /** The grade of a class. */
  detail: string;
  /** Readers in the group (active, of the chosen identity). */
  readers: number;
  /** Readers with at least one loan in the period. */
  borrowers: number;
  loans: number;
  /** Loans of the period returned late or still out past their due date. */
  overdue: number;
  /** borrowers ÷ readers, loans ÷ readers, overdue ÷ loans (0 when the divisor is 0), 4 decimals. */
  participation: number;
  perReader: number;
  overdueRate: number;
}
export interface GroupStatData {
  period: PeriodRange;
  List: GroupStatRow[];
  total: Omit<GroupStatRow, 'id' | 'name' | 'detail'>;
}

/** Readers who borrowed nothing in the period (/zero-borrow-person). */
export const ZeroReaderQuery = PageQuery.extend(StatFilterShape).superRefine(checkPeriod);
export type ZeroReaderQuery = z.infer<typeof ZeroReaderQuery>;
export interface ZeroReaderRow {
  id: number;
  account: string;
  name: string;
  identity: string;
  className: string | null;
  gradeName: string | null;
}

/** Copies never lent, or not lent since a day (/zero-borrow-book): weeding candidates. */
export const ZeroCopyQuery = PageQuery.extend({
  /** Not lent on or after this day; empty = never lent. */
  since: StatFilterShape.date,
  /** Only copies accessioned before this day (a new copy has had no chance yet). */
  acquiredBefore: StatFilterShape.date,
  locationId: StatFilterShape.locationId,
  resourceTypeId: StatFilterShape.resourceTypeId,
  classNo: StatFilterShape.classNo,
});
export type ZeroCopyQuery = z.infer<typeof ZeroCopyQuery>;
export interface ZeroCopyRow {
  id: number;
  barcode: string;
  title: string;
  callNo: string;
  locationName: string | null;
  acquiredAt: string;
  lastBorrowedAt: string | null;
  priceFen: number | null;
}

/** Circulation rate of the collection (/resourcecicr): loans of the period ÷ copies held. */
export const RESOURCE_DIMENSIONS = ['classNo', 'location', 'resourceType'] as const;
export const ResourceCircQuery = z
  .object({ ...StatFilterShape, by: z.enum(RESOURCE_DIMENSIONS).default('classNo') })
  .superRefine(checkPeriod);
export type ResourceCircQuery = z.infer<typeof ResourceCircQuery>;
export interface ResourceCircRow {
  key: string | number;
  name: string;
  copies: number;
  loans: number;
  /** loans ÷ copies, 4 decimals. */
  rate: number;
}
export interface ResourceCircData {
  period: PeriodRange;
  List: ResourceCircRow[];
  total: { copies: number; loans: number; rate: number };
}

/** Desk workload (/counter-statistics): operations per staff member and SIP2 machine, by day or hour. */
export const CounterQuery = z
  .object({
    period: StatFilterShape.period,
    date: StatFilterShape.date,
    termId: StatFilterShape.termId,
    from: StatFilterShape.from,
    to: StatFilterShape.to,
    by: z.enum(['day', 'hour']).default('day'),
  })
  .superRefine(checkPeriod);
export type CounterQuery = z.infer<typeof CounterQuery>;
export interface CounterRow {
  /** 'staff:<userId>' or 'sip2:<terminal>'. */
  key: string;
  kind: 'staff' | 'sip2';
  name: string;
  loans: number;
  returns: number;
  renewals: number;
  total: number;
}
export interface CounterData {
  period: PeriodRange;
  List: CounterRow[];
  /** Operations per day (YYYY-MM-DD) or per hour of the day (0–23). */
  series: { bucket: string; loans: number; returns: number; renewals: number }[];
}

/** /collection-statistic: titles, copies and value of the held collection by one dimension. */
export const COLLECTION_DIMENSIONS = ['classNo', 'location', 'resourceType', 'year', 'language'] as const;
export const CollectionQuery = z.object({
  by: z.enum(COLLECTION_DIMENSIONS).default('classNo'),
  locationId: StatFilterShape.locationId,
  resourceTypeId: StatFilterShape.resourceTypeId,
  classNo: StatFilterShape.classNo,
});
export type CollectionQuery = z.infer<typeof CollectionQuery>;

/**
 * The held copies behind a collection figure (P/Statistics/<Collection|Classify5|Classify22>Copies): the report's
 * item filters and the clicked row — what it groups by and its key ('' = none: no location, unclassified…; of the
 * 22 classes or the five parts, a class letter outside them). The list's total is the row's copies.
 */
export const DRILL_COPY_BY = ['classNo', 'class22', 'part', 'location', 'resourceType', 'year', 'language'] as const;
export const DrillCopiesQuery = PageQuery.extend({
  locationId: StatFilterShape.locationId,
  resourceTypeId: StatFilterShape.resourceTypeId,
  classNo: StatFilterShape.classNo,
  by: z.enum(DRILL_COPY_BY),
  key: z.union([z.number().int(), z.string().max(40)]).default(''),
});
export type DrillCopiesQuery = z.infer<typeof DrillCopiesQuery>;
export interface DrillCopyDto {
  id: number;
  barcode: string;
  title: string;
  callNo: string;
  classNo: string;
  locationName: string | null;
  acquiredAt: string;
  /** The copy's own price, else its record's (as the report values it), fen. */
  valueFen: number | null;
}
export interface CollectionRow {
  key: string | number;
  name: string;
  titles: number;
  copies: number;
  /** Sum of the copies' prices (the copy's own, else its record's), fen. */
  valueFen: number;
  /** copies ÷ all copies, 4 decimals. */
  share: number;
}
export interface CollectionData {
  List: CollectionRow[];
  total: { titles: number; copies: number; valueFen: number };
}

/** /data-report/classify5 and /classify22: holdings and the period's loans side by side per class or part. */
export const ClassReportQuery = z
  .object({
    ...StatFilterShape,
    level: z.coerce
      .number()
      .pipe(z.union([z.literal(5), z.literal(22)]))
      .default(22),
  })
  .superRefine(checkPeriod);
export type ClassReportQuery = z.infer<typeof ClassReportQuery>;
export interface ClassReportRow {
  /** Class letter (22) or part (5); '' = unclassified. */
  key: string;
  name: string;
  titles: number;
  copies: number;
  valueFen: number;
  loans: number;
  /** copies ÷ all copies, loans ÷ all loans, loans ÷ copies (4 decimals). */
  copyShare: number;
  loanShare: number;
  rate: number;
}
export interface ClassReportData {
  period: PeriodRange;
  List: ClassReportRow[];
  total: { titles: number; copies: number; valueFen: number; loans: number; rate: number };
}

/** /statistical-purchasing: copies accessioned in the period by batch, bookseller, source, 中图法 class or month. */
export const PURCHASE_DIMENSIONS = ['batch', 'bookseller', 'source', 'classNo', 'month'] as const;
export const PurchaseQuery = z
  .object({
    ...StatFilterShape,
    period: StatFilterShape.period.default('year'),
    by: z.enum(PURCHASE_DIMENSIONS).default('batch'),
  })
  .superRefine(checkPeriod);
export type PurchaseQuery = z.infer<typeof PurchaseQuery>;
export interface PurchaseRow {
  key: string | number;
  name: string;
  titles: number;
  copies: number;
  /** List price and price paid (discounted, else list), fen. */
  valueFen: number;
  paidFen: number;
}
export interface PurchaseData {
  period: PeriodRange;
  List: PurchaseRow[];
  total: { titles: number; copies: number; valueFen: number; paidFen: number };
}
