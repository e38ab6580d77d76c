import type { ActivityDto, TaskInput, ThemeDto } from '@shuyuan/contracts/themes/theme';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { taskToDto, type ThemeRow } from './progress.service.ts';
import { readingTheme, themeActivity, themeParticipant, themeSubmission, themeTask } from './themes.table.ts';

/** Every id must be a row of the school in `table` (else an issue on `path`). */
async function checkIds(
  ctx: Ctx<any>,
  db: Db,
  table: typeof catalogueRecord | typeof grade | typeof schoolClass,
  ids: number[],
  path: string,
  key: string,
) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(ctx.scope.where(table, inArray(table.id, unique)));
  if (found.length !== unique.length) throw invalid([{ path, message: ctx.t(key) }]);
  return unique;
}

/** A theme's values from the form: books, grades and classes must be the school's. */
export async function themeValues(ctx: Ctx<any>, db: Db, input: Record<string, any>) {
  const { id: _id, tasks: _t, ...v } = input;
  return {
    ...v,
    bookIds: await checkIds(ctx, db, catalogueRecord, v.bookIds, 'bookIds', 'themes.badBooks'),
    gradeIds: await checkIds(ctx, db, grade, v.gradeIds, 'gradeIds', 'themes.badGrades'),
    classIds: await checkIds(ctx, db, schoolClass, v.classIds, 'classIds', 'themes.badClasses'),
    updatedAt: new Date(),
  };
}

/** An activity's values: its theme must be the school's and its period inside the theme's. */
export async function activityValues(ctx: Ctx<any>, db: Db, input: Record<string, any>) {
  const { id: _id, tasks: _t, ...v } = input;
  const [theme] = await db
    .select()
    .from(readingTheme)
    .where(ctx.scope.where(readingTheme, eq(readingTheme.id, v.themeId)));
  if (!theme) throw invalid([{ path: 'themeId', message: ctx.t('themes.themeRequired') }]);
  if (v.startDate < theme.startDate || v.endDate > theme.endDate)
    throw invalid([
      {
        path: 'startDate',
        message: ctx.t('themes.activityOutside', { start: theme.startDate, end: theme.endDate }),
      },
    ]);
  return { ...v, updatedAt: new Date() };
}

/**
 * Saves the tasks of a theme (activityId null) or of an activity: listed ids are updated, new ones added, missing
 * ones removed — refused for a task that already has submissions (they would lose their task).
 */
export async function saveTasks(
  ctx: Ctx<any>,
  db: Db,
  themeId: number,
  activityId: number | null,
  tasks: TaskInput[],
): Promise<void> {
  const mine = ctx.scope.where(
    themeTask,
    eq(themeTask.themeId, themeId),
    activityId === null ? isNull(themeTask.activityId) : eq(themeTask.activityId, activityId),
  );
  const kept = tasks.map((t) => t.id).filter((id): id is number => !!id);
  const existing = await db.select({ id: themeTask.id }).from(themeTask).where(mine);
  const known = new Set(existing.map((e) => e.id));
  tasks.forEach((t, i) => {
    if (t.id && !known.has(t.id)) throw invalid([{ path: `tasks.${i}`, message: ctx.t('error.notFound') }]);
  });
  const gone = existing.map((e) => e.id).filter((id) => !kept.includes(id));
  if (gone.length) {
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(themeSubmission)
      .where(ctx.scope.where(themeSubmission, inArray(themeSubmission.taskId, gone)));
    if (used.n > 0) throw fail('IN_USE', 'themes.taskInUse');
    await db.delete(themeTask).where(and(mine, kept.length ? notInArray(themeTask.id, kept) : undefined));
  }
  for (const [sort, t] of tasks.entries()) {
    const values = { kind: t.kind, title: t.title, count: t.count, submitKind: t.submitKind, sort };
    if (t.id)
      await db
        .update(themeTask)
        .set(values)
        .where(and(mine, eq(themeTask.id, t.id)));
    else await db.insert(themeTask).values(ctx.scope.values({ ...values, themeId, activityId }));
  }
}

/** Refuses to delete themes readers joined; else removes their activities and tasks too (same transaction). */
export async function beforeThemeDelete(ctx: Ctx<any>, db: Db, ids: number[]): Promise<void> {
  const [joined] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(themeParticipant)
    .where(ctx.scope.where(themeParticipant, inArray(themeParticipant.themeId, ids)));
  if (joined.n > 0) throw fail('IN_USE', 'themes.themeInUse');
  await db.delete(themeTask).where(ctx.scope.where(themeTask, inArray(themeTask.themeId, ids)));
  await db.delete(themeActivity).where(ctx.scope.where(themeActivity, inArray(themeActivity.themeId, ids)));
}

/** Refuses to delete an activity whose tasks have submissions; else removes its tasks. */
export async function beforeActivityDelete(ctx: Ctx<any>, db: Db, ids: number[]): Promise<void> {
  const tasks = ctx.scope.where(themeTask, inArray(themeTask.activityId, ids));
  const [used] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(themeSubmission)
    .innerJoin(themeTask, eq(themeTask.id, themeSubmission.taskId))
    .where(tasks);
  if (used.n > 0) throw fail('IN_USE', 'themes.taskInUse');
  await db.delete(themeTask).where(tasks);
}

/** A theme may be published once it has a task, and a book list when a task counts books. */
export async function checkPublishable(ctx: Ctx<any>, db: Db, themes: ThemeRow[]): Promise<void> {
  for (const th of themes) {
    const tasks = await db
      .select({ kind: themeTask.kind })
      .from(themeTask)
      .where(ctx.scope.where(themeTask, eq(themeTask.themeId, th.id)));
    if (!tasks.length) throw fail('NO_TASKS', 'themes.noTasks', { title: th.title });
    if (!th.bookIds.length && tasks.some((t) => t.kind !== 'submit'))
      throw fail('NO_BOOKS', 'themes.noBooks', { title: th.title });
  }
}

export async function themeToDto(r: ThemeRow, ctx: Ctx<any>): Promise<ThemeDto> {
  const s = ctx.scope;
  const [books, tasks, [p], [a]] = await Promise.all([
    r.bookIds.length
      ? ctx.db
          .select({ id: catalogueRecord.id, title: catalogueRecord.title, author: catalogueRecord.author })
          .from(catalogueRecord)
          .where(s.where(catalogueRecord, inArray(catalogueRecord.id, r.bookIds)))
      : Promise.resolve([]),
    ctx.db
      .select()
      .from(themeTask)
      .where(s.where(themeTask, eq(themeTask.themeId, r.id), isNull(themeTask.activityId)))
      .orderBy(asc(themeTask.sort), asc(themeTask.id)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(themeParticipant)
      .where(s.where(themeParticipant, eq(themeParticipant.themeId, r.id))),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(themeActivity)
      .where(s.where(themeActivity, eq(themeActivity.themeId, r.id))),
  ]);
  const byId = new Map(books.map((b) => [b.id, b]));
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    cover: r.cover,
    startDate: r.startDate,
    endDate: r.endDate,
    gradeIds: r.gradeIds,
    classIds: r.classIds,
    bookIds: r.bookIds,
    books: r.bookIds.map((id) => byId.get(id)).filter((b) => !!b),
    tasks: tasks.map(taskToDto),
    published: r.published,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    participants: p.n,
    activities: a.n,
  };
}

export async function activityToDto(r: typeof themeActivity.$inferSelect, ctx: Ctx<any>): Promise<ActivityDto> {
  const [[theme], tasks] = await Promise.all([
    ctx.db
      .select({ title: readingTheme.title })
      .from(readingTheme)
      .where(ctx.scope.where(readingTheme, eq(readingTheme.id, r.themeId))),
    ctx.db
      .select()
      .from(themeTask)
      .where(ctx.scope.where(themeTask, eq(themeTask.activityId, r.id)))
      .orderBy(asc(themeTask.sort), asc(themeTask.id)),
  ]);
  return {
    id: r.id,
    themeId: r.themeId,
    themeTitle: theme?.title ?? '',
    title: r.title,
    description: r.description,
    cover: r.cover,
    startDate: r.startDate,
    endDate: r.endDate,
    tasks: tasks.map(taskToDto),
  };
}

export type { Scope };
