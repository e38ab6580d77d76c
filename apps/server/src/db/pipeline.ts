import type pg from 'pg';
import type { Db } from './client.ts';

/**
 * Transactions in fewer round trips. The pools run node-postgres in pipeline mode (`pipeline: true`: a statement is
 * written without waiting for the answer to the one before; the answers come back in order), and each pooled client
 * is wrapped so that a transaction's `begin` and `commit` travel with a statement instead of waiting on their own:
 *
 * - **begin**: drizzle's `begin` is answered at once and held; it is written just before the transaction's first
 *   statement, in the same round trip (a transaction that sends nothing sends no `begin` either).
 * - **commit** (`commitWithNext(tx)`): a command that knows which statement is its last says so; the `commit` is
 *   written right after that statement, in its round trip, and drizzle's own `commit` is then answered at once.
 *   If the statement fails, the server answers the `commit` of the failed transaction by rolling it back, and the
 *   statement's error is thrown as before: nothing is written. Only JavaScript may follow the last statement (the
 *   answer's shape): a statement sent after it is refused with an error, since the transaction is over.
 * - **the request's first read** (request-state.ts `FirstRead`: the callers' version of a desk command): written before
 *   the `begin`, in the same round trip; its verdict comes first and, when it refuses, the statement fails with it
 *   and the transaction rolls back. A `commit` never leaves before the verdict: while it is awaited, the statement
 *   that carries the `commit` is sent at once and the `commit` as soon as the verdict allows it (a `rollback` when it
 *   refuses). A first statement that checks the read itself (request-state.ts `guardFirstRead`: it writes nothing unless
 *   the verdict would pass) leaves its verdict on the read, and its `commit` goes with it: one round trip.
 *
 * Statements sent in the same run of code leave in one socket write. The answers still come one by one and in
 * order, so an error belongs to its statement as before; what the server runs is unchanged (the same statements,
 * `begin` first, `commit` last), only the waiting between them and the system calls are saved — which is most of
 * what a desk's scan costs the server (its CPU profile: socket writes before any JavaScript). On the embedded
 * database every round trip is two thread messages and a turn of its queue, so this saves more there.
 */
const PIPE = Symbol('pipe');

interface PipeState {
  /** drizzle's `begin`, answered and not sent yet. */
  beginHeld: boolean;
  /** The next statement carries the `commit` (commitWithNext). */
  commitNext: boolean;
  /** The `commit` went with a statement: drizzle's own is answered at once. */
  committed: boolean;
  /** The first read's verdict while it is awaited (a `commit` waits for it). */
  verdict?: Promise<void>;
  /** Sends the `commit` now, behind what was sent (`sendCommit`). */
  commitNow?: () => Promise<unknown>;
}

type Send = (config: unknown, values?: unknown, callback?: unknown) => Promise<pg.QueryResult> | undefined;

const done = (command: string) => Promise.resolve({ command, rowCount: null, rows: [], fields: [] } as never);

/** 'begin', 'commit' or 'rollback' when the query (a string or a config object) is one of them, else ''. */
function controlOf(config: unknown): string {
  const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
  return text && text.length <= 10 ? text.trim().toLowerCase() : '';
}

/** Pool option: every client is created in pipeline mode. */
export const PIPELINE_OPTIONS = { pipeline: true } as const;

/** A read to send before the transaction's `begin` (request-state.ts `FirstRead`), taken from the request. */
type FirstReadOf = () =>
  | {
      name: string;
      text: string;
      settle(answer: Promise<pg.QueryResult>): Promise<void>;
      guarded?: boolean;
      verdict?: Promise<void>;
    }
  | undefined;

/**
 * Wraps a pooled client's `query` (pool 'connect' event). `firstRead`: the request's read that travels with its first
 * transaction statement (request-state.ts `FirstRead`).
 */
export function pipelineTransactions(client: pg.PoolClient, firstRead: FirstReadOf = () => undefined): void {
  const state: PipeState = { beginHeld: false, commitNext: false, committed: false };
  const reset = () =>
    Object.assign(state, { beginHeld: false, commitNext: false, committed: false, verdict: undefined });
  (client as unknown as { [PIPE]: PipeState })[PIPE] = state;
  // Statements sent in one go leave in one write (one system call, which the CPU profile of the desk showed as
  // the server's largest cost): the socket is corked at the first and uncorked once this run of code is over.
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
    ?.stream;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream?.uncork?.();
  };
  // Through the prototype at each call (tests count statements by patching pg.Client.prototype.query).
  const send: Send = (...args) => {
    if (!corked && stream?.cork) {
      corked = true;
      stream.cork();
      queueMicrotask(uncork);
    }
    return Object.getPrototypeOf(client).query.apply(client, args);
  };
  /** The transaction's `commit`, sent now, or when the first read's verdict allows it (a refusal: `rollback`). */
  const commit = (): Promise<unknown> => {
    state.commitNext = false;
    state.committed = true;
    const verdict = state.verdict;
    if (!verdict) return send('commit') as Promise<unknown>;
    return verdict.then(
      () => send('commit'),
      (e) =>
        Promise.resolve(send('rollback')).then(
          () => Promise.reject(e),
          () => Promise.reject(e),
        ),
    );
  };
  state.commitNow = () => {
    if (state.committed || state.beginHeld) return Promise.reject(new Error('No statement to commit behind'));
    return commit();
  };
  const query: Send = (config, values, callback) => {
    const promised =
      callback === undefined &&
      typeof values !== 'function' &&
      typeof (config as { submit?: unknown } | null)?.submit !== 'function';
    // node-postgres's callback style (pool.query) never runs inside one of drizzle's transactions.
    if (!promised) return send(config, values, callback);
    const text = controlOf(config);
    if (text === 'begin') {
      reset();
      state.beginHeld = true;
      return done('BEGIN');
    }
    if (text === 'commit' || text === 'rollback') {
      // Already sent with the last statement, or nothing ran: nothing to send.
      const answered = state.committed || state.beginHeld;
      reset();
      return answered ? done(text.toUpperCase()) : send(config, values);
    }
    if (state.committed) {
      return Promise.reject(new Error("A statement after the transaction's last one (commitWithNext)"));
    }
    // The request's first read goes before the `begin`, its verdict first: when it refuses, so does this statement
    // (the transaction rolls back). A `commit` waits for the verdict; the statement it goes with does not. A guarded
    // read's statement checks the verdict in SQL: nothing waits for it.
    const first = state.beginHeld ? firstRead() : undefined;
    let checked = first?.settle(send({ name: first.name, text: first.text }) as Promise<pg.QueryResult>);
    if (checked && first?.guarded) {
      // The statement checks the verdict itself (request-state.ts guardFirstRead): neither it nor the commit waits for it.
      first.verdict = checked;
      checked.catch(() => {});
      checked = undefined;
    }
    if (checked) {
      state.verdict = checked;
      checked.then(
        () => {
          if (state.verdict === checked) state.verdict = undefined;
        },
        () => {},
      );
    }
    const begun = state.beginHeld ? send('begin') : undefined;
    state.beginHeld = false;
    const result = send(config, values) as Promise<pg.QueryResult>;
    const committed = state.commitNext ? commit() : undefined;
    if (!begun && !committed) return result;
    return Promise.all([checked, begun, result, committed]).then((r) => r[2] as pg.QueryResult);
  };
  (client as unknown as { query: Send }).query = query;
  client.on('end', reset);
}

/**
 * The next statement of this transaction is its last: the `commit` goes with it (see above). A no-op inside a
 * nested transaction (a savepoint) or on a handle that is no pipelined transaction.
 */
export function commitWithNext(tx: Db): void {
  const t = tx as unknown as { nestedIndex?: number; session?: { client?: { [PIPE]?: PipeState } } };
  const state = t.session?.client?.[PIPE];
  if (!state || t.nestedIndex !== 0 || !('rollback' in tx)) return;
  state.commitNext = true;
}

/**
 * Sends the transaction's `commit` now, right behind the statements sent before it (in their round trip), when the
 * last of them carried no `commitWithNext`; drizzle's own `commit` is then answered at once. A failure of any
 * statement before it turns it into a rollback (the server's rule), so nothing is written. Undefined (nothing sent)
 * inside a nested transaction or on a handle that is no pipelined transaction: the transaction then commits as usual.
 */
export function sendCommit(tx: Db): Promise<unknown> | undefined {
  const t = tx as unknown as { nestedIndex?: number; session?: { client?: { [PIPE]?: PipeState } } };
  const state = t.session?.client?.[PIPE];
  if (!state?.commitNow || t.nestedIndex !== 0 || !('rollback' in tx)) return undefined;
  return state.commitNow();
}
