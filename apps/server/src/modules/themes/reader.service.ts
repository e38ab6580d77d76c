import type { MyTheme, SubmitBody } from '@shuyuan/contracts/themes/theme';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { mayJoin, publishedTheme, refreshProgress, stateOf, tasksOf, today } from './progress.service.ts';
import { readingTheme, themeActivity, themeParticipant, themeSubmission, themeTask } from './themes.table.ts';
import { checkPictures } from '../reviews/pictures.ts';
import { checkWriting, reviewSettings } from '../reviews/settings.service.ts';

/** Pending submissions a reader may have for one task at once. */
const PENDING_PER_TASK = 3;

/**
 * The caller's themes: the published ones running or coming that they may join, and every one they joined (ended
 * ones included), with their progress and submissions. Completions are recorded on the way.
 */
export async function myThemes(ctx: Ctx<unknown>): Promise<MyTheme[]> {
  const { db, scope } = ctx;
  const userId = ctx.user!.userId;
  const day = await today(db, scope);
  const joinedRows = await db
    .select({ themeId: themeParticipant.themeId, completedAt: themeParticipant.completedAt })
    .from(themeParticipant)
    .where(scope.where(themeParticipant, eq(themeParticipant.userId, userId)));
  const joined = new Set(joinedRows.map((j) => j.themeId));
  const themes = await db
    .select()
    .from(readingTheme)
    .where(
      scope.where(
        readingTheme,
        eq(readingTheme.published, true),
        joined.size
          ? sql`(${readingTheme.endDate} >= ${day} or ${inArray(readingTheme.id, [...joined])})`
          : gte(readingTheme.endDate, day),
      ),
    )
    .orderBy(desc(readingTheme.startDate), desc(readingTheme.id))
    .limit(50);
  const out: MyTheme[] = [];
  for (const th of themes) {
    const eligible = await mayJoin(db, scope, th, userId);
    if (!eligible && !joined.has(th.id)) continue;
    const tasks = await tasksOf(db, scope, th.id);
    const mine = joined.has(th.id);
    const prog = mine ? (await refreshProgress(db, scope, th, tasks, [userId])).get(userId) : undefined;
    const [acts, subs] = await Promise.all([
      db
        .select({
          id: themeActivity.id,
          title: themeActivity.title,
          startDate: themeActivity.startDate,
          endDate: themeActivity.endDate,
        })
        .from(themeActivity)
        .where(scope.where(themeActivity, eq(themeActivity.themeId, th.id)))
        .orderBy(asc(themeActivity.startDate), asc(themeActivity.id)),
      mine
        ? db
            .select({
              id: themeSubmission.id,
              taskId: themeSubmission.taskId,
              kind: themeSubmission.kind,
              text: themeSubmission.text,
              image: themeSubmission.image,
              state: themeSubmission.state,
              score: themeSubmission.score,
              reason: themeSubmission.reason,
            })
            .from(themeSubmission)
            .where(scope.where(themeSubmission, eq(themeSubmission.themeId, th.id), eq(themeSubmission.userId, userId)))
            .orderBy(desc(themeSubmission.id))
        : Promise.resolve([]),
    ]);
    out.push({
      id: th.id,
      title: th.title,
      description: th.description,
      cover: th.cover,
      startDate: th.startDate,
      endDate: th.endDate,
      state: stateOf(th, day),
      joined: mine,
      eligible,
      tasks,
      activities: acts,
      progress: prog?.progress ?? [],
      complete: (prog?.complete ?? false) || !!joinedRows.find((j) => j.themeId === th.id)?.completedAt,
      submissions: subs as MyTheme['submissions'],
    });
  }
  return out;
}

/** Joins a running published theme the caller may join (joining twice is a no-op). */
export async function joinTheme(ctx: Ctx<{ id: number }>) {
  const { db, scope } = ctx;
  const th = await publishedTheme(db, scope, ctx.body.id);
  if (!th) throw notFound();
  if (stateOf(th, await today(db, scope)) !== 'running') throw fail('NOT_RUNNING', 'themes.notRunning');
  if (!(await mayJoin(db, scope, th, ctx.user!.userId))) throw fail('NOT_ELIGIBLE', 'themes.notEligible');
  await db
    .insert(themeParticipant)
    .values(scope.values({ themeId: th.id, userId: ctx.user!.userId }))
    .onConflictDoNothing();
  return { id: th.id, joined: true };
}

/**
 * A reader's picture or text for a submit task of a theme they joined, within the task's period; it waits for a
 * teacher. Pictures must be the school's uploaded images (images only, size limited by the upload module).
 */
export async function submit(ctx: Ctx<SubmitBody>) {
  const { db, scope, body } = ctx;
  const userId = ctx.user!.userId;
  const [task] = await db
    .select()
    .from(themeTask)
    .where(scope.where(themeTask, eq(themeTask.id, body.taskId)));
  if (task?.kind !== 'submit') throw notFound();
  const th = await publishedTheme(db, scope, task.themeId);
  if (!th) throw notFound();
  let period = { startDate: th.startDate, endDate: th.endDate };
  if (task.activityId) {
    const [a] = await db
      .select({ startDate: themeActivity.startDate, endDate: themeActivity.endDate })
      .from(themeActivity)
      .where(scope.where(themeActivity, eq(themeActivity.id, task.activityId)));
    if (a) period = a;
  }
  if (stateOf(period, await today(db, scope)) !== 'running') throw fail('NOT_RUNNING', 'themes.notRunning');
  const [joined] = await db
    .select({ id: themeParticipant.id })
    .from(themeParticipant)
    .where(scope.where(themeParticipant, eq(themeParticipant.themeId, th.id), eq(themeParticipant.userId, userId)));
  if (!joined) throw fail('NOT_JOINED', 'themes.joinFirst');
  if (task.submitKind === 'picture') {
    if (!body.image) throw invalid([{ path: 'image', message: ctx.t('themes.pictureRequired') }]);
    // An image this school uploaded, by name and by content, within the upload's size limit (as reading shares).
    await checkPictures(ctx.req.server, scope.schoolId, [body.image], 1, ctx.t, 'image');
  } else if (!body.text) throw invalid([{ path: 'text', message: ctx.t('themes.textRequired') }]);
  // What a child writes passes the school's banned-word list on save, as reviews and shares do.
  if (body.text) checkWriting(ctx.t, body.text, 0, (await reviewSettings(db, scope)).bannedWords, 'text');
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(themeSubmission)
    .where(
      scope.where(
        themeSubmission,
        and(eq(themeSubmission.taskId, task.id), eq(themeSubmission.userId, userId)),
        eq(themeSubmission.state, 'pending'),
      ),
    );
  if (n >= PENDING_PER_TASK) throw fail('TOO_MANY_PENDING', 'themes.tooManyPending', { n: PENDING_PER_TASK });
  const [row] = await db
    .insert(themeSubmission)
    .values(
      scope.values({
        themeId: th.id,
        taskId: task.id,
        userId,
        kind: task.submitKind,
        text: body.text,
        image: task.submitKind === 'picture' ? body.image : '',
      }),
    )
    .returning({ id: themeSubmission.id });
  return { id: row.id, state: 'pending' };
}
