import type {
  JudgeBody,
  ParticipantsData,
  RunThemeRow,
  SubmissionRow,
  SubmissionState,
  ThemePageQuery,
} from '@shuyuan/contracts/themes/theme';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { schoolClass } from '../org/school-class.table.ts';
import { awardPoints } from '../points/award.ts';
import { publishedTheme, recordCompletions, progressOf, refreshProgress, tasksOf, today } from './progress.service.ts';
import { readingTheme, themeParticipant, themeSubmission, themeTask } from './themes.table.ts';

/** Published themes running today (/join-reading) or ended (/end-reading), with participants and open work. */
export async function runList(ctx: Ctx<any>, ended: boolean, q: { Page: number; Rows: number; SearchKey?: string }) {
  const day = await today(ctx.db, ctx.scope);
  const key = q.SearchKey?.trim();
  const where = ctx.scope.where(
    readingTheme,
    eq(readingTheme.published, true),
    ended
      ? lt(readingTheme.endDate, day)
      : and(sql`${readingTheme.startDate} <= ${day}`, gte(readingTheme.endDate, day)),
    key ? sql`${readingTheme.title} ilike ${`%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const s = ctx.scope.schoolId;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: readingTheme.id,
        title: readingTheme.title,
        startDate: readingTheme.startDate,
        endDate: readingTheme.endDate,
        participants: sql<number>`(select count(*)::int from theme_participant p where p.school_id = ${s} and p.theme_id = reading_theme.id)`,
        completed: sql<number>`(select count(*)::int from theme_participant p where p.school_id = ${s} and p.theme_id = reading_theme.id and p.completed_at is not null)`,
        pending: sql<number>`(select count(*)::int from theme_submission x where x.school_id = ${s} and x.theme_id = reading_theme.id and x.state = 'pending')`,
      })
      .from(readingTheme)
      .where(where)
      .orderBy(ended ? desc(readingTheme.endDate) : asc(readingTheme.endDate), desc(readingTheme.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(readingTheme).where(where),
  ]);
  return list<RunThemeRow>(rows, total);
}

/** A published theme of the school that has started (running or ended), else not found. */
async function startedTheme(ctx: Ctx<any>, id: number) {
  const th = await publishedTheme(ctx.db, ctx.scope, id);
  if (!th || th.startDate > (await today(ctx.db, ctx.scope))) throw notFound();
  return th;
}

/** A page of a theme's participants with their progress per task (completions recorded on the way). */
export async function participants(ctx: Ctx<any>, q: ThemePageQuery): Promise<ParticipantsData> {
  const th = await startedTheme(ctx, q.themeId);
  const tasks = await tasksOf(ctx.db, ctx.scope, th.id);
  const where = ctx.scope.where(themeParticipant, eq(themeParticipant.themeId, th.id));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        userId: themeParticipant.userId,
        name: appUser.name,
        account: appUser.account,
        className: sql<string>`coalesce(${schoolClass.name}, '')`,
        joinedAt: themeParticipant.joinedAt,
      })
      .from(themeParticipant)
      .innerJoin(appUser, eq(appUser.id, themeParticipant.userId))
      .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
      .where(where)
      .orderBy(asc(schoolClass.name), asc(appUser.account))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(themeParticipant).where(where),
  ]);
  const prog = await refreshProgress(
    ctx.db,
    ctx.scope,
    th,
    tasks,
    rows.map((r) => r.userId),
  );
  const completed = await ctx.db
    .select({ userId: themeParticipant.userId, at: themeParticipant.completedAt })
    .from(themeParticipant)
    .where(where);
  const at = new Map(completed.map((c) => [c.userId, c.at]));
  return {
    tasks,
    Total: total,
    List: rows.map((r) => ({
      ...r,
      joinedAt: r.joinedAt.toISOString(),
      progress: prog.get(r.userId)?.progress ?? [],
      // Once recorded, a completion stays (a task changed later does not take the certificate back).
      complete: !!at.get(r.userId) || (prog.get(r.userId)?.complete ?? false),
      completedAt: at.get(r.userId)?.toISOString() ?? null,
    })),
  };
}

/** A page of a theme's submissions (pending first), optionally of one state. */
export async function submissions(ctx: Ctx<any>, q: ThemePageQuery & { state?: SubmissionState }) {
  const th = await startedTheme(ctx, q.themeId);
  const judge = alias(appUser, 'judge');
  const where = ctx.scope.where(
    themeSubmission,
    eq(themeSubmission.themeId, th.id),
    q.state ? eq(themeSubmission.state, q.state) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: themeSubmission.id,
        taskId: themeSubmission.taskId,
        taskTitle: themeTask.title,
        userId: themeSubmission.userId,
        name: appUser.name,
        className: sql<string>`coalesce(${schoolClass.name}, '')`,
        kind: themeSubmission.kind,
        text: themeSubmission.text,
        image: themeSubmission.image,
        state: themeSubmission.state,
        score: themeSubmission.score,
        reason: themeSubmission.reason,
        createdAt: themeSubmission.createdAt,
        judgedBy: sql<string>`coalesce(${judge.name}, '')`,
      })
      .from(themeSubmission)
      .innerJoin(themeTask, eq(themeTask.id, themeSubmission.taskId))
      .innerJoin(appUser, eq(appUser.id, themeSubmission.userId))
      .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
      .leftJoin(judge, eq(judge.id, themeSubmission.judgedBy))
      .where(where)
      .orderBy(
        sql`${themeSubmission.state} = 'pending' desc`,
        desc(themeSubmission.createdAt),
        desc(themeSubmission.id),
      )
      .limit(q.Rows)
      .offset(pageOffset(q)),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(themeSubmission).where(where),
  ]);
  return list<SubmissionRow>(
    rows.map((r) => ({
      ...r,
      kind: r.kind as SubmissionRow['kind'],
      state: r.state as SubmissionState,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  );
}

/** Identities that never judge, whatever role they hold. */
const NEVER_JUDGE = new Set(['student', 'parent']);

/**
 * Passes (with an optional score) or rejects (with a reason) a pending submission. A student or a parent never
 * judges. A pass awards `activity_submission` points and may complete the reader's theme (`activity_award`), all
 * in one transaction.
 */
export async function judge(ctx: Ctx<JudgeBody>) {
  if (!ctx.user || NEVER_JUDGE.has(ctx.user.identity)) throw forbidden();
  const b = ctx.body;
  const [sub] = await ctx.db
    .select()
    .from(themeSubmission)
    .where(ctx.scope.where(themeSubmission, eq(themeSubmission.id, b.id)));
  if (!sub) throw notFound();
  if (sub.userId === ctx.user.userId) throw forbidden();
  const th = await publishedTheme(ctx.db, ctx.scope, sub.themeId);
  if (!th) throw notFound();
  const tasks = await tasksOf(ctx.db, ctx.scope, th.id);
  ctx.auditDetail.id = sub.id;
  ctx.auditDetail.passed = b.passed;
  await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(themeSubmission)
      .set({
        state: b.passed ? 'passed' : 'rejected',
        score: b.passed ? (b.score ?? null) : null,
        reason: b.passed ? '' : b.reason,
        judgedBy: ctx.user!.userId,
        judgedAt: new Date(),
      })
      .where(ctx.scope.where(themeSubmission, eq(themeSubmission.id, sub.id), eq(themeSubmission.state, 'pending')))
      .returning({ id: themeSubmission.id });
    if (!done) throw fail('ALREADY_JUDGED', 'themes.alreadyJudged');
    if (b.passed) {
      await awardPoints(tx, ctx.scope, {
        userId: sub.userId,
        event: 'activity_submission',
        refType: 'theme_submission',
        refId: sub.id,
        note: th.title,
      });
      const prog = await progressOf(tx, ctx.scope, th, tasks, [sub.userId]);
      await recordCompletions(tx, ctx.scope, th, prog);
    }
    await ctx.audit(tx);
  });
  return { id: sub.id, state: b.passed ? 'passed' : 'rejected' };
}

/**
 * Every participant of a theme with their progress per task as a sheet (the export of /join-reading and
 * /end-reading): class, account, name, joined, one column per task ("done/count"), completed and when.
 */
export async function participantsSheet(ctx: Ctx<any>, themeId: number) {
  const rows: ParticipantsData['List'] = [];
  let tasks: ParticipantsData['tasks'] = [];
  for (let Page = 1; ; Page++) {
    const d = await participants(ctx, { themeId, Page, Rows: 500, SearchKey: '' });
    tasks = d.tasks;
    rows.push(...d.List);
    if (rows.length >= d.Total || !d.List.length) break;
  }
  const t = ctx.t;
  const headers = [
    t('themes.export.class'),
    t('themes.export.account'),
    t('themes.export.name'),
    t('themes.export.joinedAt'),
    ...tasks.map((k) => k.title),
    t('themes.export.complete'),
    t('themes.export.completedAt'),
  ];
  const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
  const body = rows.map((r) => [
    r.className,
    r.account,
    r.name,
    day(r.joinedAt),
    ...tasks.map((k) => {
      const p = r.progress.find((x) => x.taskId === k.id);
      return p ? `${p.done}/${p.count}` : '';
    }),
    r.complete ? t('themes.export.yes') : t('themes.export.no'),
    day(r.completedAt),
  ]);
  return { headers, body };
}
