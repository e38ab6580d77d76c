import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  headerMenu,
  loose,
  openSignIn,
  serverText,
  shotOnFailure,
  submitSignIn,
  nextCaptcha,
  tab,
  tx,
  typeCaptcha,
} from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let ctx: BrowserContext | undefined;
let page: Page | undefined;

beforeAll(async () => {
  buildWebOnce();
  server = await startServer();
});
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});
afterAll(async () => {
  await server?.stop();
});
// Registered after the hook that closes the browser: hooks run in reverse, so the shot is taken first.
shotOnFailure(() => page);

const sider = (page: Page) => page.locator('.sy-sider');
const group = (page: Page, text: string) =>
  sider(page)
    .locator('.ant-menu-submenu-title')
    .filter({ hasText: loose(text) });

describe('sign-in (spec §8)', () => {
  it('refuses a wrong password, signs the admin in to the dashboard and out again', async () => {
    ctx = await launch('zh-CN');
    page = await ctx.newPage();
    await openSignIn(page, server.url);
    await page
      .locator('.auth-head p')
      .filter({ hasText: loose(tx('zh', 'auth.login.title')) })
      .waitFor();

    expect(await page.locator('.auth-captcha').count()).toBe(0);
    const shown = nextCaptcha(page);
    await submitSignIn(page, 'zh', 'admin', 'not-the-password');
    const alert = page.locator('.auth-card .ant-alert-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(serverText('zh', 'auth.login.badCredentials'));
    expect(page.url()).toMatch(/#\/auth\?uid=/);
    // After a failed try the server asks for the picture code (LOGIN_CAPTCHA is off here): the page shows it.
    await typeCaptcha(page, server, 'zh', shown);
    await shot(page, 'sign-in-wrong-password');

    await submitSignIn(page, 'zh', 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/#\/data-analysis/, { timeout: 30_000 });
    await page.locator('.sy-header .sy-unit').filter({ hasText: '书苑示范学校' }).waitFor();
    await tab(page, '/data-analysis').waitFor();
    await group(page, '系统管理').waitFor();
    await shot(page, 'sign-in-dashboard');

    await headerMenu(page, 'user-menu', tx('zh', 'app.header.signOut'));
    await page.waitForURL(/#\/auth\?uid=/, { timeout: 30_000 });
    await page.locator('.auth-card button[type=submit]').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('shuyuan.token'))).toBeNull();

    // Signed out means signed out: a back-office address asks for the password again.
    await page.goto(`${server.url}/library/#/sys/company`);
    await page.waitForURL(/#\/auth\?uid=/, { timeout: 30_000 });
    await page.locator('.auth-card button[type=submit]').waitFor();
  });

  it('shows English in an English browser and switches the language from the header, kept across reload', async () => {
    ctx = await launch('en-US');
    page = await ctx.newPage();
    await openSignIn(page, server.url);
    await page
      .locator('.auth-head p')
      .filter({ hasText: loose(tx('en', 'auth.login.title')) })
      .waitFor();
    await page.getByPlaceholder(tx('en', 'auth.login.account')).waitFor();
    expect(await page.locator('.auth-card button[type=submit]').textContent()).toBe(tx('en', 'auth.login.submit'));
    const shown = nextCaptcha(page);
    await submitSignIn(page, 'en', 'admin', 'wrong-password');
    await page
      .locator('.auth-card .ant-alert-error')
      .filter({ hasText: serverText('en', 'auth.login.badCredentials') })
      .waitFor();
    await typeCaptcha(page, server, 'en', shown);
    await shot(page, 'sign-in-en');

    await submitSignIn(page, 'en', 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/#\/data-analysis/, { timeout: 30_000 });
    const header = page.locator('.sy-header');
    await header.locator('.sy-unit').filter({ hasText: 'Shuyuan Demo School' }).waitFor();
    await page.getByTestId('user-menu').filter({ hasText: 'Administrator' }).waitFor();
    // Menu entries are the server's MenuEnName in English.
    await group(page, 'System').click();
    await sider(page)
      .locator('.ant-menu-item')
      .filter({ hasText: loose('Units') })
      .waitFor();
    await tab(page, '/data-analysis').filter({ hasText: 'Home' }).waitFor();
    expect(await page.getByTestId('lang-switch').textContent()).toContain(tx('en', 'common.lang.en'));
    await shot(page, 'back-office-en');

    await headerMenu(page, 'lang-switch', tx('en', 'common.lang.zh'));
    await group(page, '系统管理').waitFor();
    await sider(page)
      .locator('.ant-menu-item')
      .filter({ hasText: loose('单位管理') })
      .waitFor();
    await header.locator('.sy-unit').filter({ hasText: '书苑示范学校' }).waitFor();
    await tab(page, '/data-analysis').filter({ hasText: '首页' }).waitFor();
    await page.getByTestId('user-menu').filter({ hasText: '管理员' }).waitFor();
    expect(await group(page, 'System').count()).toBe(0);
    await shot(page, 'back-office-switched-zh');

    await page.reload();
    await group(page, '系统管理').waitFor();
    expect(await page.getByTestId('lang-switch').textContent()).toContain(tx('zh', 'common.lang.zh'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await headerMenu(page, 'lang-switch', tx('zh', 'common.lang.en'));
    await group(page, 'System').waitFor();
    await page.getByTestId('user-menu').hover();
    await page.getByText(tx('en', 'app.header.signOut'), { exact: true }).waitFor();
  });
});
