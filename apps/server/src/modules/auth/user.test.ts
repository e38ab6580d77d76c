import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '../../config.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { verifyPassword } from '../../platform/password.ts';
import { userRole } from './role.table.ts';
import { signIn } from './oidc-test-client.ts';
import { appUser } from './user.table.ts';

const UPDATE = '/micro/basic/open/user/updatePassword';

describe('the signed-in user', () => {
  const t = useTestApp();

  it('changes the password, then every token of the user is refused', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: 'Old#pass2026' });
    const { tokens } = await signIn(t, u.account, 'Old#pass2026');
    const body = { oldPassword: 'Old#pass2026', newPassword: 'New#pass2026', confirmPassword: 'New#pass2026' };

    const wrongOld = await t.post(UPDATE, { ...body, oldPassword: 'nope' }, { token: tokens.access_token });
    expect(wrongOld.json.issues).toEqual([{ path: 'oldPassword', message: 'The old password is wrong' }]);
    const differ = await t.post(UPDATE, { ...body, confirmPassword: 'New#pass2027' }, { token: tokens.access_token });
    expect(differ.json.issues).toEqual([{ path: 'confirmPassword', message: 'The two passwords differ' }]);
    const short = await t.post(
      UPDATE,
      { ...body, newPassword: 'a1', confirmPassword: 'a1' },
      { token: tokens.access_token },
    );
    expect(short.json.issues).toEqual([{ path: 'newPassword', message: 'The password must be more than 6 digits' }]);
    // Staff: the §5 policy applies by default.
    const weak = await t.post(
      UPDATE,
      { ...body, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
      { token: tokens.access_token },
    );
    expect(weak.json.issues[0].path).toBe('newPassword');
    expect(weak.json.issues[0].message).toMatch(/more than 8 characters/);

    const ok = await t.post(UPDATE, body, { token: tokens.access_token });
    expect(ok.json).toMatchObject({ success: true, msg: 'Password is changed, please log in again' });
    for (const token of [tokens.access_token, u.token]) {
      expect((await t.get('/micro/basic/v2/open/user/get', {}, { token })).status).toBe(401);
    }
    const refresh = await t.post(`${P}/WebPlat/RefreshToken`, { refreshToken: tokens.refresh_token }, { token: null });
    expect(refresh.json.success).toBe(false);
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, u.id));
    expect(await verifyPassword('New#pass2026', row.passwordHash)).toBe(true);
    await expect(signIn(t, u.account, 'New#pass2026')).resolves.toBeTruthy();
  });

  it('lets readers use 6 characters unless their school turns the policy on', async () => {
    const r = await buildUser(t.db, t.schoolId, { password: 'reader1', identity: 'student' });
    const simple = { oldPassword: 'reader1', newPassword: 'reader2', confirmPassword: 'reader2' };
    expect((await t.post(UPDATE, simple, { token: r.token })).json.success).toBe(true);
    // The switch on /setting is what turns it on.
    const on = { screen: 'setting', values: { 'security.passwordPolicyReaders': true } };
    expect((await t.post(`${P}/Config/SaveSettings`, on)).json.success).toBe(true);
    const r2 = await buildUser(t.db, t.schoolId, { password: 'reader1', identity: 'student' });
    const refused = await t.post(UPDATE, simple, { token: r2.token });
    expect(refused.json.issues[0].path).toBe('newPassword');
    const off = { screen: 'setting', values: { 'security.passwordPolicyReaders': false } };
    expect((await t.post(`${P}/Config/SaveSettings`, off)).json.success).toBe(true);
  });

  it('answers the session user with masked phone, schools and language', async () => {
    const other = await buildSchool(t.db, { code: 'east', name: '东校', enName: 'East' });
    const u = await buildUser(t.db, t.schoolId, { permissions: [] });
    await t.db.update(appUser).set({ phone: '13812345678', email: 'a@b.cn' }).where(eq(appUser.id, u.id));
    const [{ roleId }] = await t.db.select().from(userRole).where(eq(userRole.userId, u.id));
    await t.db.insert(userRole).values({ userId: u.id, schoolId: other, roleId });

    const lang = await t.post(`${P}/WebPlat/Language`, { lang: 'en' }, { token: u.token });
    expect(lang.json.success).toBe(true);
    expect((await t.post(`${P}/WebPlat/Language`, { lang: 'fr' }, { token: u.token })).json.errorCode).toBe(
      'VALIDATION',
    );

    const me = await t.get('/micro/basic/v2/open/user/get', {}, { token: u.token, schoolId: other });
    expect(me.json.data).toMatchObject({
      userId: u.id,
      account: u.account,
      SchoolID: other,
      SchoolName: '东校',
      lang: 'en',
      email: 'a@b.cn',
      phone: '138****5678',
    });
    expect(me.json.data.schools.map((s: any) => s.code)).toEqual(['demo', 'east']);

    const reader = await t.post(`${P}/Readers/GetReadersInfo`, {}, { token: u.token });
    expect(reader.json.data).toMatchObject({ id: u.id, phone: '138****5678', schoolId: t.schoolId });

    const sw = await t.post(`${P}/sys/SchoolLoginToken`, { schoolId: other }, { token: u.token });
    expect(sw.json.data).toMatchObject({ id: other, code: 'east', schoolID: other });
    const stranger = await buildSchool(t.db);
    const refused = await t.post(`${P}/sys/SchoolLoginToken`, { schoolId: stranger }, { token: u.token });
    expect(refused.json).toMatchObject({ success: false, errorCode: 'SCHOOL_FORBIDDEN' });
  });

  it('finds a school by code without sign-in', async () => {
    const res = await t.post(`${P}/Organiza/GetSchoolByCode`, { code: 'demo' }, { token: null, schoolId: null });
    expect(res.json.data).toMatchObject({ id: t.schoolId, code: 'demo', enName: 'Shuyuan Demo School' });
    expect(res.json.data.themeColor).toEqual({ bgColor: '#1f3a5f', btColor: '#1677ff' });
    const missing = await t.post(`${P}/Organiza/GetSchoolByCode`, { code: 'zzz' }, { token: null, lang: 'zh' });
    expect(missing.json).toMatchObject({ success: false, errorCode: 'NOT_FOUND', msg: '学校代码不存在' });
  });
});
