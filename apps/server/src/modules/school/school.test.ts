import { resourceType } from '../basic/branch.table.ts';
import { loanRule } from '../circulation/circulation.table.ts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { verifyPassword } from '../../platform/password.ts';
import { buildUser, choosePassword, useTestApp } from '../../test/helper.ts';
import { issueAccessToken } from '../auth/tokens.ts';
import { role, userRole } from '../auth/role.table.ts';
import { appUser } from '../auth/user.table.ts';
import { school } from './school.table.ts';

const S = `${P}/Organiza`;
const school1 = {
  name: '第一中学',
  code: 'no1',
  address: '学府路 1 号',
  learningPeriod: 'junior,senior',
  province: '北京市',
  themeColor: { bgColor: '#112233', btColor: '#445566' },
  adminAccount: 'no1admin',
  adminPassword: 'Str0ng!pass',
  adminName: '王老师',
};

describe('schools (/sys/company)', () => {
  const t = useTestApp();

  it('creates a school with its administrator role and account (password hashed, policy checked)', async () => {
    const weak = await t.post(`${S}/AddSchool`, { ...school1, adminPassword: 'short' }, { lang: 'zh' });
    expect(weak.json.issues).toEqual([{ path: 'adminPassword', message: expect.stringContaining('密码须多于8位') }]);
    const res = await t.post(`${S}/AddSchool`, school1);
    expect(res.json.success, JSON.stringify(res.json)).toBe(true);
    expect(res.json.data).toMatchObject({ code: 'no1', adminAccount: 'no1admin', themeColor: school1.themeColor });
    const id = res.json.data.id;
    const [admin] = await t.db
      .select()
      .from(appUser)
      .where(and(eq(appUser.schoolId, id), eq(appUser.account, 'no1admin')));
    expect(admin.passwordHash).not.toContain('Str0ng');
    expect(await verifyPassword('Str0ng!pass', admin.passwordHash)).toBe(true);
    // Typed by the district's administrator: the new unit's administrator changes it at the first sign-in.
    expect(admin.mustChangePassword).toBe(true);
    const [r] = await t.db.select().from(role).where(eq(role.schoolId, id));
    expect(r).toMatchObject({ permissions: ['*'], isSystem: true });
    const dup = await t.post(`${S}/AddSchool`, { ...school1, code: 'NO1' }, { lang: 'en' });
    expect(dup.json.issues).toEqual([{ path: 'code', message: 'School code already exists' }]);
  });

  it('shows the district admin every school below, a school admin only their own', async () => {
    const created = await t.post(`${S}/AddSchool`, { ...school1, code: 'no2', adminAccount: 'no2admin' });
    const id = created.json.data.id;
    const all = await t.post(`${S}/GetSchoolList`, { Rows: 40 });
    expect(all.json.data.List.map((s: any) => s.code)).toEqual(expect.arrayContaining(['demo', 'no2']));
    const [admin] = await t.db
      .select()
      .from(appUser)
      .where(and(eq(appUser.schoolId, id), eq(appUser.account, 'no2admin')));
    const first = await issueAccessToken(t.db, { userId: admin.id });
    const refused = await t.post(`${S}/GetSchoolList`, {}, { token: first, schoolId: id });
    expect(refused.status).toBe(403);
    expect(refused.json.errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    const token = await choosePassword(t, first, school1.adminPassword);
    const own = await t.post(`${S}/GetSchoolList`, {}, { token, schoolId: id });
    expect(own.json.data.List.map((s: any) => s.code)).toEqual(['no2']);
    const peek = await t.post(`${S}/GetSchool`, { id: t.schoolId }, { token, schoolId: id });
    expect(peek.json.errorCode).toBe('NOT_FOUND');
    const upd = await t.post(
      `${S}/UpdateSchool`,
      { ...school1, id: t.schoolId, code: 'demo', name: 'mine' },
      { token, schoolId: id },
    );
    expect(upd.json.errorCode).toBe('NOT_FOUND');
    // The school's own admin edits its own details (theme colours) …
    const self = await t.post(
      `${S}/UpdateSchool`,
      { ...school1, id, code: 'no2', themeColor: { bgColor: '#000000' } },
      { token, schoolId: id },
    );
    expect(self.json.data.themeColor).toEqual({ bgColor: '#000000' });
    // … but cannot delete the school it works in.
    const del = await t.post(`${S}/DeleteSchool`, { ids: [id] }, { token, schoolId: id });
    expect(del.json.errorCode).toBe('SCHOOL_SELF');
  });

  it('deletes an empty school with its administrator, refuses one that has users', async () => {
    const a = (await t.post(`${S}/AddSchool`, { ...school1, code: 'empty', adminAccount: 'e1' })).json.data;
    const b = (await t.post(`${S}/AddSchool`, { ...school1, code: 'busy', adminAccount: 'b1' })).json.data;
    await buildUser(t.db, b.id, { account: 'reader1' });
    // A new school starts with the standard resource types, ready to catalogue.
    expect((await t.db.select().from(resourceType).where(eq(resourceType.schoolId, a.id))).length).toBeGreaterThan(0);
    // …and the built-in loan rules, ready to lend and to edit on the rules screen.
    expect((await t.db.select().from(loanRule).where(eq(loanRule.schoolId, a.id))).length).toBe(4);
    const busy = await t.post(`${S}/DeleteSchool`, { ids: [a.id, b.id] }, { lang: 'en' });
    expect(busy.json.errorCode).toBe('IN_USE');
    expect((await t.db.select().from(school).where(eq(school.id, a.id))).length).toBe(1);
    const ok = await t.post(`${S}/DeleteSchool`, { ids: [a.id] });
    expect(ok.json.success).toBe(true);
    expect((await t.db.select().from(school).where(eq(school.id, a.id))).length).toBe(0);
    expect((await t.db.select().from(appUser).where(eq(appUser.schoolId, a.id))).length).toBe(0);
    expect((await t.db.select().from(userRole).where(eq(userRole.schoolId, a.id))).length).toBe(0);
    expect((await t.db.select().from(resourceType).where(eq(resourceType.schoolId, a.id))).length).toBe(0);
    expect((await t.db.select().from(loanRule).where(eq(loanRule.schoolId, a.id))).length).toBe(0);
  });

  it('needs sys.company to list schools', async () => {
    const u = await buildUser(t.db, t.schoolId, { permissions: [] });
    expect((await t.post(`${S}/GetSchoolList`, {}, { token: u.token })).status).toBe(403);
  });
});
