import { P } from '@shuyuan/contracts/common/paths';
import {
  DOWNLOAD_JOB_FILE_PATH,
  type JobView,
  type ProgressListQuery,
  canTransition,
} from '@shuyuan/contracts/jobs/job';
import { and, count, desc, eq, ilike, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser } from '../../modules/auth/user.table.ts';
import { list, pageOffset } from '../envelope.ts';
import { fail, notFound } from '../errors.ts';
import { hasPermission, type Principal } from '../principal.ts';
import type { Scope } from '../tenancy.ts';
import { job } from './job.table.ts';
import { reasonText } from './runtime.ts';

type Row = typeof job.$inferSelect & { userName?: string | null };

export const PROCESS_CODE = 'process';

/** The API's view of a task (spec names); `tr` translates a stored reason key. */
export function toView(r: Row, tr: (key: string, params?: Record<string, unknown>) => string): JobView {
  const pct = r.dataCount > 0 ? Math.min(100, Math.floor((r.progress / r.dataCount) * 100)) : r.state === 2 ? 100 : 0;
  return {
    ID: r.id,
    FileName: r.fileName,
    OperationType: r.operationType,
    DataCount: r.dataCount,
    Progress: r.progress,
    ResultFile: (r.state === 2 || r.state === 3) && r.resultFile ? `${P}${DOWNLOAD_JOB_FILE_PATH}?ID=${r.id}` : '',
    percentage: r.state === 2 ? 100 : pct,
    State: r.state as JobView['State'],
    Error: r.error ? reasonText(r.error, tr) : null,
    UserID: r.userId,
    UserName: r.userName ?? null,
    CreatedAt: r.createdAt.toISOString(),
    StartedAt: r.startedAt?.toISOString() ?? null,
    FinishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** A task of the school that the caller may see: their own, or any with the 'process' permission. */
export async function getVisibleJob(db: Db, scope: Scope, user: Principal, id: number): Promise<Row> {
  const [r] = await db
    .select()
    .from(job)
    .where(scope.where(job, eq(job.id, id), isNull(job.key)))
    .limit(1);
  if (!r) throw notFound('job.notFound');
  if (r.userId !== user.userId && !hasPermission(user, PROCESS_CODE)) throw notFound('job.notFound');
  return r;
}

export async function listJobs(db: Db, scope: Scope, user: Principal, q: ProgressListQuery) {
  const all = q.Scope === 'all' && hasPermission(user, PROCESS_CODE);
  const where = scope.where(
    job,
    isNull(job.key),
    all ? undefined : eq(job.userId, user.userId),
    q.SearchKey ? ilike(job.fileName, `%${q.SearchKey.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    q.OperationType ? eq(job.operationType, q.OperationType) : undefined,
    q.State === undefined || q.State === '' ? undefined : eq(job.state, q.State),
  );
  const [{ n }] = await db.select({ n: count() }).from(job).where(and(where));
  const found = await db
    .select({ j: job, userName: appUser.name })
    .from(job)
    .leftJoin(appUser, eq(appUser.id, job.userId))
    .where(where)
    .orderBy(desc(job.id))
    .limit(q.Rows)
    .offset(pageOffset(q));
  return list(
    found.map((f) => ({ ...f.j, userName: f.userName })),
    n,
  );
}

/** Stop: only a pending or running task; the runner sees it at its next progress write. */
export async function stopJob(db: Db, scope: Scope, user: Principal, id: number): Promise<void> {
  const r = await getVisibleJob(db, scope, user, id);
  if (r.userId !== user.userId && !hasPermission(user, `${PROCESS_CODE}:stop`)) throw notFound('job.notFound');
  if (!canTransition(r.state, 4)) throw fail('JOB_NOT_RUNNING', 'job.notRunning');
  await db
    .update(job)
    .set({ state: 4, finishedAt: new Date() })
    .where(scope.where(job, eq(job.id, id)));
}
