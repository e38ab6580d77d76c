import type { PointEvent } from '@shuyuan/contracts/points/events';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { type ConfigSnapshot, schoolConfig } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { dateIn, SCHOOL_ZONE } from '../circulation/rules.service.ts';
import { pointBalance, pointEntry } from './points.table.ts';
import { POINT_RULES, type PointRule, TERMS, termOf } from './rules.ts';

export interface AwardEvent {
  userId: number;
  event: PointEvent;
  refType?: string;
  refId?: string | number;
  note?: string;
  at?: Date;
  /** multiplier for per-unit rules (hours of volunteering, streak days); default 1 */
  units?: number;
}

/**
 * Applies the school's rule for `event` (points, daily/per-term caps) and appends one ledger entry in the
 * caller's transaction `db`. Returns the points credited (0 when no enabled rule or a cap is reached).
 * Idempotent per (event, refType, refId, userId): awarding the same thing twice credits once.
 *
 * Concurrency: every change to a reader's points first takes the row lock of their balance row (an upsert that
 * returns the balance), so two events for one reader run one after the other — the caps' sums and the balance
 * are read after the other's commit (READ COMMITTED reads afresh per statement). Readers never share a lock.
 */
export async function awardPoints(db: Db, scope: Scope, e: AwardEvent): Promise<number> {
  return awardWith(db, scope, await schoolConfig(db, scope), e);
}

/** `awardPoints` with the caller's configuration snapshot (the desk's: no query when the rule is off). */
export async function awardWith(db: Db, scope: Scope, config: ConfigSnapshot, e: AwardEvent): Promise<number> {
  if (e.event === 'manual') throw new Error('manual points go through adjustPoints');
  const rule = (await config.get(POINT_RULES)).get(e.event);
  if (!rule?.enabled || rule.points === 0) return 0;
  const day = dateIn(e.at ?? new Date(), await config.get(SCHOOL_ZONE));
  const termId = termOf(await config.get(TERMS), day);
  return inTransaction(db, (tx) => applyRule(tx, scope, rule, { ...e, day, termId }));
}

/** Runs `fn` in `db` when it is a transaction already, else in a new one (the lock must last until the write). */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if ('rollback' in db) return fn(db);
  return db.transaction((tx) => fn(tx));
}

/** Locks the reader's balance row (made at 0 when missing) and answers the balance. */
export async function lockBalance(tx: Db, scope: Scope, userId: number): Promise<number> {
  const [row] = await tx
    .insert(pointBalance)
    .values(scope.values({ userId, balance: 0 }))
    .onConflictDoUpdate({
      target: [pointBalance.schoolId, pointBalance.userId],
      set: { balance: pointBalance.balance },
    })
    .returning({ balance: pointBalance.balance });
  return row!.balance;
}

/** Appends the entry and moves the balance (the row is locked by `lockBalance`). Null when the ref was done. */
export async function appendEntry(
  tx: Db,
  scope: Scope,
  e: {
    userId: number;
    event: PointEvent;
    points: number;
    balanceAfter: number;
    day: string;
    termId: number | null;
    refType?: string | null;
    refId?: string | null;
    note?: string;
    operatorId?: number | null;
  },
): Promise<number | null> {
  const [row] = await tx
    .insert(pointEntry)
    .values(
      scope.values({
        userId: e.userId,
        event: e.event,
        points: e.points,
        balanceAfter: e.balanceAfter,
        day: e.day,
        termId: e.termId,
        refType: e.refType ?? null,
        refId: e.refId ?? null,
        note: e.note ?? '',
        operatorId: e.operatorId ?? null,
      }),
    )
    .onConflictDoNothing()
    .returning({ id: pointEntry.id });
  if (!row) return null;
  await tx
    .update(pointBalance)
    .set({ balance: e.balanceAfter, updatedAt: new Date() })
    .where(scope.where(pointBalance, eq(pointBalance.userId, e.userId)));
  return row.id;
}

/**
 * The rule applied under the balance row's lock, in two statements: the lock, then one statement that sums what
 * the event already gave today and this term (read after the lock: a new statement, a new snapshot), clamps the
 * amount to the caps and, for a deduction, to the balance, appends the entry (nothing when the ref was done) and
 * moves the balance by what the entry holds. The desk pays this on every on-time return, so it is one round trip
 * after the lock instead of three.
 */
async function applyRule(
  tx: Db,
  scope: Scope,
  rule: PointRule,
  e: AwardEvent & { day: string; termId: number | null },
): Promise<number> {
  const amount = rule.points * Math.max(0, Math.floor(e.units ?? 1));
  if (amount === 0) return 0;
  const balance = await lockBalance(tx, scope, e.userId);
  const sign = Math.sign(amount);
  const dayCap = rule.dailyCap > 0 ? rule.dailyCap : null;
  const termCap = rule.termCap > 0 && e.termId !== null ? rule.termCap : null;
  // A deduction takes what the reader has: a balance never goes below zero.
  const floor = sign < 0 ? balance : null;
  // A ref without a type still names one thing ('' not NULL: the unique index treats NULLs as distinct).
  const refType = e.refId === undefined ? (e.refType ?? null) : (e.refType ?? '');
  const refId = e.refId === undefined ? null : String(e.refId);
  const used =
    dayCap === null && termCap === null
      ? sql`select 0 as d, 0 as t`
      : sql`select coalesce(sum(abs(points)) filter (where day = ${e.day}::date), 0)::int as d,
              coalesce(sum(abs(points)) filter (where term_id = ${e.termId}::int), 0)::int as t
            from point_entry where school_id = ${scope.schoolId} and user_id = ${e.userId} and event = ${e.event}`;
  const rows = await rowsOf<{ points: number }>(
    tx,
    sql`with used as (${used}),
      room as (
        select ${sign}::int * least(
          ${Math.abs(amount)}::int,
          ${dayCap === null ? sql`${Math.abs(amount)}::int` : sql`greatest(0, ${dayCap}::int - used.d)`},
          ${termCap === null ? sql`${Math.abs(amount)}::int` : sql`greatest(0, ${termCap}::int - used.t)`},
          ${floor === null ? sql`${Math.abs(amount)}::int` : sql`${floor}::int`}
        ) as points from used
      ),
      entry as (
        insert into point_entry (school_id, user_id, event, points, balance_after, ref_type, ref_id, note, day, term_id)
        select ${scope.schoolId}, ${e.userId}, ${e.event}, room.points, ${balance}::int + room.points, ${refType},
          ${refId}, ${e.note ?? ''}, ${e.day}::date, ${e.termId}::int
        from room where room.points <> 0
        on conflict do nothing
        returning points
      ),
      moved as (
        update point_balance set balance = ${balance}::int + (select points from entry), updated_at = now()
        where school_id = ${scope.schoolId} and user_id = ${e.userId} and exists (select 1 from entry)
      )
      select points from entry`,
  );
  return rows[0]?.points ?? 0;
}
