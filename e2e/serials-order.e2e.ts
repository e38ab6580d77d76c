import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../packages/contracts/src/common/paths.ts';
import '../apps/server/src/modules/serials/serials.messages.ts';
import '../apps/server/src/modules/serials/orders.messages.ts';
import { apiPost, button, gone, loose, serverText, toast, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { firstSheet, taskFile } from './support/downloads.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * Serials (issue 15): a librarian creates a monthly title, orders 3 copies for two places, predicts the year
 * and sees its 12 expected issues, then exports the order list for the post office (xlsx and PDF).
 */
const TITLES = '/magazinelibrary';
const ORDERS = '/magazine-order';
const SUBS = '/magazine-subscription';
const RENEWAL = '/magazine-reorder';
const YEAR = 2027;
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen(TITLES);
let page: Page;
const places = ['E2E期刊阅览室', 'E2E教师阅览室'];

beforeAll(async () => {
  ({ page } = session);
  const token = await tokenOf(page);
  const base = session.server.url;
  const branches = await apiPost(base, `${P}/Basic/GetBranchList`, { Rows: 5 }, token);
  const branchId = branches.json.data.List[0].id;
  for (const [i, name] of places.entries()) {
    const r = await apiPost(base, `${P}/Basic/AddLocation`, { branchId, name, code: `E2EQK${i}`, sort: i }, token);
    expect(r.json.code, JSON.stringify(r.json)).toBe(0);
  }
});

const modal = () => page.locator('.ant-modal-wrap:visible .ant-modal');
const field = (label: string) =>
  modal()
    .locator('.ant-form-item')
    .filter({ has: page.locator('label').filter({ hasText: loose(label) }) });
/** Clicks an option of the open dropdown, then waits until it has closed (the next select opens its own). */
const choose = async (option: string) => {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
};
const pick = async (select: ReturnType<typeof field>, option: string, typed?: string) => {
  await select.locator('.ant-select').click();
  if (typed) await select.locator('.ant-select input').fill(typed);
  await choose(option);
};
const setYear = async (path: string) => {
  const year = view(page, path).locator('.ant-input-number input').first();
  await year.fill(String(YEAR));
  await year.press('Tab');
};

describe('ordering a periodical', () => {
  it('creates a monthly title; the required fields say what is missing', async () => {
    const screen = view(page, TITLES);
    await button(screen, zh('kit.action.add')).click();
    await button(modal(), zh('kit.form.save')).click();
    await field(zh('serials.title.title')).getByText(zh('serials.title.titleRequired')).waitFor();
    await field(zh('serials.title.postalCode')).getByText(zh('serials.title.postalCodeRequired')).waitFor();
    await field(zh('serials.title.title')).locator('input').fill('少年科学画报');
    await field(zh('serials.title.postalCode')).locator('input').fill('2-190');
    await field(zh('serials.title.issn')).locator('input').fill('1001-4764');
    await field(zh('serials.title.pricePerYear')).locator('input').fill('96');
    await button(modal(), zh('kit.form.save')).click();
    await toast(page, zh('kit.saved')).first().waitFor();
    await gone(modal());
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '少年科学画报' });
    await row.getByText(zh('serials.frequency.monthly')).waitFor();
    await shot(page, 'serials-title');
  });

  it('orders 3 copies for two places; more than ordered is refused under the places', async () => {
    await page.goto(`${session.server.url}/library/#${ORDERS}`);
    const screen = view(page, ORDERS);
    await screen.locator('.ant-table').waitFor();
    await setYear(ORDERS);
    await button(screen, zh('serials.order.add')).click();
    await pick(field(zh('serials.order.title')), '少年科学画报', '2-190');
    await field(zh('serials.order.copies')).locator('input').fill('3');
    const placeRows = modal().locator('.sy-order-place');
    for (const [i, name] of places.entries()) {
      await button(modal(), zh('serials.order.addPlace')).click();
      await placeRows.nth(i).locator('.ant-select').click();
      await choose(name);
      await placeRows
        .nth(i)
        .locator('.ant-input-number input')
        .fill(i === 0 ? '3' : '1');
    }
    await button(modal(), zh('kit.form.save')).click();
    await modal().getByText(zh('serials.order.placesExceed')).waitFor();
    await shot(page, 'serials-order-too-many');
    await placeRows.nth(0).locator('.ant-input-number input').fill('2');
    await button(modal(), zh('kit.form.save')).click();
    await gone(modal());
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '少年科学画报' });
    await row.getByText(`${places[0]}×2，${places[1]}×1`).waitFor();
    expect(await row.textContent()).toContain('288.00');
    await shot(page, 'serials-order');
  });

  it('predicts the year: 12 expected monthly issues', async () => {
    await page.goto(`${session.server.url}/library/#${SUBS}`);
    const screen = view(page, SUBS);
    await screen.locator('.ant-table').waitFor();
    await setYear(SUBS);
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '少年科学画报' });
    await button(row, zh('serials.subscription.edit')).click();
    const drawer = page.locator('.sy-subscription-drawer');
    await drawer.getByText(zh('serials.pattern.preview', { n: 12 })).waitFor();
    await drawer.locator('.sy-pattern-save').click();
    await toast(page, zh('serials.pattern.saved')).first().waitFor();
    await drawer.locator('.sy-predict:not([disabled])').click();
    await drawer.getByText(zh('serials.issue.written', { n: 12 })).waitFor();
    const issues = drawer.locator('.sy-issues .ant-table-tbody tr.ant-table-row');
    expect(await issues.count()).toBe(12);
    expect(await drawer.locator('.sy-issues').getByText(zh('serials.state.expected')).count()).toBe(12);
    await drawer
      .locator('.sy-issues')
      .getByText(zh('serialsArrival.label.issue', { year: YEAR, issue: 12 }))
      .waitFor();
    await shot(page, 'serials-predicted');
    // The drawer stays open on this tab; it must not cover the next one.
  });

  it('exports the order list for the post office as xlsx and PDF', async () => {
    await page.goto(`${session.server.url}/library/#${ORDERS}`);
    const screen = view(page, ORDERS);
    await setYear(ORDERS);
    await screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '少年科学画报' }).waitFor();
    await button(screen, zh('serials.order.exportXlsx')).click();
    const rows = await firstSheet(await taskFile(page, serverText('zh', 'serials.order.file', { year: YEAR })));
    expect(rows[0].slice(0, 2)).toEqual([
      serverText('zh', 'serials.title.postalCode'),
      serverText('zh', 'serials.title.title'),
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([['2-190', '少年科学画报', '3']]);
    const [download] = await Promise.all([page.waitForEvent('download'), screen.getByTestId('orders-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      fs
        .readFileSync((await download.path()) as string)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it("renews this year's orders for next year in one step", async () => {
    await page.goto(`${session.server.url}/library/#${RENEWAL}`);
    const screen = view(page, RENEWAL);
    await setYear(RENEWAL);
    const row = screen.locator('.sy-renewal-table tr.ant-table-row').filter({ hasText: '少年科学画报' });
    await row.waitFor();
    await row.locator('.ant-input-number input').fill('4');
    await button(screen, zh('serials.renew.button', { n: 1 })).click();
    await toast(page, zh('serials.renew.done', { n: 1, year: YEAR + 1 }))
      .first()
      .waitFor();
    await row.getByText(zh('serials.renew.already', { year: YEAR + 1 })).waitFor();
    await shot(page, 'serials-renewal');
  });
});
