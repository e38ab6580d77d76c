import { z } from 'zod';

/** P/Home/GetDashboard: the home screen's figures, read live from the database. */
export const DashboardQuery = z.object({
  /** Days of loan/return trend (ending today, in the school's time zone). */
  days: z.number().int().min(7).max(90).optional().default(14),
});

export interface DashboardData {
  titles: number;
  copies: number;
  readers: number;
  staff: number;
  todayLoans: number;
  todayReturns: number;
  onLoan: number;
  overdue: number;
  /** Per day: date (YYYY-MM-DD), loans, returns. */
  trend: { date: string; loans: number; returns: number }[];
  /** Readers by identity (teacher, student, parent, other). */
  readersByIdentity: { identity: string; count: number }[];
  /** Which sources exist yet (modules not built yet count as zero, never invented). */
  sources: { catalogue: boolean; copies: boolean; loans: boolean };
}

/** Home shortcuts: menu codes a user pins as tiles on the dashboard. */
export const HOME_SHORTCUTS_MAX = 12;
export const ShortcutCodes = z.object({ codes: z.array(z.string().trim().min(1).max(200)).max(HOME_SHORTCUTS_MAX) });
export type ShortcutCodes = z.infer<typeof ShortcutCodes>;

export interface HomeShortcut {
  code: string;
  url: string;
  MenuName: string;
  MenuEnName: string;
  icon: string;
  sort: number;
}
