import { execFileSync } from 'node:child_process';
import { P } from '@shuyuan/contracts/common/paths';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { term } from '../org/term.table.ts';
import { serviceSign } from './volunteers.table.ts';

const t = useTestApp();
const V = `${P}/Volunteer`;

/** Moves a record's sign-in back by `minutes` (and its day by `days`), as if scanned that long ago. */
async function backdate(id: number, minutes: number, days = 0) {
  await t.db
    .update(serviceSign)
    .set({
      signInAt: sql`${serviceSign.signInAt} - make_interval(mins => ${minutes})`,
      day: sql`${serviceSign.day} - ${days}::int`,
    })
    .where(eq(serviceSign.id, id));
}

describe('volunteers: roster, applications, desk sign-in, hours', () => {
  it('a reader applies, is rejected with a reason, applies again and is passed; staff add another directly', async () => {
    const kid = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const bad = await t.post(`${V}/Apply`, { kind: 'small_librarian', reason: '' }, { token: kid.token, lang: 'en' });
    expect(bad.json.issues[0]).toMatchObject({ path: 'reason', message: 'Please fill in why you apply' });
    const ap = await t.post(`${V}/Apply`, { kind: 'small_librarian', reason: '我喜欢整理图书' }, { token: kid.token });
    expect(ap.json.data.application).toMatchObject({ state: 'pending', kind: 'small_librarian' });
    const again = await t.post(`${V}/Apply`, { reason: 'again' }, { token: kid.token, lang: 'en' });
    expect(again.json.msg).toBe('You have already applied (state: Pending)');
    // A reader cannot review, nor see the roster.
    expect((await t.post(`${V}/GetVolunteerList`, {}, { token: kid.token })).status).toBe(403);
    const id = ap.json.data.application.id;
    expect((await t.post(`${V}/AuditVolunteer`, { ids: [id], pass: true }, { token: kid.token })).status).toBe(403);
    const noReason = await t.post(`${V}/AuditVolunteer`, { ids: [id], pass: false }, { lang: 'en' });
    expect(noReason.json.issues[0].message).toBe('Please give the reason for the rejection');
    await t.post(`${V}/AuditVolunteer`, { ids: [id], pass: false, reason: '名额已满' });
    const mine = await t.post(`${V}/MyVolunteer`, {}, { token: kid.token });
    expect(mine.json.data.application).toMatchObject({ state: 'rejected', rejectReason: '名额已满' });
    await t.post(`${V}/Apply`, { kind: 'small_librarian', reason: '下学期再申请' }, { token: kid.token });
    const pass = await t.post(`${V}/AuditVolunteer`, { ids: [id], pass: true });
    expect(pass.json.data.count).toBe(1);
    const twice = await t.post(`${V}/AuditVolunteer`, { ids: [id], pass: true });
    expect(twice.json.errorCode).toBe('VOLUNTEER_STATE');

    const teacher = await buildUser(t.db, t.schoolId, { identity: 'teacher' });
    const added = await t.post(`${V}/AddVolunteer`, { account: teacher.account, kind: 'volunteer' });
    expect(added.json.data).toMatchObject({ state: 'approved', source: 'added', name: `User ${teacher.account}` });
    const dup = await t.post(`${V}/AddVolunteer`, { account: teacher.account }, { lang: 'en' });
    expect(dup.json.issues[0].message).toContain('is already on the roster');
    const unknown = await t.post(`${V}/AddVolunteer`, { account: 'nobody-here' }, { lang: 'en' });
    expect(unknown.json.issues[0]).toMatchObject({ path: 'account', message: 'No reader or account nobody-here' });
    const list = await t.post(`${V}/GetVolunteerList`, { state: 'approved', SearchKey: kid.account });
    expect(list.json.data.List.map((v: any) => v.account)).toEqual([kid.account]);
  });

  it('scan signs in, scan again signs out with the minutes; non-volunteers are refused; forgotten sign-ins count 0', async () => {
    const type = (await t.post(`${V}/AddServiceType`, { name: '上架整理', dailyLimit: 2, intervalMinutes: 0 })).json
      .data;
    const desk = await t.post(`${V}/AddServiceType`, { name: '前台服务' });
    expect(desk.json.code).toBe(0);
    const kid = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const v = (await t.post(`${V}/AddVolunteer`, { account: kid.account, kind: 'small_librarian' })).json.data;

    // No service chosen and no duty now → asked to choose.
    const noType = await t.post(`${V}/ScanSign`, { cardNo: kid.account }, { lang: 'en' });
    expect(noType.json.errorCode).toBe('SERVICE_TYPE_REQUIRED');
    const inn = await t.post(`${V}/ScanSign`, { cardNo: kid.account, serviceTypeId: type.id });
    expect(inn.json.data).toMatchObject({ action: 'in', record: { state: 'open', serviceTypeName: '上架整理' } });
    await backdate(inn.json.data.record.id, 95);
    const out = await t.post(`${V}/ScanSign`, { cardNo: kid.account.toUpperCase() });
    expect(out.json.data.action).toBe('out');
    expect(out.json.data.record).toMatchObject({ state: 'done', minutes: 95 });
    // The default rule: 2 points per whole hour served.
    expect(out.json.data.points).toBe(2);

    // Second session of the day; the type allows two a day.
    const in2 = await t.post(`${V}/ScanSign`, { cardNo: kid.account, serviceTypeId: type.id });
    await backdate(in2.json.data.record.id, 30);
    await t.post(`${V}/ScanSign`, { cardNo: kid.account });
    const third = await t.post(`${V}/ScanSign`, { cardNo: kid.account, serviceTypeId: type.id }, { lang: 'en' });
    expect(third.json.errorCode).toBe('SIGN_DAILY_LIMIT');

    // A sign-in left open yesterday is closed as forgotten (0 minutes) by the next scan, which signs in anew.
    const in3 = await t.post(`${V}/ScanSign`, { cardNo: kid.account, serviceTypeId: desk.json.data.id });
    await backdate(in3.json.data.record.id, 60, 1);
    const next = await t.post(`${V}/ScanSign`, { cardNo: kid.account, serviceTypeId: desk.json.data.id });
    expect(next.json.data).toMatchObject({ action: 'in', forgotten: 1 });
    const forgotten = await t.post(`${P}/Volunteer/GetSignRecordList`, { state: 'forgotten' });
    expect(forgotten.json.data.List).toHaveLength(1);
    expect(forgotten.json.data.List[0]).toMatchObject({ minutes: 0, signOutAt: null, name: `User ${kid.account}` });

    // Someone not on the roster: a clear refusal naming them.
    const other = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const refused = await t.post(`${V}/ScanSign`, { cardNo: other.account, serviceTypeId: type.id }, { lang: 'en' });
    expect(refused.json).toMatchObject({ errorCode: 'NOT_VOLUNTEER' });
    expect(refused.json.msg).toBe(
      `User ${other.account} is not a volunteer or small librarian on the roster and cannot sign in`,
    );
    const none = await t.post(`${V}/ScanSign`, { cardNo: 'no-such-card' }, { lang: 'en' });
    expect(none.json.msg).toBe('No reader or account no-such-card');

    // Staff correct the forgotten record: 45 minutes count then.
    const f = forgotten.json.data.List[0];
    const fixedOut = new Date(Date.parse(f.signInAt) + 45 * 60000).toISOString();
    const fix = await t.post(`${V}/UpdateSignRecord`, { id: f.id, signInAt: f.signInAt, signOutAt: fixedOut });
    expect(fix.json.data).toMatchObject({ state: 'done', minutes: 45 });
    const wrong = await t.post(`${V}/UpdateSignRecord`, { id: f.id, signInAt: fixedOut, signOutAt: f.signInAt });
    expect(wrong.json.issues[0].path).toBe('signOutAt');

    // Hours in the term: 95 + 30 + 45 minutes = 2.8 hours; the open session counts nothing yet.
    const [tm] = await t.db
      .insert(term)
      .values({ schoolId: t.schoolId, name: '2026秋', startDate: '2026-01-01', endDate: '2099-12-31' })
      .returning();
    const hours = await t.post(`${V}/GetHours`, { termId: tm.id });
    expect(hours.json.data.term.name).toBe('2026秋');
    const row = hours.json.data.List.find((r: any) => r.volunteerId === v.id);
    expect(row).toMatchObject({ minutes: 170, hours: 2.8, signs: 3 });

    // The certificate names the volunteer, the term and the hours.
    const pdf = await t.inject({
      method: 'POST',
      url: `${V}/Certificate`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId), 'accept-language': 'zh' },
      payload: { volunteerId: v.id, termId: tm.id },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString();
    expect(text).toContain('志愿服务证明');
    expect(text).toMatch(new RegExp(`User ${kid.account}`));
    expect(text).toMatch(/小馆员[\s\S]*2\.8\s*小时/);
    expect(text).toContain('2026秋');
  });

  it('duties pick the service at scan time; school isolation and permissions', async () => {
    const type = (await t.post(`${V}/AddServiceType`, { name: '全天值班' })).json.data;
    const kid = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const v = (await t.post(`${V}/AddVolunteer`, { account: kid.account })).json.data;
    const badDuty = await t.post(
      `${V}/AddDuty`,
      { volunteerId: v.id, weekday: 1, startTime: '10:00', endTime: '09:00', serviceTypeId: type.id },
      { lang: 'en' },
    );
    expect(badDuty.json.issues[0]).toMatchObject({ path: 'endTime', message: 'The end must be later than the start' });
    for (let d = 1; d <= 7; d++) {
      const r = await t.post(`${V}/AddDuty`, {
        volunteerId: v.id,
        weekday: d,
        startTime: '00:00',
        endTime: '23:59',
        serviceTypeId: type.id,
      });
      expect(r.json.code).toBe(0);
    }
    const inn = await t.post(`${V}/ScanSign`, { cardNo: kid.account });
    // Unless the scan falls in the last minute of the day, the duty names the service.
    if (inn.json.code === 0) expect(inn.json.data.record.serviceTypeName).toBe('全天值班');
    const duties = await t.post(`${V}/GetDutyList`, { volunteerId: v.id });
    expect(duties.json.data.Total).toBe(7);
    expect(duties.json.data.List[0]).toMatchObject({
      volunteerName: `User ${kid.account}`,
      serviceTypeName: '全天值班',
    });
    // The type is in use: not deleted.
    expect((await t.post(`${V}/DeleteServiceType`, { ids: [type.id] })).json.errorCode).toBe('IN_USE');

    const s2 = await buildSchool(t.db);
    const boss = await buildUser(t.db, s2, { permissions: ['*'] });
    const as2 = { token: boss.token, schoolId: s2 };
    expect((await t.post(`${V}/GetVolunteerList`, {}, as2)).json.data.Total).toBe(0);
    expect((await t.post(`${V}/GetSignRecordList`, {}, as2)).json.data.Total).toBe(0);
    const foreign = await t.post(`${V}/ScanSign`, { cardNo: kid.account, serviceTypeId: type.id }, as2);
    expect(foreign.json.errorCode).toBe('READER_NOT_FOUND');
    expect((await t.post(`${V}/GetVolunteer`, { id: v.id }, as2)).json.errorCode).toBe('NOT_FOUND');

    // The desk (sign-in only) may scan but not correct records or see the roster.
    const deskUser = await buildUser(t.db, t.schoolId, { permissions: ['service-signin', 'service-signin:add'] });
    expect((await t.post(`${V}/TodaySigns`, {}, { token: deskUser.token })).json.data.length).toBeGreaterThan(0);
    expect((await t.post(`${V}/GetVolunteerList`, {}, { token: deskUser.token })).status).toBe(403);
    expect((await t.post(`${V}/DeleteSignRecord`, { ids: [1] }, { token: deskUser.token })).status).toBe(403);
  });
});
