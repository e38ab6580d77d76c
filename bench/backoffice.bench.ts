import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signIn } from '../e2e/support/app.ts';
import { CHROMIUM, launch } from '../e2e/support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, startServer } from '../e2e/support/server.ts';
import { report, summarize } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const HOME = '/data-analysis';
const DESK = '/surrency/borrow';
/** Screens opened one after another for the many-tabs figures (issue 13: "with 40 tabs open"). */
const TABS = 40;

/** Every screen path of the back office (`modules/<m>/pages.ts`), without route parameters. */
function screenPaths(): string[] {
  const dir = path.join(root, 'apps/web/src/modules');
  const out: string[] = [];
  for (const m of fs.readdirSync(dir).sort()) {
    const f = path.join(dir, m, 'pages.ts');
    if (!fs.existsSync(f)) continue;
    // Each entry from its `path:` to the next one: screens of the staff layout only (no bare, public, guide page or
    // helper route), and no screen that needs a parameter.
    const parts = fs
      .readFileSync(f, 'utf8')
      .split(/(?=path:\s*')/)
      .slice(1);
    for (const part of parts) {
      const p = /^path:\s*'([^']+)'/.exec(part)?.[1];
      if (!p || /[:*]/.test(p) || p === HOME || out.includes(p)) continue;
      if (/layout:\s*'(bare|opac|guide)'|noTab:\s*true/.test(part) || p === '/iframe') continue;
      out.push(p);
    }
  }
  return out;
}

/**
 * Resolves once the screen of `key` shows: its kept-alive view is visible, holds a table, form, tree, card or
 * empty notice, and no spinner turns in it (its first data has arrived). Answers false after `timeout`.
 */
async function shown(page: Page, key: string, timeout = 15_000): Promise<boolean> {
  return page
    .waitForFunction(
      (k) => {
        const v = document.querySelector(`.sy-view[data-view="${k}"]`) as HTMLElement | null;
        if (!v || v.offsetParent === null) return false;
        if (v.querySelector('.ant-spin-spinning, .ant-skeleton-active')) return false;
        return !!v.querySelector('.ant-table, .ant-form, .ant-tree, .ant-card, .ant-empty, .ant-descriptions, input');
      },
      key,
      { timeout, polling: 'raf' },
    )
    .then(() => true)
    .catch(() => false);
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** The desk's reader-card scan: Esc (next reader), scan the card, until the reader panel names them. */
async function deskScans(page: Page, accounts: string[], rounds: number): Promise<number[]> {
  const view = page.locator(`.sy-view[data-view="${DESK}"]`);
  const box = view.getByTestId('desk-scan');
  const panel = view.getByTestId('reader-panel');
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    const account = accounts[i % accounts.length];
    await box.fill(account);
    const t0 = performance.now();
    await box.press('Enter');
    await panel.getByTestId('reader-name').waitFor();
    times.push(performance.now() - t0);
  }
  return times;
}

/**
 * The back office in a real browser (Debian Chromium) on the demo school: a cold load (nothing cached) of the home
 * page and of screens opened by their address, first visits of screens from the menu, and with 40 screens open:
 * tab switches, a desk scan and the page's JavaScript heap, against the budgets of issue 13 (a screen from the
 * menu < 300 ms, cold < 1.5 s).
 */
export async function benchBackOffice() {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`  back office: skipped (no ${CHROMIUM})`);
    return;
  }
  buildWebOnce();
  const server = await startServer({ DEMO_DATA: 'on' });
  const ctx = await launch('zh-CN');
  try {
    const page = await ctx.newPage();
    await signIn(page, server.url, 'zh', 'admin', ADMIN_PASSWORD);
    const cdp = await ctx.newCDPSession(page);
    const paths = screenPaths();

    // Cold: the browser cache off, the page reloaded at the screen's address (the sign-in is kept by the tab).
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const cold: number[] = [];
    for (const key of [HOME, DESK, ...paths.slice(0, 6)]) {
      await page.goto(`${server.url}/library/#${key}`);
      const t0 = performance.now();
      await page.reload();
      if (await shown(page, key)) cold.push(performance.now() - t0);
      else console.log(`  cold: ${key} not shown within 15 s`);
    }
    const c = summarize(cold);
    report('back office cold load p50 (cache off)', c.p50, 'ms', 1500);
    console.log(`  (${c.n} screens: p95 ${c.p95.toFixed(0)} ms, max ${c.max.toFixed(0)} ms)`);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });

    // From the menu: the router opens a screen not visited before (its code and first data load).
    await page.goto(`${server.url}/library/#${HOME}`);
    await page.reload();
    await shown(page, HOME);
    const heapBefore = await heapMb(page);
    const first: number[] = [];
    const opened: string[] = [];
    const slow: string[] = [];
    const missed: string[] = [];
    for (const key of paths) {
      if (opened.length >= TABS) break;
      const t0 = performance.now();
      await page.evaluate((k) => {
        location.hash = k;
      }, key);
      if (await shown(page, key, 8_000)) {
        const ms = performance.now() - t0;
        first.push(ms);
        opened.push(key);
        if (ms > 300) slow.push(`${key} ${ms.toFixed(0)} ms`);
      } else missed.push(key);
    }
    if (missed.length) console.log(`  not shown within 8 s (left out): ${missed.join(', ')}`);
    if (opened.length < 12) throw new Error(`only ${opened.length} screens showed`);
    const f = summarize(first);
    report('screen from the menu, first visit, p50', f.p50, 'ms', 300);
    console.log(
      `  (${f.n} screens: p95 ${f.p95.toFixed(0)} ms; over 300 ms: ${slow.slice(0, 8).join(', ') || 'none'}${slow.length > 8 ? ` …${slow.length - 8} more` : ''})`,
    );
    // Tab switches with 40 screens open: back to a recent one (still mounted) and to an old one (remounted).
    const recent: number[] = [];
    const old: number[] = [];
    const slowSwitch: string[] = [];
    for (let i = 0; i < 10; i++) {
      for (const [key, into] of [
        [opened[opened.length - 2 - (i % 4)], recent],
        [opened[i], old],
      ] as const) {
        // As the side menu does for a screen already open (40 tabs overflow the tab bar into its "more" list).
        const t0 = performance.now();
        await page.evaluate((k) => {
          location.hash = k;
        }, key);
        if (await shown(page, key)) {
          const ms = performance.now() - t0;
          into.push(ms);
          if (ms > 300) slowSwitch.push(`${key} ${ms.toFixed(0)} ms`);
        }
      }
    }
    await page.evaluate((k) => {
      location.hash = k;
    }, DESK);
    await shown(page, DESK);
    const scans = await deskScans(page, ['S2026001', 'S2026002', 'T2026001'], 15);
    const heapAfter = await heapMb(page);

    const r = summarize(recent);
    const o = summarize(old);
    const d = summarize(scans);
    report(`tab switch with ${opened.length} tabs, p95`, Math.max(r.p95, o.p95), 'ms', 300);
    console.log(
      `  (mounted tab p50/p95 ${r.p50.toFixed(0)}/${r.p95.toFixed(0)} ms; unmounted (restored) tab ${o.p50.toFixed(0)}/${o.p95.toFixed(0)} ms; over 300 ms: ${slowSwitch.join(', ') || 'none'})`,
    );
    console.log(
      `  desk reader scan with ${opened.length} tabs open: p50 ${d.p50.toFixed(0)} ms, p95 ${d.p95.toFixed(0)} ms; JS heap ${heapBefore.toFixed(0)} MB → ${heapAfter.toFixed(0)} MB`,
    );
  } finally {
    await ctx.close();
    await server.stop();
  }
}
