import { z } from 'zod';

/**
 * The guide screens' and public site's figures (spec §7 Charts): aggregate rankings of one school, callable
 * without a person's sign-in (a kiosk's device token or the public school). Readers' names come masked.
 */
export const CHART_PERIODS = ['day', 'week', 'month', 'year', 'term'] as const;
export const ChartsQuery = z.object({
  period: z.enum(CHART_PERIODS).default('month'),
  /** At most 100 rows: a hall screen shows a top list, not a register. */
  top: z.coerce.number().int().min(1).max(100).default(10),
  gradeId: z.coerce.number().int().positive().optional(),
  classId: z.coerce.number().int().positive().optional(),
});
export type ChartsQuery = z.infer<typeof ChartsQuery>;

export interface ChartRankRow {
  rank: number;
  /** Masked for readers (张*明): never a reader's full name on a public screen. */
  name: string;
  detail: string;
  count: number;
}
export interface ChartRankData {
  period: { from: string; to: string };
  List: ChartRankRow[];
}

/** Copies held per location (GetLocationItemSta) or loans of the period per location (GetLocationCircSta). */
export interface LocationStaRow {
  locationId: number | null;
  name: string;
  count: number;
}
export interface LocationStaData {
  period?: { from: string; to: string };
  List: LocationStaRow[];
}

/** A reader's name as public screens show it: the first and last character, the rest starred. */
export function maskName(name: string): string {
  const c = [...name.trim()];
  if (c.length <= 1) return c.length ? `${c[0]}*` : '';
  if (c.length === 2) return `${c[0]}*`;
  return `${c[0]}${'*'.repeat(c.length - 2)}${c[c.length - 1]}`;
}

/** Days of the wall screen's trend (today included). */
export const WALL_TREND_DAYS = 30;

/** P/Charts/GetWallScreen: everything the library's wall screen (/statistic) shows, in one answer. */
export interface WallScreenData {
  school: { name: string; enName: string };
  /** The school's today and the time the figures were read. */
  today: string;
  at: string;
  /** Today so far: loans, returns, entries through the gate, readers who borrowed. */
  loansToday: number;
  returnsToday: number;
  visitsToday: number;
  borrowersToday: number;
  /** Copies out on loan now. */
  onLoan: number;
  /** Loans and entries per day of the last WALL_TREND_DAYS days, oldest first. */
  trend: { day: string; loans: number; visits: number }[];
  /** This month's most borrowed titles and most borrowing classes (top 10). */
  month: { from: string; to: string };
  titles: { rank: number; name: string; detail: string; count: number }[];
  classes: { rank: number; name: string; detail: string; count: number }[];
  /** The held collection by 中图法 main class (letter, name in the caller's language, copies), and its totals. */
  collection: { code: string; name: string; copies: number }[];
  totals: { titles: number; copies: number };
}
