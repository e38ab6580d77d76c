import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedPath } from '../scripts/shared-data.ts';
import { writeIso2709 } from '../apps/server/src/modules/marc/lib/iso2709-writer.ts';
import { apiPost, button, gone, loose, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * Issue 3's browser check, one cataloguer's morning: import a MARC file (preview, import, the task finishes), find
 * the Chinese title by its pinyin initials, add 3 copies whose barcodes the school's rule generates, print their
 * spine and barcode labels (the printed barcodes decode with zbarimg), export the record as MARCXML (it validates
 * against MARC21slim.xsd).
 */
const TITLE = '城南旧事插图本';
const INITIALS = 'cnjs';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const XSD = sharedPath('data/marc/schema/MARC21slim.xsd');

const df = (tag: string, ...subs: string[]) => ({
  tag,
  ind1: ' ',
  ind2: ' ',
  subfields: subs.map((s) => ({ code: s[0], value: s.slice(1) })),
});
const RECORD: MarcRecord = {
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '008', value: '240101s2024    cc            000 1 chi d' },
    df('020', 'a9787530215593', 'cCNY28.00'),
    df('084', 'aI246.5', '2clc'),
    df('100', 'a林海音'),
    df('245', `a${TITLE}`, 'c林海音著'),
    df('260', 'a北京', 'b北京十月文艺出版社', 'c2024'),
  ],
};

const session = useAdminScreen('/resource-mana/resource/catalog');
let page: Page;
let token: string;
let dir: string;
let barcodes: string[] = [];
beforeAll(async () => {
  ({ page } = session);
  token = await tokenOf(page);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-cataloguer-'));
  fs.writeFileSync(path.join(dir, 'new-books.mrc'), writeIso2709(RECORD));
  const rule = { kind: 'book', enabled: true, prefix: 'CN', length: 8, checkDigit: true };
  const r = await apiPost(session.server.url, `${P}/Printing/SaveBarcodeRule`, rule, token);
  expect(r.json.code, JSON.stringify(r.json)).toBe(0);
});

async function download(trigger: () => Promise<unknown>): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), trigger()]);
  const file = path.join(dir, d.suggestedFilename());
  await d.saveAs(file);
  return file;
}

describe('a cataloguer from MARC file to labels and MARCXML', () => {
  it('imports a MARC file after previewing it and sees the task finish', async () => {
    await page.goto(`${session.server.url}/library/#/marc-import`);
    const screen = view(page, '/marc-import');
    await screen.locator('.ant-upload input[type=file]').setInputFiles(path.join(dir, 'new-books.mrc'));
    const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain(TITLE);
    await button(screen, zh('marc.import.start')).click();
    const result = screen.locator('.sy-marc-result');
    await result.waitFor({ timeout: 60_000 });
    await result
      .locator('.ant-alert')
      .getByText(/导入 1/)
      .waitFor();
  });

  it('finds the title by its pinyin initials and adds 3 copies with generated barcodes', async () => {
    const CATALOG = '/resource-mana/resource/catalog';
    await page.goto(`${session.server.url}/library/#${CATALOG}`);
    const screen = view(page, CATALOG);
    await screen.getByPlaceholder(zh('catalogue.search.placeholder')).fill(INITIALS);
    await button(screen, zh('catalogue.search.button')).click();
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: TITLE }).first();
    await row.waitFor();

    await button(row, zh('catalogue.copies.add')).click();
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
    await modal.getByText(zh('catalogue.copies.addTitle', { title: TITLE })).waitFor();
    await modal
      .locator('label')
      .filter({ hasText: zh('catalogue.copies.generated') })
      .click();
    const count = modal
      .locator('.ant-form-item')
      .filter({ has: page.locator('label').filter({ hasText: loose(zh('catalogue.copies.count')) }) })
      .locator('input');
    await count.fill('3');
    await button(modal, zh('catalogue.save')).click();
    await gone(modal);

    await row.locator('.ant-table-row-expand-icon').click();
    const copies = screen.locator('.sy-copies .ant-table-row');
    await expect.poll(() => copies.count()).toBe(3);
    barcodes = (await copies.allInnerTexts()).map((t) => /CN\d{6}/.exec(t)?.[0] ?? '').sort();
    expect(barcodes).toHaveLength(3);
    for (const b of barcodes) expect(b).toMatch(/^CN\d{6}$/);
    await shot(page, 'cataloguer-copies');
  });

  it('prints the spine labels and the barcode labels; the printed barcodes decode with zbarimg', async () => {
    for (const [screenPath, kind] of [
      ['/callnumprint/common', 'spine'],
      ['/barcodeprint', 'barcode'],
    ] as const) {
      await page.goto(`${session.server.url}/library/#${screenPath}`);
      const screen = view(page, screenPath);
      await screen.getByText(zh('printing.work.what')).waitFor();
      await screen
        .locator('label')
        .filter({ hasText: zh('printing.work.sources.barcodeRange') })
        .click();
      const item = (label: string) =>
        screen.locator('.ant-form-item').filter({ has: page.locator('label').filter({ hasText: loose(label) }) });
      await item(zh('printing.work.from')).locator('input').fill(barcodes[0]);
      await item(zh('printing.work.to')).locator('input').fill(barcodes[2]);
      await button(screen, zh('printing.work.load')).click();
      await expect.poll(() => screen.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
      const pdf = await download(() => screen.getByTestId('print-btn').click());
      expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
      if (kind === 'spine') {
        // Spine labels carry the call number (class / book number), one label per copy.
        const text = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).stdout;
        expect(text.match(/I246\.5/g)?.length, text).toBe(3);
        continue;
      }
      const png = path.join(dir, kind);
      expect(spawnSync('pdftoppm', ['-r', '300', '-png', '-f', '1', '-l', '1', pdf, png]).status).toBe(0);
      const page1 = fs.readdirSync(dir).find((f) => f.startsWith(`${kind}-`) && f.endsWith('.png'));
      const scan = spawnSync('zbarimg', ['--quiet', '--raw', path.join(dir, page1 as string)], { encoding: 'utf8' });
      const decoded = scan.stdout.split('\n').filter(Boolean).sort();
      expect(decoded, `${kind} labels`).toEqual(barcodes);
    }
  });

  it('exports the record as MARCXML that validates against MARC21slim.xsd', async () => {
    await page.goto(`${session.server.url}/library/#/marc-export`);
    const screen = view(page, '/marc-export');
    await screen
      .locator('label')
      .filter({ hasText: /^MARCXML/ })
      .click();
    const search = screen.locator('.ant-input-search input');
    await search.fill(TITLE);
    await search.press('Enter');
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: TITLE });
    await row.waitFor();
    await row.locator('.ant-checkbox-input').check();
    const xml = await download(() => button(screen, zh('marc.export.runSelected', { n: 1 })).click());
    const text = fs.readFileSync(xml, 'utf8');
    expect(text).toContain(TITLE);
    for (const b of barcodes) expect(text).toContain(b);
    const lint = spawnSync('xmllint', ['--noout', '--schema', XSD, xml], { encoding: 'utf8' });
    expect(lint.status, lint.stderr).toBe(0);
  });
});
