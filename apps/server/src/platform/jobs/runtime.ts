import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { commitWithNext } from '../../db/pipeline.ts';
import { ensureDir, relativeFile } from '../files/files.ts';
import { inBackground } from '../../db/requests-first.ts';
import { requestContext } from '../request-context.ts';

/** What a task's code sees while it runs. */
export interface JobHandle {
  readonly id: number;
  readonly schoolId: number;
  readonly userId: number | null;
  readonly operationType: string;
  readonly fileName: string;
  readonly params: Record<string, unknown>;
  /** Items done before (a resumed task continues from here). */
  readonly done: number;
  /** True once someone pressed stop (or the process is shutting down): return soon. */
  readonly stopped: boolean;
  setTotal(n: number): Promise<void>;
  /** Items done so far; written to the row at most every ~200 ms. */
  progress(done: number): Promise<void>;
  /** Absolute path for a result file in DATA_DIR/files/jobs/<school>/<id>/. */
  resultPath(fileName: string): string;
  /**
   * One bounded step of work whose account must survive a crash exactly: `fn` runs in a transaction and answers one
   * result line per item it handled; the lines are journaled and the progress moves by their number in that same
   * transaction, so the committed items, the progress and the journal always agree. A step of a task stopped or
   * interrupted meanwhile is rolled back (`JobStopped`). Keep a step short (tens of ms): on the embedded database the
   * desk waits for it.
   */
  step(fn: (tx: Db) => Promise<unknown[]>): Promise<void>;
  /** The journal lines of the committed steps, in order (the task's result is written from them). */
  journal(): Promise<unknown[]>;
}

/** Thrown by `step` when the task is no longer running (stopped, or interrupted by a shutdown). */
export class JobStopped extends Error {
  constructor() {
    super('job stopped');
  }
}
// biome-ignore lint/suspicious/noConfusingVoidType: a runner may simply return nothing (no result file)
export type JobRunner = (job: JobHandle) => Promise<{ resultFile?: string } | void>;

const DIVISION_BY_ZERO = '22012';

/** Timing knobs (tests shorten them). */
export const jobTiming = { flushMs: 200, tickMs: 5000, staleMs: 30_000 };
export const INTERRUPTED = 'job.interrupted';

/**
 * What a failed task's `error` keeps: an error carrying an i18n key (`msgKey`, `params`: BizError, BackupError) as
 * the key, or `{"key":…,"params":…}` when it has parameters, so the task list shows it in each reader's language
 * (`reasonText`); any other error's message as it is.
 */
export function failureReason(e: any): string {
  if (typeof e?.msgKey !== 'string') return String(e?.message ?? e).slice(0, 1000);
  if (!e.params) return e.msgKey;
  const json = JSON.stringify({ key: e.msgKey, params: e.params });
  return json.length <= 4000 ? json : String(e.message).slice(0, 1000);
}

/** A stored reason in the reader's language (`tr` = ctx.t). */
export function reasonText(stored: string, tr: (key: string, params?: Record<string, unknown>) => string): string {
  if (stored.startsWith('{"key":')) {
    try {
      const r = JSON.parse(stored) as { key: string; params?: Record<string, unknown> };
      return tr(r.key, r.params);
    } catch {}
  }
  return tr(stored);
}

interface Live {
  stopped: boolean;
}

/** Per app instance: its owner id, live tasks, and the background timer. */
export interface Runtime {
  owner: string;
  live: Map<number, Live>;
  closed: boolean;
  timer?: NodeJS.Timeout;
  beat?: NodeJS.Timeout;
}
// Keyed by the HTTP server object: shared by the root app and every encapsulated plugin instance.
const runtimes = new WeakMap<object, Runtime>();

export function runtimeOf(app: FastifyInstance): Runtime {
  let r = runtimes.get(app.server);
  if (!r) {
    r = { owner: `${process.pid}-${randomBytes(4).toString('hex')}`, live: new Map(), closed: false };
    runtimes.set(app.server, r);
  }
  return r;
}

/** The folder of a task's files, relative to DATA_DIR/files. */
export const jobDir = (schoolId: number, id: number) => `jobs/${schoolId}/${id}`;
const JOURNAL = 'journal.jsonl';
const JOURNAL_LINES_PER_TURN = 2000;

/** The first `count` journal lines of a task (the committed ones: a line past the progress was never committed). */
export async function readJournal(app: FastifyInstance, schoolId: number, id: number, count: number) {
  const file = path.join(app.config.dataDir, 'files', jobDir(schoolId, id), JOURNAL);
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch {
    return [];
  }
  const lines = text.split('\n');
  const out: unknown[] = [];
  for (let i = 0; i < lines.length && out.length < count; i++) {
    if (lines[i]) out.push(JSON.parse(lines[i]));
    // A task's whole journal (30,000 lines: ~30 ms) parsed in one piece kept the desk's requests waiting.
    if (i % JOURNAL_LINES_PER_TURN === JOURNAL_LINES_PER_TURN - 1) await new Promise((r) => setImmediate(r));
  }
  return out;
}

export async function rows<T = Record<string, any>>(app: FastifyInstance, q: ReturnType<typeof sql>): Promise<T[]> {
  const res: any = await app.database.db.execute(q);
  return (res.rows ?? res) as T[];
}

export interface JobRow {
  id: number;
  school_id: number;
  user_id: number | null;
  operation_type: string;
  file_name: string;
  progress: number;
  params: Record<string, unknown> | null;
}

/** Runs a claimed row (state 1, owned by this process) to its end; never throws. */
export function execute(app: FastifyInstance, row: JobRow, run: JobRunner): Promise<void> {
  const rt = runtimeOf(app);
  const live: Live = { stopped: false };
  rt.live.set(row.id, live);
  let last = 0;
  let pending: number | null = null;
  const flush = async () => {
    if (pending === null || rt.closed) return;
    const done = pending;
    pending = null;
    last = Date.now();
    const r = await rows<{ state: number }>(
      app,
      sql`update job set progress = ${done}, heartbeat = now() where id = ${row.id} returning state`,
    );
    if (r[0]?.state !== 1) live.stopped = true;
  };
  const relDir = jobDir(row.school_id, row.id);
  let journalSize: number | null = null;
  const handle: JobHandle = {
    id: row.id,
    schoolId: row.school_id,
    userId: row.user_id,
    operationType: row.operation_type,
    fileName: row.file_name,
    params: row.params ?? {},
    done: row.progress,
    get stopped() {
      return live.stopped || rt.closed;
    },
    async setTotal(n) {
      await app.database.db.execute(sql`update job set data_count = ${n} where id = ${row.id}`);
    },
    async progress(done) {
      pending = done;
      if (Date.now() - last >= jobTiming.flushMs) await flush();
    },
    resultPath(fileName) {
      return path.join(ensureDir(app, relDir), path.basename(fileName));
    },
    async step(fn) {
      if (handle.stopped) throw new JobStopped();
      const file = handle.resultPath(JOURNAL);
      if (journalSize === null) journalSize = fs.existsSync(file) ? fs.statSync(file).size : 0;
      try {
        await app.database.db.transaction(async (tx) => {
          const lines = await fn(tx);
          if (!lines.length) return;
          // Written before the commit; should the process die before it, the lines past the progress are dropped.
          fs.appendFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
          // The step's last statement, its commit sent with it (db/pipeline.ts): one round trip less for a step
          // the desk may be waiting for. A task no longer running updates no row, and the division by that count
          // fails the statement, so the commit rolls the step back.
          commitWithNext(tx);
          await tx
            .execute(
              sql`with moved as (update job set progress = progress + ${lines.length}, heartbeat = now()
                    where id = ${row.id} and state = 1 returning 1)
                  select 1 / count(*) from moved`,
            )
            .catch((e) => {
              throw ((e as any)?.cause ?? e)?.code === DIVISION_BY_ZERO ? new JobStopped() : e;
            });
        });
      } catch (e) {
        if (fs.existsSync(file)) fs.truncateSync(file, journalSize);
        throw e;
      }
      journalSize = fs.existsSync(file) ? fs.statSync(file).size : 0;
    },
    async journal() {
      const [r] = await rows<{ progress: number }>(app, sql`select progress from job where id = ${row.id}`);
      return readJournal(app, row.school_id, row.id, r?.progress ?? 0);
    },
  };
  const started = Date.now();
  // The request that started it (none for a task resumed or claimed by the loop).
  const who = {
    job: row.id,
    type: row.operation_type,
    school: row.school_id,
    reqId: requestContext.getStore()?.reqId,
  };
  let outcome = 'done';
  app.log.info({ ...who, resumedAt: row.progress || undefined }, 'job started');
  // In the background: on the embedded database a request's statements go before the task's (db/requests-first.ts).
  return inBackground(async () => {
    try {
      const result = (await run(handle)) || {};
      await flush();
      if (handle.stopped) return;
      const rel = result.resultFile ? relativeFile(app, result.resultFile) : null;
      if (result.resultFile && !rel) throw new Error('result file outside DATA_DIR/files');
      // Conditional on state 1: a stop pressed in the meantime wins.
      await app.database.db.execute(
        sql`update job set state = 2, progress = greatest(progress, data_count), result_file = ${rel},
            finished_at = now(), heartbeat = now() where id = ${row.id} and state = 1`,
      );
    } catch (e: any) {
      outcome = rt.closed ? 'interrupted' : e instanceof JobStopped ? 'stopped' : 'failed';
      if (rt.closed || e instanceof JobStopped) return;
      const msg = failureReason(e);
      app.log.warn({ ...who, err: msg }, 'job failed');
      await app.database.db
        .execute(sql`update job set state = 3, error = ${msg}, finished_at = now() where id = ${row.id} and state = 1`)
        .catch(() => {});
    } finally {
      if (outcome === 'done' && handle.stopped) outcome = rt.closed ? 'interrupted' : 'stopped';
      app.log.info({ ...who, outcome, durationMs: Date.now() - started }, 'job ended');
      rt.live.delete(row.id);
      if (live.stopped && !rt.closed) {
        fs.rmSync(path.join(app.config.dataDir, 'files', relDir), { recursive: true, force: true });
      }
    }
  });
}

/** Marks a live task stopped in this process right away (the row is updated by the caller). */
export function stopLive(app: FastifyInstance, id: number): void {
  const live = runtimeOf(app).live.get(id);
  if (live) live.stopped = true;
}
