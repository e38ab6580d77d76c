import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { verifyPassword } from '../../platform/password.ts';
import { buildSchool, buildUser, choosePassword, useTestApp } from '../../test/helper.ts';
import { userRole } from '../auth/role.table.ts';
import { appUser } from '../auth/user.table.ts';
import { signIn } from '../auth/oidc-test-client.ts';

const R = `${P}/Role`;
const CODE = 'department.permission.role';
const PW = 'Clerk#2026pw';

describe('staff accounts on the role screen', () => {
  const t = useTestApp();
  const newRole = async (name: string, permissions: string[]) => {
    const id = (await t.post(`${R}/AddRole`, { name })).json.data.id as number;
    await t.post(`${R}/SetRolePermissions`, { id, permissions });
    return id;
  };
  const create = (body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
    t.post(`${R}/AddStaffUser`, { name: '馆员', password: PW, ...body }, { lang });

  it('creates a staff account in the role, who signs in, chooses a password and uses what the role grants', async () => {
    const roleId = await newRole('clerks', [CODE]);
    const r = await create({ account: 'clerk-1', enName: 'Clerk', email: 'c@x.cn', phone: '13800138000', roleId });
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, r.json.data.id));
    expect(u).toMatchObject({ schoolId: t.schoolId, identity: 'staff', state: 1, phone: '13800138000' });
    expect(await verifyPassword(PW, u.passwordHash)).toBe(true);
    expect((await t.db.select().from(userRole).where(eq(userRole.userId, u.id)))[0].roleId).toBe(roleId);
    const members = await t.post(`${R}/GetRoleUsers`, { id: roleId });
    expect(members.json.data.List).toMatchObject([{ account: 'clerk-1', state: 1 }]);

    // The password was typed by the administrator: nothing but the password change answers until the clerk changes it.
    expect(u.mustChangePassword).toBe(true);
    const { tokens } = await signIn(t, 'clerk-1', PW);
    const first = await t.post(`${R}/GetRoleList`, {}, { token: tokens.access_token });
    expect(first.status).toBe(403);
    expect(first.json.errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    const token = await choosePassword(t, tokens.access_token, PW);
    const list = await t.post(`${R}/GetRoleList`, {}, { token });
    expect(list.status).toBe(200);
    expect((await t.post(`${R}/AddRole`, { name: 'x' }, { token })).status).toBe(403);
  });

  it('refuses a duplicate account (zh and en), a weak password, a bad phone; adds nothing then', async () => {
    const roleId = await newRole('dup', []);
    expect((await create({ account: 'dup-1', roleId })).json.success).toBe(true);
    const en = await create({ account: 'dup-1', roleId }, 'en');
    expect(en.json).toMatchObject({ success: false, errorCode: 'DUPLICATE' });
    expect(en.json.issues).toEqual([{ path: 'account', message: 'Account already exists' }]);
    const zh = await create({ account: 'dup-1', roleId }, 'zh');
    expect(zh.json.issues[0]).toEqual({ path: 'account', message: '账号已存在' });

    const short = await create({ account: 'weak-1', roleId, password: '12345' }, 'en');
    expect(short.json.issues[0]).toMatchObject({ path: 'password', message: expect.stringContaining('6') });
    // Staff fall under the §5 policy by default: six lowercase letters are not enough.
    const weak = await create({ account: 'weak-1', roleId, password: 'abcdefgh' }, 'en');
    expect(weak.json.issues[0].path).toBe('password');
    expect(weak.json.issues[0].message).not.toBe('');
    const phone = await create({ account: 'weak-1', roleId, phone: '12345' });
    expect(phone.json.issues[0].path).toBe('phone');
    expect(await t.db.select().from(appUser).where(eq(appUser.account, 'weak-1'))).toEqual([]);
  });

  it('resets a password: old tokens stop working, the new password signs in and must be changed', async () => {
    const roleId = await newRole('reset', [CODE]);
    const id = (await create({ account: 'reset-1', roleId })).json.data.id;
    const { tokens } = await signIn(t, 'reset-1', PW);
    const token = await choosePassword(t, tokens.access_token, PW);
    expect((await t.post(`${R}/GetRoleList`, {}, { token })).status).toBe(200);
    const weak = await t.post(`${R}/ResetUserPassword`, { userId: id, password: 'abcdef' });
    expect(weak.json.issues[0].path).toBe('password');
    const r = await t.post(`${R}/ResetUserPassword`, { userId: id, password: 'New#pass2026' });
    expect(r.json.success).toBe(true);
    expect((await t.post(`${R}/GetRoleList`, {}, { token })).status).toBe(401);
    await expect(signIn(t, 'reset-1', `${PW}-Own1`)).rejects.toThrow();
    const again = await signIn(t, 'reset-1', 'New#pass2026');
    const refused = await t.post(`${R}/GetRoleList`, {}, { token: again.tokens.access_token });
    expect(refused.json.errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('disables and enables an account, never the caller, never a user of another school', async () => {
    const member = await buildUser(t.db, t.schoolId, { permissions: [CODE] });
    expect((await t.post(`${R}/GetRoleList`, {}, { token: member.token })).status).toBe(200);
    expect((await t.post(`${R}/SetUserState`, { userId: member.id, state: 0 })).json.success).toBe(true);
    expect((await t.post(`${R}/GetRoleList`, {}, { token: member.token })).status).toBe(401);
    const members = await t.post(`${R}/GetRoleUsers`, { id: member.roleId });
    expect(members.json.data.List[0].state).toBe(0);
    expect((await t.post(`${R}/SetUserState`, { userId: member.id, state: 1 })).json.success).toBe(true);
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, member.id));
    expect(u.state).toBe(1);

    const self = await t.post(`${R}/SetUserState`, { userId: t.adminId, state: 0 });
    expect(self.json.errorCode).toBe('USER_SELF');
    const other = await buildUser(t.db, await buildSchool(t.db), { permissions: [CODE], password: PW });
    for (const [url, body] of [
      [`${R}/SetUserState`, { userId: other.id, state: 0 }],
      [`${R}/ResetUserPassword`, { userId: other.id, password: 'Hack#pass2026' }],
    ] as const) {
      expect((await t.post(url, body)).json.errorCode).toBe('NOT_FOUND');
    }
    const [o] = await t.db.select().from(appUser).where(eq(appUser.id, other.id));
    expect(o.state).toBe(1);
    expect(await verifyPassword(PW, o.passwordHash)).toBe(true);
  });

  it('is refused to someone who may view roles but not grant them', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: [CODE] });
    const r = await t.post(
      `${R}/AddStaffUser`,
      { account: 'v-1', name: 'v', password: PW, roleId: viewer.roleId },
      {
        token: viewer.token,
      },
    );
    expect(r.status).toBe(403);
  });
});
