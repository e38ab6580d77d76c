import { z } from 'zod';
import type { SerialKind } from './pattern.ts';

/**
 * Periodical statistics (/magazine-statistics, /magazine-statistics2): a year's subscriptions by title, by 中图法
 * main class or by place — titles, copies and money ordered, issues due and arrived (arrival rate), missing and
 * claimed issues, loans of the year, bound volumes. Endpoints P/Statistics/<action> and Export<action> (the
 * statistics module's report kit).
 */
export const SERIAL_STAT_SCREENS: Record<SerialKind, { code: string; action: string }> = {
  magazine: { code: 'magazine-statistics', action: 'MagazineStatistics' },
  newspaper: { code: 'magazine-statistics2', action: 'NewspaperStatistics' },
};
export const SERIAL_STAT_BY = ['title', 'class', 'place'] as const;
export type SerialStatBy = (typeof SERIAL_STAT_BY)[number];

export const SerialStatQuery = z.object({
  /** Subscription year (default: the school's current year). */
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  by: z.enum(SERIAL_STAT_BY).default('title'),
});
export type SerialStatQuery = z.infer<typeof SerialStatQuery>;

export interface SerialStatRow {
  key: string;
  /** Title, class letter and name, or place. */
  name: string;
  /** Postal code (by title), the class's part (by class), '' (by place). */
  detail: string;
  titles: number;
  copies: number;
  moneyFen: number;
  /** Issues whose date has come (or that arrived early); null by place (issues are a title's, not a place's). */
  due: number | null;
  arrived: number | null;
  /** arrived / due, 0..1 (null when nothing was due). */
  arrivalRate: number | null;
  missing: number | null;
  claimed: number | null;
  loans: number | null;
  volumes: number | null;
}

export interface SerialStatData {
  year: number;
  by: SerialStatBy;
  List: SerialStatRow[];
  total: SerialStatRow;
}

/** Back issues (往期): arrived issues of the school's titles by title words, kind, year and issue number. */
export const BackIssueQuery = z.object({
  SearchKey: z.string().trim().max(100).default(''),
  kind: z.enum(['magazine', 'newspaper']).optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  issueNo: z.coerce.number().int().min(1).max(1000).optional(),
  Page: z.coerce.number().int().min(1).default(1),
  Rows: z.coerce.number().int().min(1).max(500).default(20),
});
export type BackIssueQuery = z.infer<typeof BackIssueQuery>;

export interface BackIssueRow {
  issueId: number;
  titleId: number;
  title: string;
  kind: SerialKind;
  issn: string;
  year: number;
  volume: number | null;
  issueNo: number | null;
  wholeNo: number | null;
  arrivedAt: string | null;
  /** Copies on the shelf (available), lent or held, bound. */
  onShelf: number;
  out: number;
  bound: number;
  /** Where the copies on the shelf are. */
  locations: string[];
  /** Barcodes of the volumes holding its bound copies. */
  volumes: string[];
}
