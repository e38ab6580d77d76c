import type { BrowserContext, Page } from 'playwright-core';

/**
 * How long a screen must stay unchanged to count as shown. Long enough for what follows an answer or a commit (an
 * effect that sends the next request, the render of an answer) on a loaded machine; it is waited for, never
 * counted: the figure ends at the paint that started the unchanged stretch.
 */
const QUIET_MS = 150;
/** sessionStorage key: the screen a reloaded document watches from its start (a cold load). */
const WATCH_KEY = 'sy-bench-watch';

/**
 * "Shown" as a user sees it, installed in every document before the app's own code. It counts the app's requests
 * in flight (window.fetch, ended when the answer's body has arrived), and for the watched view
 * (`.sy-view[data-view=KEY]`) looks at every frame: visible, holding a table, form, tree, card, empty notice,
 * descriptions or input, with no spinner, and no request in flight. The screen is shown at the paint of the first
 * such frame after which, for QUIET_MS, no request starts or ends and nothing in the view is added, removed,
 * rewritten or changes class (a MutationObserver). A table committed before its first list request went out, or a
 * spinner not there yet because the request goes out after the commit, no longer counts as shown.
 * A plain script (no bundled helper may leak into it).
 */
const PROBE = `(() => {
  const QUIET = ${QUIET_MS};
  const SPIN = '.ant-spin-spinning, .ant-skeleton-active';
  const CONTENT = '.ant-table, .ant-form, .ant-tree, .ant-card, .ant-empty, .ant-descriptions, input';
  const p = { inflight: 0, changes: 0, target: null, shownAt: null, firstAt: null, log: [] };
  // What happened while a screen was watched (page clock): requests sent and answered, the view's DOM changed.
  const note = (what) => { if (p.target !== null && p.shownAt === null) p.log.push([performance.now(), what]); };
  window.__syShown = p;
  const fetch0 = window.fetch;
  window.fetch = function (...args) {
    p.inflight++;
    p.changes++;
    const url = String(args[0] && args[0].url ? args[0].url : args[0]).split('?')[0].split('/').slice(-2).join('/');
    note('sent ' + url);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      p.inflight--;
      p.changes++;
      note('answered ' + url);
    };
    const r = fetch0.apply(this, args);
    r.then((res) => res.clone().arrayBuffer().then(end, end), end);
    return r;
  };
  let running = false;
  let view = null;
  let observer = null;
  let stretch = null;
  // Cheap on purpose, as it runs every frame: no layout read (the view host shows a view by its inline display),
  // the view looked up again only once it left the document, and nothing queried while a quiet stretch lasts (every
  // change of the view's nodes, texts or classes ends it).
  const visible = (v) => !!v && v.style.display !== 'none';
  const looksReady = (v) => visible(v) && !v.querySelector(SPIN) && !!v.querySelector(CONTENT);
  const find = () => document.querySelector('.sy-view[data-view="' + CSS.escape(p.target || '') + '"]');
  p.why = () => {
    const v = find();
    if (!v) return 'no view';
    if (!visible(v)) return 'view hidden';
    if (p.inflight) return p.inflight + ' request(s) in flight';
    if (v.querySelector(SPIN)) return 'spinner';
    if (!v.querySelector(CONTENT)) return 'no content';
    return 'still changing';
  };
  const frame = () => {
    if (p.target === null || p.shownAt !== null) {
      running = false;
      return;
    }
    const now = performance.now();
    if (stretch && stretch.changes === p.changes) {
      if (now - stretch.frameAt >= QUIET) {
        p.shownAt = stretch.paintAt;
        running = false;
        return;
      }
      requestAnimationFrame(frame);
      return;
    }
    const v = view && view.isConnected && view.dataset.view === p.target ? view : find();
    if (v !== view) {
      if (observer) observer.disconnect();
      observer = null;
      view = v;
      p.changes++;
      if (v) {
        observer = new MutationObserver(() => {
          p.changes++;
          note('view changed');
        });
        observer.observe(v, { childList: true, subtree: true, characterData: true, attributeFilter: ['class'] });
      }
    }
    const looks = looksReady(v);
    if (looks && p.firstAt === null) {
      p.firstAt = now;
      note('looks ready');
    }
    if (!looks || p.inflight) stretch = null;
    else {
      const s = { changes: p.changes, frameAt: now, paintAt: now };
      stretch = s;
      // The frame is painted after this callback: its time is taken in the first task after it.
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { s.paintAt = performance.now(); };
      ch.port2.postMessage(null);
    }
    requestAnimationFrame(frame);
  };
  p.watch = (key) => {
    p.target = key;
    p.shownAt = null;
    p.firstAt = null;
    p.log = [];
    stretch = null;
    if (!running) {
      running = true;
      requestAnimationFrame(frame);
    }
  };
  const cold = sessionStorage.getItem('${WATCH_KEY}');
  if (cold !== null) {
    sessionStorage.removeItem('${WATCH_KEY}');
    p.watch(cold);
  }
})();`;

export async function installShownProbe(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript({ content: PROBE });
}

/**
 * A screen shown: ms to its paint as shown, to the first frame that merely looked ready (the old measure), and what
 * happened until then (ms, what: requests sent and answered, the view's DOM changed).
 */
export interface Shown {
  ms: number;
  looked: number;
  log: [number, string][];
}

/** Waits for the watched screen to be shown; its times in the page's clock, or why not after `timeout`. */
async function shownAt(page: Page, timeout: number, t0: number): Promise<Shown | string> {
  try {
    await page.waitForFunction(() => (window as any).__syShown.shownAt !== null, undefined, { timeout, polling: 50 });
    const p: { shownAt: number; firstAt: number; log: [number, string][] } = await page.evaluate(
      () => (window as any).__syShown,
    );
    return { ms: p.shownAt - t0, looked: p.firstAt - t0, log: p.log.map(([at, what]) => [at - t0, what]) };
  } catch {
    return await page.evaluate(() => (window as any).__syShown.why() as string).catch(() => 'page gone');
  }
}

/** A screen opened by the router (menu, tab, address change): from the navigation to its paint as shown. */
export async function navigateShown(page: Page, key: string, timeout: number): Promise<Shown | string> {
  const t0 = await page.evaluate((k) => {
    const started = performance.now();
    (window as any).__syShown.watch(k);
    location.hash = k;
    return started;
  }, key);
  return shownAt(page, timeout, t0);
}

/** The page reloaded at `key` (the tab's sign-in kept): from the reload to the screen's paint as shown. */
export async function reloadShown(page: Page, key: string, timeout: number): Promise<Shown | string> {
  await page.evaluate(([k, item]) => sessionStorage.setItem(item, k), [key, WATCH_KEY]);
  const t0 = Date.now();
  await page.reload();
  // The new document's clock starts at its navigation: the reload's start in that clock.
  const origin = await page.evaluate(() => performance.timeOrigin);
  return shownAt(page, timeout, t0 - origin);
}

/** A waterfall line: what happened until the screen was shown (repeated events in a row as one, with their span). */
export function waterfall(s: Shown): string {
  const runs: { from: number; to: number; what: string; n: number }[] = [];
  for (const [ms, what] of s.log) {
    const last = runs.at(-1);
    if (last?.what === what) Object.assign(last, { to: ms, n: last.n + 1 });
    else runs.push({ from: ms, to: ms, what, n: 1 });
  }
  const at = (r: (typeof runs)[number]) => (r.n > 1 ? `${r.from.toFixed(0)}–${r.to.toFixed(0)}` : r.from.toFixed(0));
  const lines = runs.map((r) => `${at(r)} ${r.what}${r.n > 1 ? ` ×${r.n}` : ''}`);
  return `${lines.join(', ')}, ${s.ms.toFixed(0)} shown`;
}
