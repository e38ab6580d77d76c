import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, tokenOf, toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * Union federation (issue 17): the union's creator adds a remote member by its SRU address on /union/union-mana,
 * tests it, and a union search shows that remote's hit on its own tab. The "other deployment" is this server's SRU
 * of the demo school (a real HTTP request on a loopback address, so the server runs with UNION_REMOTE_PRIVATE=on).
 */
process.env.UNION_REMOTE_PRIVATE = 'on';

const MANA = '/union/union-mana';
const SEARCH = '/union/search';
const UNION = '远程联盟测试';
const TITLE = '远程测试：城南旧事';
const REMOTE = '远程示范校';
/** The demo school's name and code (school.seed.ts). */
const A_NAME = '书苑示范学校';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen('/collection');

beforeAll(async () => {
  const token = await tokenOf(session.page);
  const post = async (url: string, body: unknown) => {
    const r = await apiPost(session.server.url, url, body, token);
    expect(r.json.code, `${url} ${JSON.stringify(r.json)}`).toBe(0);
    return r.json.data;
  };
  await post(`${P}/Union/AddUnion`, { name: UNION });
  const { id } = await post(`${P}/Literature/AddItemsCatalogueInfo`, {
    title: TITLE,
    author: '林海音',
    publisher: '中国青年出版社',
    pubYear: 2010,
  });
  await post(`${P}/Literature/AddItemsCollectionInfo`, { recordId: id, count: 1, barcodes: ['92000001'] });
}, 120_000);

describe('a remote member of a union', () => {
  it('the creator adds a remote member after testing its address', async () => {
    const a = session.page;
    await a.goto(`${session.server.url}/library/#${MANA}`);
    const row = view(a, MANA).locator('tbody tr.ant-table-row').filter({ hasText: UNION });
    await button(row, zh('union.mana.manage')).click();
    const drawer = a.locator('.ant-drawer').filter({ has: a.locator('.sy-union-remotes') });
    await drawer.locator('.sy-union-remote-add').click();
    const modal = a.locator('.ant-modal').filter({ has: a.locator('.sy-union-remote-form') });
    const inputs = modal.locator('.sy-union-remote-form input');
    await inputs.nth(0).fill(REMOTE);
    await inputs.nth(1).fill(`${session.server.url}/sru/demo`);
    await modal.locator('.sy-union-remote-test').click();
    const result = modal.locator('.sy-union-remote-result');
    await result.getByText(zh('union.remote.explainOk', { title: A_NAME })).waitFor();
    await shot(a, 'union-remote-test');
    await modal.locator('.ant-btn-primary').click();
    await toast(a, zh('union.mana.saved')).first().waitFor();
    await drawer.locator('.sy-union-remotes tbody tr').filter({ hasText: REMOTE }).waitFor();
    await drawer.locator('.ant-drawer-close').click();
  });

  it('union search shows the remote hit with the remote school on its own tab', async () => {
    const a = session.page;
    await a.goto(`${session.server.url}/library/#${SEARCH}`);
    const screen = view(a, SEARCH);
    const input = screen.locator('.sy-union-search input');
    await input.waitFor();
    await input.fill('城南旧事');
    await input.press('Enter');
    await screen.locator('.sy-union-remote-tab').click();
    const hit = screen.locator('.sy-union-remote-hits tbody tr.ant-table-row').filter({ hasText: TITLE });
    await hit.getByText(REMOTE).waitFor();
    await screen
      .locator('.sy-union-remote-status')
      .getByText(zh('union.remote.found', { name: REMOTE, count: 1 }))
      .waitFor();
    await shot(a, 'union-remote-search');
  });
});
