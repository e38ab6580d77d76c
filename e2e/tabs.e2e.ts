import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTabs, button, loose, menuClick, signIn, tab, tabAction, tx, view, shotOnFailure } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let ctx: BrowserContext;
let page: Page;
shotOnFailure(() => page);

beforeAll(async () => {
  buildWebOnce();
  server = await startServer();
  ctx = await launch('zh-CN');
  page = await ctx.newPage();
  await signIn(page, server.url, 'zh', 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
});

const BRANCH = '/resource-mana/basic-set/branch';
const OPENED = ['/sys/company', '/sys/menu', BRANCH, '/department/permission/role', '/sys/log/operation'];

const tabKeys = () =>
  allTabs(page)
    .locator('[data-tab]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));
const activeKey = () => page.locator('.sy-tabs .ant-tabs-tab-active [data-tab]').getAttribute('data-tab');
const hashPath = () => new URL(page.url()).hash.replace(/^#/, '');
async function openFromMenu(group: string, item: string, key: string) {
  await menuClick(page, group, item);
  await expect.poll(hashPath).toBe(key);
  await tab(page, key).waitFor();
  await view(page, key).locator('.ant-table, .ant-tree, .ant-form').first().waitFor();
}
const branchSearch = () => view(page, BRANCH).getByPlaceholder(tx('zh', 'kit.search.placeholder'));

describe('visited-view tabs (spec §2)', () => {
  it('opens one tab per page from the side menu, after the fixed home tab', async () => {
    // Like a person, wait for each page to show before the next click.
    await openFromMenu('系统管理', '单位管理', '/sys/company');
    await openFromMenu('系统管理', '菜单管理', '/sys/menu');
    await openFromMenu('基础设置', '分馆管理', BRANCH);
    await openFromMenu('人员与组织', '角色管理', '/department/permission/role');
    // A nested group (System › Logs) from the menu too.
    await openFromMenu('日志管理', '操作日志', '/sys/log/operation');

    await expect.poll(tabKeys).toEqual(['/data-analysis', ...OPENED]);
    expect(await activeKey()).toBe('/sys/log/operation');
    // Tab titles are the menu names; the home tab cannot be closed.
    expect(await tab(page, BRANCH).textContent()).toContain('分馆管理');
    // Home has no menu entry: it is named, never shown as its path.
    expect(await tab(page, '/data-analysis').textContent()).toBe(tx('zh', 'app.home'));
    expect(await tab(page, '/data-analysis').locator('.ant-tabs-tab-remove').count()).toBe(0);
    expect(await tab(page, '/sys/menu').locator('.ant-tabs-tab-remove').count()).toBe(1);
    await shot(page, 'tabs-five-open');
  });

  it('keeps a page alive behind another tab: typed search text survives switching', async () => {
    await tab(page, BRANCH).click();
    await page.waitForURL(/#\/resource-mana\/basic-set\/branch$/);
    await branchSearch().fill('kept alive');

    await tab(page, '/sys/company').click();
    await page.waitForURL(/#\/sys\/company$/);
    await view(page, '/sys/company').getByPlaceholder(tx('zh', 'kit.search.placeholder')).waitFor();
    await branchSearch().waitFor({ state: 'hidden' });

    await tab(page, BRANCH).click();
    await page.waitForURL(/#\/resource-mana\/basic-set\/branch$/);
    await branchSearch().waitFor();
    expect(await branchSearch().inputValue()).toBe('kept alive');
  });

  it('a form left open on a tab hides with it: it never covers the tab shown next, and it is there on coming back', async () => {
    await tab(page, BRANCH).click();
    await page.waitForURL(/#\/resource-mana\/basic-set\/branch$/);
    await button(view(page, BRANCH), tx('zh', 'kit.action.add')).click();
    const form = page
      .locator('.ant-modal-wrap')
      .filter({ hasText: tx('zh', 'kit.form.addTitle', { entity: tx('zh', 'basic.branch.entity') }) });
    await form.waitFor();
    await form.locator('input').first().fill('still typed');

    // A link elsewhere (here the address itself) shows another tab while the form is open.
    await page.evaluate(() => {
      window.location.hash = '#/sys/company';
    });
    await page.waitForURL(/#\/sys\/company$/);
    await form.waitFor({ state: 'hidden' });
    // The page shown takes clicks: nothing lies over it.
    await view(page, '/sys/company').getByPlaceholder(tx('zh', 'kit.search.placeholder')).click();
    await shot(page, 'tabs-form-hidden-with-its-tab');

    await tab(page, BRANCH).click();
    await form.waitFor();
    expect(await form.locator('input').first().inputValue()).toBe('still typed');
    await form.locator('.ant-modal-close').click();
    await form.waitFor({ state: 'hidden' });
  });

  it("'refresh' re-mounts the page: the typed text is gone, the tab stays", async () => {
    await tabAction(page, 'zh', BRANCH, 'refresh');
    await page.waitForURL(/#\/resource-mana\/basic-set\/branch$/);
    await expect
      .poll(() =>
        branchSearch()
          .inputValue()
          .catch(() => 'not there'),
      )
      .toBe('');
    expect(await tabKeys()).toEqual(['/data-analysis', ...OPENED]);
    expect(await activeKey()).toBe(BRANCH);
  });

  it("'close current' closes one tab and shows its neighbour", async () => {
    await tab(page, '/sys/menu').click();
    await page.waitForURL(/#\/sys\/menu$/);
    await tabAction(page, 'zh', '/sys/menu', 'close');
    await expect.poll(tabKeys).toEqual(['/data-analysis', ...OPENED.filter((k) => k !== '/sys/menu')]);
    await expect.poll(hashPath).toBe(BRANCH);
  });

  it("'close others' leaves the tab and the home tab; 'close all' leaves the home tab", async () => {
    await tabAction(page, 'zh', '/sys/company', 'closeOthers');
    await expect.poll(tabKeys).toEqual(['/data-analysis', '/sys/company']);
    await expect.poll(hashPath).toBe('/sys/company');
    // The closed pages' views are gone, not just hidden.
    expect(await view(page, BRANCH).count()).toBe(0);
    await shot(page, 'tabs-close-others');

    await tabAction(page, 'zh', '/sys/company', 'closeAll');
    await expect.poll(tabKeys).toEqual(['/data-analysis']);
    await expect.poll(hashPath).toBe('/data-analysis');
  });

  it('keeps at most 8 pages mounted: the least recently shown one is unmounted and comes back at its address', async () => {
    // MAX_KEPT_VIEWS in apps/web/src/app/layout/ViewHost.tsx.
    const KEPT = 8;
    const others = [
      '/sys/company',
      '/sys/menu',
      '/department/permission/role',
      '/sys/log/operation',
      '/surrency/borrow',
      '/return',
      '/renew',
      '/batchborrow',
      '/batchreturn',
    ];
    await page.goto(`${server.url}/library/#${BRANCH}?kept=1`);
    await branchSearch().waitFor();
    await branchSearch().fill('forgotten when unmounted');
    for (const p of others) {
      await page.goto(`${server.url}/library/#${p}`);
      await expect.poll(hashPath).toBe(p);
      await view(page, p).waitFor();
    }
    expect(await tabKeys()).toEqual(['/data-analysis', BRANCH, ...others]);
    expect(await page.locator('.sy-view').count()).toBeLessThanOrEqual(KEPT);
    // The first page was shown longest ago: its view is gone, its tab stays.
    expect(await view(page, BRANCH).count()).toBe(0);
    expect(await view(page, '/batchreturn').count()).toBe(1);
    // Back to it: the page mounts again at the tab's own address (path and query), a fresh form.
    await tab(page, BRANCH).click();
    await expect.poll(hashPath).toBe(`${BRANCH}?kept=1`);
    await branchSearch().waitFor();
    expect(await branchSearch().inputValue()).toBe('');
    expect(await page.locator('.sy-view').count()).toBeLessThanOrEqual(KEPT);
    await tabAction(page, 'zh', BRANCH, 'closeAll');
    await expect.poll(tabKeys).toEqual(['/data-analysis']);
  });

  it('shows the 404 page for an unknown address', async () => {
    await page.goto(`${server.url}/library/#/nowhere`);
    await page.waitForURL(/#\/404$/);
    await page.locator('.ant-result-404 .ant-result-title').filter({ hasText: '404' }).waitFor();
    await page.getByText(tx('zh', 'shell.notFound.text'), { exact: true }).waitFor();
    await shot(page, 'not-found');
    await page.getByRole('button', { name: loose(tx('zh', 'common.backHome')) }).click();
    await page.waitForURL(/#\/data-analysis$/);
    await tab(page, '/data-analysis').waitFor();
  });
});
