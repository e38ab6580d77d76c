import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';
import { requestState } from './request-state.ts';

/*
 * Requests before background work: how tasks and scheduled work share the database's connections with requests
 * (requestsFirst, the duty cycle) and commit (backgroundCommitsAsync). db/README.md has the figures.
 */

/** Background work (tasks, scheduled maintenance): on the embedded database it yields the one session to requests. */
const background = new AsyncLocalStorage<true>();
/** Background work running now in this process (PostgreSQL's requests are counted only meanwhile). */
let backgroundRunning = 0;
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  // Not part of the request that started it: nothing the request read at its start applies to it.
  return requestState.exit(() =>
    background.run(true, async () => {
      backgroundRunning++;
      try {
        return await fn();
      } finally {
        backgroundRunning--;
      }
    }),
  );
}

/**
 * How long background work keeps waiting after a request's statement: the next one of the same request comes soon
 * (tests widen it, to make the order they check independent of the machine's speed). While requests come (one held a
 * connection in the last `busyWindowMs`), background work also rests after each turn `restRatio` times as long as that
 * turn held its connection: a duty cycle (requestsFirst).
 */
export const backgroundTuning = { requestGapMs: 4, maxWaitMs: 250, busyWindowMs: 1000, restRatio: 1 };

/** A background turn's view of its pool (requestsFirst): whether anything else wants the connection; its clock. */
export interface TurnControl {
  /** A request holds or waits for a connection, a person was served in the last busyWindowMs, or other background
   * work waits for its turn. */
  wanted(): boolean;
  /** The turn's clock starts again (the duty cycle's rest counts from here: heldWrites). */
  restart(client: pg.PoolClient): void;
}
const turns = new WeakMap<pg.Pool, TurnControl>();
export const turnControl = (pool: pg.Pool): TurnControl | undefined => turns.get(pool);

/**
 * The embedded database has one session, and node-postgres's pool hands it out first come, first served: a desk's
 * loan (several statements, each taking the session again) queued behind every step of an import running at the
 * same time, once per statement (borrow p50 17 → 43 ms during a 30k-reader + 20k-MARC import). On PostgreSQL the
 * pool has many connections but the machine has few cores: an import step starting while a loan runs takes CPU from
 * it (the import's statements in its backend, their building and answers here). Requests go first on both:
 * background work (inBackground) takes the session only when no request holds it or waits for it, and none has
 * used it in the last backgroundTuning.requestGapMs, or after waiting backgroundTuning.maxWaitMs (so a stream of requests
 * slows background work but never stops it). A transaction in hand is never interrupted. `always`: count requests
 * even while no background work runs (the embedded database); PostgreSQL counts them only meanwhile (db/README.md).
 */
export function requestsFirst(pool: pg.Pool, always: boolean): () => number {
  const native = pool.connect;
  const connect = native.bind(pool) as () => Promise<pg.PoolClient>;
  let requests = 0;
  let lastRelease = 0;
  // When the last request a person sent (not a screen's timer: route `poll`) gave its connection back.
  let lastPersonRelease = 0;
  const requestTurn = async () => {
    const person = !requestState.getStore()?.poll;
    requests++;
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (e) {
      requests--;
      lastRelease = performance.now();
      throw e;
    }
    const release = client.release;
    client.release = ((err?: Error | boolean) => {
      client.release = release;
      requests--;
      lastRelease = performance.now();
      if (person) lastPersonRelease = lastRelease;
      return release.call(client, err);
    }) as typeof client.release;
    return client;
  };
  // The last background turn: when it gave its connection back and how long it had held it.
  let backgroundReleased = 0;
  let backgroundHeld = 0;
  const politeTurn = async () => {
    const since = performance.now();
    for (;;) {
      const { requestGapMs: gap, busyWindowMs, restRatio } = backgroundTuning;
      const now = performance.now();
      const quiet = now - lastRelease;
      // The duty cycle: while requests come, a turn rests as long as the last one held (times restRatio), so at most
      // about half of that time a task's statements (its backend's CPU, its building and answers on this thread) run
      // beside a request's. A desk's loan met an import's transaction in hand once in two turns at most, not nearly
      // always: imports run flat out otherwise.
      // A screen's timer (a task's progress, route `poll`) does not count as someone being served.
      const served = requests || now - lastPersonRelease < busyWindowMs;
      const rest = served ? restRatio * backgroundHeld - (now - backgroundReleased) : 0;
      // Never starved: after maxWaitMs it queues like a request (a busy public catalogue must not stop an import).
      if ((!requests && quiet >= gap && rest <= 0) || now - since >= backgroundTuning.maxWaitMs) return connect();
      await new Promise((r) => setTimeout(r, requests ? gap : Math.max(gap - quiet, rest, 1)));
    }
  };
  // One background turn at a time holds a connection or waits for one. The embedded database: two tasks at once (a
  // reader and a MARC import) otherwise both found its session free of requests, the second queued in the pool behind
  // the first, and a loan arriving then queued behind both: it waited for two steps, not one. PostgreSQL: two tasks'
  // statements otherwise ran in two backends at once, and on a 2-core machine the desk's backend and this thread then
  // waited for a core (borrow p95 during a reader and a MARC import at once 26–30 ms quiet, budget 20).
  let backgroundGate: Promise<void> = Promise.resolve();
  // Background turns waiting for the gate or a connection (a held turn gives way to them: heldWrites).
  let backgroundWaiting = 0;
  // When each background turn took its connection (heldWrites restarts it: the duty cycle counts its last writes).
  const turnTaken = new WeakMap<pg.PoolClient, number>();
  const backgroundTurn = async () => {
    const before = backgroundGate;
    let open!: () => void;
    backgroundGate = new Promise<void>((r) => {
      open = r;
    });
    let client: pg.PoolClient;
    backgroundWaiting++;
    try {
      await before;
      client = await politeTurn();
    } catch (e) {
      open();
      throw e;
    } finally {
      backgroundWaiting--;
    }
    turnTaken.set(client, performance.now());
    const release = client.release;
    client.release = ((err?: Error | boolean) => {
      client.release = release;
      backgroundReleased = performance.now();
      backgroundHeld = backgroundReleased - (turnTaken.get(client) ?? backgroundReleased);
      open();
      return release.call(client, err);
    }) as typeof client.release;
    return client;
  };
  turns.set(pool, {
    wanted: () =>
      requests > 0 || backgroundWaiting > 0 || performance.now() - lastPersonRelease < backgroundTuning.busyWindowMs,
    restart: (client) => turnTaken.set(client, performance.now()),
  });
  // pool.query() calls connect with a callback (err, client, release); drizzle's transactions await it.
  (pool as unknown as { connect: unknown }).connect = (
    cb?: (err: Error | undefined, client?: pg.PoolClient, release?: (err?: Error | boolean) => void) => void,
  ) => {
    const inBack = background.getStore();
    // PostgreSQL with no background work running: the pool's own path (a request then is not counted, so the first
    // background turn may start beside a request already running; the next ones wait for it).
    if (!always && !inBack && !backgroundRunning) return native.call(pool, cb as never);
    const turn = inBack ? backgroundTurn() : requestTurn();
    if (!cb) return turn;
    turn.then(
      (c) => cb(undefined, c, (err?: Error | boolean) => c.release(err)),
      (e: Error) => cb(e),
    );
    return undefined;
  };
  // How long no request has held or waited for a connection (0 while one does): counted only when `always`.
  return () => (requests ? 0 : performance.now() - lastRelease);
}

/** The embedded databases' request-idle time (ms since the last request left the session; 0 while one holds it). */
const idleClocks = new WeakMap<Db, () => number>();
/** The request-idle clock of an embedded database (openDatabase). */
export function rememberIdleClock(db: Db, clock: () => number): void {
  idleClocks.set(db, clock);
}
export function requestIdleMs(db: Db): number {
  return idleClocks.get(db)?.() ?? 0;
}

/**
 * PostgreSQL: a background transaction (inBackground: import steps, MARC batches, scheduled work) commits without
 * waiting for its WAL to reach the disk (`synchronous_commit = off` for that transaction only). Sampled during a
 * 30k-reader + 20k-MARC import, the server's active time was mostly commits waiting on the WAL's fsync (IO/WALSync,
 * LWLock/WALWrite): each import step's commit flushed the WAL, and a desk's loan committing meanwhile queued behind
 * those flushes. The WAL writer flushes such commits within a few hundred ms; only a crash of the database server
 * (not of ours) in that window can lose them, and then whole — a step's rows with the task's progress, so a
 * resumed task starts where the kept data ends (platform/jobs README). Requests keep committing synchronously.
 */
export function backgroundCommitsAsync(db: Db): void {
  const transaction = db.transaction.bind(db) as Db['transaction'];
  (db as { transaction: Db['transaction'] }).transaction = ((fn, config) =>
    transaction(async (tx) => {
      if (background.getStore()) await tx.execute(ASYNC_COMMIT);
      return fn(tx);
    }, config)) as Db['transaction'];
}
const ASYNC_COMMIT = sql`set local synchronous_commit = off`;
