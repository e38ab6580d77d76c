import type { LoanRuleValues } from '@shuyuan/contracts/circulation/loan';
import { eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { school } from '../school/school.table.ts';
import { closedDay, loanRule } from './circulation.table.ts';

/** What a loan is about, for choosing its rule. Unknown parts (null) match only 'any' rows. */
export interface RuleSubject {
  identity: string | null;
  groupId: number | null;
  resourceTypeId: number | null;
  locationId: number | null;
}

export interface EffectiveRule extends LoanRuleValues {
  id: number;
}

/**
 * Built-in rules every school starts with (identity scope, plus a catch-all). Students 5 books / 30 days /
 * 1 renewal of 15 days; teachers and staff 10 / 60 / 2 renewals of 30 days.
 */
const DEFAULTS: (LoanRuleValues & { identity: string | null })[] = [
  {
    identity: null,
    maxLoans: 5,
    loanDays: 30,
    renewDays: 15,
    maxRenewals: 1,
    overdueRenewAllowed: false,
    overdueLendAllowed: true,
  },
  {
    identity: 'student',
    maxLoans: 5,
    loanDays: 30,
    renewDays: 15,
    maxRenewals: 1,
    overdueRenewAllowed: false,
    overdueLendAllowed: true,
  },
  {
    identity: 'teacher',
    maxLoans: 10,
    loanDays: 60,
    renewDays: 30,
    maxRenewals: 2,
    overdueRenewAllowed: true,
    overdueLendAllowed: true,
  },
  {
    identity: 'staff',
    maxLoans: 10,
    loanDays: 60,
    renewDays: 30,
    maxRenewals: 2,
    overdueRenewAllowed: true,
    overdueLendAllowed: true,
  },
];

/** Seeds the built-in rules once per school; safe to call concurrently (the scope index absorbs races). */
export async function ensureDefaultRules(db: Db, scope: Scope): Promise<void> {
  await db
    .insert(loanRule)
    .values(DEFAULTS.map((d) => scope.values(d)))
    .onConflictDoNothing();
}

const matches = (col: PgColumn, v: string | number | null): SQL =>
  v === null ? isNull(col) : (or(isNull(col), eq(col, v)) as SQL);

/**
 * The most specific rule matching the subject: most non-null scope columns first; ties go by a fixed
 * priority, permission group > identity > resource type > location (a school's group is the most
 * deliberate choice, a shelf location the least), so the answer never depends on row order.
 * A school without any rule gets the built-in defaults first (lazily, for schools created later).
 */
export async function getEffectiveRule(db: Db, scope: Scope, s: RuleSubject): Promise<EffectiveRule> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const rows = await db
      .select()
      .from(loanRule)
      .where(
        scope.where(
          loanRule,
          matches(loanRule.identity, s.identity),
          matches(loanRule.permissionGroupId, s.groupId),
          matches(loanRule.resourceTypeId, s.resourceTypeId),
          matches(loanRule.locationId, s.locationId),
        ),
      );
    if (rows.length) {
      const weight = (r: (typeof rows)[number]) =>
        (r.permissionGroupId !== null ? 8 : 0) +
        (r.identity !== null ? 4 : 0) +
        (r.resourceTypeId !== null ? 2 : 0) +
        (r.locationId !== null ? 1 : 0);
      const count = (w: number) => (w & 1) + ((w >> 1) & 1) + ((w >> 2) & 1) + ((w >> 3) & 1);
      rows.sort((a, b) => count(weight(b)) - count(weight(a)) || weight(b) - weight(a));
      const r = rows[0];
      return {
        id: r.id,
        maxLoans: r.maxLoans,
        loanDays: r.loanDays,
        renewDays: r.renewDays,
        maxRenewals: r.maxRenewals,
        overdueRenewAllowed: r.overdueRenewAllowed,
        overdueLendAllowed: r.overdueLendAllowed,
      };
    }
    await ensureDefaultRules(db, scope);
  }
  throw new Error('no loan rule after seeding defaults');
}

/** Today's date (YYYY-MM-DD) in the school's time zone: due dates are days of the school's calendar. */
/**
 * A school's time zone, remembered for a minute: every loan, return and renewal asks for "today", and the zone
 * of a school practically never changes (another process sees a change within the same minute).
 */
const zones = new Map<number, { tz: string; until: number }>();
const ZONE_TTL_MS = 60_000;

export async function schoolToday(db: Db, scope: Scope, now = new Date()): Promise<string> {
  const hit = zones.get(scope.schoolId);
  if (hit && hit.until > Date.now()) return dateIn(now, hit.tz);
  const [s] = await db.select({ tz: school.timeZone }).from(school).where(eq(school.id, scope.schoolId));
  const tz = s?.tz ?? 'Asia/Shanghai';
  zones.set(scope.schoolId, { tz, until: Date.now() + ZONE_TTL_MS });
  return dateIn(now, tz);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function dateIn(d: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(d);
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The school's closed days from..to (inclusive, YYYY-MM-DD) in one query: the calendar is small. */
export async function closedDaysIn(db: Db, scope: Scope, from: string, to: string): Promise<Set<string>> {
  if (to < from) return new Set();
  const rows = await db
    .select({ day: closedDay.day })
    .from(closedDay)
    .where(scope.where(closedDay, gte(closedDay.day, from), lte(closedDay.day, to)));
  return new Set(rows.map((r) => r.day));
}

/** Open days after `from` up to and including `to` (0 when `to` is not later): closed days do not count. */
export function openDaysBetween(from: string, to: string, closed: ReadonlySet<string>): number {
  const total = daysBetween(from, to);
  if (total <= 0) return 0;
  if (!closed.size) return total;
  let n = total;
  for (const day of closed) if (day > from && day <= to) n--;
  return n;
}

/** How many days slack the due-date walk fetches beyond the loan days before asking again. */
const CALENDAR_SLACK = 120;

/**
 * The day on which a period of `n` open days starting after `from` ends: closed days inside the period do not
 * count, and the end is never a closed day (n ≤ 0: `from` itself, moved forward to the next open day). Used for
 * loan, renewal, deferral and hold-shelf periods. Usually one query (the closed days of the window).
 */
export async function dueDateAfter(db: Db, scope: Scope, from: string, n: number): Promise<string> {
  let day = n > 0 ? from : addDays(from, -1);
  let left = Math.max(1, n);
  for (;;) {
    const end = addDays(day, left + CALENDAR_SLACK);
    const closed = await closedDaysIn(db, scope, addDays(day, 1), end);
    while (day < end) {
      day = addDays(day, 1);
      if (!closed.has(day) && --left === 0) return day;
    }
  }
}

/**
 * Overdue days, counted in open days: a reader is not charged the days the library was closed. `count(due)`
 * answers the open days after `due` up to `today` (0 when not overdue); the closed days of the whole range are
 * fetched once (one query for a list of loans, none when nothing is overdue).
 */
export async function overdueDayCounter(
  db: Db,
  scope: Scope,
  today: string,
  dueDates: Iterable<string>,
): Promise<(due: string) => number> {
  let earliest: string | undefined;
  for (const d of dueDates) if (d < today && (!earliest || d < earliest)) earliest = d;
  const closed = earliest ? await closedDaysIn(db, scope, addDays(earliest, 1), today) : new Set<string>();
  return (due) => openDaysBetween(due, today, closed);
}

/** Overdue open days of one loan due `due`, as of `today` (the school's date, or the return day). */
export async function overdueDays(db: Db, scope: Scope, due: string, today: string): Promise<number> {
  return (await overdueDayCounter(db, scope, today, [due]))(due);
}

/** Marks days closed (idempotent); for calendar screens and tests. */
export async function addClosedDays(db: Db, scope: Scope, days: string[]): Promise<void> {
  if (!days.length) return;
  await db
    .insert(closedDay)
    .values(days.map((day) => scope.values({ day })))
    .onConflictDoNothing();
}
