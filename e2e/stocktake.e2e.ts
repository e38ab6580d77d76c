import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../packages/contracts/src/common/paths.ts';
import { apiPost, button, gone, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/** Stocktake (issue 3 §8): open a session, scan three barcodes one after another, read the report's counts. */
const INVENTORY = '/book-inventory';
const REPORT = '/inventory-report';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen(INVENTORY);
let page: Page;

beforeAll(async () => {
  ({ page } = session);
  const token = await tokenOf(page);
  const base = session.server.url;
  const rec = await apiPost(
    base,
    `${P}/Literature/AddItemsCatalogueInfo`,
    { title: '西游记', classNo: 'I242.4' },
    token,
  );
  expect(rec.json.code).toBe(0);
  const copies = await apiPost(
    base,
    `${P}/Literature/AddItemsCollectionInfo`,
    { recordId: rec.json.data.id, count: 3, barcodes: ['XY0001', 'XY0002', 'XY0003'], callNo: 'I242.4/1' },
    token,
  );
  expect(copies.json.code).toBe(0);
});

const screen = () => view(page, INVENTORY);
const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal');
const statistic = (scope: ReturnType<typeof screen>, title: string) =>
  scope.locator('.ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) });

describe('stocktake screen', () => {
  it('opens a session and classifies three scans typed as fast as a scanner', async () => {
    await button(screen(), zh('stocktake.open.button')).click();
    await modal().locator('.sy-stocktake-open input').first().fill('西游记书架');
    await button(modal(), zh('stocktake.open.ok')).click();
    await gone(modal());
    const input = screen().locator('.sy-stocktake-input input');
    await input.waitFor();
    // Three barcodes, no waiting between them: the queue sends them in order.
    for (const b of ['XY0001', 'XY0002', 'NOPE-404']) {
      await input.pressSequentially(b, { delay: 5 });
      await input.press('Enter');
    }
    const results = screen().locator('.sy-stocktake-results');
    await results.locator('.sy-scan-found').nth(1).waitFor();
    await results.locator('.sy-scan-unknown').waitFor();
    await expect
      .poll(() => statistic(screen(), zh('stocktake.session.found')).locator('.ant-statistic-content').textContent())
      .toBe('2');
    await shot(page, 'stocktake-scan');
  });

  it('shows the report counts: 2 found, 1 missing, 1 unknown barcode', async () => {
    await button(screen(), zh('stocktake.session.back')).click();
    await button(
      screen().locator('.ant-table-row').filter({ hasText: '西游记书架' }),
      zh('stocktake.session.report'),
    ).click();
    const report = view(page, REPORT);
    const totals = report.locator('.sy-report-totals');
    await totals.waitFor();
    const count = (key: string) => statistic(report, zh(`stocktake.list.${key}`)).locator('.ant-statistic-content');
    await expect.poll(() => count('found').textContent()).toBe('2');
    expect(await count('missing').textContent()).toBe('1');
    expect(await count('unknown').textContent()).toBe('1');
    // The missing list names the copy that was not scanned.
    await report.locator('.sy-report-list .ant-table-row').filter({ hasText: 'XY0003' }).waitFor();
    await shot(page, 'stocktake-report');
  });
});
