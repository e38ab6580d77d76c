import { P } from '@shuyuan/contracts/common/paths';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/capture/capture.messages.ts';
import '../apps/server/src/modules/catalogue/catalogue.messages.ts';
import '../apps/server/src/modules/printing/printing.messages.ts';
import { apiPost, button, gone, loose, serverText, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * The cataloguer's desk (issue 3 §1): ISBN first; a new book is catalogued on /book-editing with 3 copies whose
 * barcodes come from the school's barcode rule; the same ISBN again warns that the library has it.
 */
const EDITING = '/book-editing';
const COLLECTION = '/collection';
const ISBN = '9787536692930';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen(COLLECTION);
let page: Page;
beforeAll(async () => {
  ({ page } = session);
  const token = await tokenOf(page);
  const rule = { kind: 'book', enabled: true, prefix: 'BE', length: 8, checkDigit: false };
  const r = await apiPost(session.server.url, `${P}/Printing/SaveBarcodeRule`, rule, token);
  expect(r.json.code, JSON.stringify(r.json)).toBe(0);
});

const screen = () => view(page, EDITING);
const item = (label: string) =>
  screen()
    .locator('.ant-form-item')
    .filter({ has: page.locator('label').filter({ hasText: loose(label) }) });
const field = (name: string) =>
  item(zh(`catalogue.field.${name}`))
    .locator('input')
    .first();

async function lookUp(isbn: string): Promise<void> {
  await page.goto(`${session.server.url}/library/#${EDITING}`);
  const search = screen().locator('.sy-isbn-search input');
  await search.waitFor();
  await search.fill(isbn);
  await button(screen(), zh('catalogue.editing.lookUp')).click();
}

describe('cataloguing a new book on /book-editing', () => {
  it('looks the ISBN up, fills the record, numbers it and adds 3 copies with generated barcodes', async () => {
    await lookUp(ISBN);
    // No copy-cataloguing source is set up: the screen says so and the form opens with the ISBN.
    await screen().locator('.sy-editing-nocapture').waitFor();
    expect(await field('isbn').inputValue()).toBe(ISBN);
    await field('title').fill('三体');
    await field('author').fill('刘慈欣');
    await field('publisher').fill('重庆出版社');
    await screen().locator('.sy-class-input input').fill('I247.5');
    expect(await screen().locator('.sy-bookno-auto input').isChecked()).toBe(true);
    await screen().locator('.sy-copy-count input').fill('3');
    await expect.poll(() => screen().locator('.sy-callno-preview').textContent()).toBe('I247.5/…');
    await shot(page, 'book-editing-form');
    await screen().locator('.sy-editing-save').click();

    const done = screen().locator('.sy-editing-done');
    await done.getByText(zh('catalogue.editing.done', { title: '三体', count: 3 })).waitFor();
    await done.getByText(zh('catalogue.editing.callNo', { callNo: 'I247.5/1' })).waitFor();
    const tags = await done.locator('.sy-editing-barcodes .ant-tag').allTextContents();
    expect(tags).toEqual(['BE000001', 'BE000002', 'BE000003']);
    await shot(page, 'book-editing-done');
  });

  it('lists the new copies on /collection and warns when the same ISBN is looked up again', async () => {
    await page.goto(`${session.server.url}/library/#${COLLECTION}`);
    const list = view(page, COLLECTION);
    await list.locator('.sy-collection-search input').fill('三体');
    await list.locator('.sy-collection-search input').press('Enter');
    const rows = list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '三体' });
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('I247.5/1');

    // Back on the kept-alive desk, "catalogue the next book" clears it for the next ISBN.
    await page.goto(`${session.server.url}/library/#${EDITING}`);
    await button(screen(), zh('catalogue.editing.next')).click();
    await lookUp(ISBN);
    const dup = screen().locator('.sy-editing-dup');
    await dup.getByText(zh('catalogue.editing.duplicate', { count: 1 })).waitFor();
    await dup.getByText(zh('catalogue.editing.copyCount', { count: 3 })).waitFor();
    await gone(screen().locator('.sy-editing-save'));
  });

  it('/book-editing2 keeps the record whole and says why "fill from source" found nothing', async () => {
    const token = await tokenOf(page);
    const found = await apiPost(session.server.url, `${P}/Catalogue/SearchRecords`, { SearchKey: ISBN }, token);
    const id = found.json.data.List[0].id as number;
    await page.goto(`${session.server.url}/library/#/book-editing2?recordId=${id}`);
    const form = view(page, '/book-editing2');
    const input = (name: string) =>
      form
        .locator('.ant-form-item')
        .filter({ has: page.locator('label').filter({ hasText: loose(zh(`catalogue.field.${name}`)) }) })
        .locator('input')
        .first();
    await expect.poll(() => input('title').inputValue()).toBe('三体');
    await input('responsibility').fill('刘慈欣著');
    await input('coverUrl').fill('https://covers.example.org/santi.jpg');
    await button(form, zh('catalogue.editing2.fill')).click();
    // No source is configured: the server's message stays under the form (reading level first).
    const note = form.locator('.sy-editing2-fill-note');
    await note
      .getByText(serverText('zh', 'capture.noSource', { name: serverText('zh', 'capture.route.GetLeXile') }))
      .waitFor();
    await shot(page, 'book-editing2-fill');
    await form.locator('.sy-editing2-save').click();
    await expect
      .poll(async () => (await apiPost(session.server.url, `${P}/Catalogue/GetRecord`, { id }, token)).json.data)
      .toMatchObject({
        responsibility: '刘慈欣著',
        coverUrl: 'https://covers.example.org/santi.jpg',
        classNo: 'I247.5',
      });
  });
});

describe('barcodes on day one (issue 14 §3)', () => {
  const catalogue = async (isbn: string, title: string, count: number) => {
    await page.goto(`${session.server.url}/library/#${EDITING}`);
    const next = button(screen(), zh('catalogue.editing.next'));
    if (await next.isVisible()) await next.click();
    await lookUp(isbn);
    await screen().locator('.sy-editing-nocapture').waitFor();
    await field('title').fill(title);
    await screen().locator('.sy-class-input input').fill('I247.5');
    await screen().locator('.sy-copy-count input').fill(String(count));
    await screen().locator('.sy-editing-save').click();
  };

  it('without a barcode rule, generated copies are numbered by the default rule', async () => {
    const token = await tokenOf(page);
    const off = await apiPost(
      session.server.url,
      `${P}/Printing/SaveBarcodeRule`,
      { kind: 'book', enabled: false },
      token,
    );
    expect(off.json.code).toBe(0);
    await catalogue('9787020002207', '红楼梦', 2);
    const done = screen().locator('.sy-editing-done');
    await done.getByText(zh('catalogue.editing.done', { title: '红楼梦', count: 2 })).waitFor();
    expect(await done.locator('.sy-editing-barcodes .ant-tag').allTextContents()).toEqual(['00000001', '00000002']);
  });

  it('copies the rule cannot number are refused with the reason beside "record saved"', async () => {
    const token = await tokenOf(page);
    const rule = { kind: 'book', enabled: true, prefix: 'F', length: 2, checkDigit: false };
    expect((await apiPost(session.server.url, `${P}/Printing/SaveBarcodeRule`, rule, token)).json.code).toBe(0);
    const found = await apiPost(session.server.url, `${P}/Catalogue/SearchRecords`, { SearchKey: ISBN }, token);
    const recordId = found.json.data.List[0].id as number;
    const f9 = { recordId, count: 1, barcodes: ['F9'] };
    expect((await apiPost(session.server.url, `${P}/Literature/AddItemsCollectionInfo`, f9, token)).json.code).toBe(0);
    await catalogue('9787544253994', '活着', 1);
    const why = serverText('zh', 'printing.rule.full', { prefix: 'F', length: 2 });
    const alert = screen()
      .locator('.ant-alert-warning')
      .filter({ hasText: zh('catalogue.editing.recordSavedOnly') });
    await alert.getByText(why).waitFor();
    await shot(page, 'book-editing-copies-refused');
    // The record just saved keeps its call number on the form: the "same call number" warning is not about
    // itself, and names another record that shares it.
    const bookNo = screen().locator('.sy-bookno-input input');
    const saved = await bookNo.inputValue();
    expect(saved).not.toBe('');
    await page.waitForTimeout(800); // the check runs 300 ms after a change; let it answer
    expect(await screen().locator('.sy-bookno-same').count()).toBe(0);
    const other = { title: '围城', author: '钱锺书', classNo: 'I247.5', bookNo: saved };
    const added = await apiPost(session.server.url, `${P}/Literature/AddItemsCatalogueInfo`, other, token);
    expect(added.json.code).toBe(0);
    await bookNo.fill('');
    await bookNo.fill(saved);
    const same = screen().locator('.sy-bookno-same');
    await same.waitFor();
    expect(await same.textContent()).toBe(zh('catalogue.bookNo.same', { count: 1, titles: '围城（钱锺书）' }));
    await apiPost(session.server.url, `${P}/Printing/SaveBarcodeRule`, { kind: 'book', enabled: false }, token);
  });
});

describe('the duplicate warning on saving (issue 14 §2)', () => {
  it('a book the library has under no ISBN (same title, author and year) is named before saving; saved when told', async () => {
    const token = await tokenOf(page);
    const had = { title: '城南旧事', author: '林海音', pubYear: 2010 };
    expect((await apiPost(session.server.url, `${P}/Literature/AddItemsCatalogueInfo`, had, token)).json.code).toBe(0);
    await page.goto(`${session.server.url}/library/#${EDITING}`);
    const next = button(screen(), zh('catalogue.editing.next'));
    if (await next.isVisible()) await next.click();
    await button(screen(), zh('catalogue.editing.byHand')).click();
    await field('isbn').fill(''); // the last ISBN looked up is carried into the form: this book has none
    await field('title').fill('城南旧事');
    await field('author').fill('林海音 著');
    await field('pubYear').fill('2010');
    await screen().locator('.sy-class-input input').fill('I287.45');
    await screen().locator('.sy-copy-count input').fill('1');
    await screen().locator('.sy-editing-save').click();
    const dup = screen().locator('.sy-editing-dup');
    await dup.getByText(zh('catalogue.editing.duplicateSaving', { count: 1 })).waitFor();
    await dup.getByText(serverText('zh', 'catalogue.matchKey.tay', { value: '城南旧事 / 林海音 / 2010' })).waitFor();
    await shot(page, 'book-editing-duplicate-on-save');
    const found = await apiPost(session.server.url, `${P}/Catalogue/SearchRecords`, { SearchKey: '城南旧事' }, token);
    expect(found.json.data.Total).toBe(1);
    await dup.locator('.sy-editing-save-anyway').click();
    const done = screen().locator('.sy-editing-done');
    await done.getByText(zh('catalogue.editing.done', { title: '城南旧事', count: 1 })).waitFor();
  });
});
