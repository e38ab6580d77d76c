import type { PointEvent } from '@shuyuan/contracts/points/events';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ConfigSnapshot, schoolConfig } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { dateIn, SCHOOL_ZONE } from '../circulation/rules.service.ts';
import { runNamed } from '../../db/statement.ts';
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
  const ruled = await ruleFor(config, e);
  if (!ruled) return 0;
  return inTransaction(db, (tx) => applyRule(tx, scope, ruled.rule, ruled.e));
}

/**
 * `awardWith` in the caller's transaction `tx` without waiting for the answer: the statements are sent when this
 * resolves, and `sent` is their outcome (the points credited), for the caller to await with its own next statement
 * — the desk's return sends the award, its own write and the commit in one round trip (db/pipeline.ts).
 */
export async function sendAward(
  tx: Db,
  scope: Scope,
  config: ConfigSnapshot,
  e: AwardEvent,
): Promise<{ sent: Promise<number> } | undefined> {
  const ruled = await ruleFor(config, e);
  return ruled && { sent: applyRule(tx, scope, ruled.rule, ruled.e) };
}

/**
 * An award whose reader and reference a statement sent before it in the transaction decides (the desk's
 * one-round-trip return, circulation quick-return.ts): SQL expressions, read when the award's statements run. When
 * the reader is null then (that statement decided nothing), the statements lock and write nothing and credit 0.
 */
export type SentAwardEvent = Omit<AwardEvent, 'userId' | 'refId'> & { userId: SQL; refId: SQL };

/**
 * The award of `e` decided now (rule, caps, day and term from the snapshot), sent later: undefined when no rule
 * applies, else a function that sends its statements in `tx` when called (before its first await) and answers the
 * points credited. Its statements are named apart from `sendAward`'s (another text).
 */
export async function planAward(
  config: ConfigSnapshot,
  e: SentAwardEvent,
): Promise<((tx: Db, scope: Scope) => Promise<number>) | undefined> {
  const ruled = await ruleFor(config, e);
  return ruled && ((tx, scope) => applyRule(tx, scope, ruled.rule, ruled.e));
}

async function ruleFor<E extends AwardEvent | SentAwardEvent>(config: ConfigSnapshot, e: E) {
  if (e.event === 'manual') throw new Error('manual points go through adjustPoints');
  const rule = (await config.get(POINT_RULES)).get(e.event);
  if (!rule?.enabled || rule.points === 0) return undefined;
  const day = dateIn(e.at ?? new Date(), await config.get(SCHOOL_ZONE));
  const termId = termOf(await config.get(TERMS), day);
  return { rule, e: { ...e, day, termId } };
}

/** Runs `fn` in `db` when it is a transaction already, else in a new one (the lock must last until the write). */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if ('rollback' in db) return fn(db);
  return db.transaction((tx) => fn(tx));
}

/** Locks the reader's balance row (made at 0 when missing) and answers the balance. */
export async function lockBalance(tx: Db, scope: Scope, userId: number): Promise<number> {
  const [row] = await sendLockBalance(tx, scope, userId);
  return row!.balance;
}

/**
 * lockBalance's statement, sent now (runNamed sends before its first await), as a named statement: PostgreSQL parses
 * and plans it once per connection — the desk's on-time return runs it on every scan. A reader named by the statement
 * before (SQL) may be null — a quick return whose guess did not hold names none: then nothing is locked or written.
 */
const sendLockBalance = (tx: Db, scope: Scope, userId: number | SQL) => {
  const byStatement = typeof userId !== 'number';
  const row = byStatement
    ? sql`select ${scope.schoolId}, ${userId}, 0 where ${userId} is not null`
    : sql`values (${scope.schoolId}, ${userId}, 0)`;
  return runNamed<{ balance: number }>(
    tx,
    byStatement ? 'pts_lock_balance_sent' : 'pts_lock_balance',
    sql`insert into point_balance (school_id, user_id, balance) ${row}
      on conflict (school_id, user_id) do update set balance = point_balance.balance
      returning balance`,
  );
};

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
 * The rule applied under the balance row's lock, in two statements sent together (one round trip: the connection
 * runs them in order): the lock, then one statement that sums what the event already gave today and this term (read
 * after the lock: a new statement, a new snapshot), clamps the amount to the caps and, for a deduction, to the
 * balance, appends the entry (nothing when the ref was done) and moves the balance by what the entry holds. The
 * balance is read by that statement from the locked row, so it needs nothing from the lock's answer. The desk pays
 * this on every on-time return. Both statements are sent before this returns.
 */
function applyRule(
  tx: Db,
  scope: Scope,
  rule: PointRule,
  e: (AwardEvent | SentAwardEvent) & { day: string; termId: number | null },
): Promise<number> {
  const amount = rule.points * Math.max(0, Math.floor(e.units ?? 1));
  if (amount === 0) return Promise.resolve(0);
  const locked = sendLockBalance(tx, scope, e.userId);
  const sign = Math.sign(amount);
  const dayCap = rule.dailyCap > 0 ? rule.dailyCap : null;
  const termCap = rule.termCap > 0 && e.termId !== null ? rule.termCap : null;
  // A ref without a type still names one thing ('' not NULL: the unique index treats NULLs as distinct).
  const refType = e.refId === undefined ? (e.refType ?? null) : (e.refType ?? '');
  const refId = e.refId === undefined ? null : typeof e.refId === 'object' ? e.refId : String(e.refId);
  const used =
    dayCap === null && termCap === null
      ? sql`select 0 as d, 0 as t`
      : sql`select coalesce(sum(abs(points)) filter (where day = ${e.day}::date), 0)::int as d,
              coalesce(sum(abs(points)) filter (where term_id = ${e.termId}::int), 0)::int as t
            from point_entry where school_id = ${scope.schoolId} and user_id = ${e.userId} and event = ${e.event}`;
  // A named statement per shape (caps on or off, award or deduction): parsed and planned once per connection.
  const shape = `${dayCap === null ? 0 : 1}${termCap === null ? 0 : 1}${sign < 0 ? 1 : 0}${typeof e.userId === 'number' ? '' : '_sent'}`;
  const written = runNamed<{ points: number }>(
    tx,
    `pts_award_${shape}`,
    sql`with bal as (
        select balance from point_balance where school_id = ${scope.schoolId} and user_id = ${e.userId}
      ),
      used as (${used}),
      room as (
        select ${sign}::int * least(
          ${Math.abs(amount)}::int,
          ${dayCap === null ? sql`${Math.abs(amount)}::int` : sql`greatest(0, ${dayCap}::int - used.d)`},
          ${termCap === null ? sql`${Math.abs(amount)}::int` : sql`greatest(0, ${termCap}::int - used.t)`},
          ${/* A deduction takes what the reader has: a balance never goes below zero. */ sign < 0 ? sql`bal.balance` : sql`${Math.abs(amount)}::int`}
        ) as points from used, bal
      ),
      entry as (
        insert into point_entry (school_id, user_id, event, points, balance_after, ref_type, ref_id, note, day, term_id)
        select ${scope.schoolId}, ${e.userId}, ${e.event}, room.points, bal.balance + room.points, ${refType},
          ${refId}, ${e.note ?? ''}, ${e.day}::date, ${e.termId}::int
        from room, bal where room.points <> 0
        on conflict do nothing
        returning points
      ),
      moved as (
        update point_balance set balance = (select balance from bal) + (select points from entry), updated_at = now()
        where school_id = ${scope.schoolId} and user_id = ${e.userId} and exists (select 1 from entry)
      )
      select points from entry`,
  );
  return Promise.all([locked, written]).then(([, rows]) => rows[0]?.points ?? 0);
}
