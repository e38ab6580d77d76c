import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { addDays, schoolToday } from '../circulation/rules.service.ts';
import { loan } from '../circulation/circulation.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { makeRecord } from '../opac/test-fixtures.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { pointEntry } from '../points/points.table.ts';
import { bookReview, reviewSetting } from '../reviews/reviews.table.ts';
import { readingTheme } from './themes.table.ts';

const T = `${P}/Themes`;
const O = `${P}/Opac`;
const S = '/micro/space/api';
const t = useTestApp();

let scope: Scope;
let today: string;
let books: number[];
let classA: number;
let classB: number;
let gradeOne: number;
let teacher: { id: number; token: string };

async function reader(name: string, classId: number | null, identity = 'student') {
  const u = await buildUser(t.db, t.schoolId, { identity });
  await t.db.update(appUser).set({ name, classId }).where(eq(appUser.id, u.id));
  return u;
}

/** A loan of one of the theme's books, borrowed `daysAgo` days ago. */
async function lend(userId: number, recordId: number, daysAgo: number) {
  const [c] = await t.db.select({ id: copy.id }).from(copy).where(eq(copy.recordId, recordId)).limit(1);
  await t.db.insert(loan).values(
    scope.values({
      copyId: c.id,
      recordId,
      userId,
      borrowedAt: new Date(Date.now() - daysAgo * 86_400_000),
      dueDate: today,
      returnedAt: new Date(),
    }),
  );
}

const themeBody = (over: Record<string, unknown> = {}) => ({
  title: '读书月',
  description: '一起读书',
  startDate: addDays(today, -5),
  endDate: addDays(today, 10),
  bookIds: books,
  tasks: [
    { kind: 'read', title: '读两本书', count: 2 },
    { kind: 'submit', title: '画一幅画', submitKind: 'picture' },
    { kind: 'submit', title: '写读后感', submitKind: 'text' },
  ],
  ...over,
});

async function publishedTheme(over: Record<string, unknown> = {}) {
  const add = await t.post(`${T}/AddTheme`, themeBody(over));
  expect(add.json.code, JSON.stringify(add.json)).toBe(0);
  const pub = await t.post(`${T}/PublishTheme`, { ids: [add.json.data.id], published: true });
  expect(pub.json.code, JSON.stringify(pub.json)).toBe(0);
  const got = await t.post(`${T}/GetTheme`, { id: add.json.data.id });
  return got.json.data as { id: number; tasks: { id: number; kind: string; submitKind: string }[] };
}

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  today = await schoolToday(t.db, scope);
  const { locationId } = await import('../opac/test-fixtures.ts').then((m) => m.makeLocation(t.db, scope, '主馆'));
  books = [];
  for (const title of ['草房子', '城南旧事', '小王子'])
    books.push((await makeRecord(t.db, scope, { title }, [{ locationId }])).id);
  const [g] = await t.db
    .insert(grade)
    .values(scope.values({ name: '主题一年级' }))
    .returning();
  const [g2] = await t.db
    .insert(grade)
    .values(scope.values({ name: '主题二年级' }))
    .returning();
  gradeOne = g.id;
  const [a] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g.id, name: '一(1)班' }))
    .returning();
  const [b] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g2.id, name: '二(1)班' }))
    .returning();
  classA = a.id;
  classB = b.id;
  teacher = await buildUser(t.db, t.schoolId, {
    identity: 'teacher',
    permissions: ['join-reading', 'join-reading:audit'],
  });
});

describe('theme CRUD and publishing', () => {
  it('requires a title and the dates, and an end not before the start (in the caller’s language)', async () => {
    const res = await t.post(`${T}/AddTheme`, { ...themeBody(), title: ' ', startDate: '' }, { lang: 'zh' });
    expect(res.json.success).toBe(false);
    const issues = res.json.issues as { path: string; message: string }[];
    expect(issues).toContainEqual({ path: 'title', message: '请填写标题' });
    expect(issues).toContainEqual({ path: 'startDate', message: '请选择开始日期' });
    const rev = await t.post(`${T}/AddTheme`, themeBody({ startDate: today, endDate: addDays(today, -1) }));
    expect(rev.json.issues).toContainEqual({
      path: 'endDate',
      message: 'The end day cannot be before the start day',
    });
    const other = await buildSchool(t.db);
    const foreign = await makeRecord(t.db, new Scope(other), { title: 'Elsewhere' });
    const bad = await t.post(`${T}/AddTheme`, themeBody({ bookIds: [foreign.id] }));
    expect(bad.json.issues[0].path).toBe('bookIds');
  });

  it('saves the book list and tasks, refuses to publish a theme without tasks, lists and updates', async () => {
    const empty = await t.post(`${T}/AddTheme`, themeBody({ title: '空主题', tasks: [] }));
    const pub = await t.post(`${T}/PublishTheme`, { ids: [empty.json.data.id], published: true }, { lang: 'zh' });
    expect(pub.json.msg).toBe('“空主题”还没有任务，不能发布');
    const full = await publishedTheme({ title: '全书' });
    const got = (await t.post(`${T}/GetTheme`, { id: full.id })).json.data;
    expect(got.books.map((b: { title: string }) => b.title)).toEqual(['草房子', '城南旧事', '小王子']);
    expect(got.tasks.map((x: { title: string }) => x.title)).toEqual(['读两本书', '画一幅画', '写读后感']);
    expect(got.published).toBe(true);
    // Keep the first task, drop the others, add one.
    const upd = await t.post(`${T}/UpdateTheme`, {
      ...themeBody({ title: '全书（改）' }),
      id: full.id,
      tasks: [
        { ...got.tasks[0], count: 3 },
        { kind: 'review', title: '写书评' },
      ],
    });
    expect(upd.json.code, JSON.stringify(upd.json)).toBe(0);
    const after = (await t.post(`${T}/GetTheme`, { id: full.id })).json.data;
    expect(after.tasks.map((x: { id: number; count: number }) => [x.id, x.count])[0]).toEqual([got.tasks[0].id, 3]);
    expect(after.tasks[1].kind).toBe('review');
    const list = await t.post(`${T}/GetThemeList`, { SearchKey: '全书' });
    expect(list.json.data.List.map((x: { title: string }) => x.title)).toEqual(['全书（改）']);
  });

  it('keeps an activity within its theme’s period', async () => {
    const th = await publishedTheme({ title: '带活动' });
    const out = await t.post(`${T}/AddActivity`, {
      themeId: th.id,
      title: '读书月竞赛',
      startDate: addDays(today, -30),
      endDate: today,
    });
    expect(out.json.issues[0].path).toBe('startDate');
    const ok = await t.post(`${T}/AddActivity`, {
      themeId: th.id,
      title: '读书月竞赛',
      startDate: today,
      endDate: addDays(today, 3),
      tasks: [{ kind: 'submit', title: '手抄报', submitKind: 'picture' }],
    });
    expect(ok.json.code, JSON.stringify(ok.json)).toBe(0);
    expect(ok.json.data.tasks[0].activityId).toBe(ok.json.data.id);
  });
});

describe('joining, progress and judging', () => {
  it('lets only the listed grades and classes join', async () => {
    const th = await publishedTheme({ title: '一年级专属', gradeIds: [gradeOne] });
    const inA = await reader('王一一', classA);
    const inB = await reader('王二二', classB);
    const mineB = (await t.post(`${O}/MyThemes`, {}, { token: inB.token })).json.data as { id: number }[];
    expect(mineB.map((x) => x.id)).not.toContain(th.id);
    const refused = await t.post(`${O}/JoinTheme`, { id: th.id }, { token: inB.token, lang: 'zh' });
    expect(refused.json.msg).toBe('该主题不面向你所在的年级或班级');
    const joined = await t.post(`${O}/JoinTheme`, { id: th.id }, { token: inA.token });
    expect(joined.json.code).toBe(0);
    const byClass = await publishedTheme({ title: '二(1)班专属', classIds: [classB] });
    expect((await t.post(`${O}/JoinTheme`, { id: byClass.id }, { token: inB.token })).json.code).toBe(0);
  });

  it('counts the theme’s books borrowed within the period, not before it', async () => {
    const th = await publishedTheme({ title: '计数' });
    const r = await reader('李小华', classA);
    await t.post(`${O}/JoinTheme`, { id: th.id }, { token: r.token });
    await lend(r.id, books[0], 1);
    await lend(r.id, books[0], 2); // the same book twice counts once
    await lend(r.id, books[1], 30); // before the theme started
    let mine = (await t.post(`${O}/MyThemes`, {}, { token: r.token })).json.data.find((x: any) => x.id === th.id);
    const read = th.tasks.find((x) => x.kind === 'read')!;
    expect(mine.progress.find((p: any) => p.taskId === read.id)).toMatchObject({ done: 1, count: 2, complete: false });
    await lend(r.id, books[2], 0);
    mine = (await t.post(`${O}/MyThemes`, {}, { token: r.token })).json.data.find((x: any) => x.id === th.id);
    expect(mine.progress.find((p: any) => p.taskId === read.id)).toMatchObject({ done: 2, complete: true });
    expect(mine.complete).toBe(false);
  });

  it('counts passed reviews of the theme’s books for a review task, not pending ones or other books', async () => {
    const th = await publishedTheme({ title: '书评任务', tasks: [{ kind: 'review', title: '写两篇书评', count: 2 }] });
    const r = await reader('孙书评', classA);
    await t.post(`${O}/JoinTheme`, { id: th.id }, { token: r.token });
    const other = await makeRecord(t.db, scope, { title: '书单外' });
    const review = (recordId: number, state: string) =>
      t.db.insert(bookReview).values(scope.values({ recordId, userId: r.id, rating: 5, content: '好看好看', state }));
    await review(books[0], 'passed');
    await review(books[1], 'pending');
    await review(other.id, 'passed');
    const progress = async () =>
      (await t.post(`${O}/MyThemes`, {}, { token: r.token })).json.data.find((x: any) => x.id === th.id);
    expect((await progress()).progress[0]).toMatchObject({ done: 1, count: 2, complete: false });
    await review(books[2], 'passed');
    const done = await progress();
    expect(done.progress[0]).toMatchObject({ done: 2, complete: true });
    expect(done.complete).toBe(true);
  });

  it('lets a teacher judge, never a student, and completes the theme with a certificate', async () => {
    const th = await publishedTheme({ title: '评审' });
    const r = await reader('张小明', classA);
    const [picture, text] = [th.tasks[1], th.tasks[2]];
    await t.post(`${O}/JoinTheme`, { id: th.id }, { token: r.token });
    const noPic = await t.post(`${O}/SubmitTheme`, { taskId: picture.id, text: 'x' }, { token: r.token });
    expect(noPic.json.issues[0].path).toBe('image');
    // Pictures are images this school uploaded, by name and by content (the reading shares' check).
    const file = (name: string, bytes: Buffer) => {
      const rel = `uploads/${t.schoolId}/public/202611/${name}`;
      const abs = path.join(t.app.config.dataDir, 'files', rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, bytes);
      return `/files/${rel}`;
    };
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const fake = await t.post(
      `${O}/SubmitTheme`,
      { taskId: picture.id, image: file('fake.png', Buffer.from('<script>alert(1)</script>')) },
      { token: r.token },
    );
    expect(fake.json).toMatchObject({ errorCode: 'BAD_PICTURE', issues: [{ path: 'image' }] });
    const pic = await t.post(`${O}/SubmitTheme`, { taskId: picture.id, image: file('a.png', PNG) }, { token: r.token });
    expect(pic.json.success, JSON.stringify(pic.json)).toBe(true);
    // Texts pass the school's banned-word list on save; nothing is stored when one is found.
    await t.db
      .insert(reviewSetting)
      .values(scope.values({ bannedWords: ['笨蛋'] }))
      .onConflictDoNothing();
    const rude = await t.post(`${O}/SubmitTheme`, { taskId: text.id, text: '你是笨蛋' }, { token: r.token });
    expect(rude.json).toMatchObject({ errorCode: 'BANNED_WORD', issues: [{ path: 'text' }] });
    const txt = await t.post(`${O}/SubmitTheme`, { taskId: text.id, text: '我喜欢桑桑' }, { token: r.token });
    expect(txt.json.data.state).toBe('pending');
    // A student holding the judging permission is still refused.
    const student = await buildUser(t.db, t.schoolId, {
      identity: 'student',
      permissions: ['join-reading', 'join-reading:audit'],
    });
    const byStudent = await t.post(
      `${T}/JudgeSubmission`,
      { id: txt.json.data.id, passed: true },
      { token: student.token },
    );
    expect(byStudent.status).toBe(403);
    const noReason = await t.post(
      `${T}/JudgeSubmission`,
      { id: pic.json.data.id, passed: false },
      { token: teacher.token },
    );
    expect(noReason.json.issues[0].path).toBe('reason');
    const subs = await t.post(`${T}/GetSubmissions`, { themeId: th.id }, { token: teacher.token });
    expect(subs.json.data.Total).toBe(2);
    expect(subs.json.data.List[0]).toMatchObject({ name: '张小明', className: '一(1)班', state: 'pending' });
    for (const id of [pic.json.data.id, txt.json.data.id]) {
      const ok = await t.post(`${T}/JudgeSubmission`, { id, passed: true, score: 95 }, { token: teacher.token });
      expect(ok.json.code, JSON.stringify(ok.json)).toBe(0);
    }
    const again = await t.post(
      `${T}/JudgeSubmission`,
      { id: txt.json.data.id, passed: false, reason: 'x' },
      { token: teacher.token },
    );
    expect(again.json.errorCode ?? again.json.data?.errorCode ?? again.json.msg).toBeTruthy();
    expect(again.json.success).toBe(false);
    // Reading done too → complete.
    await lend(r.id, books[0], 1);
    await lend(r.id, books[1], 1);
    const parts = await t.post(`${T}/GetParticipants`, { themeId: th.id }, { token: teacher.token });
    const row = parts.json.data.List.find((p: any) => p.userId === r.id);
    expect(row.complete).toBe(true);
    expect(row.completedAt).toBeTruthy();
    // Points: each passed submission (activity_submission) and the completed theme (activity_award), once each.
    await t.post(`${T}/GetParticipants`, { themeId: th.id }, { token: teacher.token });
    const entries = await t.db
      .select({ event: pointEntry.event, points: pointEntry.points })
      .from(pointEntry)
      .where(eq(pointEntry.userId, r.id));
    expect(entries.map((e) => e.event).sort()).toEqual([
      'activity_award',
      'activity_submission',
      'activity_submission',
    ]);
    expect(entries.every((e) => e.points > 0)).toBe(true);
    // The theme ends: results and the certificate.
    await t.db
      .update(readingTheme)
      .set({ startDate: addDays(today, -20), endDate: addDays(today, -1) })
      .where(eq(readingTheme.id, th.id));
    const ended = await t.post(`${T}/GetEndedThemes`, {});
    expect(ended.json.data.List.find((x: any) => x.id === th.id)).toMatchObject({ participants: 1, completed: 1 });
    const res = await t.inject({
      method: 'POST',
      url: `${T}/GetCertificate`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'zh' },
      payload: { themeId: th.id, userId: r.id },
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    // The results as a workbook: the reader, each task's progress, completed.
    const sheet = await t.inject({
      method: 'POST',
      url: `${T}/ExportResults`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'zh' },
      payload: { id: th.id },
    });
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((x) =>
      x.filter((c) => c != null),
    );
    expect(rows[0]).toEqual(expect.arrayContaining(['班级', '姓名', '是否完成']));
    // One column per task of the theme, between the joined day and the completion.
    expect(rows[0]).toHaveLength(6 + th.tasks.length);
    expect(rows[1]).toEqual(expect.arrayContaining(['张小明', '是']));
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['end-reading'] });
    expect((await t.post(`${T}/ExportResults`, { id: th.id }, { token: viewer.token })).status).toBe(403);
    const pdfText = execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload }).toString();
    expect(pdfText).toContain('荣誉证书');
    expect(pdfText).toContain('张小明');
    expect(pdfText).toContain('评审');
    // The reader's own copy; another reader who did not complete is refused.
    const own = await t.inject({
      method: 'POST',
      url: `${O}/MyThemeCertificate`,
      headers: { authorization: `Bearer ${r.token}`, schoolid: String(t.schoolId) },
      payload: { id: th.id },
    });
    expect(own.headers['content-type']).toBe('application/pdf');
    const late = await reader('赵六', classA);
    const none = await t.post(`${O}/MyThemeCertificate`, { id: th.id }, { token: late.token });
    expect(none.json.success).toBe(false);
  });
});

describe('space/api (public)', () => {
  it('answers published themes of the school, passed submissions only, names masked and no class', async () => {
    const th = await publishedTheme({ title: '公开主题' });
    const draft = await t.post(`${T}/AddTheme`, themeBody({ title: '草稿主题' }));
    const r = await reader('陈小红', classA);
    await t.post(`${O}/JoinTheme`, { id: th.id }, { token: r.token });
    const a = await t.post(`${O}/SubmitTheme`, { taskId: th.tasks[2].id, text: '通过的作品' }, { token: r.token });
    await t.post(`${O}/SubmitTheme`, { taskId: th.tasks[2].id, text: '待评的作品' }, { token: r.token });
    await t.post(`${T}/JudgeSubmission`, { id: a.json.data.id, passed: true }, { token: teacher.token });
    const list = await t.get(`${S}/appactivitytheme/getlist`, { Page: 1, Rows: 50 }, { token: null });
    const titles = list.json.data.List.map((x: any) => x.title);
    expect(titles).toContain('公开主题');
    expect(titles).not.toContain('草稿主题');
    expect(list.json.data.List.find((x: any) => x.id === th.id)).toMatchObject({
      state: 'running',
      participants: 1,
      books: 3,
    });
    const subs = await t.get(`${S}/appactivitytheme/getsubmitbytheme`, { themeId: th.id }, { token: null });
    expect(subs.json.data.List).toHaveLength(1);
    expect(subs.json.data.List[0]).toMatchObject({ name: '陈*红', text: '通过的作品', taskTitle: '写读后感' });
    const raw = JSON.stringify(subs.json);
    expect(raw).not.toContain('陈小红');
    expect(raw).not.toContain('一(1)班');
    const info = await t.get(`${S}/appactivity/getactivityinfo`, { themeId: th.id }, { token: null });
    expect(info.json.data.books.map((b: any) => b.title)).toEqual(['草房子', '城南旧事', '小王子']);
    expect(info.json.data.tasks.find((x: any) => x.id === th.tasks[2].id).done).toBe(1);
    const hidden = await t.get(`${S}/appactivity/getactivityinfo`, { themeId: draft.json.data.id }, { token: null });
    expect(hidden.json.success).toBe(false);
    // Another school sees none of it.
    const other = await buildSchool(t.db);
    const elsewhere = await t.get(`${S}/appactivitytheme/getlist`, {}, { token: null, schoolId: other });
    expect(elsewhere.json.data.Total).toBe(0);
    const foreign = await t.get(
      `${S}/appactivity/getactivityinfo`,
      { themeId: th.id },
      { token: null, schoolId: other },
    );
    expect(foreign.json.success).toBe(false);
    const foreignSubs = await t.get(
      `${S}/appactivitytheme/getsubmitbytheme`,
      { themeId: th.id },
      { token: null, schoolId: other },
    );
    expect(foreignSubs.json.success).toBe(false);
  });

  it('lists activities and their passed submissions', async () => {
    const th = await publishedTheme({ title: '活动主题' });
    const act = await t.post(`${T}/AddActivity`, {
      themeId: th.id,
      title: '朗读比赛',
      startDate: today,
      endDate: addDays(today, 2),
      tasks: [{ kind: 'submit', title: '朗读稿', submitKind: 'text' }],
    });
    const r = await reader('周杰', classA);
    await t.post(`${O}/JoinTheme`, { id: th.id }, { token: r.token });
    const sub = await t.post(
      `${O}/SubmitTheme`,
      { taskId: act.json.data.tasks[0].id, text: '朗读' },
      { token: r.token },
    );
    await t.post(`${T}/JudgeSubmission`, { id: sub.json.data.id, passed: true }, { token: teacher.token });
    const acts = await t.get(`${S}/appactivity/getlist`, { themeId: th.id }, { token: null });
    expect(acts.json.data.List).toMatchObject([{ title: '朗读比赛', themeTitle: '活动主题', state: 'running' }]);
    const subs = await t.get(`${S}/appactivity/getsubmitbyactivity`, { activityId: act.json.data.id }, { token: null });
    expect(subs.json.data.List).toMatchObject([{ name: '周*', taskTitle: '朗读稿' }]);
    const info = await t.get(`${S}/appactivity/getactivityinfo`, { id: act.json.data.id }, { token: null });
    expect(info.json.data.activity.title).toBe('朗读比赛');
    expect(info.json.data.tasks.map((x: any) => x.title)).toEqual(['朗读稿']);
  });
});
