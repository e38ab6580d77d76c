import { type DashboardData, TODO_ITEMS, type TodoItem, type TodoKey } from '@shuyuan/contracts/dashboard/dashboard';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { hasPermission, type Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { getSetting } from '../settings/settings.service.ts';

const READER_IDENTITIES = ['teacher', 'student', 'parent', 'other'];

/**
 * Where the figures come from. The catalogue and circulation tables arrive with their own modules: until a
 * table (and the columns used here) exists its figures are zero — never made up. Those modules keep these
 * names, or change them here in the same commit.
 */
export const SOURCES = {
  catalogue: { table: 'catalogue_record', columns: ['school_id'] },
  copies: { table: 'copy', columns: ['school_id'] },
  loans: { table: 'loan', columns: ['school_id', 'borrowed_at', 'returned_at', 'due_date'] },
} as const;

async function exists(db: Db, src: { table: string; columns: readonly string[] }): Promise<boolean> {
  const [r] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.columns
        where table_schema = current_schema() and table_name = ${src.table}
        and column_name = any(${`{${src.columns.join(',')}}`}::text[])`,
  );
  return r.n === src.columns.length;
}

async function countIn(db: Db, table: string, schoolId: number): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where school_id = ${schoolId}`,
  );
  return r.n;
}

export async function dashboard(db: Db, scope: Scope, days: number): Promise<DashboardData> {
  const tz = await getSetting<string>(db, scope, 'school.timeZone');
  const has = {
    catalogue: await exists(db, SOURCES.catalogue),
    copies: await exists(db, SOURCES.copies),
    loans: await exists(db, SOURCES.loans),
  };
  const people = await db
    .select({ identity: appUser.identity, n: count() })
    .from(appUser)
    .where(and(scope.where(appUser), eq(appUser.state, 1)))
    .groupBy(appUser.identity);
  const readersByIdentity = people
    .filter((p) => READER_IDENTITIES.includes(p.identity))
    .map((p) => ({ identity: p.identity, count: Number(p.n) }));
  const staff = people.filter((p) => !READER_IDENTITIES.includes(p.identity)).reduce((a, p) => a + Number(p.n), 0);

  const today = sql`(now() at time zone ${tz})::date`;
  const series = await rowsOf<{ d: string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as d from generate_series(${today} - ${days - 1}::int, ${today}, interval '1 day') d`,
  );
  const trend = series.map((s) => ({ date: s.d, loans: 0, returns: 0 }));
  let todayLoans = 0;
  let todayReturns = 0;
  let onLoan = 0;
  let overdue = 0;
  if (has.loans) {
    const from = sql`${today} - ${days - 1}::int`;
    const perDay = await rowsOf<{ d: string; loans: number; returns: number }>(
      db,
      sql`select to_char(d, 'YYYY-MM-DD') as d, sum(l)::int as loans, sum(r)::int as returns from (
            select (borrowed_at at time zone ${tz})::date as d, 1 as l, 0 as r from loan
              where school_id = ${scope.schoolId} and (borrowed_at at time zone ${tz})::date >= ${from}
            union all
            select (returned_at at time zone ${tz})::date, 0, 1 from loan
              where school_id = ${scope.schoolId} and returned_at is not null
              and (returned_at at time zone ${tz})::date >= ${from}) x group by d`,
    );
    const byDay = new Map(perDay.map((p) => [p.d, p]));
    for (const t of trend)
      Object.assign(t, { loans: byDay.get(t.date)?.loans ?? 0, returns: byDay.get(t.date)?.returns ?? 0 });
    todayLoans = trend.at(-1)!.loans;
    todayReturns = trend.at(-1)!.returns;
    const [open] = await rowsOf<{ open: number; late: number }>(
      db,
      sql`select count(*)::int as open, count(*) filter (where due_date < ${today})::int as late
          from loan where school_id = ${scope.schoolId} and returned_at is null`,
    );
    onLoan = open.open;
    overdue = open.late;
  }
  return {
    titles: has.catalogue ? await countIn(db, SOURCES.catalogue.table, scope.schoolId) : 0,
    copies: has.copies ? await countIn(db, SOURCES.copies.table, scope.schoolId) : 0,
    readers: readersByIdentity.reduce((a, p) => a + p.count, 0),
    staff,
    todayLoans,
    todayReturns,
    onLoan,
    overdue,
    trend,
    readersByIdentity,
    sources: has,
  };
}

/**
 * The home page's to-do counts, in one statement: ready holds (copies to take to the hold shelf for their
 * readers), pending purchase suggestions, open loans past their due date in the school's time zone (to remind),
 * readers whose card is reported lost. Only the items whose screen the caller may open.
 */
export async function todo(db: Db, scope: Scope, user: Principal): Promise<TodoItem[]> {
  const items = TODO_ITEMS.filter((i) => hasPermission(user, i.screen));
  if (!items.length) return [];
  const tz = await getSetting<string>(db, scope, 'school.timeZone');
  const school = scope.schoolId;
  const [r] = await rowsOf<Record<TodoKey, number>>(
    db,
    sql`select
      (select count(*)::int from reservation where school_id = ${school} and state = 'ready') as "holds",
      (select count(*)::int from recommendation where school_id = ${school} and state = 'pending') as "suggestions",
      (select count(*)::int from loan where school_id = ${school} and returned_at is null
         and due_date < (now() at time zone ${tz})::date) as "overdue",
      (select count(*)::int from app_user where school_id = ${school} and card_lost) as "lostCards"`,
  );
  return items.map((i) => ({ key: i.key, count: r[i.key], path: i.path }));
}
