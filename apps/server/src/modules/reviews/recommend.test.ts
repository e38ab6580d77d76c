import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { makeRecord } from '../opac/test-fixtures.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';

const t = useTestApp();
const A = `${P}/Recommend`;
type User = Awaited<ReturnType<typeof buildUser>>;
let teacher: User;
let head: User;
let inA: User;
let inB: User;
let inGradeB: User;
let classA: number;
let gradeB: number;
let book: number;
let labelId: number;
const as = (who: User, url: string, body: unknown = {}) => t.post(url, body, { token: who.token, lang: 'en' });
const mine = (who: User) => as(who, `${P}/Opac/MyRecommended`, {});

async function reader(classId: number): Promise<User> {
  const u = await buildUser(t.db, t.schoolId, { identity: 'student' });
  await t.db.update(appUser).set({ classId }).where(eq(appUser.id, u.id));
  return u;
}

beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  const [g1] = await t.db
    .insert(grade)
    .values(scope.values({ name: '荐书一年级' }))
    .returning();
  const [g2] = await t.db
    .insert(grade)
    .values(scope.values({ name: '荐书二年级' }))
    .returning();
  gradeB = g2.id;
  const [a] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g1.id, name: '一(1)班' }))
    .returning();
  const [b] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g1.id, name: '一(2)班' }))
    .returning();
  const [c] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g2.id, name: '二(1)班' }))
    .returning();
  classA = a.id;
  inA = await reader(a.id);
  inB = await reader(b.id);
  inGradeB = await reader(c.id);
  const codes = ['recommended-teacher', 'recommended-teacher:add', 'recommended-teacher:edit'];
  teacher = await buildUser(t.db, t.schoolId, { identity: 'teacher', permissions: codes });
  head = await buildUser(t.db, t.schoolId, {
    identity: 'teacher',
    permissions: [...codes, 'recommended-teacher:audit', 'recommended-teacher-label:add'],
  });
  book = (await makeRecord(t.db, scope, { title: '草房子', author: '曹文轩' })).id;
  labelId = (await as(head, `${A}/AddLabel`, { name: '成长' })).json.data.id;
});

describe("teachers' recommendations", () => {
  it('waits for approval, is pushed to its class and grade only, and to the public site', async () => {
    const add = await as(teacher, `${A}/AddRecommendation`, {
      recordId: book,
      reason: '写童年的好书',
      labelIds: [labelId],
      classIds: [classA],
      gradeIds: [gradeB],
    });
    expect(add.json.data.state).toBe('pending');
    const id = add.json.data.id;
    // Not approved: cannot be pushed, nobody sees it.
    expect((await as(head, `${A}/PushRecommendations`, { ids: [id], pushed: true })).json.errorCode).toBe(
      'NOT_APPROVED',
    );
    expect((await as(teacher, `${A}/AuditRecommendations`, { ids: [id], approve: true })).status).toBe(403);
    expect((await as(head, `${A}/AuditRecommendations`, { ids: [id], approve: true })).json.success).toBe(true);
    expect((await mine(inA)).json.data.Total).toBe(0);
    expect((await as(head, `${A}/PushRecommendations`, { ids: [id], pushed: true })).json.success).toBe(true);

    expect((await mine(inA)).json.data.List[0]).toMatchObject({
      title: '草房子',
      labels: ['成长'],
      reason: '写童年的好书',
    });
    expect((await mine(inGradeB)).json.data.Total).toBe(1);
    // A reader of another class (same grade as class A, not targeted) does not see it.
    expect((await mine(inB)).json.data.Total).toBe(0);
    const pub = await t.post(`${P}/Search/TeacherRecommended`, {}, { token: null });
    expect(pub.json.data.List.map((x: any) => x.title)).toEqual(['草房子']);

    const list = await as(head, `${A}/GetRecommendationList`, { pushed: true });
    expect(list.json.data.List[0].targets).toEqual(['荐书二年级', '一(1)班']);
    // Editing without the audit verb sends it back to pending and takes it back.
    await as(teacher, `${A}/UpdateRecommendation`, { id, recordId: book, reason: '改了理由', classIds: [classA] });
    expect((await mine(inA)).json.data.Total).toBe(0);
  });

  it('is approved at once for a recommender who may approve; students never recommend or approve', async () => {
    const add = await as(head, `${A}/AddRecommendation`, { recordId: book, reason: '好书', classIds: [classA] });
    expect(add.json.data.state).toBe('approved');
    const pupil = await buildUser(t.db, t.schoolId, {
      identity: 'student',
      permissions: ['recommended-teacher', 'recommended-teacher:add', 'recommended-teacher:audit'],
    });
    const byPupil = await as(pupil, `${A}/AddRecommendation`, { recordId: book, reason: '好书', classIds: [classA] });
    expect(byPupil.json.errorCode).toBe('TEACHERS_ONLY');
    const judge = await as(pupil, `${A}/AuditRecommendations`, {
      ids: [add.json.data.id],
      approve: false,
      reason: 'x',
    });
    expect(judge.json.errorCode).toBe('STUDENT_CANNOT_MODERATE');
    const noTarget = await as(head, `${A}/AddRecommendation`, { recordId: book, reason: '好书' });
    expect(noTarget.json.issues[0].path).toBe('classIds');
    expect((await as(inA, `${A}/GetRecommendationList`, {})).status).toBe(403);
  });

  it('keeps schools apart', async () => {
    const other = await buildSchool(t.db);
    const stranger = await buildUser(t.db, other, { identity: 'teacher', permissions: ['*'] });
    const o = { token: stranger.token, schoolId: other };
    expect((await t.post(`${A}/GetRecommendationList`, {}, o)).json.data.Total).toBe(0);
    const theirs = await t.post(`${A}/AddRecommendation`, { recordId: book, reason: '好书', classIds: [classA] }, o);
    expect(theirs.json.success).toBe(false);
    const ids = (await as(head, `${A}/GetRecommendationList`, {})).json.data.List.map((x: any) => x.id);
    expect((await t.post(`${A}/PushRecommendations`, { ids, pushed: false }, o)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${P}/Search/TeacherRecommended`, {}, { token: null, schoolId: other })).json.data.Total).toBe(
      0,
    );
  });
});
