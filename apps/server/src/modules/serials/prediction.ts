/**
 * Issue prediction for periodical subscriptions (pure, no database).
 *
 * Business rules (issue 15, BRIEF-SERIALS):
 * - Dates are calendar dates `YYYY-MM-DD`; all arithmetic is on whole days (no time zone).
 * - The pattern's first issue (`firstDate`) is issue `firstIssue` of its calendar year; every later issue in
 *   the same calendar year counts up by one, and the first issue published in a new calendar year is no. 1.
 * - The whole number (总期号) counts up by one per issue and never restarts.
 * - The volume (卷) goes up by one each new calendar year unless `volumePerYear` is false.
 * - Schedules per frequency, anchored on `firstDate`:
 *   daily: every day except the weekdays in `skipDays`;
 *   weekly: every 7 days (52 or 53 issues a year);
 *   tenDaily 旬刊: three issues a month on days a, a+10, a+20 where a = first day mod 10 (1st, 11th, 21st by default);
 *   semimonthly 半月刊: days a and a+15 where a = first day mod 15 (1st and 16th by default);
 *   monthly / bimonthly / quarterly: the first date's day of month every 1 / 2 / 3 months, clamped to the
 *   month's last day (the 31st falls on Feb 28/29, Apr 30, … and comes back to the 31st afterwards);
 *   irregular: nothing is predicted (issues are checked in by hand).
 * - `issuesPerYear` (an override, e.g. a weekly with 50 issues) caps the issue number within a year: issues the
 *   schedule would publish after issue no. `issuesPerYear` of a year are not expected. Without the override the
 *   schedule decides (a weekly year may have 53 issues).
 * - `seq` is the issue's position counted from the pattern's first issue (1-based), so it is stable whatever
 *   window `from`..`to` is asked for.
 */

import { FREQUENCIES, type Frequency, PRESET_ISSUES } from '@shuyuan/contracts/serials/pattern';

/** The frequencies (刊期) and their yearly counts are shared with the web: contracts `serials/pattern`. */
export { FREQUENCIES, type Frequency };

export interface NumberingPattern {
  frequency: Frequency;
  /** YYYY-MM-DD: publication date of the first issue covered */
  firstDate: string;
  /** its issue number within the year (期) */
  firstIssue: number;
  /** its volume (卷), if the title numbers volumes */
  firstVolume?: number | null;
  /** its whole number (总期号), if used */
  firstWholeNumber?: number | null;
  /** volume increases by 1 each new year (default true when firstVolume is set) */
  volumePerYear?: boolean;
  /** override the preset count (e.g. a weekly with 50 issues); else from the frequency */
  issuesPerYear?: number;
  /** daily: weekdays not published (0=Sunday) */
  skipDays?: number[];
}

export interface PredictedIssue {
  seq: number;
  date: string;
  year: number;
  volume: number | null;
  issue: number;
  wholeNumber: number | null;
  label: string;
}

/** The usual number of issues a year for a frequency (daily: every day of a common year); irregular → null. */
export function issuesPerYear(f: Frequency): number | null {
  return PRESET_ISSUES[f];
}

// ---- calendar arithmetic on day numbers (days since 1970-01-01, proleptic Gregorian) ----

interface Ymd {
  y: number;
  m: number; // 1..12
  d: number; // 1..31
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Parses YYYY-MM-DD strictly; throws RangeError on anything else (e.g. 2027-02-30). */
export function parseDate(s: string): Ymd {
  const m = DATE_RE.exec(s);
  if (!m) throw new RangeError(`Invalid date: ${s}`);
  const ymd = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  if (ymd.m < 1 || ymd.m > 12 || ymd.d < 1 || ymd.d > daysInMonth(ymd.y, ymd.m)) {
    throw new RangeError(`Invalid date: ${s}`);
  }
  return ymd;
}

function toDayNumber({ y, m, d }: Ymd): number {
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

function fromDayNumber(n: number): Ymd {
  const dt = new Date(n * 86_400_000);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}

export function formatDate({ y, m, d }: Ymd): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Weekday of a day number, 0 = Sunday (1970-01-01 was a Thursday). */
function weekday(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

function clampDay(y: number, m: number, d: number): Ymd {
  return { y, m, d: Math.min(d, daysInMonth(y, m)) };
}

function addMonths(y: number, m: number, months: number): { y: number; m: number } {
  const idx = y * 12 + (m - 1) + months;
  return { y: Math.floor(idx / 12), m: (idx % 12) + 1 };
}

// ---- schedules: an endless ascending sequence of publication days from the first date ----

function* monthlySchedule(first: Ymd, stepMonths: number): Generator<number> {
  for (let k = 0; ; k++) {
    const { y, m } = addMonths(first.y, first.m, k * stepMonths);
    yield toDayNumber(clampDay(y, m, first.d));
  }
}

/** `perMonth` issues a month, `gap` days apart, starting at the anchor day a = ((first.d - 1) mod gap) + 1. */
function* dayOfMonthSchedule(first: Ymd, perMonth: number, gap: number): Generator<number> {
  const anchor = ((first.d - 1) % gap) + 1;
  const startSlot = Math.min(Math.floor((first.d - 1) / gap), perMonth - 1);
  for (let k = 0; ; k++) {
    const { y, m } = addMonths(first.y, first.m, k);
    for (let slot = k === 0 ? startSlot : 0; slot < perMonth; slot++) {
      yield toDayNumber(clampDay(y, m, anchor + slot * gap));
    }
  }
}

function* stepSchedule(start: number, step: number, skip: ReadonlySet<number>): Generator<number> {
  for (let n = start; ; n += step) {
    if (!skip.has(weekday(n))) yield n;
  }
}

function schedule(p: NumberingPattern, first: Ymd): Generator<number> | null {
  const start = toDayNumber(first);
  switch (p.frequency) {
    case 'daily': {
      const skip = new Set((p.skipDays ?? []).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6));
      if (skip.size >= 7) return null;
      return stepSchedule(start, 1, skip);
    }
    case 'weekly':
      return stepSchedule(start, 7, new Set());
    case 'tenDaily':
      return dayOfMonthSchedule(first, 3, 10);
    case 'semimonthly':
      return dayOfMonthSchedule(first, 2, 15);
    case 'monthly':
      return monthlySchedule(first, 1);
    case 'bimonthly':
      return monthlySchedule(first, 2);
    case 'quarterly':
      return monthlySchedule(first, 3);
    default:
      return null;
  }
}

/** "2027年第3期 (第5卷) (总第123期)" / "2027 vol. 5 no. 3 (whole no. 123)": display form of an issue's numbers. */
export function formatIssueLabel(
  i: Pick<PredictedIssue, 'year' | 'volume' | 'issue' | 'wholeNumber'>,
  lang: 'zh' | 'en' = 'zh',
): string {
  if (lang === 'en') {
    const vol = i.volume != null ? ` vol. ${i.volume}` : '';
    const whole = i.wholeNumber != null ? ` (whole no. ${i.wholeNumber})` : '';
    return `${i.year}${vol} no. ${i.issue}${whole}`;
  }
  const vol = i.volume != null ? `第${i.volume}卷` : '';
  const whole = i.wholeNumber != null ? ` (总第${i.wholeNumber}期)` : '';
  return `${i.year}年${vol}第${i.issue}期${whole}`;
}

/** Issues published from `from` to `to` inclusive (dates YYYY-MM-DD); irregular → []. Issue numbers restart at 1 each year. */
export function predictIssues(p: NumberingPattern, from: string, to: string): PredictedIssue[] {
  const first = parseDate(p.firstDate);
  const fromDay = toDayNumber(parseDate(from));
  const toDay = toDayNumber(parseDate(to));
  const days = schedule(p, first);
  if (!days || toDay < fromDay) return [];

  const cap = p.issuesPerYear != null && p.issuesPerYear > 0 ? Math.floor(p.issuesPerYear) : null;
  const hasVolume = p.firstVolume != null;
  const volumePerYear = p.volumePerYear ?? true;
  const out: PredictedIssue[] = [];
  let seq = 0;
  let year = first.y;
  let issue = Math.floor(p.firstIssue) - 1;
  let volume = hasVolume ? Number(p.firstVolume) : null;
  let whole = p.firstWholeNumber != null ? Number(p.firstWholeNumber) - 1 : null;

  for (const day of days) {
    if (day > toDay) break;
    const date = fromDayNumber(day);
    if (date.y !== year) {
      if (volume != null && volumePerYear) volume += date.y - year;
      year = date.y;
      issue = 0;
    }
    issue += 1;
    if (cap != null && issue > cap) {
      issue -= 1; // not published: the year's count is reached; nothing else advances
      continue;
    }
    seq += 1;
    if (whole != null) whole += 1;
    if (day < fromDay) continue;
    const numbers = { year, volume, issue, wholeNumber: whole };
    out.push({ seq, date: formatDate(date), ...numbers, label: formatIssueLabel(numbers) });
  }
  return out;
}
