import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { makeLocation, makeRecord } from '../opac/test-fixtures.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { pointEntry } from '../points/points.table.ts';
import { passedReviewsOf } from './review.service.ts';
import { bookReview, reviewSetting } from './reviews.table.ts';

const t = useTestApp();
const B = `${P}/BookReview`;
type User = Awaited<ReturnType<typeof buildUser>>;
let scope: Scope;
let ann: User;
let bob: User;
let librarian: User;
let books: number[];
let classA: number;
const as = (who: User, url: string, body: unknown = {}, lang: 'zh' | 'en' = 'en') =>
  t.post(url, body, { token: who.token, lang });
const write = (who: User, recordId: number, content: string, rating = 5, lang: 'zh' | 'en' = 'en') =>
  as(who, `${P}/Opac/SaveMyReview`, { recordId, rating, content }, lang);
const settings = (over: Record<string, unknown>) =>
  t.post(`${B}/SaveReviewSettings`, {
    reviewModeration: true,
    reviewMinLength: 10,
    reviewPoints: true,
    shareModeration: true,
    shareMinLength: 10,
    sharePoints: true,
    shareMaxPictures: 9,
    bannedWords: [],
    ...over,
  });
const publicReviews = (recordId: number) =>
  t.post(`${P}/Search/RecordReviews`, { recordId }, { token: null, schoolId: t.schoolId });

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  const [g] = await t.db
    .insert(grade)
    .values(scope.values({ name: '评论三年级' }))
    .returning();
  const [c] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g.id, name: '三(2)班' }))
    .returning();
  classA = c.id;
  ann = await buildUser(t.db, t.schoolId, { identity: 'student' });
  await t.db.update(appUser).set({ name: '张小明', classId: classA }).where(eq(appUser.id, ann.id));
  bob = await buildUser(t.db, t.schoolId, { identity: 'student' });
  librarian = await buildUser(t.db, t.schoolId, { permissions: ['bookreview', 'bookreview:audit'] });
  const hall = await makeLocation(t.db, scope, '借阅室');
  books = [];
  for (const title of ['西游记', '水浒传', '三国演义'])
    books.push((await makeRecord(t.db, scope, { title, author: '佚名' }, [{ ...hall }])).id);
});

beforeEach(async () => {
  await t.db.delete(bookReview);
  await t.db.delete(reviewSetting);
});

describe('book reviews', () => {
  it('waits for a reviewer, then shows on the public page with a masked name and the average', async () => {
    const res = await write(ann, books[0], '这本书讲了唐僧师徒四人去西天取经的故事，非常精彩', 4);
    expect(res.json.success, res.json.msg).toBe(true);
    expect(res.json.data.state).toBe('pending');
    expect((await publicReviews(books[0])).json.data.Total).toBe(0);

    const list = await as(librarian, `${B}/GetReviewList`, { state: 'pending' });
    expect(list.json.data.List.map((r: any) => [r.readerName, r.className, r.title])).toEqual([
      ['张小明', '三(2)班', '西游记'],
    ]);
    const id = list.json.data.List[0].id;
    expect((await as(librarian, `${B}/ModerateReviews`, { ids: [id], pass: true })).json.success).toBe(true);
    expect(await passedReviewsOf(t.db, scope, ann.id, books)).toEqual([books[0]]);

    await write(bob, books[0], 'A long journey to the west, with a monkey king.', 2);
    const bobs = await as(librarian, `${B}/GetReviewList`, { state: 'pending' });
    await as(librarian, `${B}/ModerateReviews`, { ids: [bobs.json.data.List[0].id], pass: true });

    const pub = await publicReviews(books[0]);
    expect(pub.json.data.Total).toBe(2);
    expect(pub.json.data.average).toBe(3);
    const names = pub.json.data.List.map((r: any) => r.maskedName);
    expect(names).toContain('张*明');
    expect(JSON.stringify(pub.json.data)).not.toContain('张小明');
    expect(JSON.stringify(pub.json.data)).not.toContain('三(2)班');
  });

  it('a rejection needs a reason, which the reader sees; editing sends the review back to pending', async () => {
    const first = await write(ann, books[1], '好看好看好看好看好看好看');
    const id = first.json.data.id;
    const noReason = await as(librarian, `${B}/ModerateReviews`, { ids: [id], pass: false });
    expect(noReason.json.success).toBe(false);
    expect(noReason.json.issues[0].message).toBe('Please give the reason for the rejection');
    await as(librarian, `${B}/ModerateReviews`, { ids: [id], pass: false, reason: '请写写书里的内容' });
    const mine = await as(ann, `${P}/Opac/MyReviews`, {});
    expect(mine.json.data.List[0]).toMatchObject({ state: 'rejected', rejectReason: '请写写书里的内容' });

    const again = await write(ann, books[1], '林冲风雪山神庙一段写得最好，让我很感动', 5);
    expect(again.json.data).toMatchObject({ id, state: 'pending', rejectReason: '' });
    const rows = await t.db.select().from(bookReview).where(eq(bookReview.userId, ann.id));
    expect(rows).toHaveLength(1);

    await as(librarian, `${B}/ModerateReviews`, { ids: [id], pass: true });
    await write(ann, books[1], '林冲风雪山神庙一段写得最好，我又读了一遍', 5);
    await as(librarian, `${B}/ModerateReviews`, { ids: [id], pass: true });
    // The school's rule for an approved review (default 5 points), credited once however often it is passed.
    const points = await t.db
      .select()
      .from(pointEntry)
      .where(eq(pointEntry.refId, String(id)));
    expect(points.map((p) => [p.event, p.points])).toEqual([['review_approved', 5]]);
    await write(ann, books[1], '林冲风雪山神庙一段写得最好，我又读了两遍', 5);
    expect((await as(ann, `${P}/Opac/MyReviewOf`, { recordId: books[1] })).json.data.state).toBe('pending');
    expect((await publicReviews(books[1])).json.data.Total).toBe(0);
  });

  it('refuses banned words and short texts with a message naming the problem, storing nothing', async () => {
    await settings({ bannedWords: ['笨蛋', 'stupid'], reviewMinLength: 8 });
    const banned = await write(ann, books[0], '写这本书的人是个笨蛋，真的', 1, 'zh');
    expect(banned.json.success).toBe(false);
    expect(banned.json.errorCode).toBe('BANNED_WORD');
    expect(banned.json.msg).toContain('笨蛋');
    const upper = await write(ann, books[0], 'What a STUPID story this was', 1);
    expect(upper.json.msg).toContain('stupid');
    const short = await write(ann, books[0], '好看', 5);
    expect(short.json.errorCode).toBe('TOO_SHORT');
    expect(short.json.msg).toBe('Too short: at least 8 characters (2 now)');
    expect(await t.db.select().from(bookReview)).toHaveLength(0);
  });

  it('with moderation off a review is passed at once; with points off none are credited', async () => {
    await settings({ reviewModeration: false, reviewMinLength: 0, reviewPoints: false });
    const res = await write(ann, books[2], '好看');
    expect(res.json.data.state).toBe('passed');
    expect((await publicReviews(books[2])).json.data.List[0]).toMatchObject({ maskedName: '张*明', rating: 5 });
    const review = (await t.db.select().from(bookReview).where(eq(bookReview.recordId, books[2])))[0];
    const credited = await t.db
      .select()
      .from(pointEntry)
      .where(eq(pointEntry.refId, String(review.id)));
    expect(credited).toEqual([]);
  });

  it('a student never passes a review, even holding the audit permission', async () => {
    const id = (await write(ann, books[0], '这本书讲了唐僧师徒四人去西天取经')).json.data.id;
    const pupil = await buildUser(t.db, t.schoolId, {
      identity: 'student',
      permissions: ['bookreview', 'bookreview:audit'],
    });
    const res = await as(pupil, `${B}/ModerateReviews`, { ids: [id], pass: true });
    expect(res.json.errorCode).toBe('STUDENT_CANNOT_MODERATE');
    expect((await as(bob, `${B}/ModerateReviews`, { ids: [id], pass: true })).status).toBe(403);
    expect((await as(bob, `${B}/GetReviewList`, {})).status).toBe(403);
    const [row] = await t.db.select().from(bookReview).where(eq(bookReview.id, id));
    expect(row.state).toBe('pending');
  });

  it('filters the back-office list and keeps schools apart', async () => {
    await write(ann, books[0], '这本书讲了唐僧师徒四人去西天取经');
    await write(bob, books[1], '林冲风雪山神庙一段写得最好');
    const byClass = await as(librarian, `${B}/GetReviewList`, { classId: classA });
    expect(byClass.json.data.List.map((r: any) => r.title)).toEqual(['西游记']);
    const byTitle = await as(librarian, `${B}/GetReviewList`, { SearchKey: '水浒' });
    expect(byTitle.json.data.Total).toBe(1);
    const byReader = await as(librarian, `${B}/GetReviewList`, { reader: '小明' });
    expect(byReader.json.data.List.map((r: any) => r.readerName)).toEqual(['张小明']);
    const ids = (await as(librarian, `${B}/GetReviewList`, {})).json.data.List.map((r: any) => r.id);

    const other = await buildSchool(t.db);
    const stranger = await buildUser(t.db, other, { permissions: ['*'] });
    const theirs = await t.post(`${B}/GetReviewList`, {}, { token: stranger.token, schoolId: other });
    expect(theirs.json.data.Total).toBe(0);
    const pass = await t.post(`${B}/ModerateReviews`, { ids, pass: true }, { token: stranger.token, schoolId: other });
    expect(pass.json.errorCode).toBe('NOT_FOUND');
    const del = await t.post(`${B}/DeleteReview`, { ids }, { token: stranger.token, schoolId: other });
    expect(del.json.success).toBe(false);
    expect(await t.db.select().from(bookReview)).toHaveLength(2);
    const pub = await t.post(`${P}/Search/RecordReviews`, { recordId: books[0] }, { token: null, schoolId: other });
    expect(pub.json.success).toBe(false);

    expect((await t.post(`${B}/DeleteReview`, { ids })).json.data.count).toBe(2);
  });
});
