import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guardFirstRead } from '../../db/request-state.ts';
import { sendCommit } from '../../db/pipeline.ts';
import { runNamed } from '../../db/statement.ts';
import { CallersMoved } from '../../platform/principal.ts';
import { CONFIG_VERSION, rememberedAt, schoolConfigAt } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { afiToWrite } from './afi.ts';
import { quickReturnHooks, type ReaderRow } from './circulation.hooks.ts';
import type { ReadWithReturn } from './circulation.service.ts';
import { loan } from './circulation.table.ts';
import { TITLE_WAITING } from './loan-locks.ts';
import { dateIn, deskConfigOf } from './rules.service.ts';

/*
 * The usual return in one round trip. A return needs the copy's and loan's rows before it can decide anything (who
 * borrowed it, whether it is late, whether someone waits for the title), so done plainly it costs two: the locks,
 * then the write. Most returns decide the same way — the copy is plainly 'borrowed', nobody waits for its title, it
 * comes back on time (no fine, the on-time points) — so that case is guessed: one statement finds the copy and its
 * open loan as the full return does, locks them (and reads the reader) only when the guess holds on the locked rows,
 * and then closes the loan, puts the copy back, writes the operation-log row and reads the reader's other loans; the
 * return hooks' statements (the points award, naming the loan and reader through the statement's transaction
 * settings) and the `commit` go right behind it (db/pipeline.ts). The guess also holds the school's configuration to
 * the version the answer was computed with (the day, the hooks' rules), and the callers' version to the one the
 * request was authorized with (route callersWithFirst: the callers' read travels with the statement, which checks it
 * itself — request-state.ts guardFirstRead — so the commit need not wait for the read's answer).
 *
 * When the guess does not hold (late, reserved, not on loan, unknown barcode, configuration changed, callers moved),
 * the statement locks and writes nothing and answers a row without a loan; it names no loan or reader, so the hooks'
 * statements behind it write nothing either, and the commit ends a transaction that changed nothing (no error, no
 * rollback: nothing in the database's log; nothing locked either, so that commit writes no WAL). The return then runs
 * the full way: one round trip more than the full way alone (a hook that cannot tell, 'slow', or a configuration
 * version not known yet sends it the full way at once).
 */
/** Each school's configuration version as the last return read it: what a quick return decides with. */
const lastConfig = new Map<number, string>();
export function rememberReturnConfig(schoolId: number, version: string | null): void {
  if (!version || lastConfig.get(schoolId) === version) return;
  if (lastConfig.size >= 10_000) lastConfig.clear();
  lastConfig.set(schoolId, version);
}

/**
 * The returned loan and its reader, as the statement's transaction settings: statements sent behind it read them.
 * Null when the guess did not hold (the statement sets both to '' then).
 */
const LOAN_ID = sql`nullif(current_setting('shuyuan.returned_loan', true), '')::int`;
const READER_ID = sql`nullif(current_setting('shuyuan.returned_reader', true), '')::int`;

export interface QuickReturnInput<X> {
  barcode: string;
  operatorId: number | null;
  returnedAt?: Date;
  /** The operation-log insert (the route's), gated by LOAN_CLOSED: a miss writes no row. */
  log?: SQL;
  after?: ReadWithReturn<X>;
}

/**
 * The return of `input.barcode` in one round trip when the usual case holds (see above): its answer, or undefined
 * when the return must run the full way (nothing was written).
 */
export async function quickReturn<X>(db: Db, scope: Scope, input: QuickReturnInput<X>) {
  const version = lastConfig.get(scope.schoolId);
  // Held at that version still (another command may have loaded a newer one: the full way then learns it).
  if (!version || !rememberedAt(scope, version)) return undefined;
  // Read before the transaction (remembered: no statement), so nothing is sent ahead of the return's statement.
  const { config, zone, today, closed } = await deskConfigOf(schoolConfigAt(db, scope, version));
  const returnDay = input.returnedAt ? dateIn(input.returnedAt, zone) : today;
  const returnedAt = input.returnedAt ?? new Date();
  const hooks = await quickReturnHooks({
    scope,
    config,
    today,
    returnDay,
    operatorId: input.operatorId,
    loanId: LOAN_ID,
    readerId: READER_ID,
  });
  if (hooks === 'slow') return undefined;
  const after = input.after;
  // The callers' read that goes with the statement (route callersWithFirst) is checked by the statement itself.
  const callers = guardFirstRead(db);
  return db.transaction(async (tx) => {
    const answer = runNamed<QuickRow>(
      tx,
      `circ_quick_return${callers ? '_g' : ''}${input.log ? '_log' : ''}${after ? `_${after.name}` : ''}`,
      quickStatement(scope, input, { version, returnDay, returnedAt, callers: callers?.guard }),
    );
    const sent = hooks.map((send) => send(tx));
    const committed = sendCommit(tx);
    const outcome = await Promise.allSettled([answer, committed, ...sent]);
    const failed = outcome.filter((o) => o.status === 'rejected').map((o) => o.reason as unknown);
    // Nothing written: the callers' verdict comes first (when it refuses, the request starts again: route.ts). Once
    // written, the statement saw the callers' version the request was authorized with, in a snapshot later than it.
    if (failed.length) await callers?.read.verdict;
    const moved = failed.find((e) => CallersMoved.in(e));
    if (moved) throw moved;
    if (failed.length) throw failed[0];
    const [row] = (outcome[0] as PromiseFulfilledResult<QuickRow[]>).value;
    if (row?.loanId == null) {
      // The guess did not hold: nothing was written. The full way writes, so the callers' verdict must allow it.
      await callers?.read.verdict;
      return undefined;
    }
    const reader = { id: Number(row.userId), account: row.account, name: row.name };
    const view = { scope, config, today, closed, reader: reader as ReaderRow };
    return {
      panel: after?.answer((row.panel ?? []) as Record<string, unknown>[], view),
      loanId: Number(row.loanId),
      barcode: row.barcode,
      rfid: row.rfid,
      title: row.title,
      dueDate: row.dueDate,
      overdueDays: 0,
      reader,
      hold: null,
      fine: null,
      afiWrite: await afiToWrite(config, row.rfid, 'returned'),
    };
  });
}

interface QuickRow {
  /** Null when the guess did not hold. */
  loanId: number | null;
  userId: number;
  barcode: string;
  rfid: string;
  title: string;
  dueDate: string;
  account: string;
  name: string;
  panel?: unknown[];
}

/**
 * The return's one statement: the copy the full way would take (by barcode or RFID tag, as lockLoanedCopy finds it)
 * and its open loan, unlocked (`scanned`); both locked, with the record and reader, only when the guess holds on the
 * locked rows (`ok`: a row changed meanwhile is checked again as it is now); the loan closed, the copy back to
 * 'available' and the log row written only for `ok`'s row; the loan and reader named for the statements behind it
 * (''  when `ok` is empty); the reader's other loans as the tables were before it (`after`).
 */
function quickStatement(
  scope: Scope,
  input: QuickReturnInput<unknown>,
  guess: { version: string; returnDay: string; returnedAt: Date; callers?: SQL },
): SQL {
  const code = input.barcode;
  const scanned = or(eq(copy.barcode, code), and(eq(copy.rfid, code), sql`${copy.rfid} <> ''`));
  const panel = input.after?.select(scope, sql`ok.user_id`, sql`ok.loan_id`);
  return sql`with candidate as materialized (
      select ${copy.id} as copy_id, ${loan.id} as loan_id
      from ${copy}
      inner join ${loan} on ${loan.copyId} = ${copy.id} and ${loan.returnedAt} is null
      where ${scope.where(copy, scanned)}
      order by ${copy.id}
      limit 1
    ),
    ok as materialized (
      select ${copy.id} as copy_id, ${copy.barcode} as barcode, ${copy.rfid} as rfid, ${catalogueRecord.title} as title,
        ${loan.id} as loan_id, ${loan.userId} as user_id, ${loan.dueDate} as due_date, ${appUser.account} as account,
        ${appUser.name} as name
      from candidate
      inner join ${copy} on ${copy.id} = candidate.copy_id
      inner join ${loan} on ${loan.id} = candidate.loan_id
      inner join ${catalogueRecord} on ${catalogueRecord.id} = ${copy.recordId}
      inner join ${appUser} on ${appUser.id} = ${loan.userId}
      where ${loan.returnedAt} is null and ${copy.circState} = ${CircState.BORROWED} and not ${TITLE_WAITING}
        and ${loan.dueDate} >= ${guess.returnDay}::date and ${CONFIG_VERSION} = ${guess.version}${guess.callers ? sql` and ${guess.callers}` : sql``}
      for update of ${copy}, ${loan}
    ),
    closed as (
      update ${loan} set "returned_at" = ${guess.returnedAt.toISOString()}, "return_operator_id" = ${input.operatorId}
      where "id" = (select loan_id from ok)
      returning "id"
    ),
    moved as (
      update ${copy} set "circ_state" = ${CircState.AVAILABLE}, "version" = "version" + 1, "updated_at" = now()
      where "id" = (select copy_id from ok)
    )${input.log ? sql`, logged as (${input.log})` : sql``}
    select ok.loan_id as "loanId", ok.user_id as "userId", ok.barcode as "barcode", ok.rfid as "rfid",
      ok.title as "title", ok.due_date::text as "dueDate", ok.account as "account", ok.name as "name",
      set_config('shuyuan.returned_loan', coalesce(ok.loan_id::text, ''), true) as "loanSet",
      set_config('shuyuan.returned_reader', coalesce(ok.user_id::text, ''), true) as "readerSet"
      ${panel ? sql`, (select coalesce(json_agg(p), '[]'::json) from (${panel}) p) as "panel"` : sql``}
    from (select 1) one left join ok on true`;
}
