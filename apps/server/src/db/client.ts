import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import { PIPELINE_OPTIONS, pipelineTransactions } from './pipeline.ts';
import { rememberPool, takeFirstRead, trackRequestWrites } from './request-state.ts';
import { backgroundCommitsAsync, rememberIdleClock, requestsFirst } from './requests-first.ts';
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
    rememberPool(db, pool);
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
  rememberPool(db, pool);
  embeddedDbs.add(db);
  rememberIdleClock(db, idleMs);
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
