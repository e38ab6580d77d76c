import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../packages/contracts/src/common/paths.ts';
import { apiPost, button, gone, toast, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * The duplicate check (issue 14 §2): two records of one book (ISBN-10 and ISBN-13) side by side, one kept with
 * the other's copies; two records of one title in different punctuation marked as not duplicates.
 */
const DUP = '/record-duplicates';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

// The session opens a screen with a table first; this one shows tables only once it lists groups.
const session = useAdminScreen('/allocation-record');
let page: Page;
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ page } = session);
  token = await tokenOf(page);
  const post = async (url: string, body: unknown) => {
    const r = await apiPost(session.server.url, url, body, token);
    expect(r.json.code, JSON.stringify(r.json)).toBe(0);
    return r.json.data;
  };
  const add = async (name: string, body: Record<string, unknown>, barcodes: string[]) => {
    ids[name] = (await post(`${P}/Literature/AddItemsCatalogueInfo`, body)).id;
    if (barcodes.length)
      await post(`${P}/Literature/AddItemsCollectionInfo`, { recordId: ids[name], count: barcodes.length, barcodes });
  };
  await add('kept', { title: '查重测试：夏洛的网', isbn: '9780306406157', publisher: '上海译文出版社' }, ['DUPE0001']);
  await add('dropped', { title: '查重测试：夏洛的网（新版）', isbn: '0-306-40615-2' }, ['DUPE0002', 'DUPE0003']);
  await add('a', { title: 'Dup test: Annual report', author: 'School Library', pubYear: 2024 }, []);
  await add('b', { title: 'DUP TEST - ANNUAL REPORT.', author: 'school library', pubYear: 2024 }, []);
  await page.goto(`${session.server.url}/library/#${DUP}`);
  await view(page, DUP).locator('.sy-record-duplicates').waitFor();
});

const screen = () => view(page, DUP);
const groupOf = (text: string) => screen().locator('.ant-list-item').filter({ hasText: text });

describe('duplicate records screen', () => {
  it('shows two records of one ISBN side by side and keeps one with both records’ copies', async () => {
    const group = groupOf('查重测试：夏洛的网（新版）');
    await group
      .getByText(`${zh('catalogue.duplicates.kind.isbn')}: 9780306406157`)
      .first()
      .waitFor();
    await group
      .getByText(zh('catalogue.duplicates.record', { id: ids.dropped }), { exact: true })
      .first()
      .waitFor();
    await group.getByText('上海译文出版社').first().waitFor();
    await shot(page, 'record-duplicates');
    await button(group, zh('catalogue.duplicates.keep')).first().click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await confirm.getByText(zh('catalogue.duplicates.keepConfirm', { id: ids.kept, others: 1, copies: 2 })).waitFor();
    await confirm.locator('.ant-btn-primary').click();
    await toast(page, zh('catalogue.duplicates.merged', { id: ids.kept, count: 2 }))
      .first()
      .waitFor();
    await gone(groupOf('查重测试：夏洛的网（新版）'));
    const copies = await apiPost(
      session.server.url,
      `${P}/Literature/GetItemsCollection`,
      { recordId: ids.kept },
      token,
    );
    expect(copies.json.data.List.map((c: { barcode: string }) => c.barcode).sort()).toEqual([
      'DUPE0001',
      'DUPE0002',
      'DUPE0003',
    ]);
  });

  it('marks two records of one title as not duplicates', async () => {
    const group = groupOf('DUP TEST - ANNUAL REPORT.');
    await group.getByText(zh('catalogue.duplicates.kind.tay'), { exact: false }).first().waitFor();
    await button(group, zh('catalogue.duplicates.different')).click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await toast(page, zh('catalogue.duplicates.marked')).first().waitFor();
    await gone(groupOf('DUP TEST - ANNUAL REPORT.'));
  });
});
