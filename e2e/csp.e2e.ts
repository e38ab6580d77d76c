import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerMenu, openSignIn, shotOnFailure, submitSignIn, tx } from './support/app.ts';
import { launch } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 10 §3: every page runs under the server's Content-Security-Policy with no violation. Chromium reports each
 * blocked script, style, image, frame or connection as a `securitypolicyviolation` event and a console error; both
 * are collected across every navigation (the provider's sign-out page included).
 *
 * To cover a new page, add it to one of the tables: `path` is the hash route, `ready` a selector that shows once the
 * page has loaded what it needs.
 */
const PUBLIC_PAGES: { name: string; url: string; ready: string }[] = [
  { name: 'public search: choosing the school', url: '/library/opac.html#/search', ready: '#opac-school-code' },
  {
    name: 'public search: a school by its code',
    url: '/library/opac.html#/search?school=demo',
    ready: '[role=search]',
  },
];
const BACK_OFFICE: { path: string; ready: string }[] = [
  { path: '/data-analysis', ready: 'canvas' },
  { path: '/sys/company', ready: '.ant-table' },
  { path: '/surrency/borrow', ready: '.sy-tabs, .ant-tabs' },
  { path: '/resource-mana/basic-set/branch', ready: '.ant-table' },
  { path: '/sys/log/operation', ready: '.ant-table' },
];

let server: RunningServer;
let ctx: BrowserContext | undefined;
let page: Page | undefined;
const violations: string[] = [];

beforeAll(async () => {
  buildWebOnce();
  server = await startServer();
  ctx = await launch('zh-CN');
  // Runs in every document before its own scripts; CDP adds it, so the policy does not apply to it.
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}`),
    );
  });
  page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|CSP violation/i.test(m.text())) {
      violations.push(`${page?.url()}: ${m.text()}`);
    }
  });
});
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
});
shotOnFailure(() => page);

/** Waits for a page to settle, then answers (and forgets) the violations reported so far. */
async function settle(p: Page, ready: string): Promise<string[]> {
  // Kept-alive screens stay in the page behind their tabs: wait for the shown one.
  await p.locator(`${ready} >> visible=true`).first().waitFor({ timeout: 30_000 });
  await p.waitForLoadState('networkidle');
  return violations.splice(0);
}

describe('Content-Security-Policy in the browser', () => {
  it('is sent with the web app: no inline script, never framed', async () => {
    const res = await fetch(`${server.url}/library/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('the public pages report no violation', async () => {
    for (const pg of PUBLIC_PAGES) {
      await page!.goto(`${server.url}${pg.url}`);
      expect({ page: pg.name, violations: await settle(page!, pg.ready) }).toEqual({ page: pg.name, violations: [] });
    }
  });

  it('the sign-in page, the back-office screens and signing out report no violation', async () => {
    const p = page!;
    await openSignIn(p, server.url);
    expect(await settle(p, '.auth-card button[type=submit]')).toEqual([]);
    await submitSignIn(p, 'zh', 'admin', ADMIN_PASSWORD);
    await p.waitForURL(/#\/data-analysis/, { timeout: 30_000 });
    for (const screen of BACK_OFFICE) {
      await p.goto(`${server.url}/library/#${screen.path}`);
      expect({ screen: screen.path, violations: await settle(p, screen.ready) }).toEqual({
        screen: screen.path,
        violations: [],
      });
    }
    // Signing out passes through the provider's own sign-out page (/oauth2/session/end), which submits itself.
    await headerMenu(p, 'user-menu', tx('zh', 'app.header.signOut'));
    await p.waitForURL(/#\/auth\?uid=/, { timeout: 30_000 });
    expect(await settle(p, '.auth-card button[type=submit]')).toEqual([]);
  });
});
