import { z } from 'zod';
import type { LoanRecordDto } from '../circ-records/records.ts';
import { PageQuery } from '../common/envelope.ts';

/** The periods every report offers: a day, the week (Monday first), month or year around `date`, a term, or from–to. */
export const PERIODS = ['day', 'week', 'month', 'year', 'term', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

/** Readers' identities counted as readers by the reports (staff accounts are not readers). */
export const STAT_IDENTITIES = ['teacher', 'student', 'parent', 'other'] as const;

/** Longest custom period (ten years): a report over a school's whole history still has an end. */
export const MAX_PERIOD_DAYS = 3660;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'statistics.filter.dayInvalid');
const zId = z.coerce.number().int().positive();

/** The filters common to every circulation report. Empty = everything of the school. */
export const StatFilterShape = {
  period: z.enum(PERIODS).default('month'),
  /** A day inside the wanted day, week, month or year (default: the school's today). */
  date: zDay.optional(),
  /** The term of period 'term' (default: the school's current term). */
  termId: zId.optional(),
  /** Period 'custom': first and last day, both included. */
  from: zDay.optional(),
  to: zDay.optional(),
  gradeId: zId.optional(),
  classId: zId.optional(),
  departmentId: zId.optional(),
  identity: z.enum(STAT_IDENTITIES).optional(),
  locationId: zId.optional(),
  resourceTypeId: zId.optional(),
  /** 中图法 class: the start of the class number ('I', 'TP3'). */
  classNo: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z][A-Za-z0-9.\-/]*$/, 'statistics.filter.classNoInvalid')
    .optional(),
  /** Drill-down to one title or one reader. */
  recordId: zId.optional(),
  readerId: zId.optional(),
};

type Periodic = { period?: Period; from?: string; to?: string };

/** A custom period needs both ends, in order, and at most MAX_PERIOD_DAYS long. */
export function checkPeriod(v: Periodic, ctx: z.RefinementCtx): void {
  if (v.period !== 'custom') return;
  if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'statistics.filter.fromRequired' });
  if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'statistics.filter.toRequired' });
  if (v.from && v.to) {
    const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'statistics.filter.toBeforeFrom' });
    else if (days >= MAX_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'statistics.filter.periodTooLong' });
  }
}

export const StatFilters = z.object(StatFilterShape).superRefine(checkPeriod);
export type StatFilters = z.infer<typeof StatFilters>;

/** The period a report answered for (the resolved days, both included), shown above every table. */
export interface PeriodRange {
  from: string;
  to: string;
}

/** Rankings list at most this many rows (the spec's boards are TOP100). */
export const RANK_TOP_MAX = 500;
export const zTop = z.coerce.number().int().min(1).max(RANK_TOP_MAX).default(100);

/** Drill-down (P/Statistics/<Screen>Loans): the loans behind a figure — the report's filters with the clicked value folded in. */
export const DrillLoansQuery = PageQuery.extend(StatFilterShape).superRefine(checkPeriod);
export type DrillLoansQuery = z.infer<typeof DrillLoansQuery>;

export type DrillLoanDto = Pick<
  LoanRecordDto,
  | 'id'
  | 'barcode'
  | 'title'
  | 'callNo'
  | 'account'
  | 'readerName'
  | 'className'
  | 'gradeName'
  | 'borrowedAt'
  | 'dueDate'
  | 'returnedAt'
  | 'renewals'
> & {
  /** Returned after the due date, or still out past it. */
  overdue: boolean;
};

/** P/Statistics/GetFilterOptions: what the report filters offer (names only). */
export interface FilterOptions {
  terms: { id: number; name: string; from: string; to: string; current: boolean }[];
  grades: { id: number; name: string }[];
  classes: { id: number; name: string; gradeId: number }[];
  departments: { id: number; name: string }[];
  locations: { id: number; name: string }[];
  resourceTypes: { id: number; name: string; enName: string }[];
  /** The school's today (YYYY-MM-DD in its time zone): what the period pickers start on, whatever the browser's zone. */
  today: string;
}
