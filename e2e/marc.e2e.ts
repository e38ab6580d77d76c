import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeIso2709 } from '../apps/server/src/modules/marc/lib/iso2709-writer.ts';
import { button, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * MARC import (issue 3 §4) as a librarian does it: upload a file on /marc-import, read the preview (a record
 * without a title is flagged), look at one record's tags, import, see the task finish with the bad record
 * listed, then find the imported book in the MARC editor (/Marc).
 */
const IMPORT = '/marc-import';
const EDITOR = '/Marc';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const df = (tag: string, ...subs: string[]) => ({
  tag,
  ind1: ' ',
  ind2: ' ',
  subfields: subs.map((s) => ({ code: s[0], value: s.slice(1) })),
});
const book = (title: string | null, isbn: string): MarcRecord => ({
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '008', value: '240101s2024    cc            000 0 chi d' },
    df('020', `a${isbn}`),
    df('100', 'a曹文轩'),
    title ? df('245', `a${title}`, 'c曹文轩著') : df('245', 'c无题名'),
    df('260', 'a南京', 'b天天出版社', 'c2024'),
  ],
});

const session = useAdminScreen('/resource-mana/resource/catalog');
let page: Page;
let file: string;
beforeAll(() => {
  ({ page } = session);
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-marc-')), 'books.mrc');
  const records = [book('草房子测试本', '9787501615254'), book(null, ''), book('青铜葵花测试本', '9787020042494')];
  fs.writeFileSync(file, Buffer.concat(records.map((r) => writeIso2709(r))));
});

describe('MARC import on /marc-import', () => {
  it('uploads a file, previews it, imports it and lists the record it could not import', async () => {
    await page.goto(`${session.server.url}/library/#${IMPORT}`);
    const screen = view(page, IMPORT);
    await screen.locator('.ant-upload input[type=file]').setInputFiles(file);

    const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('草房子测试本');
    expect(await rows.nth(1).textContent()).toContain(zh('marc.preview.bad'));
    await screen.getByText(zh('marc.preview.summary', { shown: 3, good: 2, bad: 1 })).waitFor();

    // PreviewMarc: one record's tags
    await rows.nth(2).click();
    const tags = page.locator('.sy-marc-tags');
    await expect.poll(() => tags.textContent(), { timeout: 20_000 }).toContain('青铜葵花测试本');
    await shot(page, 'marc-import-preview');
    await page.keyboard.press('Escape');

    await button(screen, zh('marc.import.start')).click();
    const result = screen.locator('.sy-marc-result');
    await result.waitFor({ timeout: 60_000 });
    await result
      .locator('.ant-alert')
      .getByText(/导入 2/)
      .waitFor();
    const bad = result.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => bad.count()).toBe(1);
    expect(await bad.first().textContent()).toContain('2');
    await shot(page, 'marc-import-done');
  });

  it('finds the imported book in the MARC editor with its 245 field', async () => {
    await page.goto(`${session.server.url}/library/#${EDITOR}`);
    const screen = view(page, EDITOR);
    const search = screen.locator('.sy-marc-find input');
    await search.fill('青铜葵花测试本');
    await search.press('Enter');
    // one hit opens directly
    await screen
      .getByText(/青铜葵花测试本/)
      .first()
      .waitFor();
    const tags = screen.locator('.sy-marc-field input[data-path$=".tag"]');
    await expect
      .poll(async () =>
        (await tags.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).includes('245'),
      )
      .toBe(true);
    await shot(page, 'marc-editor');
  });
});

describe('a large file (issue 14 §2)', () => {
  it('goes up in 4 MB chunks past the 20 MB single-upload limit and previews', async () => {
    // 280 records of ~81 kB (nine 9,000-character summaries each): 22 MB, refused by the single upload.
    const summary = (i: number, j: number) => df('520', `a${`${i}-${j} `.repeat(3000).slice(0, 9000)}`);
    const big = path.join(path.dirname(file), 'big.dat');
    const parts = Array.from({ length: 280 }, (_, i) => {
      const r = book(`大文件测试本${i + 1}`, '');
      r.fields.push(...Array.from({ length: 9 }, (_, j) => summary(i, j)));
      return writeIso2709(r);
    });
    fs.writeFileSync(big, Buffer.concat(parts));
    expect(fs.statSync(big).size).toBeGreaterThan(20 * 1024 * 1024);
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/upload/MergeFile')) chunks.push(r.url());
    });
    await page.goto(`${session.server.url}/library/#${IMPORT}`);
    const screen = view(page, IMPORT);
    // The import screen is kept alive at the first test's finished import: start again with another file.
    await button(screen, zh('marc.import.another')).click();
    // 22 MB travel to the browser first: slow on a loaded machine.
    await screen.locator('.ant-upload input[type=file]').setInputFiles(big, { timeout: 180_000 });
    const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 120_000 }).toBeGreaterThan(0);
    expect(await rows.nth(0).textContent()).toContain('大文件测试本1');
    expect(chunks.length).toBe(Math.ceil(fs.statSync(big).size / (4 * 1024 * 1024)));
  }, 300_000);
});

describe('the school MARC format (issue 14 §3)', () => {
  const tagsShown = () =>
    view(page, EDITOR)
      .locator('.sy-marc-field input[data-path$=".tag"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

  it('a new record starts in CNMARC; a school set to MARC21 starts in MARC21', async () => {
    await page.goto(`${session.server.url}/library/#${EDITOR}`);
    const screen = view(page, EDITOR);
    await screen.locator('.sy-marc-new').click();
    await expect.poll(() => screen.locator('.sy-marc-flavour').textContent()).toBe(zh('marc.editor.flavour.UNIMARC'));
    expect(await tagsShown()).toEqual(expect.arrayContaining(['010', '100', '200', '210', '215', '690', '701']));
    await shot(page, 'marc-editor-cnmarc');

    await page.goto(`${session.server.url}/library/#/book-editing-rule`);
    const rules = view(page, '/book-editing-rule');
    await rules.locator('.sy-marc-format').getByText(zh('catalogue.config.format.MARC21')).click();
    await rules.locator('.sy-editing-rule-save').click();
    await page.getByText(zh('catalogue.saved')).first().waitFor();

    await page.goto(`${session.server.url}/library/#${EDITOR}`);
    await screen.locator('.sy-marc-new').click();
    await expect.poll(() => screen.locator('.sy-marc-flavour').textContent()).toBe(zh('marc.editor.flavour.MARC21'));
    expect(await tagsShown()).toEqual(expect.arrayContaining(['008', '020', '245', '260', '300']));
  });
});
