import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, shotOnFailure, signIn, tokenOf, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * The home page's shortcut picker offers only built screens the user may open: a librarian whose role grants two
 * screens, a menu entry with no screen behind it and an external link sees exactly the two screens, pins one,
 * and finds its tile on the home page (and after a reload).
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const LIBRARIAN = { account: 'e2e-shortcuts', password: 'Short#2026cut', name: '快捷馆员', phone: '13800138001' };
/** sys.company (单位管理) and the branch screen (分馆管理) are built; the other two are not screens of ours. */
const GRANTED = ['sys.company', 'resource-mana.basic-set.branch', 'e2e.unbuilt', 'e2e.link'];
const SCREENS = ['单位管理', '分馆管理'];

const s = useAdminOnPg('shortcuts');
let ctx: BrowserContext | undefined;
let page: Page;
shotOnFailure(() => page);

beforeAll(async () => {
  // A menu entry whose route has no screen (added by hand to the menu tree), and an external link.
  await s.call(`${P}/Menu/AddMenu`, { code: 'e2e.unbuilt', MenuName: '未建页面', url: '/e2e/not-built' });
  await s.call(`${P}/Menu/AddMenu`, { code: 'e2e.link', MenuName: '外部链接', url: 'https://example.org/e2e' });
  const role = await s.call(`${P}/Role/AddRole`, { name: '快捷方式测试' });
  await s.call(`${P}/Role/SetRolePermissions`, { id: role.id, permissions: GRANTED });
  await s.call(`${P}/Role/AddStaffUser`, { ...LIBRARIAN, roleId: role.id });
  // The librarian has already chosen this password (no change-password screen first).
  await s.sql('update app_user set must_change_password = false where account = $1', [LIBRARIAN.account]);
  ctx = await launch('zh-CN');
  page = await ctx.newPage();
  await signIn(page, s.server.url, 'zh', LIBRARIAN.account, LIBRARIAN.password);
});
afterAll(async () => {
  await ctx?.close();
});

const home = () => view(page, '/data-analysis');
const picker = () => page.locator('.ant-modal').filter({ hasText: zh('dashboard.shortcuts.customise') });
const offered = (side: 'available' | 'pinned') =>
  picker()
    .locator('.ant-transfer-section')
    .nth(side === 'available' ? 0 : 1)
    .locator('.ant-transfer-list-content-item-text');

describe('home shortcuts: the picker of a librarian with a limited role', () => {
  it('offers exactly the built screens the role may open', async () => {
    await home().getByText(zh('dashboard.shortcuts.empty')).waitFor();
    await button(home(), zh('dashboard.shortcuts.customise')).click();
    await picker().waitFor();
    await expect
      .poll(async () => (await offered('available').allInnerTexts()).map((x) => x.trim()).sort())
      .toEqual([...SCREENS].sort());
    const all = (await picker().textContent()) ?? '';
    expect(all).not.toContain('未建页面');
    expect(all).not.toContain('外部链接');
    // The side menu does show the link (it opens embedded), which the picker leaves out.
    expect(await page.locator('.sy-sider').textContent()).toContain('外部链接');
    await shot(page, 'shortcuts-picker-limited-role');
  });

  it('pins one: its tile opens the screen, and the server keeps it', async () => {
    await picker().locator('.ant-transfer-list-content-item').filter({ hasText: '分馆管理' }).click();
    await picker().locator('.ant-transfer-actions button').first().click();
    await expect.poll(async () => (await offered('pinned').allInnerTexts()).map((x) => x.trim())).toEqual(['分馆管理']);
    await picker().locator('.ant-modal-footer .ant-btn-primary').click();
    const tile = home().getByRole('button', { name: '分馆管理' });
    await tile.waitFor();
    const saved = await apiPost(s.server.url, `${P}/Desktop/GetHomeShortcuts`, {}, await tokenOf(page));
    expect(saved.json.data.map((x: { code: string }) => x.code)).toEqual(['resource-mana.basic-set.branch']);
    await tile.click();
    await page.waitForURL(/#\/resource-mana\/basic-set\/branch/);
  });
});
