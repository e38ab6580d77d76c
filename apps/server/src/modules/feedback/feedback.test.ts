import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const t = useTestApp();
const F = `${P}/Feedback`;

describe('feedback', () => {
  it('a user sends, sees only their own; the admin replies and completes once', async () => {
    const teacher = await buildUser(t.db, t.schoolId, { permissions: ['feedback', 'feedback:add'] });
    const other = await buildUser(t.db, t.schoolId, { permissions: ['feedback', 'feedback:add'] });
    const add = await t.post(
      `${F}/AddFeedback`,
      { title: '借书很慢', content: '扫码后要等三秒', screenshot: '/files/uploads/1/202601/a.png' },
      { token: teacher.token },
    );
    expect(add.json.code).toBe(0);
    await t.post(`${F}/AddFeedback`, { title: 'Other', content: 'x' }, { token: other.token });
    const mine = await t.post(`${F}/GetFeedbackList`, {}, { token: teacher.token });
    expect(mine.json.data.List.map((f: any) => f.title)).toEqual(['借书很慢']);
    const id = mine.json.data.List[0].id;
    expect(mine.json.data.List[0]).toMatchObject({ state: 0, userName: `User ${teacher.account}` });
    expect((await t.post(`${F}/GetFeedback`, { id }, { token: other.token })).json.errorCode).toBe('NOT_FOUND');
    // The teacher cannot reply.
    expect((await t.post(`${F}/ReplyFeedback`, { id, reply: 'ok' }, { token: teacher.token })).status).toBe(403);
    const all = await t.post(`${F}/GetFeedbackList`, { state: 0 });
    expect(all.json.data.Total).toBe(2);
    const reply = await t.post(`${F}/ReplyFeedback`, { id, reply: '已优化扫码速度' });
    expect(reply.json.data).toMatchObject({ state: 1, reply: '已优化扫码速度', repliedByName: '管理员' });
    const seen = await t.post(`${F}/GetFeedback`, { id }, { token: teacher.token });
    expect(seen.json.data.reply).toBe('已优化扫码速度');
    const again = await t.post(`${F}/ReplyFeedback`, { id, reply: 'again' });
    expect(again.json.errorCode).toBe('FEEDBACK_COMPLETED');
    expect((await t.post(`${F}/GetFeedbackList`, { state: 1 })).json.data.Total).toBe(1);
  });

  it('validates every field and isolates schools', async () => {
    const bad = await t.post(`${F}/AddFeedback`, { title: '', content: '', screenshot: 'http://evil/x.png' });
    expect(bad.json.issues.map((i: any) => i.path).sort()).toEqual(['content', 'screenshot', 'title']);
    const s2 = await buildSchool(t.db);
    const boss = await buildUser(t.db, s2, { permissions: ['*'] });
    const list = await t.post(`${F}/GetFeedbackList`, {}, { token: boss.token, schoolId: s2 });
    expect(list.json.data.Total).toBe(0);
    const reader = await buildUser(t.db, t.schoolId, { permissions: [] });
    expect((await t.post(`${F}/GetFeedbackList`, {}, { token: reader.token })).status).toBe(403);
  });
});
