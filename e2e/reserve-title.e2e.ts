import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/** /reservation: a reader asks for a book that is all out; the librarian finds it by title and reserves it. */
const PATH = '/reservation';
const READER = { account: 'RT2026001', name: '许小蝶', identity: 'student' };
const OWNER = { account: 'RT2026002', name: '借书人', identity: 'student' };
const BOOK = 'RT2026-B1';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen(PATH);

beforeAll(async () => {
  const token = await tokenOf(session.page);
  const call = async (url: string, body: unknown) => {
    const r = await apiPost(session.server.url, url, body, token);
    expect(r.json?.code, JSON.stringify(r.json)).toBe(0);
    return r.json.data;
  };
  await call(`${P}/Readers/AddReader`, READER);
  await call(`${P}/Readers/AddReader`, OWNER);
  const rec = await call(`${P}/Literature/AddItemsCatalogueInfo`, {
    title: '夏洛的网（预约测试）',
    author: 'E.B.怀特',
  });
  await call(`${P}/Literature/AddItemsCollectionInfo`, { recordId: rec.id, count: 1, barcodes: [BOOK], storeType: 2 });
  await call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: OWNER.account, barcode: BOOK });
});

describe('reserve by title', () => {
  it('finds the title in the catalogue and reserves it for the reader without a copy at hand', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/library/#${PATH}`);
    const screen = view(page, PATH);
    await button(screen, zh('reservations.reservation.reserve')).click();
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
    await modal.getByText(zh('reservations.reserve.title')).waitFor();
    await modal
      .locator('.ant-form-item')
      .filter({ hasText: zh('reservations.reserve.reader') })
      .locator('input')
      .fill(READER.account);
    await modal.getByText(zh('reservations.reserve.byTitle')).click();
    const pick = modal.getByTestId('reserve-title');
    await pick.click();
    await pick.locator('input').fill('夏洛');
    const option = page.locator('.ant-select-item-option').filter({ hasText: '夏洛的网（预约测试）' });
    await option.waitFor();
    // The option tells the librarian the only copy is out.
    await option.getByText(zh('reservations.reserve.titleCounts', { copies: 1, available: 0, waiting: 0 })).waitFor();
    await option.click();
    await shot(page, 'reserve-by-title');
    await modal.locator('.ant-btn-primary').click();
    await page.getByText(zh('reservations.reserve.queued', { position: 1 })).waitFor();
    await screen.getByText(READER.name, { exact: false }).first().waitFor();
    await screen.getByText('夏洛的网（预约测试）').first().waitFor();
  });
});
