import { P } from '@shuyuan/contracts/common/paths';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/catalogue/catalogue.messages.ts';
import { apiPost, button, gone, loose, serverText, tokenOf, toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/** The librarian's cataloguing screen (issue 3 §1, §6): add a record, add copies, find it, see the facets. */
const CATALOG = '/resource-mana/resource/catalog';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen(CATALOG);
let page: Page;
beforeAll(() => {
  ({ page } = session);
});

const screen = () => view(page, CATALOG);
const drawer = () => page.locator('.ant-drawer-open .ant-drawer-section');
const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal');
const item = (scope: ReturnType<typeof drawer>, label: string) =>
  scope.locator('.ant-form-item').filter({ has: page.locator('label').filter({ hasText: loose(label) }) });
const field = (label: string) => item(drawer(), zh(`catalogue.field.${label}`)).locator('input');
const error = (scope: ReturnType<typeof drawer>, label: string) =>
  item(scope, label).locator('.ant-form-item-explain-error');
const row = (text: string) => screen().locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text }).first();
const facet = (key: string) => screen().locator(`[data-facet="${key}"]`);
/** A row's cell under the column headed `header` (columns move with the width and the user's choice). */
async function cell(text: string, header: string) {
  const heads = await screen().locator('.ant-table-thead tr').first().locator('th').allInnerTexts();
  const at = heads.findIndex((h) => h.trim() === header);
  expect(at, `column ${header} among ${heads.join('|')}`).toBeGreaterThanOrEqual(0);
  return row(text).locator('td').nth(at);
}

async function addCopies(lines: string): Promise<void> {
  await button(row('红楼梦'), zh('catalogue.copies.add')).click();
  await modal()
    .getByText(zh('catalogue.copies.addTitle', { title: '红楼梦' }))
    .waitFor();
  await item(modal(), zh('catalogue.copies.barcodes')).locator('textarea').fill(lines);
  await button(modal(), zh('catalogue.save')).click();
}

describe('cataloguing screen', () => {
  it('adds a Chinese record, refusing an empty title under its field first', async () => {
    await button(screen(), zh('catalogue.record.add')).click();
    await drawer().getByText(zh('catalogue.record.addTitle')).first().waitFor();
    await button(drawer(), zh('catalogue.save')).click();
    await error(drawer(), zh('catalogue.field.title'))
      .filter({ hasText: zh('catalogue.titleRequired') })
      .waitFor();

    await field('title').fill('红楼梦');
    // The issue goes away as soon as the field is edited.
    await gone(error(drawer(), zh('catalogue.field.title')));
    await field('author').fill('曹雪芹');
    await field('publisher').fill('人民文学出版社');
    await field('pubYear').fill('1982');
    await field('isbn').fill('978-7-02-000220-7');
    await field('classNo').fill('I242.4');
    await field('price').fill('59.7');
    await item(drawer(), zh('catalogue.field.language')).locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item')
      .filter({ hasText: zh('catalogue.lang.chi') })
      .click();
    await shot(page, 'catalogue-record-form');
    await button(drawer(), zh('catalogue.save')).click();
    await toast(page, zh('catalogue.saved')).first().waitFor();
    await gone(drawer());
    // ISBN stored without hyphens; the price shown with two decimals.
    await row('红楼梦').filter({ hasText: '9787020002207' }).filter({ hasText: '59.70' }).waitFor();
  });

  it('adds 3 copies from scanned barcodes and refuses a barcode already in use under the field', async () => {
    await addCopies('HLM0001\nHLM0002\nHLM0003');
    await gone(modal());
    const count = await cell('红楼梦', zh('catalogue.copies.title'));
    await expect.poll(() => count.textContent()).toBe('3');

    await addCopies('HLM0002');
    const taken = serverText('zh', 'catalogue.barcodeTaken', { barcode: 'HLM0002' });
    await error(modal(), zh('catalogue.copies.barcodes')).filter({ hasText: taken }).waitFor();
    await shot(page, 'catalogue-copy-duplicate');
    await button(modal(), zh('catalogue.cancel')).click();
    await gone(modal());

    // The copies of the record, and a state change offering only the allowed moves.
    await row('红楼梦').locator('.ant-table-row-expand-icon').click();
    const copies = screen().locator('.sy-copies .ant-table-row');
    await expect.poll(() => copies.count()).toBe(3);
    await button(copies.filter({ hasText: 'HLM0003' }), zh('catalogue.copies.changeState')).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await menu.first().waitFor();
    // Loan states are circulation's: by hand only lost and locked.
    expect(await menu.allInnerTexts()).toEqual(['lost', 'locked'].map((s) => zh(`catalogue.state.${s}`)));
    await menu.filter({ hasText: zh('catalogue.state.locked') }).click();
    await copies
      .filter({ hasText: 'HLM0003' })
      .filter({ hasText: zh('catalogue.state.locked') })
      .waitFor();
  });

  it('finds the record by its pinyin initials and shows the facets with counts', async () => {
    await screen().getByPlaceholder(zh('catalogue.search.placeholder')).fill('hlm');
    await button(screen(), zh('catalogue.search.button')).click();
    await row('红楼梦').waitFor();
    await facet('language:chi')
      .filter({ hasText: `${zh('catalogue.lang.chi')} (1)` })
      .waitFor();
    await facet('classLetter:I').filter({ hasText: 'I (1)' }).waitFor();
    await facet('year:1982').filter({ hasText: '1982 (1)' }).waitFor();
    await facet('state:locked')
      .filter({ hasText: `${zh('catalogue.state.locked')} (1)` })
      .waitFor();
    await shot(page, 'catalogue-search-hlm');

    // A facet filters: no record is borrowed, one is locked.
    await facet('state:locked').click();
    await row('红楼梦').waitFor();
    await screen()
      .locator('.ant-pagination-total-text')
      .filter({ hasText: zh('kit.table.total', { count: 1 }) })
      .waitFor();
  });

  it('edits a copy from the list and deletes a record with its copies', async () => {
    await facet('state:locked').click();
    const copies = screen().locator('.sy-copies .ant-table-row');
    if (!(await copies.count())) await row('红楼梦').locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => copies.count()).toBe(3);
    // A locked copy may only be unlocked by hand.
    await button(copies.filter({ hasText: 'HLM0003' }), zh('catalogue.copies.changeState')).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await menu.first().waitFor();
    expect(await menu.allInnerTexts()).toEqual([zh('catalogue.state.available')]);
    await page.keyboard.press('Escape');

    await button(copies.filter({ hasText: 'HLM0001' }), zh('catalogue.record.edit')).click();
    await modal().getByText(zh('catalogue.copy.editTitle')).waitFor();
    const barcode = item(modal(), zh('catalogue.copy.barcode')).locator('input');
    await expect.poll(() => barcode.inputValue()).toBe('HLM0001');
    await item(modal(), zh('catalogue.copy.callNo')).locator('input').fill('I242.4/1-2');
    await button(modal(), zh('catalogue.save')).click();
    await toast(page, zh('catalogue.saved')).first().waitFor();
    await gone(modal());
    await copies.filter({ hasText: 'HLM0001' }).filter({ hasText: 'I242.4/1-2' }).waitFor();

    const token = await tokenOf(page);
    const base = new URL(page.url()).origin;
    const add = await apiPost(base, `${P}/Literature/AddItemsCatalogueInfo`, { title: '待剔除的旧书' }, token);
    expect(add.json.code).toBe(0);
    await screen().getByPlaceholder(zh('catalogue.search.placeholder')).fill('待剔除');
    await button(screen(), zh('catalogue.search.button')).click();
    await button(row('待剔除的旧书'), zh('catalogue.record.delete')).click();
    await page.locator('.ant-popconfirm').getByText(zh('catalogue.record.deleteConfirm')).waitFor();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await toast(page, zh('catalogue.record.deleted')).first().waitFor();
    await gone(row('待剔除的旧书'));
  });
});
