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

/**
 * P/Home/GetTodo: the day's to-do list on the home page (issue 14 §4), each a count and the screen that handles
 * it; only items whose screen the caller may open. `holds`: copies to take to the hold shelf (ready holds);
 * `suggestions`: purchase suggestions waiting; `overdue`: overdue loans to remind; `lostCards`: cards reported lost.
 */
export const TODO_ITEMS = [
  { key: 'holds', screen: 'reservation', path: '/reservation' },
  { key: 'suggestions', screen: 'recommendation', path: '/recommendation' },
  { key: 'overdue', screen: 'recall', path: '/recall' },
  { key: 'lostCards', screen: 'loss', path: '/loss' },
] as const;
export type TodoKey = (typeof TODO_ITEMS)[number]['key'];
export interface TodoItem {
  key: TodoKey;
  count: number;
  /** The screen that handles it (route path). */
  path: string;
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
