import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, loose, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/** Printing (issue 3 §7): spine labels for three copies, previewed in the browser and downloaded as a PDF. */
const RANGES = '/barcode-prepriting';
const SPINE = '/callnumprint/common';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen(RANGES);
let page: Page;
beforeAll(async () => {
  ({ page } = session);
  const token = await tokenOf(page);
  const rec = await apiPost(session.server.url, `${P}/Literature/AddItemsCatalogueInfo`, { title: '西游记' }, token);
  const recordId = rec.json.data.id;
  for (const [barcode, callNo] of [
    ['PE0001', 'I242.4/21'],
    ['PE0002', 'I242.4/21:2'],
    ['PE0003', 'I242.4/21:3'],
  ]) {
    const r = await apiPost(
      session.server.url,
      `${P}/Literature/AddItemsCollectionInfo`,
      { recordId, count: 1, barcodes: [barcode], callNo },
      token,
    );
    expect(r.json.code).toBe(0);
  }
});

const screen = () => view(page, SPINE);
const item = (label: string) =>
  screen()
    .locator('.ant-form-item')
    .filter({ has: page.locator('label').filter({ hasText: loose(label) }) });

describe('spine label printing', () => {
  it('lists the 3 copies of a barcode range, previews the labels and downloads the PDF', async () => {
    await page.goto(`${session.server.url}/library/#${SPINE}`);
    await screen().getByText(zh('printing.work.what')).waitFor();
    await screen()
      .locator('label')
      .filter({ hasText: zh('printing.work.sources.barcodeRange') })
      .click();
    await item(zh('printing.work.from')).locator('input').fill('PE0001');
    await item(zh('printing.work.to')).locator('input').fill('PE0003');
    await button(screen(), zh('printing.work.load')).click();
    const rows = screen().locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('I242.4/21');

    await screen().getByTestId('print-preview-btn').click();
    await screen()
      .getByText(zh('printing.work.pages', { pages: 1, total: 3 }))
      .waitFor();
    const src = await screen().getByTestId('print-preview').getAttribute('src');
    expect(src).toMatch(/^blob:/);
    expect(await screen().getByTestId('print-preview').getAttribute('title')).toBe(zh('printing.job.previewFrame'));
    await shot(page, 'printing-spine-preview');

    const [download] = await Promise.all([page.waitForEvent('download'), screen().getByTestId('print-btn').click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'printing-e2e-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = fs.readFileSync(file);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The three call numbers are on the page (pdftotext, when poppler is installed).
    const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    if (!text.error) for (const l of ['I242.4', '21', ':2', ':3']) expect(text.stdout).toContain(l);
  });

  it('opens with the copies another screen passes in the address (?barcodes=)', async () => {
    await page.goto(`${session.server.url}/library/#/barcodeprint?barcodes=PE0001,PE0003`);
    const v = view(page, '/barcodeprint');
    const rows = v.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await v.locator('textarea').inputValue()).toBe('PE0001\nPE0003');
    await page.goto(`${session.server.url}/library/#${SPINE}`);
    await screen().getByText(zh('printing.work.what')).waitFor();
  });

  it('refuses an invalid page range with the spec message', async () => {
    await item(zh('printing.work.startPage')).locator('input').fill('3');
    await item(zh('printing.work.endPage')).locator('input').fill('3');
    await screen().getByTestId('print-preview-btn').click();
    await page
      .locator('.ant-message-notice')
      .filter({ hasText: zh('printing.job.dataInvalid') })
      .first()
      .waitFor();
  });

  it('the parent route /callnumprint opens standard printing with the same address query', async () => {
    await page.goto(`${session.server.url}/library/#/callnumprint?barcodes=PE0002`);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/callnumprint/common?barcodes=PE0002');
    const rows = screen().locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('I242.4/21:2');
    expect(await page.getByText(zh('shell.notFound.title')).count()).toBe(0);
  });
});
