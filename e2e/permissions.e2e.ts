import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { resourcePaths } from '@shuyuan/contracts/kit/resource';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, loose, signIn, toast, tokenOf, tx, view, shotOnFailure } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { addStaffUser } from './support/db.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';

const CLERK = { account: 'e2e-clerk', password: 'Clerk#2026e2e', name: '流通馆员', enName: 'Circulation clerk' };
/** What the clerk's role grants: two screens to look at, no operations. */
const GRANTED = ['sys.company', 'resource-mana.basic-set.branch'];
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

let server: RunningServer;
let clerkId: number;
let ctx: BrowserContext | undefined;
let page: Page;
shotOnFailure(() => page);
let clerkToken: string;

beforeAll(async () => {
  buildWebOnce();
  // First start seeds the demo school; the clerk account goes in while the server is stopped.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-e2e-perm-'));
  await (await startServer({ DATA_DIR: dataDir })).stop();
  clerkId = await addStaffUser(dataDir, CLERK);
  server = await startServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
});

const sider = () => page.locator('.sy-sider');

describe('permissions (spec §6): a role with a few menu codes', () => {
  it('the administrator creates the role, grants two screens and puts the clerk in it (API)', async () => {
    const admin = await launch('zh-CN');
    try {
      const p = await admin.newPage();
      await signIn(p, server.url, 'zh', 'admin', ADMIN_PASSWORD);
      const token = await tokenOf(p);
      const role = await apiPost(server.url, `${P}/Role/AddRole`, { name: '流通查看' }, token);
      expect(role.json?.code, JSON.stringify(role.json)).toBe(0);
      const list = await apiPost(
        server.url,
        `${P}/Role/GetRoleList`,
        { Page: 1, Rows: 20, SearchKey: '流通查看' },
        token,
      );
      const roleId = list.json.data.List[0].id as number;
      const grant = await apiPost(
        server.url,
        `${P}/Role/SetRolePermissions`,
        { id: roleId, permissions: GRANTED },
        token,
      );
      expect(grant.json?.code, JSON.stringify(grant.json)).toBe(0);
      const add = await apiPost(server.url, `${P}/Role/AddRoleUsers`, { id: roleId, userIds: [clerkId] }, token);
      expect(add.json?.code, JSON.stringify(add.json)).toBe(0);
    } finally {
      await admin.close();
    }
  });

  it('the clerk sees only the granted entries in the side menu', async () => {
    ctx = await launch('zh-CN');
    page = await ctx.newPage();
    await signIn(page, server.url, 'zh', CLERK.account, CLERK.password);
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
