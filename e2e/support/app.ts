import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { shot } from './browser.ts';
import '../../apps/server/src/modules/auth/auth.messages.ts';
import { t as serverT } from '../../apps/server/src/platform/i18n/messages.ts';

/** A message the server sends (its registered text), e.g. the wrong-password message. */
export const serverText = serverT;

const I18N = path.resolve(import.meta.dirname, '../../apps/web/src/i18n');
const bundles = new Map<string, Record<string, unknown>>();

/**
 * The web app's own text for an i18n key (`app.tabs.refresh`), read from apps/web/src/i18n/<lang>/<domain>.json,
 * so the tests follow wording changes instead of hard-coding them.
 */
export function tx(lang: 'zh' | 'en', key: string, params: Record<string, string | number> = {}): string {
  const [domain, ...rest] = key.split('.');
  const id = `${lang}/${domain}`;
  if (!bundles.has(id)) bundles.set(id, JSON.parse(fs.readFileSync(path.join(I18N, `${id}.json`), 'utf8')));
  let node: unknown = bundles.get(id);
  for (const p of rest) node = (node as Record<string, unknown> | undefined)?.[p];
  if (typeof node !== 'string') throw new Error(`no i18n text for ${lang}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, k) => String(params[k] ?? ''));
}

/** antd puts a space between two CJK characters of a button ("登 录"): match the text with optional spaces. */
export function loose(text: string): RegExp {
  const esc = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*');
  return new RegExp(`^\\s*${esc}\\s*$`);
}

/** Opens the back office and waits for the provider to send the browser to the sign-in page. */
export async function openSignIn(page: Page, url: string, hash = ''): Promise<void> {
  await page.goto(`${url}/library/${hash}`);
  await page.waitForURL(/#\/auth\?uid=/, { timeout: 30_000 });
  await page.locator('.auth-card button[type=submit]').waitFor();
}

export async function submitSignIn(page: Page, lang: 'zh' | 'en', account: string, password: string): Promise<void> {
  await page.getByPlaceholder(tx(lang, 'auth.login.account')).fill(account);
  await page.getByPlaceholder(tx(lang, 'auth.login.password')).fill(password);
  await page.locator('.auth-card button[type=submit]').click();
}

/**
 * Types the picture code the sign-in page shows, answered by the server's test channel. `shown` is the captcha
 * response the page fetched (start waiting for it before the action that makes the page ask for one).
 */
export async function typeCaptcha(
  page: Page,
  server: { captchaAnswer(id: string): Promise<string> },
  lang: 'zh' | 'en',
  shown: Promise<{ json(): Promise<any> }>,
): Promise<void> {
  const { captchaId } = (await (await shown).json()).data;
  await page.locator('.auth-captcha img[src^="data:image/png;base64,"]').waitFor();
  await page.getByPlaceholder(tx(lang, 'auth.login.captcha')).fill(await server.captchaAnswer(captchaId));
}

/** The sign-in page's next picture code request. */
export const nextCaptcha = (page: Page) => page.waitForResponse((r) => r.url().includes('/Home/ImageCaptCha'));

/**
 * The change-password screen a user whose password was set by someone else meets after signing in (the server
 * answers nothing else): changes it to `newPassword`, which signs out everywhere, and signs in again with it.
 */
export async function changeRequiredPassword(
  page: Page,
  lang: 'zh' | 'en',
  account: string,
  password: string,
  newPassword: string,
): Promise<void> {
  const screen = page.getByTestId('must-change-password');
  await screen.waitFor({ timeout: 30_000 });
  await screen.locator('#oldPassword').fill(password);
  await screen.locator('#newPassword').fill(newPassword);
  await screen.locator('#confirmPassword').fill(newPassword);
  await button(screen, tx(lang, 'app.mustChange.submit')).click();
  // Signed out through the provider and sent to sign in again: several navigations, so wait for the form itself.
  await page.locator('.auth-card button[type=submit]').waitFor({ timeout: 60_000 });
  expect(page.url()).toMatch(/#\/auth\?uid=/);
  await submitSignIn(page, lang, account, newPassword);
}

/**
 * Full sign-in; resolves once the staff layout shows (header and side menu rendered). An account created or reset
 * by an administrator must change its password first: pass `newPassword` to go through that screen.
 */
export async function signIn(
  page: Page,
  url: string,
  lang: 'zh' | 'en',
  account: string,
  password: string,
  newPassword?: string,
) {
  await openSignIn(page, url);
  await submitSignIn(page, lang, account, password);
  if (newPassword) await changeRequiredPassword(page, lang, account, password, newPassword);
  await page.waitForURL(/#\/data-analysis/, { timeout: 30_000 });
  await page.locator('.sy-header').waitFor();
  await page.locator('.sy-sider .ant-menu-item, .sy-sider .ant-menu-submenu-title').first().waitFor();
}

/** The access token the web app keeps in sessionStorage after sign-in. */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => sessionStorage.getItem('shuyuan.token'));
  if (!raw) throw new Error('no token in sessionStorage');
  return JSON.parse(raw).access_token;
}

/** Calls the API as the web app does (JSON POST, bearer token); answers the HTTP status and the envelope. */
export async function apiPost(
  base: string,
  url: string,
  body: unknown,
  token: string,
  lang = 'zh',
): Promise<{ status: number; json: any }> {
  const r = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': lang },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: await r.json().catch(() => null) };
}

/** Clicks a side-menu entry, opening its group first (groups are the submenu titles). */
export async function menuClick(page: Page, group: string | null, item: string): Promise<void> {
  const sider = page.locator('.sy-sider');
  const entry = sider.locator('.ant-menu-item').filter({ hasText: loose(item) });
  if (group && !(await entry.isVisible())) {
    await sider
      .locator('.ant-menu-submenu-title')
      .filter({ hasText: loose(group) })
      .click();
  }
  await entry.click();
}

/** The tab of a route path in the visited-view bar. */
export function tab(page: Page, key: string): Locator {
  return page.locator('.sy-tabs .ant-tabs-tab').filter({ has: page.locator(`[data-tab="${key}"]`) });
}

export function allTabs(page: Page): Locator {
  return page.locator('.sy-tabs .ant-tabs-tab');
}

/** The kept-alive view of a route path (hidden views stay in the DOM). */
export function view(page: Page, key: string): Locator {
  return page.locator(`.sy-view[data-view="${key}"]`);
}

/** Polls until no element matches (a closing popup may linger a moment during its animation). */
export async function gone(loc: Locator, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  while ((await loc.count()) > 0) {
    if (Date.now() > end) {
      const html = await loc.evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 300)));
      throw new Error(`still there after ${timeout} ms: ${loc}\n${html.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const openDropdown = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

/** Runs an action of a tab's context menu (refresh, close, closeOthers, closeAll). */
export async function tabAction(page: Page, lang: 'zh' | 'en', key: string, action: string): Promise<void> {
  await gone(openDropdown(page));
  await page.locator(`.sy-tabs [data-tab="${key}"]`).click({ button: 'right' });
  await openDropdown(page)
    .locator('.ant-dropdown-menu-item')
    .filter({ hasText: loose(tx(lang, `app.tabs.${action}`)) })
    .click();
  try {
    await gone(openDropdown(page));
  } catch (err) {
    await shot(page, `tab-${action}-menu-stuck`);
    throw err;
  }
}

/** Texts of the visible antd messages (toasts). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** Hovers a header dropdown (language switch, user menu) and clicks one of its entries. */
export async function headerMenu(page: Page, testId: string, entry: string): Promise<void> {
  await gone(openDropdown(page));
  await page.getByTestId(testId).hover();
  await openDropdown(page)
    .locator('.ant-dropdown-menu-item')
    .filter({ hasText: loose(entry) })
    .click();
}

/** A button by its visible text (an icon's aria-label is not part of it; CJK spacing is ignored). */
export function button(scope: Page | Locator, text: string): Locator {
  return scope.locator('button').filter({ hasText: loose(text) });
}

/** Registers an afterEach that saves a screenshot of the page when a test failed (named after the test). */
export function shotOnFailure(current: () => Page | undefined): void {
  afterEach(async ({ task }) => {
    const page = current();
    if (task.result?.state !== 'fail' || !page || page.isClosed()) return;
    const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 60);
    await shot(page, `FAILED-${name}`).catch(() => {});
  });
}
