import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { flattenMenu, menuTree } from '@shuyuan/contracts/menu/menu-tree';
import type { MenuRow, UserMenu } from '@shuyuan/contracts/menu/menu-types';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { syncMenus } from './menu-sync.ts';
import { menu } from './menu.table.ts';

const t = useTestApp();

function codes(list: UserMenu[]): string[] {
  return list.flatMap((n) => [n.code, ...codes(n.children)]);
}
async function idOf(code: string): Promise<number> {
  const [r] = await t.db.select({ id: menu.id }).from(menu).where(eq(menu.code, code));
  return r.id;
}

describe('menus', () => {
  it('seeds every menu of the built-in tree and gives the administrator all of them', async () => {
    const res = await t.post(`${P}/Menu/GetUserMenus`);
    expect(res.json.code).toBe(0);
    const got = codes(res.json.data.menus);
    expect(got.length).toBe(flattenMenu().length);
    expect(res.json.data.menus[0].url).toBe('/data-analysis');
    const ops = res.json.data.operations as string[];
    expect(ops).toContain('sys.menu:add');
    expect(ops).toContain('surrency.borrow:borrow');
  });

  it('shows a role only its granted menus with their parents, and only its operations', async () => {
    const u = await buildUser(t.db, t.schoolId, {
      permissions: ['surrency.borrow', 'surrency.borrow:borrow', 'semester', 'sys.menu:add'],
    });
    const res = await t.post(`${P}/Menu/GetUserMenus`, {}, { token: u.token });
    const got = codes(res.json.data.menus);
    expect(got.sort()).toEqual(['group.circulation', 'group.people', 'semester', 'surrency.borrow'].sort());
    const circ = res.json.data.menus.find((m: UserMenu) => m.code === 'group.circulation');
    expect(circ.children[0]).toMatchObject({ url: '/surrency/borrow', MenuName: '借书', MenuEnName: 'Check out' });
    // sys.menu:add without the sys.menu screen is not an operation the user can reach.
    expect(res.json.data.operations).toEqual(['surrency.borrow:borrow']);
  });

  it('hides menus the school is not authorised for, for everybody in that school', async () => {
    const school2 = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, school2, { permissions: ['*'] });
    const people = await idOf('group.people');
    const set = await t.post(`${P}/Menu/SetSchoolMenu`, { schoolId: school2, disabledIds: [people] });
    expect(set.json.code).toBe(0);
    const got = await t.post(`${P}/Menu/GetSchoolMenu`, { schoolId: school2 });
    expect(got.json.data.disabledIds).toEqual([people]);
    const res = await t.post(`${P}/Menu/GetUserMenus`, {}, { token: admin2.token, schoolId: school2 });
    const list = codes(res.json.data.menus);
    expect(list).not.toContain('group.people');
    expect(list).not.toContain('semester');
    expect(res.json.data.operations).not.toContain('semester:add');
    const auth = await t.get('/micro/console/v2/open/school/auth', {}, { token: admin2.token, schoolId: school2 });
    expect(auth.json.data.modules).not.toContain('group.people');
    expect(auth.json.data.menus.map((m: { code: string }) => m.code)).toContain('surrency.borrow');
    // The demo school is untouched.
    const demo = await t.post(`${P}/Menu/GetUserMenus`);
    expect(codes(demo.json.data.menus)).toContain('semester');
  });

  it('lets role editors and menu maintainers read the whole tree, nobody else', async () => {
    const roleEditor = await buildUser(t.db, t.schoolId, { permissions: ['department.permission.role'] });
    const menuAdmin = await buildUser(t.db, t.schoolId, { permissions: ['sys.menu'] });
    const other = await buildUser(t.db, t.schoolId, { permissions: ['semester'] });
    for (const u of [roleEditor, menuAdmin]) {
      const res = await t.post(`${P}/Menu/GetMenuTree`, {}, { token: u.token });
      expect(res.json.code).toBe(0);
      const sys = (res.json.data as MenuRow[]).find((n) => n.code === 'group.system')!;
      expect(sys.children.find((n) => n.code === 'sys.menu')?.functions.map((f) => f.code)).toContain('sys.menu:add');
    }
    const denied = await t.post(`${P}/Menu/GetMenuTree`, {}, { token: other.token });
    expect(denied.status).toBe(403);
  });

  it('keeps local edits of a built-in menu across the start-up synchronisation', async () => {
    const id = await idOf('sys.transition');
    const list = await t.post(`${P}/Menu/GetMenuList`);
    const sys = (list.json.data as MenuRow[]).find((n) => n.code === 'group.system')!;
    const row = sys.children.find((n) => n.code === 'sys.transition')!;
    const res = await t.post(`${P}/Menu/UpdateMenu`, { ...row, id, MenuName: '界面翻译', sort: 5 });
    expect(res.json.code).toBe(0);
    // Simulate a new release that renames the English name: the synchronisation applies it but keeps ours.
    const next = structuredClone(menuTree);
    const n = flattenMenu(next).find((x) => x.code === 'sys.transition')!;
    n.MenuEnName = 'Translations';
    n.MenuName = '翻译';
    await syncMenus(t.db, next);
    const [after] = await t.db.select().from(menu).where(eq(menu.id, id));
    expect(after).toMatchObject({ menuName: '界面翻译', sort: 5, menuEnName: 'Translations' });
    expect([...after.edited].sort()).toEqual(['MenuName', 'sort']);
    await syncMenus(t.db);
    const [back] = await t.db.select().from(menu).where(eq(menu.id, id));
    expect(back.menuEnName).toBe('Translation management');
    expect(back.menuName).toBe('界面翻译');
  });

  it('adds, edits and deletes a custom menu; built-in ones cannot be deleted', async () => {
    const parentId = await idOf('group.others');
    const add = await t.post(`${P}/Menu/AddMenu`, {
      parentId,
      code: 'custom.portal',
      MenuName: '区教育局平台',
      MenuEnName: 'District portal',
      url: '/iframe?src=portal',
      icon: 'GlobalOutlined',
      functions: [{ code: 'custom.portal:open', name: '打开', enName: 'Open' }],
    });
    expect(add.json.code).toBe(0);
    const dup = await t.post(`${P}/Menu/AddMenu`, { code: 'custom.portal', MenuName: 'x' });
    expect(dup.json.errorCode).toBe('DUPLICATE');
    const noName = await t.post(`${P}/Menu/AddMenu`, { code: 'custom.x', MenuName: '' }, { lang: 'zh' });
    expect(noName.json.issues).toEqual([{ path: 'MenuName', message: '请输入菜单名称' }]);
    const mine = await t.post(`${P}/Menu/GetUserMenus`);
    expect(codes(mine.json.data.menus)).toContain('custom.portal');
    expect(mine.json.data.operations).toContain('custom.portal:open');
    // The synchronisation leaves custom menus alone.
    await syncMenus(t.db);
    const cycle = await t.post(`${P}/Menu/UpdateMenu`, { id: parentId, parentId: add.json.data.id, MenuName: '其他' });
    expect(cycle.json.errorCode).toBe('MENU_CYCLE');
    const builtIn = await t.post(`${P}/Menu/DeleteMenu`, { id: parentId }, { lang: 'zh' });
    expect(builtIn.json.errorCode).toBe('MENU_BUILT_IN');
    expect(builtIn.json.msg).toContain('内置');
    const del = await t.post(`${P}/Menu/DeleteMenu`, { id: add.json.data.id });
    expect(del.json.code).toBe(0);
    expect(await t.db.select().from(menu).where(eq(menu.code, 'custom.portal'))).toEqual([]);
  });

  it('refuses menu maintenance without the operation permission', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['sys.menu'] });
    const res = await t.post(`${P}/Menu/AddMenu`, { code: 'x.y', MenuName: 'x' }, { token: viewer.token });
    expect(res.status).toBe(403);
  });
});
