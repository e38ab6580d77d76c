import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/booklists/booklists.messages.ts';
import { button, gone, loose, serverText, toast, tx, view } from './support/app.ts';
import { axe } from './support/axe.ts';
import { launch, shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';
import type { BrowserContext } from 'playwright-core';

/**
 * Book lists (issue 16): a librarian creates a list on /booklist, imports its books from an xlsx with one bad row
 * (the report names the row and why), publishes it; an anonymous visitor of the public site finds the list and sees
 * each book's availability (the held one with its copies and those on the shelf, the others not held).
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const said = (key: string, p?: Record<string, string | number>) => serverText('zh', key, p);
const LIST = '三年级暑假书单';
const s = useAdminOnPg('booklists');
let visitor: BrowserContext;
const PASSWORD = 'Reader#2026';
const KID = { account: 'BL2026001', name: '李小白', identity: 'student', password: PASSWORD };
let gradeThree: number;

beforeAll(async () => {
  const rec = await s.call(`${P}/Literature/AddItemsCatalogueInfo`, {
    title: '草房子（书单）',
    author: '曹文轩',
    classNo: 'I287.4',
    bookNo: '1',
    isbn: '9787020002207',
  });
  await s.call(`${P}/Literature/AddItemsCollectionInfo`, {
    recordId: rec.id,
    count: 2,
    barcodes: ['BL-1', 'BL-2'],
    storeType: 2,
    callNo: 'I287.4/1',
  });
  const grade = await s.call(`${P}/Org/AddGrade`, { name: '三年级（书单）' });
  gradeThree = grade.id;
  const cls = await s.call(`${P}/Org/AddClass`, { name: '3-1班', gradeId: grade.id });
  await s.call(`${P}/Readers/AddReader`, { ...KID, classId: cls.id });
  await s.sql('update app_user set must_change_password = false where account = $1', [KID.account]);
  visitor = await launch('zh-CN');
});

afterAll(async () => {
  await visitor?.close();
});

async function sheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('书单');
  ws.addRow(['isbn', 'title', 'author', 'publisher', 'readingLevel', 'note'].map((k) => said(`booklists.col.${k}`)));
  ws.addRow(['978-7-02-000220-7', '', '', '', '3–4年级', '写童年的好书']);
  ws.addRow(['9787532736553', '夏洛的网（书单）', 'E.B.怀特', '上海译文出版社', '', '']);
  ws.addRow(['12345', '书号错了', '', '', '', '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const modal = () => s.page.locator('.ant-modal-wrap:visible .ant-modal');

describe('book lists', () => {
  it('creates a list, imports an xlsx with one bad row, publishes it, and the public site shows availability', async () => {
    const admin = s.page;
    await admin.goto(`${s.server.url}/library/#/booklist`);
    const screen = view(admin, '/booklist');
    await button(screen, zh('kit.action.add')).click();
    await modal()
      .locator('.ant-form-item')
      .filter({ has: admin.locator('label').filter({ hasText: loose(zh('booklists.field.name')) }) })
      .locator('input')
      .fill(LIST);
    await button(modal(), zh('kit.form.save')).click();
    await toast(admin, zh('kit.saved')).first().waitFor();
    await gone(modal());
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: LIST });
    await row.getByText(zh('bulletin.draft')).waitFor();

    await button(row, zh('booklists.import.action')).click();
    await modal()
      .locator('input[type=file]')
      .setInputFiles({
        name: '书单.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await sheet(),
      });
    const report = modal().getByTestId('booklist-import-report');
    await report.getByText(zh('booklists.import.summary', { added: 2, linked: 1, bad: 1 })).waitFor();
    const bad = report
      .locator('.ant-table-tbody tr')
      .filter({ hasText: said('booklists.import.badIsbn', { isbn: '12345' }) });
    expect(await bad.locator('td').first().textContent()).toBe('4');
    await shot(admin, 'booklists-import-report');
    await admin.keyboard.press('Escape');
    await gone(modal());
    await row.getByText('1 / 2').waitFor();

    // The order is the list's: the second book moves up on the form.
    await button(row, zh('kit.action.edit')).click();
    const titleOf = (n: number) => modal().getByLabel(`${zh('booklists.col.title')} ${n}`);
    expect(await titleOf(2).inputValue()).toBe('夏洛的网（书单）');
    await modal()
      .getByRole('button', { name: zh('booklists.up') })
      .nth(1)
      .click();
    // The title typed in (not held) is now the first row's input; the held record's title is text.
    expect(await titleOf(1).inputValue()).toBe('夏洛的网（书单）');
    await button(modal(), zh('kit.form.save')).click();
    await toast(admin, zh('kit.saved')).first().waitFor();
    await gone(modal());

    await button(row, zh('bulletin.togglePublish')).click();
    await toast(admin, zh('bulletin.publishedOk')).first().waitFor();
    await row.getByText(zh('bulletin.published')).waitFor();

    const page = await visitor.newPage();
    await page.goto(`${s.server.url}/library/opac.html#/search/booklist?school=demo`);
    await page.getByRole('link', { name: LIST }).click();
    await page.getByRole('heading', { name: LIST }).waitFor();
    const held = page.locator('.opac-table tbody tr').filter({ hasText: '草房子（书单）' });
    await held.getByText(zh('opac.booklists.copies', { copies: 2, available: 2 })).waitFor();
    expect(await held.textContent()).toContain('3–4年级');
    const missing = page.locator('.opac-table tbody tr').filter({ hasText: '夏洛的网（书单）' });
    await missing.getByText(zh('opac.booklists.notHeld')).waitFor();
    expect(await page.locator('.opac-table tbody tr td:nth-child(2)').allTextContents()).toEqual([
      '夏洛的网（书单）',
      '草房子（书单）',
    ]);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'booklists-public');
    // The held book links to its record page.
    await held.getByRole('link', { name: '草房子（书单）' }).click();
    await page.waitForURL(/#\/search\/book\/details\?id=\d+/);
  });

  it('a reader of the target grade finds the list in the personal area', async () => {
    const [list] = (await s.call(`${P}/BookLists/GetBookListList`, { Page: 1, Rows: 20 })).List;
    await s.call(`${P}/BookLists/UpdateBookList`, { ...list, gradeIds: [gradeThree] });
    const page = await visitor.newPage();
    await page.goto(`${s.server.url}/library/opac.html#/search/personal?tab=booklists&school=demo`);
    await page
      .locator('.opac-narrow')
      .getByRole('button', { name: zh('opac.nav.signIn') })
      .click();
    await page.waitForURL(/#\/searchauth\?uid=/, { timeout: 30_000 });
    await page.getByPlaceholder(zh('auth.login.account')).fill(KID.account);
    await page.getByPlaceholder(zh('auth.login.password')).fill(PASSWORD);
    await page.locator('.auth-card button[type=submit]').click();
    await page.waitForURL(/opac\.html#\/search\/personal/, { timeout: 30_000 });
    await page.goto(`${s.server.url}/library/opac.html#/search/personal?tab=booklists`);
    const mine = page.locator('section[aria-labelledby="me-booklists"]');
    await mine.getByRole('heading', { name: LIST }).waitFor();
    await mine.getByText('三年级（书单）').first().waitFor();
    await mine.getByText(zh('opac.booklists.copies', { copies: 2, available: 2 })).waitFor();
    await shot(page, 'booklists-personal');
  });
});
