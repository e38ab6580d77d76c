import { resourcePaths } from '@shuyuan/contracts/kit/resource';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, gone, loose, serverText, toast, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { useAdminScreen } from './support/session.ts';

/** The branch screen is a kit screen (ResourcePage): what holds here holds for every simple screen. */
const BRANCH = '/resource-mana/basic-set/branch';
const urls = resourcePaths('Basic', 'Branch');
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen(BRANCH);
let server: RunningServer;
let page: Page;
beforeAll(() => {
  ({ server, page } = session);
});

const screen = () => view(page, BRANCH);
const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal');
const field = (label: string) =>
  modal()
    .locator('.ant-form-item')
    .filter({ has: page.locator('label').filter({ hasText: loose(label) }) });
const input = (label: string) => field(label).locator('input');
const fieldError = (label: string) => field(label).locator('.ant-form-item-explain-error');
const row = (text: string) => screen().locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const rowButton = (r: Locator, key: string) => button(r, zh(key));
const total = () => screen().locator('.ant-pagination-total-text');
const search = async (key: string) => {
  await screen().getByPlaceholder(zh('kit.search.placeholder')).fill(key);
  await button(screen(), zh('kit.search.search')).click();
};

async function save(): Promise<void> {
  await button(modal(), zh('kit.form.save')).click();
}

describe('a kit screen: branch libraries (spec §9 forms, lists, deletion)', () => {
  it('refuses an empty required field and a duplicate code under the field, then adds the branch', async () => {
    await button(screen(), zh('kit.action.add')).click();
    await modal()
      .getByText(zh('kit.form.addTitle', { entity: zh('basic.branch.entity') }))
      .waitFor();
    await input(zh('basic.branch.code')).fill('E2E-EAST');
    await save();
    await fieldError(zh('basic.branch.name'))
      .filter({ hasText: zh('basic.branch.nameRequired') })
      .waitFor();
    await shot(page, 'branch-required');

    await input(zh('basic.branch.name')).fill('东区分馆');
    await input(zh('basic.branch.address')).fill('东区 1 号');
    await save();
    await toast(page, zh('kit.saved')).first().waitFor();
    await gone(modal());
    await row('E2E-EAST').waitFor();

    // A second branch with the same code: the server's duplicate message sits under the code field.
    await button(screen(), zh('kit.action.add')).click();
    await input(zh('basic.branch.name')).fill('西区分馆');
    await input(zh('basic.branch.code')).fill('E2E-EAST');
    await save();
    const dup = serverText('zh', 'error.duplicate', { field: zh('basic.branch.code') });
    await fieldError(zh('basic.branch.code')).filter({ hasText: dup }).waitFor();
    expect(await fieldError(zh('basic.branch.name')).count()).toBe(0);
    // Shown under the field only, not also as an error toast.
    expect(await page.locator('.ant-message-notice-error').count()).toBe(0);
    await shot(page, 'branch-duplicate');
    await input(zh('basic.branch.code')).fill('E2E-WEST');
    await save();
    await gone(modal());
    await row('E2E-WEST').waitFor();
  });

  it('edits a branch: the form opens with its values and the list shows the change', async () => {
    await rowButton(row('E2E-EAST'), 'kit.action.edit').click();
    await modal()
      .getByText(zh('kit.form.editTitle', { entity: zh('basic.branch.entity') }))
      .waitFor();
    expect(await input(zh('basic.branch.name')).inputValue()).toBe('东区分馆');
    expect(await input(zh('basic.branch.address')).inputValue()).toBe('东区 1 号');
    await input(zh('basic.branch.address')).fill('东区图书楼 2 层');
    await save();
    await gone(modal());
    await row('E2E-EAST').filter({ hasText: '东区图书楼 2 层' }).waitFor();
  });

  it('finds a branch by keyword and deletes it after confirmation', async () => {
    await search('E2E-WEST');
    await expect.poll(() => screen().locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await row('西区分馆').waitFor();
    await total()
      .filter({ hasText: zh('kit.table.total', { count: 1 }) })
      .waitFor();

    // Cancelling the confirmation keeps the row.
    await rowButton(row('E2E-WEST'), 'kit.action.delete').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(zh('kit.delete.confirm', { count: 1 })).waitFor();
    await button(confirm, zh('kit.form.cancel')).click();
    await gone(confirm);
    await row('E2E-WEST').waitFor();

    await rowButton(row('E2E-WEST'), 'kit.action.delete').click();
    await shot(page, 'branch-delete-confirm');
    await button(confirm, zh('kit.delete.ok')).click();
    await toast(page, zh('kit.delete.done')).first().waitFor();
    await gone(row('E2E-WEST'));
    // Nothing left to show: the empty state, no pager.
    await screen().locator('.ant-table-tbody .ant-empty').waitFor();

    await button(screen(), zh('kit.search.reset')).click();
    await row('E2E-EAST').waitFor();
  });

  it('pages the list: total, sizes 5/10/20/30/40, 20 by default', async () => {
    const token = await tokenOf(page);
    for (let i = 1; i <= 6; i++) {
      const r = await apiPost(server.url, urls.add, { name: `分馆${i}`, code: `P${i}` }, token);
      expect(r.json?.code, JSON.stringify(r.json)).toBe(0);
    }
    // The rows were added behind the screen's back: Search with unchanged conditions still fetches fresh rows.
    await button(screen(), zh('kit.search.search')).click();
    const n = Number((await apiPost(server.url, urls.list, { Page: 1, Rows: 5 }, token)).json.data.Total);
    expect(n).toBeGreaterThanOrEqual(7);
    await total()
      .filter({ hasText: zh('kit.table.total', { count: n }) })
      .waitFor();

    const sizer = screen().locator('.ant-pagination-options .ant-select');
    expect(await sizer.textContent()).toContain('20');
    await sizer.click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    const sizes = (await options.allInnerTexts()).map((s) => Number.parseInt(s, 10));
    expect(sizes).toEqual([5, 10, 20, 30, 40]);
    await shot(page, 'branch-page-sizes');
    await options.filter({ hasText: /^5\b/ }).click();
    await expect.poll(() => screen().locator('.ant-table-tbody tr.ant-table-row').count()).toBe(5);
    await screen().locator('.ant-pagination-item-2').click();
    await expect.poll(() => screen().locator('.ant-table-tbody tr.ant-table-row').count()).toBe(Math.min(5, n - 5));
  });
});
