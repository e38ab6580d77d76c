import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { role, userRole } from '../auth/role.table.ts';

const R = `${P}/Role`;
const CODE = 'department.permission.role';

describe('roles', () => {
  const t = useTestApp();
  const adminRole = async () => {
    const [r] = await t.db
      .select()
      .from(role)
      .where(and(eq(role.schoolId, t.schoolId), eq(role.isSystem, true)));
    return r;
  };

  it('refuses to delete or disable a system role, and a role that still has users', async () => {
    const sys = await adminRole();
    const del = await t.post(`${R}/DeleteRole`, { ids: [sys.id] }, { lang: 'en' });
    expect(del.json).toMatchObject({ success: false, errorCode: 'ROLE_SYSTEM' });
    const off = await t.post(`${R}/UpdateRole`, { id: sys.id, name: sys.name, state: 0 });
    expect(off.json.errorCode).toBe('ROLE_SYSTEM');
    const u = await buildUser(t.db, t.schoolId, { permissions: [] });
    const used = await t.post(`${R}/DeleteRole`, { ids: [u.roleId] }, { lang: 'zh' });
    expect(used.json.errorCode).toBe('IN_USE');
    expect(used.json.msg).toContain('下还有用户');
    expect((await t.db.select().from(role).where(eq(role.id, u.roleId))).length).toBe(1);
  });

  it('grants menus and operations, which then open the routes to the role holders', async () => {
    const added = await t.post(`${R}/AddRole`, { name: 'librarian', enName: 'Librarian', sort: 2 });
    const id = added.json.data.id;
    const member = await buildUser(t.db, t.schoolId, { permissions: [] });
    await t.post(`${R}/AddRoleUsers`, { id, userIds: [member.id] });
    expect((await t.post(`${R}/GetRoleList`, {}, { token: member.token })).status).toBe(403);
    const g = await t.post(`${R}/SetRolePermissions`, { id, permissions: [CODE, `${CODE}:export`] });
    expect(g.json.success).toBe(true);
    const list = await t.post(`${R}/GetRoleList`, { SearchKey: 'librarian' }, { token: member.token });
    expect(list.json.data.List[0]).toMatchObject({ name: 'librarian', permissions: [CODE, `${CODE}:export`] });
    expect(list.json.data.List[0].userCount).toBe(1);
    const bad = await t.post(`${R}/SetRolePermissions`, { id, permissions: ['drop table;'] });
    expect(bad.json.issues[0].path).toBe('permissions.0');
  });

  it('does not let a grantor hand out rights they do not hold', async () => {
    const grantor = await buildUser(t.db, t.schoolId, { permissions: [CODE, `${CODE}:grant`] });
    const target = await buildUser(t.db, t.schoolId, { permissions: [] });
    const up = await t.post(
      `${R}/SetRolePermissions`,
      { id: target.roleId, permissions: ['*'] },
      { token: grantor.token },
    );
    expect(up.json.errorCode).toBe('ROLE_GRANT_BEYOND');
    const viewer = await buildUser(t.db, t.schoolId, { permissions: [CODE] });
    const denied = await t.post(
      `${R}/SetRolePermissions`,
      { id: target.roleId, permissions: [] },
      { token: viewer.token },
    );
    expect(denied.status).toBe(403);
    const okGrant = await t.post(
      `${R}/SetRolePermissions`,
      { id: target.roleId, permissions: [CODE] },
      { token: grantor.token },
    );
    expect(okGrant.json.success).toBe(true);
  });

  it('assigns users of the school only, lists members and candidates, keeps the last administrator', async () => {
    const r = (await t.post(`${R}/AddRole`, { name: 'volunteer' })).json.data;
    const a = await buildUser(t.db, t.schoolId, { account: 'vol-anna' });
    const otherSchool = await buildSchool(t.db);
    const stranger = await buildUser(t.db, otherSchool, { account: 'vol-stranger' });
    const cand = await t.post(`${R}/GetRoleCandidates`, { id: r.id, SearchKey: 'vol-' });
    expect(cand.json.data.List.map((u: any) => u.account)).toEqual(['vol-anna']);
    const refused = await t.post(`${R}/AddRoleUsers`, { id: r.id, userIds: [a.id, stranger.id] });
    expect(refused.json.errorCode).toBe('USER_NOT_IN_SCHOOL');
    expect((await t.post(`${R}/AddRoleUsers`, { id: r.id, userIds: [a.id] })).json.data.added).toBe(1);
    const members = await t.post(`${R}/GetRoleUsers`, { id: r.id });
    expect(members.json.data).toMatchObject({ Total: 1, List: [{ account: 'vol-anna' }] });
    expect((await t.post(`${R}/GetRoleCandidates`, { id: r.id, SearchKey: 'vol-' })).json.data.Total).toBe(0);
    await t.post(`${R}/RemoveRoleUsers`, { id: r.id, userIds: [a.id] });
    expect((await t.post(`${R}/GetRoleUsers`, { id: r.id })).json.data.Total).toBe(0);

    const sys = await adminRole();
    const admins = await t.db.select().from(userRole).where(eq(userRole.roleId, sys.id));
    const last = await t.post(`${R}/RemoveRoleUsers`, { id: sys.id, userIds: admins.map((m) => m.userId) });
    expect(last.json.errorCode).toBe('ROLE_LAST_ADMIN');
    expect((await t.db.select().from(userRole).where(eq(userRole.roleId, sys.id))).length).toBe(admins.length);
  });
});
