import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import { PIPELINE_OPTIONS, pipelineTransactions } from './pipeline.ts';
import { ThreadStream } from './thread-stream.ts';

/** One type for both engines: handlers never know which one runs. */
export type Db = PgDatabase<any, any>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for maintenance (truncate in tests, health checks). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the address it was opened with (backups run pg_dump on it). */
  url?: string;
  /**
   * Embedded database: a consistent copy of its data folder taken while it runs (between two transactions, after a
   * checkpoint; statements wait meanwhile) as PGlite's tar (dumpDataDir), with every table's row count of that moment.
   */
  snapshot?: () => Promise<EmbeddedSnapshot>;
}

export interface EmbeddedSnapshot {
  /** The data folder as a tar (PGlite.create({ loadDataDir }) reads it back). */
  data: Buffer;
  /** Rows per table ('public.loan', 'drizzle.__drizzle_migrations', …). */
  counts: Record<string, number>;
}

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite wrap them alike, drizzle's types do not say so. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(r) ? r : r.rows;
}

/** The embedded databases' handles: maintenance that holds the one session must stay short there. */
const embeddedDbs = new WeakSet<Db>();
export function isEmbedded(db: Db): boolean {
  return embeddedDbs.has(db);
}

/**
 * On the embedded database an ANALYZE holds the one session every request waits for: sample less there (a
 * statistics target of 20 reads 6,000 rows per table instead of 30,000; 4.3 s → well under a second for the
 * catalogue after a 20,000-record import on a loaded 2-core machine), one table per statement so requests get in
 * between. School-sized tables keep useful plans with it.
 */
export const EMBEDDED_ANALYZE_TARGET = 20;
export function analyzeStatement(table: string, embedded: boolean): string {
  const quoted = `"${table.replace(/"/g, '""')}"`;
  return embedded
    ? `begin; set local default_statistics_target = ${EMBEDDED_ANALYZE_TARGET}; analyze ${quoted}; commit`
    : `analyze ${quoted}`;
}

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
function takeFirstRead(db: Db | undefined): FirstRead | undefined {
  const state = requestState.getStore();
  const first = state?.first;
  if (!first || first.db !== db) return undefined;
  state.first = undefined;
  return first;
}

const pools = new WeakMap<Db, pg.Pool>();

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
function trackRequestWrites(pool: pg.Pool, handle: { db?: Db }): void {
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

/**
 * How long background work keeps waiting after a request's statement: the next one of the same request comes soon
 * (tests widen it, to make the order they check independent of the machine's speed). While requests come (one held a
 * connection in the last `busyWindowMs`), background work also rests after each turn `restRatio` times as long as that
 * turn held its connection: a duty cycle (requestsFirst).
 */
export const backgroundTuning = { requestGapMs: 4, maxWaitMs: 250, busyWindowMs: 1000, restRatio: 1 };

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
function requestsFirst(pool: pg.Pool, always: boolean): () => number {
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
  const backgroundTurn = async () => {
    const before = backgroundGate;
    let open!: () => void;
    backgroundGate = new Promise<void>((r) => {
      open = r;
    });
    await before;
    let client: pg.PoolClient;
    try {
      client = await politeTurn();
    } catch (e) {
      open();
      throw e;
    }
    const taken = performance.now();
    const release = client.release;
    client.release = ((err?: Error | boolean) => {
      client.release = release;
      backgroundReleased = performance.now();
      backgroundHeld = backgroundReleased - taken;
      open();
      return release.call(client, err);
    }) as typeof client.release;
    return client;
  };
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
function backgroundCommitsAsync(db: Db): void {
  const transaction = db.transaction.bind(db) as Db['transaction'];
  (db as { transaction: Db['transaction'] }).transaction = ((fn, config) =>
    transaction(async (tx) => {
      if (background.getStore()) await tx.execute(ASYNC_COMMIT);
      return fn(tx);
    }, config)) as Db['transaction'];
}
const ASYNC_COMMIT = sql`set local synchronous_commit = off`;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

// int8 (count(*), bigint) as number on pg, as PGlite already does: the one place it is mapped.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric stays a string (exact money is stored as integer fen anyway).

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; undefined = in memory (tests). */
  dataDir?: string;
  /** Hold the exclusive data-folder lock (default true when dataDir is set). */
  lock?: boolean;
  /** In-memory PGlite only: start from this dumpDataDir tar instead of an empty cluster (tests' template). */
  loadDataDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, ...PIPELINE_OPTIONS });
    const handle: { db?: Db } = {};
    pool.on('connect', (client) => pipelineTransactions(client, () => takeFirstRead(handle.db)));
    requestsFirst(pool, false);
    // An idle connection dropped by the server (restart, failover, admin) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => {
      if ((err as any).code !== '57P01') console.error(`PostgreSQL connection error: ${err.message}`);
    });
    trackRequestWrites(pool, handle);
    await pool.query('select 1');
    const db = drizzlePg(pool) as unknown as Db;
    handle.db = db;
    pools.set(db, pool);
    backgroundCommitsAsync(db);
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  let release: (() => void) | undefined;
  let dataPath: string | undefined;
  if (opts.dataDir) {
    if (opts.lock !== false) release = lockDataDir(opts.dataDir);
    dataPath = path.join(opts.dataDir, 'pgdata');
  }
  try {
    return await openEmbedded(dataPath, release, opts.loadDataDir);
  } catch (e) {
    release?.();
    throw e;
  }
}

/**
 * The embedded database runs in a thread of its own (pglite-thread.mjs) and is reached like PostgreSQL, through
 * node-postgres: its WebAssembly never runs on the event loop that answers requests, every statement is a real
 * message (so a long job's statements let requests in between), and both engines share one driver. PGlite is a
 * single session, so the pool holds one connection: a transaction owns it until it ends, as PGlite's own lock
 * did (db/README.md).
 */
async function openEmbedded(
  dataDir: string | undefined,
  release: (() => void) | undefined,
  loadDataDir?: string,
): Promise<Database> {
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { dataDir, loadDataDir } });
  const streams = new Set<ThreadStream>();
  let failure: Error | null = null;
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { type: string; message?: string }) =>
      m.type === 'ready' ? resolve() : reject(new Error(m.message)),
    );
    worker.once('error', reject);
  });
  worker.on('error', (e) => {
    failure = e;
    console.error(`Embedded database thread failed: ${e.message}`);
  });
  worker.on('exit', () => {
    for (const s of streams) s.destroy(failure ?? new Error('The embedded database thread has stopped'));
  });
  const connect = () => {
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ type: 'connect', port: port2 }, [port2]);
    return port1;
  };
  const pool = new pg.Pool({
    ...PIPELINE_OPTIONS,
    max: 1,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    stream: () => {
      const s = new ThreadStream(connect);
      streams.add(s);
      s.once('close', () => streams.delete(s));
      return s;
    },
  });
  const handle: { db?: Db } = {};
  pool.on('connect', (client) => pipelineTransactions(client, () => takeFirstRead(handle.db)));
  const idleMs = requestsFirst(pool, true);
  trackRequestWrites(pool, handle);
  await pool.query('select 1');
  const db = drizzlePg(pool) as unknown as Db;
  handle.db = db;
  pools.set(db, pool);
  embeddedDbs.add(db);
  idleClocks.set(db, idleMs);
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await pool.query(sql);
    },
    snapshot: () =>
      new Promise<EmbeddedSnapshot>((resolve, reject) => {
        if (failure) return reject(failure);
        const { port1, port2 } = new MessageChannel();
        port1.once(
          'message',
          (m: { ok: boolean; message?: string; counts?: Record<string, number>; data?: ArrayBuffer }) => {
            port1.close();
            if (m.ok) resolve({ data: Buffer.from(m.data!), counts: m.counts! });
            else reject(new Error(`embedded database snapshot: ${m.message}`));
          },
        );
        worker.postMessage({ type: 'snapshot', port: port2 }, [port2]);
      }),
    close: async () => {
      await pool.end();
      await new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
      release?.();
    },
  };
}

export async function runMigrations(database: Database): Promise<void> {
  try {
    await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } catch (e) {
    // Until the first release the schema migration is rebuilt from scratch (db/README.md): a database made by an
    // earlier pre-release then already holds the tables. Say what to do instead of a bare SQL error.
    const code = (e as { code?: string; cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
    if (code === '42P07' || code === '42710')
      throw new Error(
        'This database was created by an earlier pre-release of Shuyuan whose layout has changed, and pre-releases ' +
          'do not migrate data. Move the data folder aside (e.g. `mv data data.old`) or use an empty database, then start again.',
        { cause: e },
      );
    throw e;
  }
}
