import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { CHROMIUM, launch } from '../e2e/support/browser.ts';
import { buildWebOnce, startServer } from '../e2e/support/server.ts';
import { report } from './stats.ts';

/** GUIDE_BENCH_SECONDS (default 600: ten minutes) shortens the run for a quick look. */
const SECONDS = Number(process.env.GUIDE_BENCH_SECONDS ?? 600);
/** Panels turn every INTERVAL seconds (0.2, the fastest a screen allows; a hall screen turns every 15 s). */
const INTERVAL = 0.2;
/** Budget for "flat": JS heap growth over the run, after a forced garbage collection at both ends. */
const FLAT_MB = 2;

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/**
 * `npm run bench guide`: a hall screen left running (issue 11 §3: "runs for days"). The start screen of the demo
 * school turns its panels every 0.2 s (each turn loads its panel's data: new books, hot books, loans and rankings,
 * news) for ten minutes; every half minute a visitor opens an activity screen, the card screen and the touch
 * search, and the screen goes back to the start when left alone (idle 2 s). The page's JavaScript heap after a
 * forced collection, at the start (after a warm-up) and at the end, must stay flat (< 2 MB growth).
 */
export async function benchGuide() {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`  guide screen: skipped (no ${CHROMIUM})`);
    return;
  }
  buildWebOnce();
  const server = await startServer({ DEMO_DATA: 'on' });
  const ctx = await launch('zh-CN');
  try {
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    let requests = 0;
    let failures = 0;
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr') requests++;
    });
    page.on('requestfailed', () => failures++);
    const home = `${server.url}/library/opac.html#/guidescreen?school=demo&interval=${INTERVAL}&idle=2`;
    await page.goto(home);
    await page.locator('.guide-stage').waitFor();
    // Warm-up: every panel and visitor screen once (code chunks loaded, caches filled), then the first figure.
    const visit = async (route: string) => {
      await page.evaluate((r) => {
        location.hash = r;
      }, route);
      await page.locator('.guide-panel').first().waitFor();
      await page.waitForURL(/#\/guidescreen(\?|$)/, { timeout: 30_000 });
    };
    const visitors = ['/schoolactivity', '/activitytask', '/guidescreen/userinfo', '/guidescreen/search', '/hotBook'];
    for (const r of visitors) await visit(r);
    await page.waitForTimeout(5_000);
    const start = await heapMb(page);
    const samples: number[] = [start];
    const t0 = Date.now();
    const r0 = requests;
    let lastSample = t0;
    let v = 0;
    while (Date.now() - t0 < SECONDS * 1000) {
      await page.waitForTimeout(Math.min(30_000, SECONDS * 1000 - (Date.now() - t0)));
      if (Date.now() - t0 >= SECONDS * 1000) break;
      await visit(visitors[v++ % visitors.length]);
      if (Date.now() - lastSample >= 60_000) {
        samples.push(await heapMb(page));
        lastSample = Date.now();
      }
    }
    const end = await heapMb(page);
    samples.push(end);
    const minutes = (Date.now() - t0) / 60_000;
    report(`guide screen JS heap growth over ${minutes.toFixed(1)} min`, end - start, 'MB', FLAT_MB);
    console.log(
      `  (heap ${start.toFixed(2)} → ${end.toFixed(2)} MB, max ${Math.max(...samples).toFixed(2)} MB; samples ${samples.map((x) => x.toFixed(1)).join(' ')}; ${requests - r0} data requests answered, ${failures} failed; ${v} visitor screens; panels every ${INTERVAL} s)`,
    );
  } finally {
    await ctx.close();
    await server.stop();
  }
}
