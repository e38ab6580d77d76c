import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, shotOnFailure, signIn, tokenOf, toast, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * Union lending (issue 17): a reader of school B asks on /union/search for a title only the demo school (A) holds;
 * A sends its copy, B checks it in to its hold shelf and lends it, the reader returns it at B, B sends it home and A
 * receives it back on its shelf. Each school's screen shows what it must act on; the records say where it went.
 * (Applying and passing are walked in union.e2e.ts: here they go through the API.)
 */
const SEARCH = '/union/search';
const BORROW = '/union/borrow';
const RETURN = '/union/return';
const RECORDS = '/union/brrecord';
const TITLE = '联盟借阅：城南旧事';
const BARCODE = '91000001';
const READER = { account: 'ULB2026001', name: '乙校读者', identity: 'student' };
/** The demo school's name (school.seed.ts). */
const A_NAME = '书苑示范学校';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen('/collection');
let a: Page;
let bCtx: BrowserContext;
let b: Page;
let aToken: string;
let bToken: string;
shotOnFailure(() => b);

const post = async (url: string, body: unknown, token: string) => {
  const r = await apiPost(session.server.url, url, body, token);
  expect(r.json.code, `${url} ${JSON.stringify(r.json)}`).toBe(0);
  return r.json.data;
};

beforeAll(async () => {
  a = session.page;
  aToken = await tokenOf(a);
  await post(
    `${P}/Organiza/AddSchool`,
    {
      code: 'ulendb',
      name: '借阅乙校',
      address: '乙路 8 号',
      adminAccount: 'ulendbadmin',
      adminPassword: 'Lend#B2026',
      adminName: '乙校馆员',
    },
    aToken,
  );
  const recordId = (
    await post(
      `${P}/Literature/AddItemsCatalogueInfo`,
      { title: TITLE, author: '林海音', publisher: '中国青年出版社', classNo: 'I287.4', pubYear: 2010 },
      aToken,
    )
  ).id;
  await post(`${P}/Literature/AddItemsCollectionInfo`, { recordId, count: 1, barcodes: [BARCODE] }, aToken);
  bCtx = await launch('zh-CN');
  b = await bCtx.newPage();
  await signIn(b, session.server.url, 'zh', 'ulendbadmin', 'Lend#B2026', 'Lend#B2026-own');
  bToken = await tokenOf(b);
  await post(`${P}/Readers/AddReader`, READER, bToken);
  const unionId = (await post(`${P}/Union/AddUnion`, { name: '借阅联盟' }, aToken)).id;
  const applied = await post(`${P}/Union/ApplyUnion`, { unionId }, bToken);
  await post(`${P}/Union/ReviewMember`, { memberId: applied.id, pass: true }, aToken);
  await post(`${P}/Union/SaveSharing`, { unionId, share: 'lending', locationIds: null, resourceTypeIds: null }, aToken);
}, 240_000);

afterAll(async () => {
  await bCtx?.close();
});

const rowOf = (page: Page, screen: string, text: string) =>
  view(page, screen).locator('tbody tr.ant-table-row').filter({ hasText: text });
const openTab = async (page: Page, screen: string, label: string) =>
  view(page, screen).locator('.ant-tabs-tab').filter({ hasText: label }).click();

describe('a reader of B borrows the demo school’s copy through the request flow', () => {
  it('B asks for the title from union search for its reader', async () => {
    await b.goto(`${session.server.url}/library/#${SEARCH}`);
    const input = view(b, SEARCH).locator('.sy-union-search input');
    await input.waitFor();
    await input.fill('城南旧事');
    await input.press('Enter');
    const hit = view(b, SEARCH).locator('.sy-union-hits tbody tr.ant-table-row').filter({ hasText: TITLE });
    await button(hit, zh('union.lend.ask')).click();
    const modal = b.locator('.ant-modal').filter({ has: b.locator('.sy-union-ask') });
    await modal.locator('.ant-btn-primary').click();
    await modal.getByText(zh('union.lend.cardRequired')).waitFor();
    await modal.locator('input.ant-input').fill(READER.account);
    await modal.locator('.ant-btn-primary').click();
    await toast(b, zh('union.lend.asked', { school: A_NAME }))
      .first()
      .waitFor();
  });

  it('the demo school sees the request, scans its copy and sends it', async () => {
    await a.goto(`${session.server.url}/library/#${BORROW}`);
    await openTab(a, BORROW, zh('union.lend.tabs.dispatch'));
    const row = rowOf(a, BORROW, TITLE).filter({ hasText: READER.name });
    await row.getByText(READER.account).waitFor();
    await row.locator('input').fill(BARCODE);
    await button(row, zh('union.lend.dispatch')).click();
    await toast(a, zh('union.lend.dispatched', { title: TITLE, school: '借阅乙校' }))
      .first()
      .waitFor();
    await openTab(a, BORROW, zh('union.lend.tabs.away'));
    await rowOf(a, BORROW, BARCODE)
      .getByText(zh('union.lend.where.transit', { school: '借阅乙校' }))
      .waitFor();
    await shot(a, 'union-lending-away');
  });

  it('B checks the copy in to its hold shelf and lends it to the reader', async () => {
    await b.goto(`${session.server.url}/library/#${BORROW}`);
    await openTab(b, BORROW, zh('union.lend.tabs.arriving'));
    const arriving = view(b, BORROW).locator('.sy-union-arriving tbody tr').filter({ hasText: TITLE });
    await button(arriving, zh('union.lend.receive')).click();
    await toast(b, zh('union.lend.received', { title: TITLE, name: READER.name }))
      .first()
      .waitFor();
    const shelf = view(b, BORROW).locator('.sy-union-shelf tbody tr').filter({ hasText: TITLE });
    await button(shelf, zh('union.lend.lendHeld')).click();
    await toast(b, new RegExp(`${TITLE}.*${READER.name}`))
      .first()
      .waitFor();
    await view(b, BORROW)
      .locator('.sy-union-borrowed-out tbody tr')
      .filter({ hasText: TITLE })
      .getByText(zh('union.lend.state.lent'))
      .waitFor();
    await shot(b, 'union-lending-borrower');
  });

  it('the reader returns it at B, B sends it home, the demo school receives it back on its shelf', async () => {
    await b.goto(`${session.server.url}/library/#${RETURN}`);
    const scan = view(b, RETURN).locator('.sy-union-return-barcode input');
    await scan.fill(BARCODE);
    await scan.press('Enter');
    await toast(b, zh('union.lend.returned', { title: TITLE }))
      .first()
      .waitFor();
    const send = view(b, RETURN).locator('.sy-union-send-home tbody tr').filter({ hasText: TITLE });
    await button(send, zh('union.lend.sendHome')).click();
    await toast(b, zh('union.lend.sentHome', { title: TITLE, school: A_NAME }))
      .first()
      .waitFor();

    await a.goto(`${session.server.url}/library/#${RETURN}`);
    const coming = view(a, RETURN).locator('.sy-union-coming-home tbody tr').filter({ hasText: TITLE });
    await coming.getByText(zh('union.lend.state.homebound')).waitFor();
    await button(coming, zh('union.lend.receiveHome')).click();
    await toast(a, zh('union.lend.home', { title: TITLE }))
      .first()
      .waitFor();

    const copies = await apiPost(session.server.url, `${P}/Catalogue/SearchRecords`, { SearchKey: TITLE }, aToken);
    const rec = copies.json.data.List[0];
    const items = await apiPost(session.server.url, `${P}/Literature/GetItemsCollection`, { recordId: rec.id }, aToken);
    expect(items.json.data.List[0]).toMatchObject({ barcode: BARCODE, circState: 'available' });

    await a.goto(`${session.server.url}/library/#${RECORDS}`);
    const rec2 = rowOf(a, RECORDS, TITLE);
    await rec2.getByText(zh('union.lend.state.back')).waitFor();
    await rec2.getByText('借阅乙校', { exact: true }).waitFor();
    await shot(a, 'union-lending-records');
  });
});
