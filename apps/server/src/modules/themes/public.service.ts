import { maskName } from '@shuyuan/contracts/statistics/charts';
import type {
  ActivityInfo,
  PublicActivity,
  PublicSubmission,
  PublicTheme,
  PublicTask,
  ThemeState,
} from '@shuyuan/contracts/themes/theme';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { list, pageOffset } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { progressOf, publishedTheme, stateOf, type ThemeRow, tasksOf, today } from './progress.service.ts';
import { readingTheme, themeActivity, themeParticipant, themeSubmission, themeTask } from './themes.table.ts';

type Paged = { Page: number; Rows: number };

/** The condition of a state on a period's columns, today being `day`. */
function inState(start: PgColumn, end: PgColumn, state: ThemeState | undefined, day: string): SQL | undefined {
  if (state === 'coming') return sql`${start} > ${day}`;
  if (state === 'running') return and(sql`${start} <= ${day}`, gte(end, day));
  if (state === 'ended') return lt(end, day);
  return undefined;
}

async function toPublicTheme(ctx: Ctx<any>, th: ThemeRow, day: string): Promise<PublicTheme> {
  const [c] = await ctx.db
    .select({
      participants: sql<number>`count(*)::int`,
      completed: sql<number>`count(${themeParticipant.completedAt})::int`,
    })
    .from(themeParticipant)
    .where(ctx.scope.where(themeParticipant, eq(themeParticipant.themeId, th.id)));
  return {
    id: th.id,
    title: th.title,
    description: th.description,
    cover: th.cover,
    startDate: th.startDate,
    endDate: th.endDate,
    state: stateOf(th, day),
    participants: c.participants,
    completed: c.completed,
    books: th.bookIds.length,
  };
}

/** Published themes, running first then by start (newest first). */
export async function publicThemes(ctx: Ctx<any>, q: Paged & { state?: ThemeState }) {
  const day = await today(ctx.db, ctx.scope);
  const where = ctx.scope.where(
    readingTheme,
    eq(readingTheme.published, true),
    inState(readingTheme.startDate, readingTheme.endDate, q.state, day),
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(readingTheme)
      .where(where)
      .orderBy(sql`${readingTheme.endDate} >= ${day} desc`, desc(readingTheme.startDate), desc(readingTheme.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(readingTheme).where(where),
  ]);
  const out: PublicTheme[] = [];
  for (const th of rows) out.push(await toPublicTheme(ctx, th, day));
  return list(out, total);
}

const activityColumns = {
  id: themeActivity.id,
  themeId: themeActivity.themeId,
  themeTitle: readingTheme.title,
  title: themeActivity.title,
  description: themeActivity.description,
  cover: themeActivity.cover,
  startDate: themeActivity.startDate,
  endDate: themeActivity.endDate,
};

/** Activities of published themes (or of one), running first. */
export async function publicActivities(ctx: Ctx<any>, q: Paged & { themeId?: number; state?: ThemeState }) {
  const day = await today(ctx.db, ctx.scope);
  const where = ctx.scope.where(
    themeActivity,
    eq(readingTheme.published, true),
    q.themeId ? eq(themeActivity.themeId, q.themeId) : undefined,
    inState(themeActivity.startDate, themeActivity.endDate, q.state, day),
  );
  const join = eq(readingTheme.id, themeActivity.themeId);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select(activityColumns)
      .from(themeActivity)
      .innerJoin(readingTheme, join)
      .where(where)
      .orderBy(sql`${themeActivity.endDate} >= ${day} desc`, asc(themeActivity.startDate), asc(themeActivity.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(themeActivity).innerJoin(readingTheme, join).where(where),
  ]);
  return list<PublicActivity>(
    rows.map((r) => ({ ...r, state: stateOf(r, day) })),
    total,
  );
}

/** Passed submissions of a published theme (or of one activity's tasks): names masked, no class. */
export async function publicSubmissions(ctx: Ctx<any>, q: Paged & { themeId?: number; activityId?: number }) {
  let themeId = q.themeId;
  if (q.activityId) {
    const [a] = await ctx.db
      .select({ themeId: themeActivity.themeId })
      .from(themeActivity)
      .where(ctx.scope.where(themeActivity, eq(themeActivity.id, q.activityId)));
    themeId = a?.themeId;
  }
  if (!themeId || !(await publishedTheme(ctx.db, ctx.scope, themeId))) throw notFound();
  const where = ctx.scope.where(
    themeSubmission,
    eq(themeSubmission.themeId, themeId),
    eq(themeSubmission.state, 'passed'),
    q.activityId ? eq(themeTask.activityId, q.activityId) : undefined,
  );
  const join = eq(themeTask.id, themeSubmission.taskId);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: themeSubmission.id,
        name: appUser.name,
        taskTitle: themeTask.title,
        kind: themeSubmission.kind,
        text: themeSubmission.text,
        image: themeSubmission.image,
        score: themeSubmission.score,
        at: themeSubmission.judgedAt,
      })
      .from(themeSubmission)
      .innerJoin(themeTask, join)
      .innerJoin(appUser, eq(appUser.id, themeSubmission.userId))
      .where(where)
      .orderBy(desc(themeSubmission.judgedAt), desc(themeSubmission.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(themeSubmission).innerJoin(themeTask, join).where(where),
  ]);
  return list<PublicSubmission>(
    rows.map((r) => ({
      ...r,
      name: maskName(r.name),
      kind: r.kind as PublicSubmission['kind'],
      at: r.at?.toISOString() ?? '',
    })),
    total,
  );
}

/** A published theme (or one of its activities) with its books, tasks (how many readers did each) and activities. */
export async function activityInfo(ctx: Ctx<any>, q: { id?: number; themeId?: number }): Promise<ActivityInfo> {
  const day = await today(ctx.db, ctx.scope);
  let activity: PublicActivity | null = null;
  let themeId = q.themeId;
  if (q.id) {
    const [a] = await ctx.db
      .select(activityColumns)
      .from(themeActivity)
      .innerJoin(readingTheme, eq(readingTheme.id, themeActivity.themeId))
      .where(ctx.scope.where(themeActivity, eq(themeActivity.id, q.id), eq(readingTheme.published, true)));
    if (!a) throw notFound();
    activity = { ...a, state: stateOf(a, day) };
    themeId = a.themeId;
  }
  const th = themeId ? await publishedTheme(ctx.db, ctx.scope, themeId) : undefined;
  if (!th) throw notFound();
  const all = await tasksOf(ctx.db, ctx.scope, th.id);
  const tasks = activity ? all.filter((t) => t.activityId === activity.id) : all.filter((t) => !t.activityId);
  const joined = await ctx.db
    .select({ userId: themeParticipant.userId })
    .from(themeParticipant)
    .where(ctx.scope.where(themeParticipant, eq(themeParticipant.themeId, th.id)));
  const prog = await progressOf(
    ctx.db,
    ctx.scope,
    th,
    tasks,
    joined.map((j) => j.userId),
  );
  const done = (id: number) =>
    [...prog.values()].filter((p) => p.progress.some((x) => x.taskId === id && x.complete)).length;
  const books = th.bookIds.length
    ? await ctx.db
        .select({
          id: catalogueRecord.id,
          title: catalogueRecord.title,
          author: catalogueRecord.author,
          cover: catalogueRecord.coverUrl,
        })
        .from(catalogueRecord)
        .where(ctx.scope.where(catalogueRecord, inArray(catalogueRecord.id, th.bookIds)))
    : [];
  const byId = new Map(books.map((b) => [b.id, b]));
  const acts = await publicActivities(ctx, { themeId: th.id, Page: 1, Rows: 100 });
  return {
    theme: await toPublicTheme(ctx, th, day),
    activity,
    books: th.bookIds.map((id) => byId.get(id)).filter((b) => !!b),
    tasks: tasks.map(
      (t): PublicTask => ({
        id: t.id,
        kind: t.kind,
        title: t.title,
        count: t.count,
        submitKind: t.submitKind,
        done: done(t.id),
      }),
    ),
    activities: acts.List,
  };
}
