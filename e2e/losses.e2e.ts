import { P } from '@shuyuan/contracts/common/paths';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { button, gone, loose, toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * Lost books as a librarian (issue 4 §4, spec: "A lost item needs a compensation amount"): a reader lost a book
 * on loan; /loss-register finds who has it, refuses to register it without a compensation amount, then
 * registers it; /loss-record lists it; /loss-handling takes the compensation and then retrieves the book
 * (refunding it), one record at a time — another lost book stays as it was.
 */
const READER = { account: 'LS2026001', name: '黄小鹂' };
const LOST = 'LS2026-B1';
const OTHER = 'LS2026-B2';
const TITLE = '海底两万里（遗失）';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const s = useAdminOnPg('losses');
/** The compensation order the register screen answered. */
let orderNo = '';
const modal = () => s.page.locator('.ant-modal-wrap:visible .ant-modal');
const field = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: s.page.locator('label').filter({ hasText: loose(label) }) });
const row = (path: string, text: string) =>
  view(s.page, path).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const stateTag = (r: Locator, state: string) => r.locator('.ant-tag').filter({ hasText: zh(`losses.state.${state}`) });
const open = async (path: string) => {
  await s.page.goto(`${s.server.url}/library/#${path}`);
  await view(s.page, path).locator('.ant-table').waitFor();
};

describe('lost books', () => {
  it('registers a lent book lost only with a compensation amount', async () => {
    await s.call(`${P}/Readers/AddReader`, { ...READER, identity: 'student' });
    const rec = await s.call(`${P}/Literature/AddItemsCatalogueInfo`, { title: TITLE, author: '凡尔纳' });
    await s.call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 2,
      barcodes: [LOST, OTHER],
      storeType: 2,
    });
    for (const b of [LOST, OTHER])
      await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: READER.account, barcode: b });
    const [loan] = await s.sql(
      `select to_char(l.due_date, 'YYYY-MM-DD') as due from loan l join copy c on c.id = l.copy_id
        where c.barcode = $1 and l.returned_at is null`,
      [LOST],
    );

    const PATH = '/loss-register';
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    const screen = view(s.page, PATH);
    const scan = screen.getByPlaceholder(zh('losses.register.scan'));
    await scan.fill(LOST);
    await scan.press('Enter');
    const card = screen
      .locator('.ant-card')
      .filter({ has: s.page.locator('.ant-card-head-title', { hasText: TITLE }) });
    await card
      .getByText(zh('losses.register.onLoan', { name: READER.name, account: READER.account, due: loan.due }))
      .waitFor();

    // No price on the copy, so no amount is suggested: registering with the field empty is refused under it.
    const amount = field(card, zh('losses.register.amount'));
    expect(await amount.locator('input').inputValue()).toBe('');
    await button(card, zh('losses.register.submit')).click();
    await amount
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: zh('losses.compensationRequired') })
      .waitFor();
    await shot(s.page, 'loss-register-amount-required');
    const [still] = await s.sql('select circ_state from copy where barcode = $1', [LOST]);
    expect(still.circ_state).toBe('borrowed');

    await amount.locator('input').fill('25.5');
    await button(card, zh('losses.register.submit')).click();
    // One click takes no money: the confirmation names the reader and the amount, then registers.
    const confirm = s.page.getByTestId('loss-confirm');
    await confirm
      .getByText(zh('losses.register.confirmReader', { reader: `${READER.name} (${READER.account})` }))
      .waitFor();
    await confirm.getByText(zh('losses.register.confirmAmount', { amount: '25.50' }), { exact: false }).waitFor();
    await s.page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    const done = toast(s.page, new RegExp(zh('losses.register.done', { orderNo: '(\\S+)' })));
    await done.waitFor();
    orderNo = /([A-Z0-9-]+)$/.exec((await done.textContent())?.trim() ?? '')?.[1] ?? '';
    expect(orderNo).not.toBe('');
    // A receipt to print: the order, the copy, the reader and the amount.
    const receipt = s.page.getByTestId('receipt');
    await receipt.filter({ hasText: orderNo }).filter({ hasText: LOST }).filter({ hasText: '25.50' }).waitFor();
    await s.page.getByTestId('receipt-print').waitFor();
    await shot(s.page, 'loss-register-receipt');
    await button(s.page.locator('.ant-modal').filter({ has: receipt }), zh('kit.receipt.close')).click();
    await gone(receipt);
    // This session's registrations list it: the reader, 25.50 yuan, not compensated yet.
    const session = screen.locator('.ant-card').filter({ hasText: zh('losses.register.session') });
    const line = session.locator('.ant-table-row').filter({ hasText: orderNo });
    await line
      .filter({ hasText: LOST })
      .filter({ hasText: `${READER.name} (${READER.account})` })
      .waitFor();
    await line
      .filter({ hasText: '25.50' })
      .filter({ hasText: zh('losses.state.not_compensated') })
      .waitFor();
    const [after] = await s.sql(
      `select c.circ_state, l.returned_at is not null as closed from copy c
        join loan l on l.copy_id = c.id where c.barcode = $1`,
      [LOST],
    );
    expect(after).toEqual({ circ_state: 'lost', closed: true });

    // The other book is registered lost too (through the API), so the next screens show two records.
    await s.call(`${P}/Loss/RegisterLoss`, { barcode: OTHER, compensationFen: 1200 });
  });

  it('lists the lost book in the loss records with its compensation order', async () => {
    const PATH = '/loss-record';
    await open(PATH);
    const r = row(PATH, LOST);
    await r
      .filter({ hasText: TITLE })
      .filter({ hasText: `${READER.name} (${READER.account})` })
      .waitFor();
    await r.filter({ hasText: '25.50' }).filter({ hasText: orderNo }).waitFor();
    await stateTag(r, 'not_compensated').waitFor();
    await stateTag(row(PATH, OTHER), 'not_compensated').waitFor();
    await shot(s.page, 'loss-record');
  });

  it('takes the compensation, then retrieves the book with a refund, leaving the other record alone', async () => {
    const PATH = '/loss-handling';
    await open(PATH);
    const r = row(PATH, LOST);
    const other = row(PATH, OTHER);
    await stateTag(r, 'not_compensated').waitFor();

    await button(r, zh('losses.handling.pay')).click();
    await modal()
      .getByText(zh('losses.handling.payTitle', { barcode: LOST }))
      .waitFor();
    // Cash is the default way to pay.
    expect(await modal().locator('.ant-radio-wrapper-checked').textContent()).toBe(zh('losses.pay.cash'));
    await modal().locator('.ant-btn-primary').click();
    await toast(s.page, zh('losses.handling.paid', { amount: '25.50' })).waitFor();
    await gone(modal());
    await stateTag(r, 'compensated').waitFor();
    await stateTag(other, 'not_compensated').waitFor();
    expect(await button(r, zh('losses.handling.pay')).count()).toBe(0);

    // Found again: a paid record is retrieved with a refund by default.
    await button(r, zh('losses.handling.retrieve')).click();
    await modal()
      .getByText(zh('losses.handling.retrieveTitle', { barcode: LOST }))
      .waitFor();
    expect(await modal().locator('.ant-radio-wrapper-checked').textContent()).toBe(
      zh('losses.option.retrieve_and_refund'),
    );
    await field(modal(), zh('losses.col.note')).locator('input').fill('在操场找到');
    await modal().locator('.ant-btn-primary').click();
    await toast(s.page, zh('losses.handling.retrieved', { amount: '25.50' })).waitFor();
    await gone(modal());
    await stateTag(r, 'retrieved').waitFor();
    expect(await button(r, zh('losses.handling.retrieve')).count()).toBe(0);
    // The other lost book was not touched.
    await stateTag(other, 'not_compensated').waitFor();
    await button(other, zh('losses.handling.pay')).waitFor();
    await shot(s.page, 'loss-handling');
    const copies = await s.sql('select barcode, circ_state from copy where barcode = any($1) order by barcode', [
      [LOST, OTHER],
    ]);
    expect(copies).toEqual([
      { barcode: LOST, circ_state: 'available' },
      { barcode: OTHER, circ_state: 'lost' },
    ]);
  });
});
