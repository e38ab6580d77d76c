import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inBackground } from '../../db/requests-first.ts';
import { registerMessages } from '../i18n/messages.ts';
import path from 'node:path';
import { ensureDir, relativeFile } from '../files/files.ts';
import {
  INTERRUPTED,
  type JobRow,
  type JobRunner,
  execute,
  jobDir,
  jobTiming,
  readJournal,
  rows,
  runtimeOf,
} from './runtime.ts';
import { nextRun, type ScheduleSpec } from './schedule-time.ts';

export type { JobHandle, JobRunner } from './runtime.ts';
export { JobStopped, jobTiming } from './runtime.ts';

registerMessages({
  [INTERRUPTED]: { zh: '任务因服务重启而中断', en: 'interrupted by a restart' },
  'job.interruptedAfter': {
    zh: '任务因服务重启而中断：以上 {{count}} 行已处理并保存，其后的行未处理',
    en: 'Interrupted by a restart: the {{count}} rows above were processed and saved; the rows after them were not',
  },
});

export interface StartJobOptions {
  schoolId: number;
  userId: number | null;
  operationType: string;
  /** File name the user sees (and downloads the result as). */
  fileName: string;
  dataCount?: number;
  /** Input kept on the row; a resumable kind reads it again after a restart. */
  params?: Record<string, unknown>;
  /** The work; may be omitted when the kind registered a runner with registerJobKind. */
  run?: JobRunner;
}

const kinds = new Map<string, JobRunner>();
const schedules = new Map<string, { spec: ScheduleSpec; fn: (app: FastifyInstance) => Promise<void> }>();

/** A resumable kind: after a restart its unfinished tasks are picked up again (by any process) with this runner. */
export function registerJobKind(operationType: string, runner: JobRunner): void {
  kinds.set(operationType, runner);
}

/** What a result writer gets: the task, and a path for its file (DATA_DIR/files/jobs/<school>/<id>/). */
export interface JobResultTarget {
  id: number;
  schoolId: number;
  params: Record<string, unknown>;
  resultPath(fileName: string): string;
}
/** Writes a task's result file from its journal lines; `finished` = every item was committed. Answers its path. */
export type JobResultWriter = (
  app: FastifyInstance,
  job: JobResultTarget,
  lines: unknown[],
  finished: boolean,
) => Promise<string>;
const resultWriters = new Map<string, JobResultWriter>();

/**
 * A kind that works in `job.step`s: when its process dies (or shuts down) mid-way, the next start writes its result
 * file from the committed steps' journal, so the file and the progress say exactly what was committed. A task whose
 * every item was committed before the restart is finished (done), not reported as interrupted.
 */
export function registerJobResult(operationType: string, writer: JobResultWriter): void {
  resultWriters.set(operationType, writer);
}

/** Writes the result of interrupted journaled tasks, and finishes those that had committed every item. */
async function accountFor(
  app: FastifyInstance,
  interrupted: {
    id: number;
    school_id: number;
    operation_type: string;
    progress: number;
    data_count: number;
    params: Record<string, unknown> | null;
  }[],
): Promise<void> {
  for (const r of interrupted) {
    const writer = resultWriters.get(r.operation_type);
    if (!writer) continue;
    try {
      const lines = await readJournal(app, r.school_id, r.id, r.progress);
      const finished = r.data_count > 0 && r.progress >= r.data_count;
      const target: JobResultTarget = {
        id: r.id,
        schoolId: r.school_id,
        params: r.params ?? {},
        resultPath: (name) => path.join(ensureDir(app, jobDir(r.school_id, r.id)), path.basename(name)),
      };
      const rel = relativeFile(app, await writer(app, target, lines, finished));
      await app.database.db.execute(
        finished
          ? sql`update job set state = 2, error = null, result_file = ${rel} where id = ${r.id}`
          : sql`update job set result_file = ${rel} where id = ${r.id}`,
      );
    } catch (e) {
      app.log.error({ err: e, job: r.id }, 'writing the result of an interrupted task');
    }
  }
}

/** Scheduled work: due rows live in `job` (school 0), so with several processes only one runs each turn. */
export function registerSchedule(name: string, spec: ScheduleSpec, fn: (app: FastifyInstance) => Promise<void>) {
  schedules.set(name, { spec, fn });
}

/** Starts a background task in this process right away; returns its id (the spec's DataID). */
export async function startJob(app: FastifyInstance, opts: StartJobOptions): Promise<{ id: number }> {
  const run = opts.run ?? kinds.get(opts.operationType);
  if (!run) throw new Error(`no runner for job kind ${opts.operationType}`);
  const rt = runtimeOf(app);
  const [row] = await rows<JobRow>(
    app,
    sql`insert into job (school_id, user_id, operation_type, file_name, data_count, params, state, owner,
          started_at, heartbeat)
        values (${opts.schoolId}, ${opts.userId}, ${opts.operationType}, ${opts.fileName}, ${opts.dataCount ?? 0},
          ${opts.params ? JSON.stringify(opts.params) : null}::jsonb, 1, ${rt.owner}, now(), now())
        returning id, school_id, user_id, operation_type, file_name, progress, params`,
  );
  void execute(app, row, run);
  return { id: row.id };
}

const ownerIsDead = (app: FastifyInstance) =>
  // One process per PGlite data folder (it holds the folder lock): any running row at start-up is orphaned.
  app.database.kind === 'pglite'
    ? sql`true`
    : sql`heartbeat < now() - make_interval(secs => ${jobTiming.staleMs / 1000})`;

/**
 * Tasks whose process died: resumable kinds go back to pending (claimed again below), the others are
 * marked failed with the reason. `startup` = this process just started (on PGlite, nobody else runs).
 */
async function recover(app: FastifyInstance, startup: boolean): Promise<void> {
  const rt = runtimeOf(app);
  const resumable = [...kinds.keys()];
  const dead = startup ? ownerIsDead(app) : sql`heartbeat < now() - make_interval(secs => ${jobTiming.staleMs / 1000})`;
  const notMine = sql`(owner is null or owner <> ${rt.owner})`;
  await app.database.db.execute(
    sql`update job set state = 0, owner = null where state = 1 and key is null and ${notMine} and ${dead}
        and operation_type = any(${toArray(resumable)})`,
  );
  const failed = await rows<any>(
    app,
    sql`update job set state = 3, error = ${INTERRUPTED}, finished_at = now()
        where state = 1 and ${notMine} and ${dead} and not (key is null and operation_type = any(${toArray(resumable)}))
        returning id, school_id, operation_type, progress, data_count, params`,
  );
  await accountFor(app, failed);
}

function toArray(v: string[]) {
  return sql`array[${sql.join(v.length ? v.map((x) => sql`${x}`) : [sql`''`], sql`, `)}]::text[]`;
}

/** Claims pending resumable tasks one by one (FOR UPDATE SKIP LOCKED: two processes never take the same). */
async function claimPending(app: FastifyInstance): Promise<void> {
  const rt = runtimeOf(app);
  const resumable = [...kinds.keys()];
  if (!resumable.length) return;
  for (;;) {
    if (rt.closed) return;
    const [row] = await rows<JobRow>(
      app,
      sql`update job set state = 1, owner = ${rt.owner}, heartbeat = now(), started_at = coalesce(started_at, now())
          where id = (select id from job where state = 0 and key is null
            and operation_type = any(${toArray(resumable)}) order by id limit 1 for update skip locked)
          returning id, school_id, user_id, operation_type, file_name, progress, params`,
    );
    if (!row) return;
    void execute(app, row, kinds.get(row.operation_type)!);
  }
}

/** Runs every schedule that is due and not taken by another process. */
async function runSchedules(app: FastifyInstance): Promise<void> {
  const rt = runtimeOf(app);
  for (const [name, s] of schedules) {
    const key = `schedule:${name}`;
    await app.database.db.execute(
      sql`insert into job (school_id, operation_type, key, state, run_at)
          values (0, ${key}, ${key}, 0, ${nextRun(s.spec, new Date(), app.config.timeZone)}) on conflict (key) do nothing`,
    );
    const [row] = await rows<{ id: number }>(
      app,
      sql`update job set state = 1, owner = ${rt.owner}, heartbeat = now(), started_at = now(), error = null
          where id = (select id from job where key = ${key} and state <> 1 and run_at <= now()
            for update skip locked) returning id`,
    );
    if (!row) continue;
    let error: string | null = null;
    const started = Date.now();
    // Debug: most schedules are checks every minute or five that find nothing to do.
    app.log.debug({ schedule: name }, 'scheduled work started');
    try {
      await s.fn(app);
    } catch (e: any) {
      error = String(e?.message ?? e).slice(0, 1000);
    }
    app.log[error ? 'warn' : 'debug'](
      { schedule: name, durationMs: Date.now() - started, error: error ?? undefined },
      'scheduled work ended',
    );
    if (rt.closed) return;
    await app.database.db.execute(
      sql`update job set state = ${error ? 3 : 2}, error = ${error}, finished_at = now(),
          progress = progress + 1, run_at = ${nextRun(s.spec, new Date(), app.config.timeZone)}
          where id = ${row.id}`,
    );
  }
}

/** Tells other processes this one is alive (its own timer, so long work never delays it). */
async function heartbeat(app: FastifyInstance): Promise<void> {
  const rt = runtimeOf(app);
  if (rt.closed) return;
  await app.database.db.execute(sql`update job set heartbeat = now() where owner = ${rt.owner} and state = 1`);
}

/** One turn of the background loop: recover orphans, claim work, run due schedules. */
export async function tick(app: FastifyInstance, startup = false): Promise<void> {
  const rt = runtimeOf(app);
  if (rt.closed) return;
  await recover(app, startup);
  await claimPending(app);
  await runSchedules(app);
}

/** Starts the loop when the app is ready; on a graceful close hands unfinished tasks back. */
/** Test aid: the process "dies" — no more writes, no heartbeat, live tasks abandoned as a kill would. */
export function simulateCrash(app: FastifyInstance): void {
  const rt = runtimeOf(app);
  rt.closed = true;
  clearTimeout(rt.timer);
  clearInterval(rt.beat);
}

export function installJobRunner(app: FastifyInstance): void {
  const rt = runtimeOf(app);
  app.addHook('onReady', async () => {
    await tick(app, true);
    const loop = () => {
      rt.timer = setTimeout(async () => {
        try {
          await inBackground(() => tick(app));
        } catch (e) {
          app.log.error({ err: e }, 'job loop');
        }
        if (!rt.closed) loop();
      }, jobTiming.tickMs);
      rt.timer.unref();
    };
    loop();
    rt.beat = setInterval(
      () => void inBackground(() => heartbeat(app)).catch(() => {}),
      Math.max(1000, jobTiming.staleMs / 4),
    );
    rt.beat.unref();
  });
  app.addHook('onClose', async () => {
    rt.closed = true;
    clearTimeout(rt.timer);
    clearInterval(rt.beat);
    if (!rt.live.size) return;
    const resumable = [...kinds.keys()];
    await app.database.db.execute(
      sql`update job set state = 0, owner = null where owner = ${rt.owner} and state = 1 and key is null
          and operation_type = any(${toArray(resumable)})`,
    );
    const failed = await rows<any>(
      app,
      sql`update job set state = 3, error = ${INTERRUPTED}, finished_at = now() where owner = ${rt.owner} and state = 1
          returning id, school_id, operation_type, progress, data_count, params`,
    );
    await accountFor(app, failed);
  });
}
