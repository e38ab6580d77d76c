import type { TaskDto, TaskProgress, ThemeState } from '@shuyuan/contracts/themes/theme';
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { configOf } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { SCHOOL_ZONE, schoolToday } from '../circulation/rules.service.ts';
import { schoolClass } from '../org/school-class.table.ts';
import { awardPoints } from '../points/award.ts';
import { passedReviewCounts } from './reviews-link.ts';
import { readingTheme, themeActivity, themeParticipant, themeSubmission, themeTask } from './themes.table.ts';

/** A list of ids as one int[] parameter. */
export const intArray = (ids: number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;

export type ThemeRow = typeof readingTheme.$inferSelect;

/** coming before the start day, running through the end day, ended after it (days of the school's calendar). */
export function stateOf(p: { startDate: string; endDate: string }, today: string): ThemeState {
  if (today < p.startDate) return 'coming';
  return today > p.endDate ? 'ended' : 'running';
}

export function taskToDto(r: typeof themeTask.$inferSelect): TaskDto {
  return {
    id: r.id,
    kind: r.kind as TaskDto['kind'],
    title: r.title,
    count: r.count,
    submitKind: r.submitKind as TaskDto['submitKind'],
    activityId: r.activityId,
  };
}

/** Every task of a theme: its own first, then its activities' (in their order). */
export async function tasksOf(db: Db, scope: Scope, themeId: number): Promise<TaskDto[]> {
  const rows = await db
    .select()
    .from(themeTask)
    .where(scope.where(themeTask, eq(themeTask.themeId, themeId)))
    .orderBy(sql`${themeTask.activityId} nulls first`, asc(themeTask.sort), asc(themeTask.id));
  return rows.map(taskToDto);
}

/** A published theme of the school, or undefined. */
export async function publishedTheme(db: Db, scope: Scope, id: number): Promise<ThemeRow | undefined> {
  const [t] = await db
    .select()
    .from(readingTheme)
    .where(scope.where(readingTheme, eq(readingTheme.id, id), eq(readingTheme.published, true)));
  return t;
}

/** May this reader join: both lists empty, or their class is listed, or their class's grade is. */
export async function mayJoin(db: Db, _scope: Scope, theme: ThemeRow, userId: number): Promise<boolean> {
  if (!theme.gradeIds.length && !theme.classIds.length) return true;
  const [u] = await db
    .select({ classId: appUser.classId, gradeId: schoolClass.gradeId })
    .from(appUser)
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .where(eq(appUser.id, userId));
  if (!u?.classId) return false;
  return theme.classIds.includes(u.classId) || (u.gradeId != null && theme.gradeIds.includes(u.gradeId));
}

/** The period a task counts in: its activity's, else the theme's. */
async function periods(db: Db, scope: Scope, theme: ThemeRow) {
  const acts = await db
    .select({ id: themeActivity.id, startDate: themeActivity.startDate, endDate: themeActivity.endDate })
    .from(themeActivity)
    .where(scope.where(themeActivity, eq(themeActivity.themeId, theme.id)));
  const byId = new Map(acts.map((a) => [a.id, a]));
  return (t: TaskDto) => (t.activityId && byId.get(t.activityId)) || theme;
}

/**
 * Each reader's progress with each task of a theme: read — distinct theme books borrowed within the task's period
 * (loans outside it do not count); review — theme books the reader has a passed review of; submit — passed
 * submissions for the task.
 */
export async function progressOf(
  db: Db,
  scope: Scope,
  theme: ThemeRow,
  tasks: TaskDto[],
  userIds: number[],
): Promise<Map<number, { progress: TaskProgress[]; complete: boolean }>> {
  const out = new Map<number, { progress: TaskProgress[]; complete: boolean }>();
  if (!userIds.length) return out;
  const tz = await configOf(db, scope, SCHOOL_ZONE);
  const periodOf = await periods(db, scope, theme);
  const books = theme.bookIds;
  const counts = new Map<string, number>(); // `${taskId}:${userId}` → done
  for (const task of tasks) {
    const p = periodOf(task);
    if (task.kind === 'read' && books.length) {
      const rows = await rowsOf<{ user_id: number; n: number }>(
        db,
        sql`select l.user_id, count(distinct l.record_id)::int as n from loan l
            where l.school_id = ${scope.schoolId} and l.user_id = any(${intArray(userIds)}) and l.record_id = any(${intArray(books)})
              and (l.borrowed_at at time zone ${tz})::date between ${p.startDate}::date and ${p.endDate}::date
            group by l.user_id`,
      );
      for (const r of rows) counts.set(`${task.id}:${r.user_id}`, r.n);
    } else if (task.kind === 'review' && books.length) {
      // One review per reader and book (reviews module), counted once passed.
      const byUser = await passedReviewCounts(db, scope, { userIds, recordIds: books });
      for (const [u, n] of byUser) counts.set(`${task.id}:${u}`, n);
    } else if (task.kind === 'submit') {
      const rows = await db
        .select({ userId: themeSubmission.userId, n: sql<number>`count(*)::int` })
        .from(themeSubmission)
        .where(
          scope.where(
            themeSubmission,
            eq(themeSubmission.taskId, task.id),
            eq(themeSubmission.state, 'passed'),
            inArray(themeSubmission.userId, userIds),
          ),
        )
        .groupBy(themeSubmission.userId);
      for (const r of rows) counts.set(`${task.id}:${r.userId}`, r.n);
    }
  }
  for (const u of userIds) {
    const progress = tasks.map((t) => {
      const done = Math.min(counts.get(`${t.id}:${u}`) ?? 0, t.count);
      return { taskId: t.id, done, count: t.count, complete: done >= t.count };
    });
    out.set(u, { progress, complete: progress.length > 0 && progress.every((p) => p.complete) });
  }
  return out;
}

/**
 * Records the completion of readers who have done every task (once: completed_at) and awards `activity_award`
 * points for it, in the caller's transaction. Answers the users newly completed.
 */
export async function recordCompletions(
  db: Db,
  scope: Scope,
  theme: ThemeRow,
  done: Map<number, { complete: boolean }>,
): Promise<number[]> {
  const complete = [...done].filter(([, v]) => v.complete).map(([u]) => u);
  if (!complete.length) return [];
  const marked = await db
    .update(themeParticipant)
    .set({ completedAt: new Date() })
    .where(
      scope.where(
        themeParticipant,
        eq(themeParticipant.themeId, theme.id),
        inArray(themeParticipant.userId, complete),
        isNull(themeParticipant.completedAt),
      ),
    )
    .returning({ userId: themeParticipant.userId });
  for (const m of marked)
    await awardPoints(db, scope, {
      userId: m.userId,
      event: 'activity_award',
      refType: 'reading_theme',
      refId: theme.id,
      note: theme.title,
    });
  return marked.map((m) => m.userId);
}

/** Progress of some participants of a theme, completions recorded on the way (one transaction). */
export async function refreshProgress(db: Db, scope: Scope, theme: ThemeRow, tasks: TaskDto[], userIds: number[]) {
  const prog = await progressOf(db, scope, theme, tasks, userIds);
  const joined = userIds.length
    ? await db
        .select({ userId: themeParticipant.userId })
        .from(themeParticipant)
        .where(
          scope.where(
            themeParticipant,
            eq(themeParticipant.themeId, theme.id),
            inArray(themeParticipant.userId, userIds),
          ),
        )
    : [];
  const mine = new Map([...prog].filter(([u]) => joined.some((j) => j.userId === u)));
  await db.transaction((tx) => recordCompletions(tx, scope, theme, mine));
  return prog;
}

export async function today(db: Db, scope: Scope): Promise<string> {
  return schoolToday(db, scope);
}
