import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../packages/contracts/src/common/paths.ts';
import { apiPost, button, loose, toast, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/** Bulk editing (issue 3 §1): three copies' location changed with a preview of before → after, then applied. */
const BULK = '/bulk-editing';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

// The session opens a screen with a table first; the bulk screen shows its table only after a preview.
const session = useAdminScreen('/allocation-record');
let page: Page;
let token: string;
let recordId: number;
let toId: number;

beforeAll(async () => {
  ({ page } = session);
  token = await tokenOf(page);
  const base = session.server.url;
  const post = async (url: string, body: unknown) => {
    const r = await apiPost(base, url, body, token);
    expect(r.json.code, JSON.stringify(r.json)).toBe(0);
    return r.json.data;
  };
  const branch = await post(`${P}/Basic/AddBranch`, { name: '总馆', code: 'E2EMAIN' });
  const from = await post(`${P}/Basic/AddLocation`, { name: '基本书库', code: 'E2ESTACK', branchId: branch.id });
  toId = (await post(`${P}/Basic/AddLocation`, { name: '少儿阅览室', code: 'E2EKIDS', branchId: branch.id })).id;
  recordId = (await post(`${P}/Literature/AddItemsCatalogueInfo`, { title: '草房子', classNo: 'I287.45' })).id;
  await post(`${P}/Literature/AddItemsCollectionInfo`, {
    recordId,
    count: 3,
    barcodes: ['CFZ0001', 'CFZ0002', 'CFZ0003'],
    locationId: from.id,
    branchId: branch.id,
  });
  await page.goto(`${session.server.url}/library/#${BULK}`);
  await view(page, BULK).locator('.sy-barcodes').waitFor();
});

const screen = () => view(page, BULK);
const results = () => screen().locator('.sy-results');

describe('bulk editing screen', () => {
  it("previews three copies' new location, then applies it", async () => {
    await screen().locator('textarea').first().fill('CFZ0001\nCFZ0002\nCFZ0003');
    const locationItem = screen()
      .locator('.ant-form-item')
      .filter({ has: page.locator('label').filter({ hasText: loose(zh('holdings.field.locationId')) }) });
    await locationItem.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item').filter({ hasText: '少儿阅览室' }).click();
    // Apply stays off until this input was previewed.
    await expect.poll(() => button(screen(), zh('holdings.common.apply')).isDisabled()).toBe(true);

    await button(screen(), zh('holdings.common.preview')).click();
    const summary = zh('holdings.common.previewSummary', { total: 3, ok: 3, bad: 0 });
    await results().getByText(summary).waitFor();
    await expect
      .poll(() =>
        results().locator('tr.ant-table-row').filter({ hasText: '基本书库' }).filter({ hasText: '少儿阅览室' }).count(),
      )
      .toBe(3);
    await shot(page, 'holdings-bulk-preview');

    await button(screen(), zh('holdings.common.apply')).click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.getByText(zh('holdings.common.confirmApply', { ok: 3, bad: 0 })).waitFor();
    await button(confirm, zh('holdings.common.apply')).click();
    await toast(page, zh('holdings.common.appliedToast', { ok: 3, bad: 0 }))
      .first()
      .waitFor();
    await results()
      .getByText(zh('holdings.common.appliedSummary', { ok: 3, bad: 0 }))
      .waitFor();

    const copies = await apiPost(session.server.url, `${P}/Literature/GetItemsCollection`, { recordId }, token);
    expect(copies.json.data.List.map((c: { locationId: number }) => c.locationId)).toEqual([toId, toId, toId]);
  });
});
