import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, shotOnFailure, signIn, tokenOf, toast, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * Unions (issue 17): school B applies to the demo school's union and the demo school passes it; B's librarian finds
 * on /union-catalog a title only the demo school holds, copies its record into B with one click and adds a copy.
 */
const MANA = '/union/union-mana';
const CATALOG = '/union-catalog';
const UNION = '东城区联盟测试';
const TITLE = '联盟测试：小王子';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen('/collection');
let a: Page;
let aToken: string;
let bCtx: BrowserContext;
let b: Page;
let bToken: string;
let sourceId: number;
shotOnFailure(() => b);

beforeAll(async () => {
  a = session.page;
  aToken = await tokenOf(a);
  const post = async (url: string, body: unknown, token = aToken) => {
    const r = await apiPost(session.server.url, url, body, token);
    expect(r.json.code, `${url} ${JSON.stringify(r.json)}`).toBe(0);
    return r.json.data;
  };
  await post(`${P}/Organiza/AddSchool`, {
    code: 'unionb',
    name: '联盟乙校',
    address: '乙路 2 号',
    adminAccount: 'unionbadmin',
    adminPassword: 'Union#B2026',
    adminName: '乙校管理员',
  });
  sourceId = (
    await post(`${P}/Literature/AddItemsCatalogueInfo`, {
      title: TITLE,
      author: '圣埃克苏佩里',
      publisher: '人民文学出版社',
      classNo: 'I565.88',
      subjects: ['童话'],
      pubYear: 2003,
    })
  ).id;
  await post(`${P}/Literature/AddItemsCollectionInfo`, { recordId: sourceId, count: 1, barcodes: ['90000001'] });
  bCtx = await launch('zh-CN');
  b = await bCtx.newPage();
  await signIn(b, session.server.url, 'zh', 'unionbadmin', 'Union#B2026', 'Union#B2026-own');
  bToken = await tokenOf(b);
}, 240_000);

afterAll(async () => {
  await bCtx?.close();
});

const rowOf = (page: Page, screen: string, text: string) =>
  view(page, screen).locator('tbody tr.ant-table-row').filter({ hasText: text });

describe('a union of two schools', () => {
  it('the demo school creates a union; the union name is required', async () => {
    await a.goto(`${session.server.url}/library/#${MANA}`);
    await button(view(a, MANA), zh('union.mana.create')).click();
    const modal = a.locator('.ant-modal').filter({ has: a.locator('.sy-union-form') });
    await modal.locator('.ant-btn-primary').click();
    await modal.getByText(zh('union.nameRequired')).waitFor();
    await modal.locator('input').first().fill(UNION);
    await modal.locator('.ant-btn-primary').click();
    await toast(a, zh('union.mana.created')).first().waitFor();
    await rowOf(a, MANA, UNION).getByText(zh('union.role.creator')).waitFor();
  });

  it('school B applies and the demo school passes it', async () => {
    await b.goto(`${session.server.url}/library/#${MANA}`);
    await button(rowOf(b, MANA, UNION), zh('union.mana.apply')).click();
    await rowOf(b, MANA, UNION).getByText(zh('union.status.pending')).waitFor();

    await a.goto(`${session.server.url}/library/#${MANA}`);
    await button(rowOf(a, MANA, UNION), zh('union.mana.manage')).click();
    const drawer = a.locator('.ant-drawer').filter({ has: a.locator('.sy-union-members') });
    const bRow = drawer.locator('tbody tr').filter({ hasText: '联盟乙校' });
    await bRow.getByText(zh('union.status.pending'), { exact: false }).waitFor();
    await button(bRow, zh('union.members.pass')).click();
    await bRow.getByText(zh('union.status.passed'), { exact: false }).waitFor();
    await shot(a, 'union-members');
    await drawer.locator('.ant-drawer-close').click();
  });

  it("B's librarian copies a record only the demo school holds and adds a copy", async () => {
    await b.goto(`${session.server.url}/library/#${CATALOG}`);
    const screen = view(b, CATALOG);
    const input = screen.locator('.sy-union-search input');
    await input.waitFor();
    await input.fill('小王子');
    await input.press('Enter');
    const hit = screen.locator('.sy-union-hits tbody tr.ant-table-row').filter({ hasText: TITLE });
    await hit.locator('.sy-union-holdings').getByText('1/1', { exact: false }).waitFor();
    await button(hit, zh('union.catalog.copy')).click();
    await toast(b, zh('union.catalog.copied', { title: TITLE }))
      .first()
      .waitFor();
    const modal = b.locator('.ant-modal').filter({ has: b.locator('.sy-copies-form') });
    await modal.locator('textarea').fill('90000002');
    await modal.locator('.ant-btn-primary').click();
    await toast(b, zh('union.mana.saved')).first().waitFor();
    // Copied: the same hit now says the school holds it.
    await hit.locator('.sy-union-held').waitFor();
    await shot(b, 'union-catalog');

    const found = await apiPost(session.server.url, `${P}/Catalogue/SearchRecords`, { SearchKey: TITLE }, bToken);
    expect(found.json.data.List).toHaveLength(1);
    const copied = found.json.data.List[0];
    expect(copied).toMatchObject({ title: TITLE, classNo: 'I565.88', copies: 1 });
    expect(copied.id).not.toBe(sourceId);
    const copies = await apiPost(
      session.server.url,
      `${P}/Literature/GetItemsCollection`,
      { recordId: copied.id },
      bToken,
    );
    expect(copies.json.data.List.map((c: { barcode: string }) => c.barcode)).toEqual(['90000002']);
  });
});
