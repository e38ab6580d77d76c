import { P } from '@shuyuan/contracts/common/paths';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, gone, loose, toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * Reservations and purchase suggestions as a librarian (issue 4 §4): a reader asks for a book whose only copy
 * is out; the librarian finds it by ISBN in the reserve dialog and reserves it; the reservation waits until the
 * copy comes back at the return desk, which puts it on the hold shelf — /reservation then shows it ready, with
 * the copy and the hold date. On /recommendation one suggestion is marked found (linked to the record with
 * its ISBN), another cancelled.
 */
const HOLDER = { account: 'RS2026001', name: '林小雨' };
const BORROWER = { account: 'RS2026002', name: '陈大海' };
const TITLE = '草原上的小木屋（预约）';
const ISBN = '9787532134120';
const COPY = 'RS2026-B1';
const FOUND = { title: '绿山墙的安妮（荐购）', isbn: '9787020041220' };
const CANCELLED = { title: '已经绝版的书（荐购）' };
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const s = useAdminOnPg('reservations');
const modal = () => s.page.locator('.ant-modal-wrap:visible .ant-modal');
const field = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: s.page.locator('label').filter({ hasText: loose(label) }) });
const row = (path: string, text: string) =>
  view(s.page, path).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
/** Loads the list again (the kit's search button). */
const reload = (path: string) => button(view(s.page, path), zh('kit.search.search')).click();
const open = async (path: string) => {
  await s.page.goto(`${s.server.url}/library/#${path}`);
  await view(s.page, path).locator('.ant-table').waitFor();
};

describe('reservations', () => {
  it('reserves a title by ISBN for a reader; it waits, and the returned copy goes to the hold shelf for them', async () => {
    await s.call(`${P}/Readers/AddReader`, { ...HOLDER, identity: 'student' });
    await s.call(`${P}/Readers/AddReader`, { ...BORROWER, identity: 'student' });
    const rec = await s.call(`${P}/Literature/AddItemsCatalogueInfo`, { title: TITLE, author: '怀德', isbn: ISBN });
    await s.call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 1,
      barcodes: [COPY],
      storeType: 2,
    });
    await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: BORROWER.account, barcode: COPY });

    const PATH = '/reservation';
    await open(PATH);
    await button(view(s.page, PATH), zh('reservations.reservation.reserve')).click();
    await modal().getByText(zh('reservations.reserve.title')).waitFor();
    await field(modal(), zh('reservations.reserve.reader')).locator('input').fill(HOLDER.account);
    await modal().getByText(zh('reservations.reserve.byTitle')).click();
    const pick = modal().getByTestId('reserve-title');
    await pick.click();
    await pick.locator('input').fill(ISBN);
    const option = s.page.locator('.ant-select-item-option').filter({ hasText: TITLE });
    // The option says the only copy is out and nobody waits yet.
    await option.getByText(zh('reservations.reserve.titleCounts', { copies: 1, available: 0, waiting: 0 })).waitFor();
    await option.click();
    await modal().locator('.ant-btn-primary').click();
    await toast(s.page, zh('reservations.reserve.queued', { position: 1 })).waitFor();
    await gone(modal());

    // The list shows the reservation waiting, first in the queue, no copy kept yet.
    const mine = row(PATH, HOLDER.account);
    await mine.filter({ hasText: TITLE }).waitFor();
    await mine
      .locator('.ant-tag')
      .filter({ hasText: zh('reservations.state.waiting') })
      .waitFor();
    expect(await mine.filter({ hasText: COPY }).count()).toBe(0);
    await shot(s.page, 'reservations-waiting');

    // The borrower brings the copy back: the return desk says to put it on the hold shelf for the holder.
    const RETURN = '/return';
    await s.page.goto(`${s.server.url}/library/#${RETURN}`);
    const box = view(s.page, RETURN).getByTestId('return-scan');
    await box.fill(COPY);
    await box.press('Enter');
    await view(s.page, RETURN)
      .getByTestId('last-return')
      .getByTestId('hold-notice')
      .filter({ hasText: zh('circulation.return.hold', { name: HOLDER.name, account: HOLDER.account }) })
      .waitFor();

    // /reservation: ready (on the hold shelf), keeping that copy until the hold date.
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    await reload(PATH);
    await mine
      .locator('.ant-tag')
      .filter({ hasText: zh('reservations.state.ready') })
      .waitFor();
    await mine.filter({ hasText: COPY }).waitFor();
    const [r] = await s.sql(
      `select to_char(hold_until, 'YYYY-MM-DD') as until from reservation r
        join app_user u on u.id = r.reader_id where u.account = $1`,
      [HOLDER.account],
    );
    expect(r.until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await mine.filter({ hasText: r.until }).waitFor();
    await shot(s.page, 'reservations-ready');
  });

  it('marks one purchase suggestion found (linked to the record with its ISBN) and cancels another', async () => {
    await s.call(`${P}/Literature/AddItemsCatalogueInfo`, { title: FOUND.title, author: '蒙哥马利', isbn: FOUND.isbn });
    await s.call(`${P}/Circulation/AddRecommendation`, {
      readerBarcode: HOLDER.account,
      ...FOUND,
      reason: '班级共读',
    });
    await s.call(`${P}/Circulation/AddRecommendation`, { readerBarcode: BORROWER.account, ...CANCELLED });

    const PATH = '/recommendation';
    await open(PATH);
    const found = row(PATH, FOUND.title);
    const cancelled = row(PATH, CANCELLED.title);
    for (const r of [found, cancelled])
      await r
        .locator('.ant-tag')
        .filter({ hasText: zh('reservations.rec.state.pending') })
        .waitFor();
    await found.filter({ hasText: `${HOLDER.name} (${HOLDER.account})` }).waitFor();

    // Found: the dialog's result defaults to found; a note for the reader.
    await button(found, zh('reservations.rec.handle')).click();
    await modal()
      .getByText(zh('reservations.rec.handleTitle', { title: FOUND.title }))
      .waitFor();
    expect(await modal().locator('.ant-radio-wrapper-checked').textContent()).toBe(zh('reservations.rec.state.found'));
    await field(modal(), zh('reservations.rec.note')).locator('textarea').fill('已入藏，可到馆借阅');
    await modal().locator('.ant-btn-primary').click();
    await toast(s.page, zh('reservations.rec.handled')).waitFor();
    await gone(modal());
    await found
      .locator('.ant-tag')
      .filter({ hasText: zh('reservations.rec.state.found') })
      .waitFor();
    await found.filter({ hasText: '已入藏，可到馆借阅' }).waitFor();
    // Handled: no more operations on the row.
    expect(await button(found, zh('reservations.rec.handle')).count()).toBe(0);
    const [linked] = await s.sql(
      `select r.title from recommendation x join catalogue_record r on r.id = x.record_id where x.title = $1`,
      [FOUND.title],
    );
    expect(linked?.title).toBe(FOUND.title);

    // Cancelled, with the reason.
    await button(cancelled, zh('reservations.rec.cancel')).click();
    await modal()
      .getByText(zh('reservations.rec.cancelTitle', { title: CANCELLED.title }))
      .waitFor();
    await field(modal(), zh('reservations.rec.note')).locator('textarea').fill('出版社已停印');
    await modal().locator('.ant-btn-primary').click();
    await toast(s.page, zh('reservations.rec.cancelled')).waitFor();
    await gone(modal());
    await cancelled
      .locator('.ant-tag')
      .filter({ hasText: zh('reservations.rec.state.cancelled') })
      .waitFor();
    expect(await button(cancelled, zh('reservations.rec.cancel')).count()).toBe(0);
    await shot(s.page, 'recommendations-handled');
  });
});
