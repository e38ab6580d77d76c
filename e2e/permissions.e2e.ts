import { P } from '@shuyuan/contracts/common/paths';
import { resourcePaths } from '@shuyuan/contracts/kit/resource';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPost,
  button,
  changeRequiredPassword,
  loose,
  openSignIn,
  serverText,
  signIn,
  submitSignIn,
  toast,
  tokenOf,
  tx,
  view,
  shotOnFailure,
} from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';

const CLERK = {
  account: 'e2e-clerk',
  password: 'Clerk#2026e2e',
  newPassword: 'Clerk#2026own',
  name: '流通馆员',
  enName: 'Circulation clerk',
};
/** What the clerk's role grants: two screens to look at, no operations. */
const GRANTED = ['sys.company', 'resource-mana.basic-set.branch'];
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

let server: RunningServer;
let ctx: BrowserContext | undefined;
let page: Page;
shotOnFailure(() => page);
let clerkToken: string;

beforeAll(async () => {
  buildWebOnce();
  server = await startServer();
});
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
});

const sider = () => page.locator('.sy-sider');

describe('permissions (spec §6): a role with a few menu codes', () => {
  it('the administrator creates the role and grants two screens (API), then the clerk account on the role screen', async () => {
    const admin = await launch('zh-CN');
    try {
      const p = await admin.newPage();
      await signIn(p, server.url, 'zh', 'admin', ADMIN_PASSWORD);
      const token = await tokenOf(p);
      const role = await apiPost(server.url, `${P}/Role/AddRole`, { name: '流通查看' }, token);
      expect(role.json?.code, JSON.stringify(role.json)).toBe(0);
      const roleId = role.json.data.id as number;
      const grant = await apiPost(
        server.url,
        `${P}/Role/SetRolePermissions`,
        { id: roleId, permissions: GRANTED },
        token,
      );
      expect(grant.json?.code, JSON.stringify(grant.json)).toBe(0);

      // The role screen: the role's users, 'New account', a form that checks the two passwords agree.
      await p.goto(`${server.url}/library/#/department/permission/role`);
      const roles = view(p, '/department/permission/role');
      const row = roles.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '流通查看' });
      await button(row, zh('role.role.users')).click();
      const drawer = p
        .locator('.ant-drawer-content-wrapper')
        .filter({ hasText: zh('role.users.title', { name: '流通查看' }) });
      await button(drawer, zh('role.staff.new')).click();
      const form = p.locator('.ant-modal-container').filter({ hasText: zh('role.staff.new') });
      await form.locator('#account').fill(CLERK.account);
      await form.locator('#name').fill(CLERK.name);
      await form.locator('#enName').fill(CLERK.enName);
      await form.locator('#phone').fill('13800138000');
      await form.locator('#password').fill(CLERK.password);
      await form.locator('#confirmPassword').fill(`${CLERK.password}x`);
      await button(form, zh('kit.form.save')).click();
      await form.getByText(zh('validation.passwordMismatch')).waitFor();
      await form.locator('#confirmPassword').fill(CLERK.password);
      await button(form, zh('kit.form.save')).click();
      await toast(p, zh('role.staff.created')).first().waitFor();
      await drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: CLERK.account }).waitFor();
      await shot(p, 'permissions-clerk-created');

      // The same account again is refused under the account field.
      const again = await apiPost(server.url, `${P}/Role/AddStaffUser`, { ...CLERK, roleId }, token);
      expect(again.json.issues?.[0]?.path, JSON.stringify(again.json)).toBe('account');
    } finally {
      await admin.close();
    }
  });

  it('the clerk first changes the password the administrator typed, then sees only the granted entries', async () => {
    ctx = await launch('zh-CN');
    page = await ctx.newPage();
    await openSignIn(page, server.url);
    await submitSignIn(page, 'zh', CLERK.account, CLERK.password);
    // Only the change-password screen, with the rules; the server answers nothing else meanwhile.
    const screen = page.getByTestId('must-change-password');
    await screen.getByText(zh('app.mustChange.title')).waitFor({ timeout: 30_000 });
    await screen.getByText(zh('app.mustChange.rulePolicy')).waitFor();
    await screen.getByText(zh('app.mustChange.ruleDiffer')).waitFor();
    expect(await page.locator('.sy-sider').count()).toBe(0);
    const early = await apiPost(server.url, `${P}/Menu/GetUserMenus`, {}, await tokenOf(page));
    expect(early.status).toBe(403);
    expect(early.json.errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    // The same password again is refused under the new password field.
    await screen.locator('#oldPassword').fill(CLERK.password);
    await screen.locator('#newPassword').fill(CLERK.password);
    await screen.locator('#confirmPassword').fill(CLERK.password);
    await button(screen, zh('app.mustChange.submit')).click();
    await screen.getByText(serverText('zh', 'auth.password.sameAsOld')).waitFor();
    await shot(page, 'permissions-clerk-must-change');
    // A new one: signed out everywhere, signed in again with it, on to the home page.
    await changeRequiredPassword(page, 'zh', CLERK.account, CLERK.password, CLERK.newPassword);
    await page.waitForURL(/#\/data-analysis/, { timeout: 30_000 });
    clerkToken = await tokenOf(page);
    await page.getByTestId('user-menu').filter({ hasText: CLERK.name }).waitFor();
    // The home page says the figures are not for this role instead of failing.
    await view(page, '/data-analysis').getByText(zh('dashboard.noFigures')).waitFor();

    const groups = await sider().locator('.ant-menu-submenu-title').allInnerTexts();
    expect(groups.map((g) => g.trim())).toEqual(['系统管理', '基础设置']);
    for (const g of groups) await sider().locator('.ant-menu-submenu-title').filter({ hasText: g.trim() }).click();
    await sider()
      .locator('.ant-menu-item')
      .filter({ hasText: loose('分馆管理') })
      .waitFor();
    const items = (await sider().locator('.ant-menu-sub .ant-menu-item').allInnerTexts()).map((s) => s.trim());
    expect(items).toEqual(['单位管理', '分馆管理']);
    await shot(page, 'permissions-clerk-menu');
  });

  it('a granted screen shows its list without the operations the role lacks', async () => {
    await sider()
      .locator('.ant-menu-item')
      .filter({ hasText: loose('分馆管理') })
      .click();
    const branch = view(page, '/resource-mana/basic-set/branch');
    await branch.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    expect(await button(branch, zh('kit.search.search')).count()).toBe(1);
    expect(await button(branch, zh('kit.action.add')).count()).toBe(0);
    expect(
      await branch
        .locator('.ant-table-tbody')
        .getByText(loose(zh('kit.action.delete')))
        .count(),
    ).toBe(0);
  });

  it('a screen the role lacks, opened by its address, shows "no operation permission"', async () => {
    await page.goto(`${server.url}/library/#/sys/menu`);
    await toast(page, zh('app.http.forbidden')).first().waitFor();
    await shot(page, 'permissions-clerk-forbidden');
    // Its data never shows.
    expect(await view(page, '/sys/menu').locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
  });

  it('the API answers 403 to a menu or an operation the role lacks, and serves what it grants', async () => {
    const menus = await apiPost(server.url, `${P}/Menu/GetMenuList`, {}, clerkToken);
    expect(menus.status).toBe(403);
    const branch = resourcePaths('Basic', 'Branch');
    const add = await apiPost(server.url, branch.add, { name: '偷偷加的', code: 'SNEAK' }, clerkToken);
    expect(add.status).toBe(403);
    const roles = await apiPost(server.url, `${P}/Role/GetRoleList`, { Page: 1, Rows: 20 }, clerkToken);
    expect(roles.status).toBe(403);
    const list = await apiPost(server.url, branch.list, { Page: 1, Rows: 20 }, clerkToken);
    expect(list.status).toBe(200);
    expect(list.json.code).toBe(0);
    expect(list.json.data.List.some((b: { code: string }) => b.code === 'SNEAK')).toBe(false);
  });
});
