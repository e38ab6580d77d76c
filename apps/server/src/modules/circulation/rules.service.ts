import type { LoanRuleValues } from '@shuyuan/contracts/circulation/loan';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ConfigSnapshot, configOf, configPart, schoolConfig } from '../../platform/school-config.ts';
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

const NO_FINE = { fineDayFen: 0, fineGraceDays: 0, fineCapFen: 0 };

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
    ...NO_FINE,
  },
  {
    identity: 'student',
    maxLoans: 5,
    loanDays: 30,
    renewDays: 15,
    maxRenewals: 1,
    overdueRenewAllowed: false,
    overdueLendAllowed: true,
    ...NO_FINE,
  },
  {
    identity: 'teacher',
    maxLoans: 10,
    loanDays: 60,
    renewDays: 30,
    maxRenewals: 2,
    overdueRenewAllowed: true,
    overdueLendAllowed: true,
    ...NO_FINE,
  },
  {
    identity: 'staff',
    maxLoans: 10,
    loanDays: 60,
    renewDays: 30,
    maxRenewals: 2,
    overdueRenewAllowed: true,
    overdueLendAllowed: true,
    ...NO_FINE,
  },
];

/** Seeds the built-in rules once per school; safe to call concurrently (the scope index absorbs races). */
export async function ensureDefaultRules(db: Db, scope: Scope): Promise<void> {
  await db
    .insert(loanRule)
    .values(DEFAULTS.map((d) => scope.values(d)))
    .onConflictDoNothing();
}

type LoanRuleRow = typeof loanRule.$inferSelect;

/** A rule scoped by identity alone (or by nothing: the catch-all, identity null). */
const identityOnly = (r: LoanRuleRow) =>
  r.permissionGroupId === null && r.resourceTypeId === null && r.locationId === null;

/**
 * The school's loan rules (remembered in the configuration snapshot). Schools get the built-in rules when they are
 * created (and at start-up); one without the catch-all rule (removed by hand) lends by the built-in rules it lacks,
 * which are not stored (id 0): a configuration read never writes, so what is remembered is always committed.
 */
export const LOAN_RULES = configPart('loanRules', async (db, scope): Promise<LoanRuleRow[]> => {
  const rows = await db.select().from(loanRule).where(scope.where(loanRule)).orderBy(asc(loanRule.id));
  const stored = new Set(rows.filter(identityOnly).map((r) => r.identity));
  if (stored.has(null)) return rows;
  const builtIn = DEFAULTS.filter((d) => !stored.has(d.identity)).map(
    (d): LoanRuleRow => ({
      ...d,
      id: 0,
      schoolId: scope.schoolId,
      permissionGroupId: null,
      resourceTypeId: null,
      locationId: null,
      createdAt: new Date(0),
    }),
  );
  return [...rows, ...builtIn];
});

/** A scope column matches when it is 'any' (null) or equals the subject's value; unknown values match only 'any'. */
const fits = (col: string | number | null, v: string | number | null) => col === null || (v !== null && col === v);

/**
 * The most specific rule matching the subject: most non-null scope columns first; ties go by a fixed
 * priority, permission group > identity > resource type > location (a school's group is the most
 * deliberate choice, a shelf location the least), so the answer never depends on row order.
 */
export function pickRule(rules: readonly LoanRuleRow[], s: RuleSubject): EffectiveRule {
  const rows = rules.filter(
    (r) =>
      fits(r.identity, s.identity) &&
      fits(r.permissionGroupId, s.groupId) &&
      fits(r.resourceTypeId, s.resourceTypeId) &&
      fits(r.locationId, s.locationId),
  );
  if (!rows.length) throw new Error('no loan rule matches: the catch-all rule is missing');
  const weight = (r: LoanRuleRow) =>
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
    fineDayFen: r.fineDayFen,
    fineGraceDays: r.fineGraceDays,
    fineCapFen: r.fineCapFen,
  };
}

/** The effective rule of a subject in the school (see pickRule). */
export async function getEffectiveRule(db: Db, scope: Scope, s: RuleSubject): Promise<EffectiveRule> {
  return pickRule(await configOf(db, scope, LOAN_RULES), s);
}

/** The school's time zone: due dates are days of the school's calendar. */
export const SCHOOL_ZONE = configPart('schoolZone', async (db, scope) => {
  const [s] = await db.select({ tz: school.timeZone }).from(school).where(eq(school.id, scope.schoolId));
  return s?.tz ?? 'Asia/Shanghai';
});

/** Today's date (YYYY-MM-DD) in the school's time zone (or the day of `now`). */
export async function schoolToday(db: Db, scope: Scope, now = new Date()): Promise<string> {
  return dateIn(now, await configOf(db, scope, SCHOOL_ZONE));
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

/** Every closed day of the school (remembered in the configuration snapshot: a calendar is a few hundred days). */
export const CALENDAR = configPart('calendar', async (db, scope): Promise<ReadonlySet<string>> => {
  const rows = await db.select({ day: closedDay.day }).from(closedDay).where(scope.where(closedDay));
  return new Set(rows.map((r) => r.day));
});

/** Open days after `from` up to and including `to` (0 when `to` is not later): closed days do not count. */
export function openDaysBetween(from: string, to: string, closed: ReadonlySet<string>): number {
  const total = daysBetween(from, to);
  if (total <= 0) return 0;
  if (!closed.size) return total;
  let n = total;
  for (const day of closed) if (day > from && day <= to) n--;
  return n;
}

/**
 * The day on which a period of `n` open days starting after `from` ends: closed days inside the period do not
 * count, and the end is never a closed day (n ≤ 0: `from` itself, moved forward to the next open day). Used for
 * loan, renewal, deferral and hold-shelf periods.
 */
export function dueDateIn(closed: ReadonlySet<string>, from: string, n: number): string {
  let day = n > 0 ? from : addDays(from, -1);
  let left = Math.max(1, n);
  for (;;) {
    day = addDays(day, 1);
    if (!closed.has(day) && --left === 0) return day;
  }
}

/** dueDateIn with the school's calendar. */
export async function dueDateAfter(db: Db, scope: Scope, from: string, n: number): Promise<string> {
  return dueDateIn(await configOf(db, scope, CALENDAR), from, n);
}

/**
 * Overdue days, counted in open days: a reader is not charged the days the library was closed. `count(due)`
 * answers the open days after `due` up to `today` (0 when not overdue).
 */
export async function overdueDayCounter(db: Db, scope: Scope, today: string): Promise<(due: string) => number> {
  const closed = await configOf(db, scope, CALENDAR);
  return (due) => openDaysBetween(due, today, closed);
}

/** Overdue open days of one loan due `due`, as of `today` (the school's date, or the return day). */
export async function overdueDays(db: Db, scope: Scope, due: string, today: string): Promise<number> {
  return openDaysBetween(due, today, await configOf(db, scope, CALENDAR));
}

/**
 * What the desk's commands read of the school's configuration, from one snapshot (one statement when nothing
 * changed): today, the calendar and the loan rules at hand, every other part loaded (ConfigSnapshot.loadAll) so
 * that the command's hooks read them inside its transaction without a query.
 */
export async function deskConfig(db: Db, scope: Scope, now = new Date()) {
  return deskConfigOf(await schoolConfig(db, scope), now);
}

export async function deskConfigOf(config: ConfigSnapshot, now = new Date()) {
  await config.loadAll();
  const [zone, closed, rules] = await Promise.all([
    config.get(SCHOOL_ZONE),
    config.get(CALENDAR),
    config.get(LOAN_RULES),
  ]);
  return { config, zone, today: dateIn(now, zone), closed, rules };
}

/** Marks days closed (idempotent); for calendar screens and tests. */
export async function addClosedDays(db: Db, scope: Scope, days: string[]): Promise<void> {
  if (!days.length) return;
  await db
    .insert(closedDay)
    .values(days.map((day) => scope.values({ day })))
    .onConflictDoNothing();
}
