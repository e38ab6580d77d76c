import type { Period, PeriodRange } from '@shuyuan/contracts/statistics/filters';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { term } from '../org/term.table.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const addDays = (day: string, n: number): string => iso(ms(day) + n * DAY);
export const daysIn = (r: PeriodRange): number => Math.round((ms(r.to) - ms(r.from)) / DAY) + 1;

/** Every day of a range, in order (for day series with no gaps). */
export function eachDay(r: PeriodRange): string[] {
  return Array.from({ length: daysIn(r) }, (_, i) => addDays(r.from, i));
}

/** Every month (YYYY-MM) a range touches. */
export function eachMonth(r: PeriodRange): string[] {
  const out: string[] = [];
  let [y, m] = r.from.slice(0, 7).split('-').map(Number);
  const last = r.to.slice(0, 7);
  for (;;) {
    const k = `${y}-${String(m).padStart(2, '0')}`;
    out.push(k);
    if (k >= last) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The calendar period around `date`: a week runs Monday to Sunday, a year January to December. */
export function calendarPeriod(period: 'day' | 'week' | 'month' | 'year', date: string): PeriodRange {
  if (period === 'day') return { from: date, to: date };
  if (period === 'week') {
    const weekday = (new Date(ms(date)).getUTCDay() + 6) % 7; // Monday = 0
    const from = addDays(date, -weekday);
    return { from, to: addDays(from, 6) };
  }
  if (period === 'month') {
    const from = `${date.slice(0, 7)}-01`;
    const [y, m] = from.split('-').map(Number);
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    return { from, to: addDays(next, -1) };
  }
  return { from: `${date.slice(0, 4)}-01-01`, to: `${date.slice(0, 4)}-12-31` };
}

/**
 * The days a report covers. A term is the one named, else the school's current term (none set: the librarian
 * is told to set one, never given a made-up range).
 */
export async function resolvePeriod(
  db: Db,
  scope: Scope,
  f: { period?: Period; date?: string; termId?: number; from?: string; to?: string },
  today: string,
): Promise<PeriodRange> {
  const period = f.period ?? 'month';
  if (period === 'custom') return { from: f.from!, to: f.to! };
  if (period !== 'term') return calendarPeriod(period, f.date ?? today);
  const [t] = await db
    .select({ from: term.startDate, to: term.endDate })
    .from(term)
    .where(scope.where(term, f.termId ? eq(term.id, f.termId) : eq(term.isCurrent, true)))
    .orderBy(desc(term.startDate))
    .limit(1);
  if (!t && f.termId) throw notFound();
  if (!t) throw fail('NO_CURRENT_TERM', 'statistics.filter.noCurrentTerm');
  return { from: t.from, to: t.to };
}
