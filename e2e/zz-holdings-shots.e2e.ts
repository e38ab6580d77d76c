import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../packages/contracts/src/common/paths.ts';
import { apiPost, tokenOf, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

// Temporary: screenshots of the holdings screens (deleted after review).
const session = useAdminScreen('/allocation-record');
let page: Page;
beforeAll(async () => {
  ({ page } = session);
  const token = await tokenOf(page);
  const post = (u: string, b: unknown) => apiPost(session.server.url, u, b, token).then((r) => r.json.data);
  const br = await post(`${P}/Basic/AddBranch`, { name: '总馆', code: 'M' });
  const loc = await post(`${P}/Basic/AddLocation`, { name: '书库', code: 'S', branchId: br.id });
  const rec = await post(`${P}/Literature/AddItemsCatalogueInfo`, { title: '城南旧事', classNo: 'I246.5', bookNo: '3', isbn: '9787020002207' });
  await post(`${P}/Literature/AddItemsCollectionInfo`, { recordId: rec.id, count: 2, barcodes: ['CN01', 'CN02'], locationId: loc.id });
});
describe('shots', () => {
  it('takes them', async () => {
    for (const [path, act] of [
      ['/allocation-scan', async () => {
        const v = view(page, '/allocation-scan');
        await v.locator('.ant-select').first().click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item').first().click();
        await v.locator('.sy-scan').fill('CN01');
        await v.locator('.sy-scan').press('Enter');
        await v.locator('.sy-scan').fill('NOPE');
        await v.locator('.sy-scan').press('Enter');
        await page.waitForTimeout(1500);
      }],
      ['/callnumber-search', async () => {
        const v = view(page, '/callnumber-search');
        await v.locator('input').first().fill('I246');
        await v.locator('input').first().press('Enter');
        await page.waitForTimeout(1500);
      }],
      ['/newbook-duplicate-check', async () => {
        const v = view(page, '/newbook-duplicate-check');
        await v.locator('textarea').fill('7-02-000220-8\n城南旧事\n不存在');
        await v.locator('button').first().click();
        await page.waitForTimeout(1500);
      }],
      ['/batchdata', async () => page.waitForTimeout(800)],
      ['/resource-mana/basic-set/resource-auth', async () => page.waitForTimeout(1200)],
      ['/batchpsw', async () => page.waitForTimeout(800)],
    ] as const) {
      await page.goto(`${session.server.url}/library/#${path}`);
      await view(page, path).waitFor();
      await act();
      await shot(page, `hold-${path.replace(/\W+/g, '-')}`);
    }
    expect(true).toBe(true);
  });
});
