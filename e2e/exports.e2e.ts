import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import '../apps/server/src/modules/catalogue/record-export.messages.ts';
import '../apps/server/src/modules/class-corner/class-corner.messages.ts';
import { serverText, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { firstSheet, taskFile as taskOf } from './support/downloads.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * Operations the role screen grants are buttons on their screens: the catalogue list's export and import, the
 * MARC editor's export of the open record, a class corner statistics export, and the stocktake screen's
 * report export. Each export task finishes in the download panel.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const said = (key: string) => serverText('zh', key);
const TITLE = '导出验收用书';

const s = useAdminOnPg('exports');
const taskFile = (namePart: string) => taskOf(s.page, namePart);

describe('exports and imports granted on a screen are there', () => {
  it('catalogue list: exports the search result as xlsx; links to both import screens', async () => {
    await s.call(`${P}/Literature/AddItemsCatalogueInfo`, { title: TITLE, author: '验收人', pubYear: 2020 });
    const path = '/resource-mana/resource/catalog';
    await s.page.goto(`${s.server.url}/library/#${path}`);
    const screen = view(s.page, path);
    await screen.locator('.ant-table').waitFor();
    await screen.getByPlaceholder(zh('catalogue.search.placeholder')).fill(TITLE);
    await screen.getByPlaceholder(zh('catalogue.search.placeholder')).press('Enter');
    await screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: TITLE }).waitFor();
    await screen.locator('.sy-catalogue-export:not([disabled])').click();
    const rows = await firstSheet(await taskFile(said('catalogue.recordExport.file')));
    expect(rows[0][0]).toBe(said('catalogue.recordCol.title'));
    expect(rows.slice(1).map((r) => r[0])).toEqual([TITLE]);
    await shot(s.page, 'exports-catalogue');

    await screen.locator('.sy-catalogue-import').hover();
    const menu = s.page.locator('.ant-dropdown:visible');
    await menu.getByText(zh('catalogue.recordImport.excel')).waitFor();
    await menu.getByText(zh('catalogue.recordImport.marc')).click();
    await view(s.page, '/marc-import').waitFor();
  });

  it('MARC editor: exports the open record as ISO 2709', async () => {
    await s.page.goto(`${s.server.url}/library/#/Marc`);
    const screen = view(s.page, '/Marc');
    await screen.locator('.sy-marc-find input').fill(TITLE);
    await screen.locator('.sy-marc-find input').press('Enter');
    await screen.locator('.sy-marc-export').hover();
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      s.page.locator('.ant-dropdown:visible').getByText(zh('marc.editor.exportIso')).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^marc-\d+\.mrc$/);
    const data = fs.readFileSync((await download.path()) as string);
    expect(data.toString('utf8')).toContain(TITLE);
  });

  it('class corner use: exports the table on screen', async () => {
    await s.page.goto(`${s.server.url}/library/#/class-bookuse`);
    const screen = view(s.page, '/class-bookuse');
    await screen.locator('.sy-corner-export').click();
    const rows = await firstSheet(await taskFile(said('classCorner.export.use')));
    expect(rows[0]).toContain(said('classCorner.export.borrowers'));
  });

  it('stocktake: exports a session’s report from the sessions list', async () => {
    await s.call(`${P}/Stocktake/OpenSession`, { name: '导出验收盘点' });
    await s.page.goto(`${s.server.url}/library/#/book-inventory`);
    const screen = view(s.page, '/book-inventory');
    const row = screen.locator('.sy-stocktake-sessions tr.ant-table-row').filter({ hasText: '导出验收盘点' });
    await row.locator('.sy-stocktake-export').click();
    const file = await taskFile('导出验收盘点');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file) as any);
    expect(wb.worksheets.length).toBe(9);
    await shot(s.page, 'exports-stocktake');
  });
});
