import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';

/*
 * One API request's state through the database handles (platform/route.ts runs each in `inRequest`): what it has
 * written, what it read at its start, and the read it owes before anything it does may stand (`FirstRead`).
 */

/**
 * What one API request has done through a database handle's pool (platform/route.ts runs each in `inRequest`):
 * whether it has written or opened a transaction yet, and values it read at its start (the school configuration's
 * version, read with the callers' version in one statement: platform/principal.ts `checkCallers`). A value read at
 * the start stays true for the request's reads until the request writes; after that, or once the request has
 * answered (work it left running), it is read again.
 */
export interface RequestState {
  wrote: boolean;
  ended: boolean;
  config?: { db: Db; version: string | null };
  /** A read the request sends with its first statement (`FirstRead`), until one carries it. */
  first?: FirstRead;
  /** A screen's timer, not a person, sent it (route `poll`): background work keeps its pace (requestsFirst). */
  poll?: boolean;
}

/**
 * A read an API request owes before anything it does may stand (platform/principal.ts: the callers' version, when
 * the request was authorized by what the process remembers of its callers): instead of a round trip of its own, it
 * travels with the request's first statement. A transaction's first statement carries it, written just before the
 * transaction's `begin` (db/pipeline.ts); its verdict (`settle`) comes first, and when it refuses, the statement
 * fails with the verdict's error and the transaction rolls back — nothing of the request is written. Any other
 * first statement (outside a transaction) waits for the read's answer before it is sent, as a request did before;
 * a request that sends nothing sends it alone before it answers (`sendFirstRead`).
 */
export interface FirstRead {
  db: Db;
  /** A named statement without values. */
  name: string;
  text: string;
  /** Given the read's answer; rejects when the request must not stand (the caller then starts it again). */
  settle(answer: Promise<pg.QueryResult>): Promise<void>;
  /** SQL that is true when the verdict would let the request stand (`guardFirstRead`), if the read has one. */
  guard?: () => SQL;
  /** A statement carrying the read checks `guard` itself: its `commit` need not wait for the verdict. */
  guarded?: boolean;
  /** The verdict of a guarded read, once sent (db/pipeline.ts): the statement's own answer does not wait for it. */
  verdict?: Promise<void>;
}

/**
 * The request's pending first read through `db`, for a transaction's first statement that checks the read's verdict
 * itself (writes nothing unless `guard` holds, in its own snapshot — later than the read's): its `commit` then
 * leaves with it instead of after the verdict (one round trip), and the verdict is left on the read (`verdict`) for
 * the caller to await when the statement wrote nothing. Undefined when no read is pending or it has no guard.
 */
export function guardFirstRead(db: Db): { guard: SQL; read: FirstRead } | undefined {
  const read = requestState.getStore()?.first;
  if (!read || read.db !== db || !read.guard) return undefined;
  read.guarded = true;
  return { guard: read.guard(), read };
}

/** The request's pending first read through `db`, taken (it is sent once). */
export function takeFirstRead(db: Db | undefined): FirstRead | undefined {
  const state = requestState.getStore();
  const first = state?.first;
  if (!first || first.db !== db) return undefined;
  state.first = undefined;
  return first;
}

const pools = new WeakMap<Db, pg.Pool>();
/** The pool behind `db`, for sendFirstRead (openDatabase). */
export function rememberPool(db: Db, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The pool behind `db` (openDatabase). */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

/** Sends the request's pending first read through `db` alone, now (nothing carried it), and awaits its verdict. */
export async function sendFirstRead(db: Db): Promise<void> {
  const first = takeFirstRead(db);
  const pool = pools.get(db);
  if (first && pool) await first.settle(pool.query({ name: first.name, text: first.text }));
}

export const requestState = new AsyncLocalStorage<RequestState>();
export async function inRequest<T>(fn: () => Promise<T>, poll = false): Promise<T> {
  const state: RequestState = { wrote: false, ended: false, poll };
  try {
    return await requestState.run(state, fn);
  } finally {
    state.ended = true;
  }
}

/**
 * Marks the current request as writing on every statement that is not a select and on every transaction. A pending
 * first read (`FirstRead`) is sent before a statement outside a transaction, which waits for its verdict.
 */
export function trackRequestWrites(pool: pg.Pool, handle: { db?: Db }): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  let inQuery = false;
  const tracked = (...args: unknown[]): unknown => {
    const state = requestState.getStore();
    const first = state?.first && takeFirstRead(handle.db);
    if (first) {
      const checked = first.settle(tracked({ name: first.name, text: first.text }) as Promise<pg.QueryResult>);
      const last = args[args.length - 1];
      if (typeof last !== 'function') return checked.then(() => tracked(...args));
      checked.then(
        () => tracked(...args),
        (e) => (last as (e: unknown) => void)(e),
      );
      return undefined;
    }
    if (state && !state.wrote) {
      const q = args[0] as string | { text?: string };
      const text = typeof q === 'string' ? q : q?.text;
      if (!/^\s*select\b/i.test(text ?? '')) state.wrote = true;
    }
    // pg-pool's query() takes a connection through connect() synchronously: not a transaction.
    inQuery = true;
    try {
      return query(...args);
    } finally {
      inQuery = false;
    }
  };
  (pool as unknown as { query: unknown }).query = tracked;
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    const state = requestState.getStore();
    if (state && !inQuery) state.wrote = true;
    return connect(...args);
  };
}
