import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { launch } from '../e2e/support/browser.ts';
import { ADMIN_PASSWORD, startServer } from '../e2e/support/server.ts';
import { report } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, '.tmp/bench-web');

/** gzip size of the JavaScript a browser really loads: the sign-in page, then the back-office shell. */
export async function benchWebSize() {
  if (!fs.existsSync('/usr/bin/chromium')) {
    console.log('  web sizes: skipped (no /usr/bin/chromium)');
    return;
  }
  const r = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
  });
  if (r.status !== 0) throw new Error(r.stderr.toString());
  const server = await startServer({ WEB_DIST: dist });
  const ctx = await launch('zh-CN');
  const page = await ctx.newPage();
  const loaded = new Set<string>();
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.pathname.startsWith('/library/') && u.pathname.endsWith('.js'))
      loaded.add(u.pathname.replace('/library/', ''));
  });
  const gz = (files: Iterable<string>) =>
    [...files].reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(dist, f))).length, 0) / 1024;
  const biggest = (files: Set<string>) =>
    console.log(
      `  largest: ${[...files]
        .map((f) => [f, gz([f])] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([f, k]) => `${path.basename(f)} ${k.toFixed(0)} KB`)
        .join(', ')}`,
    );
  try {
    // The public search site (issue 11: first load < 200 KB of JavaScript gzip, its own entry): a reader's phone
    // opening the search page, until its search box is there and the network is quiet.
    const reader = await ctx.newPage();
    const opac = new Set<string>();
    reader.on('response', (res) => {
      const u = new URL(res.url());
      if (u.pathname.startsWith('/library/') && u.pathname.endsWith('.js'))
        opac.add(u.pathname.replace('/library/', ''));
    });
    await reader.goto(`${server.url}/library/opac.html#/search`);
    await reader.waitForSelector('input', { timeout: 30_000 });
    await reader.waitForLoadState('networkidle');
    report('JS loaded by the public search page (gzip)', gz(opac), 'KB', 200);
    biggest(opac);
    await reader.close();
    // The shell alone: the lightest page inside the staff layout (/iframe) is opened, so what loads is sign-in,
    // layout, menu and tabs. Screens and the home charts are reported after it, as what each adds.
    await page.goto(`${server.url}/library/#/iframe`);
    await page.waitForSelector('input[type=password]', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const signIn = gz(loaded);
    report('JS loaded by the sign-in page (gzip)', signIn, 'KB', 250);
    biggest(loaded);
    await page.locator('input[type=password]').fill(ADMIN_PASSWORD);
    await page.locator('input').first().fill('admin');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/iframe/, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    report('JS of the back-office shell, incl. sign-in (gzip)', gz(loaded), 'KB', 400);
    biggest(loaded);
    await page.goto(`${server.url}/library/#/sys/company`);
    await page.waitForSelector('.ant-table', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    console.log(`  + a list screen (/sys/company, resource kit): ${gz(loaded).toFixed(1)} KB gzip in all`);
    // The home page adds its charts (ECharts, loaded after the figures): reported, page content not shell.
    await page.goto(`${server.url}/library/#/data-analysis`);
    await page.waitForSelector('canvas', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    console.log(`  with the home dashboard and its charts: ${gz(loaded).toFixed(1)} KB gzip in all`);
  } finally {
    await ctx.close();
  }
  try {
    // Bytes on the wire for a first visit to the circulation desk (sign-in, shell, desk screen; headers included)
    // until the desk takes its first scan (deskOnTheWire), with the figure until the network is idle beside it:
    // with the build's brotli copies, then as the files are (what the server sent before they existed).
    const precompressed = await deskOnTheWire(server.url);
    report('desk first visit on the wire (brotli)', precompressed.ready, 'KB', 600);
    console.log(`  until the network is idle: ${precompressed.idle.toFixed(1)} KB`);
    for (const f of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      if (/\.(br|gz)$/.test(f)) fs.rmSync(path.join(dist, f));
    }
    const plain = await deskOnTheWire(server.url);
    console.log(
      `  the same without the precompressed copies: ${plain.ready.toFixed(1)} KB (${plain.idle.toFixed(1)} KB until idle)`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * KB a fresh browser receives (headers and encoded bodies) on a first visit to the desk address: `ready` until the
 * desk can take the first scan — the scan box shown and enabled, and every request the page had started by then
 * finished (sign-in, shell, the desk's code, texts and first data); `idle` until the network has been quiet for
 * 0.5 s, which adds what the page asks for after that (background chunks, the provider's session check, polls).
 */
async function deskOnTheWire(url: string): Promise<{ ready: number; idle: number }> {
  const ctx = await launch('zh-CN');
  const page = await ctx.newPage();
  const sizes: { beforeReady: boolean; bytes: Promise<number> }[] = [];
  const inFlight = new Set<Request>();
  let ready = false;
  page.on('request', (req) => {
    if (!ready) inFlight.add(req);
  });
  page.on('requestfailed', (req) => inFlight.delete(req));
  page.on('requestfinished', (req) =>
    sizes.push({
      beforeReady: inFlight.delete(req),
      bytes: req
        .sizes()
        .then((s) => s.responseHeadersSize + s.responseBodySize)
        .catch(() => 0),
    }),
  );
  const kb = async (all: typeof sizes) =>
    (await Promise.all(all.map((s) => s.bytes))).reduce((a, b) => a + b, 0) / 1024;
  try {
    await page.goto(`${url}/library/#/surrency/borrow`);
    await page.waitForSelector('input[type=password]', { timeout: 30_000 });
    await page.locator('input').first().fill('admin');
    await page.locator('input[type=password]').fill(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/surrency\/borrow/, { timeout: 30_000 });
    await page.waitForSelector('[data-testid=desk-scan]:not([disabled])', { state: 'visible', timeout: 30_000 });
    ready = true;
    for (const end = Date.now() + 30_000; inFlight.size > 0 && Date.now() < end; ) await page.waitForTimeout(20);
    const readyKb = await kb(sizes.filter((s) => s.beforeReady));
    await page.waitForLoadState('networkidle');
    return { ready: readyKb, idle: await kb(sizes) };
  } finally {
    await ctx.close();
  }
}
