import type { LoanRuleValues } from '@shuyuan/contracts/circulation/loan';
import { asc, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
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
export async function schoolToday(db: Db, scope: Scope, now = new Date()): Promise<string> {
  const [s] = await db.select({ tz: school.timeZone }).from(school).where(eq(school.id, scope.schoolId));
  return dateIn(now, s?.tz ?? 'Asia/Shanghai');
}

export function dateIn(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
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

/** `from` + n days, moved forward past closed days of the school calendar to the next open day. */
export async function dueDateAfter(db: Db, scope: Scope, from: string, n: number): Promise<string> {
  let due = addDays(from, n);
  const closed = await db
    .select({ day: closedDay.day })
    .from(closedDay)
    .where(scope.where(closedDay, gte(closedDay.day, due)))
    .orderBy(asc(closedDay.day))
    .limit(366);
  for (const c of closed) {
    if (c.day !== due) break;
    due = addDays(due, 1);
  }
  return due;
}

/** Marks days closed (idempotent); for calendar screens and tests. */
export async function addClosedDays(db: Db, scope: Scope, days: string[]): Promise<void> {
  if (!days.length) return;
  await db
    .insert(closedDay)
    .values(days.map((day) => scope.values({ day })))
    .onConflictDoNothing();
}
