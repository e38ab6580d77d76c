import { randomBytes } from 'node:crypto';
import { P } from '@shuyuan/contracts/common/paths';
import pg from 'pg';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/circulation/circulation.messages.ts';
import { apiPost, shotOnFailure, signIn, tokenOf, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';
import { createTestDatabase } from './support/pg-template.ts';

/**
 * Overdue fines at the desk (issue 14 §4): the school charges students ¥0.50 a day after 2 free days. A book
 * comes back 8 days late: the return desk says a fine of ¥3.00 (8 − 2 = 6 days × ¥0.50) was charged, lists it,
 * and the librarian takes the payment in cash; the receipt shows the total; the fine leaves the desk and is in
 * the ledger. At the lending desk, a reader who returned a book late is scanned: the panel says what they owe and
 * the librarian takes it there; a reader who owes nothing costs the desk no request for fines. Checked at 1024 px.
 * A fresh PostgreSQL database, so the due date can be put in the past.
 */
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIBRARIAN = { account: 'e2e-fines', password: 'Fines#2026e2e', name: '收费馆员' };
const DESK = ['surrency.borrow', 'surrency.borrow:borrow', 'return', 'return:return', 'return:fine'];
const READER = { account: 'S2026301', name: '何小丽' };
const BOOK = 'FINE0001';
/** Lent and late too, but kept: the overdue loan on the home page's to-do list. */
const KEPT = 'FINE0002';
/** Lent late to another reader, returned at the start of the lending-desk test: their fine is paid there. */
const READER2 = { account: 'S2026302', name: '罗小平' };
const LATE = 'FINE0003';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const dbName = `shuyuan_e2e_fines_${randomBytes(4).toString('hex')}`;
const dbUrl = () => {
  const u = new URL(PG);
  u.pathname = `/${dbName}`;
  return u.toString();
};
async function sql(url: string, text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

let server: RunningServer;
let ctx: BrowserContext | undefined;
let page: Page;
shotOnFailure(() => page);

beforeAll(async () => {
  buildWebOnce();
  server = await startServer({ DATABASE_URL: dbUrl(), DATA_DIR: await createTestDatabase(dbName) });
  const admin = await launch('zh-CN');
  try {
    const p = await admin.newPage();
    await signIn(p, server.url, 'zh', 'admin', ADMIN_PASSWORD);
    const token = await tokenOf(p);
    const call = async (url: string, body: unknown) => {
      const r = await apiPost(server.url, url, body, token);
      expect(r.json?.code, `${url} ${JSON.stringify(r.json)}`).toBe(0);
      return r.json.data;
    };
    const role = await call(`${P}/Role/AddRole`, { name: '收费台' });
    await call(`${P}/Role/SetRolePermissions`, { id: role.id, permissions: DESK });
    await call(`${P}/Role/AddStaffUser`, { ...LIBRARIAN, roleId: role.id });
    await call(`${P}/Readers/AddReader`, { ...READER, identity: 'student' });
    await call(`${P}/Readers/AddReader`, { ...READER2, identity: 'student' });
    const rec = await call(`${P}/Literature/AddItemsCatalogueInfo`, { title: '小桔灯', author: '冰心' });
    await call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 3,
      barcodes: [BOOK, KEPT, LATE],
      storeType: 2,
    });
    await call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: READER.account, barcode: BOOK });
    await call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: READER.account, barcode: KEPT });
    await call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: READER2.account, barcode: LATE });
  } finally {
    await admin.close();
  }
  // Students: ¥0.50 a day overdue after 2 free days, at most ¥10 a loan; the loans fell due 8 days ago.
  const [s] = await sql(dbUrl(), 'select school_id from app_user where account = $1', [READER.account]);
  await sql(
    dbUrl(),
    `insert into loan_rule (school_id, identity, max_loans, loan_days, renew_days, max_renewals,
       fine_day_fen, fine_grace_days, fine_cap_fen)
     values ($1, 'student', 5, 30, 15, 1, 50, 2, 1000)
     on conflict (school_id, coalesce(identity, ''), coalesce(permission_group_id, 0),
       coalesce(resource_type_id, 0), coalesce(location_id, 0))
     do update set fine_day_fen = 50, fine_grace_days = 2, fine_cap_fen = 1000`,
    [s.school_id],
  );
  await sql(dbUrl(), 'delete from closed_day where school_id = $1', [s.school_id]);
  await sql(
    dbUrl(),
    `update loan set due_date = (now() at time zone (select time_zone from school where id = $1))::date - 8
      where school_id = $1 and returned_at is null`,
    [s.school_id],
  );
  // A server start and the set-up through the API take long on a loaded machine.
}, 600_000);
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
  await sql(PG, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
});

/** The fines panel says ¥3.00 is owed: 8 open days overdue − 2 free = 6 days × ¥0.50. */
async function owesSixDays(fines: Locator) {
  await fines
    .getByTestId('reader-fines-total')
    .filter({ hasText: zh('circulation.fines.owed', { amount: '3.00' }) })
    .waitFor();
  await fines
    .getByText(zh('circulation.fines.countedText', { overdue: 8, grace: 2, charged: 6, perDay: '0.50' }))
    .waitFor();
}

/** Pays the listed fine (¥3.00) in cash through the confirmation dialog; waits for the receipt. */
async function payInCash(fines: Locator, reader: { account: string; name: string }) {
  await fines.getByTestId('fines-pay').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: zh('circulation.fines.payTitle') });
  await dialog
    .getByTestId('fines-confirm-text')
    .filter({ hasText: zh('circulation.fines.confirm', { count: 1, amount: '3.00', ...reader }) })
    .waitFor();
  await dialog.getByTestId('fines-confirm').click();
  const receipt = page.getByTestId('receipt');
  await receipt.filter({ hasText: zh('circulation.fines.receiptPaid') }).waitFor();
  await receipt.getByText(`${reader.name} (${reader.account})`).waitFor();
  await receipt
    .locator('.ant-descriptions-row')
    .filter({ hasText: zh('circulation.fines.total') })
    .filter({ hasText: '3.00' })
    .waitFor();
}

/** Closes the receipt (antd spaces the two characters of the button's text): the footer's first button. */
async function closeReceipt() {
  await page
    .locator('.ant-modal-footer')
    .filter({ has: page.getByTestId('receipt-print') })
    .locator('button')
    .first()
    .click();
}

const RETURN = '/return';
const BORROW = '/surrency/borrow';

describe('overdue fines at the desk', () => {
  it('charges a late return, takes the payment in cash and prints the receipt', async () => {
    ctx = await launch('zh-CN');
    page = await ctx.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'zh', LIBRARIAN.account, LIBRARIAN.password, `${LIBRARIAN.password}-own`);
    await page.goto(`${server.url}/library/#${RETURN}`);
    const box = view(page, RETURN).getByTestId('return-scan');
    await box.waitFor();
    await box.fill(BOOK);
    await box.press('Enter');

    const last = view(page, RETURN).getByTestId('last-return');
    // 8 open days overdue − 2 free = 6 days × ¥0.50 = ¥3.00.
    await last
      .getByTestId('fine-notice')
      .filter({ hasText: zh('circulation.return.fine', { amount: '3.00', days: 6 }) })
      .waitFor();
    const fines = last.getByTestId('reader-fines');
    await owesSixDays(fines);
    // This librarian takes money but may not waive.
    expect(await fines.getByTestId('fines-waive').count()).toBe(0);
    await shot(page, 'fines-return-1024');

    await payInCash(fines, READER);
    await shot(page, 'fines-receipt-1024');
    await closeReceipt();
    // Nothing owed any more: the fines list leaves the desk.
    await expect.poll(() => last.getByTestId('reader-fines').count()).toBe(0);

    const rows = await sql(dbUrl(), `select state, pay_method, amount_fen, charged_days from fine`);
    expect(rows).toEqual([{ state: 'paid', pay_method: 'cash', amount_fen: 300, charged_days: 6 }]);
    const ledger = await sql(dbUrl(), `select kind, amount_fen from ledger_entry`);
    expect(ledger).toEqual([{ kind: 'fine', amount_fen: 300 }]);
  }, 300_000);

  it('shows at the lending desk what a scanned reader owes and takes the payment there', async () => {
    // The second reader's book comes back 8 days late (through the API): ¥3.00 owed.
    const back = await apiPost(server.url, `${P}/Circulation/DeskReturn`, { barcode: LATE }, await tokenOf(page));
    expect(back.json?.data?.fine?.amountFen, JSON.stringify(back.json)).toBe(300);

    await page.goto(`${server.url}/library/#${BORROW}`);
    const desk = view(page, BORROW);
    const box = desk.getByTestId('desk-scan');
    await box.waitFor();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/Fine/')) asked.push(r.url());
    });
    // A reader who owes nothing (their fine was paid above): the card scan alone, no fines shown or asked for.
    await box.fill(READER.account);
    await box.press('Enter');
    const panel = desk.getByTestId('reader-panel');
    await panel.getByTestId('reader-name').filter({ hasText: READER.name }).waitFor();
    expect(await panel.getByTestId('reader-fines').count()).toBe(0);
    expect(asked).toEqual([]);

    // Esc, then the reader who owes ¥3.00.
    await box.press('Escape');
    await box.fill(READER2.account);
    await box.press('Enter');
    await panel.getByTestId('reader-name').filter({ hasText: READER2.name }).waitFor();
    const fines = panel.getByTestId('reader-fines');
    await owesSixDays(fines);
    await shot(page, 'fines-lending-desk-1024');
    await payInCash(fines, READER2);
    await closeReceipt();
    await expect.poll(() => panel.getByTestId('reader-fines').count()).toBe(0);
    const rows = await sql(dbUrl(), `select state, pay_method, amount_fen from fine order by id`);
    expect(rows).toEqual([
      { state: 'paid', pay_method: 'cash', amount_fen: 300 },
      { state: 'paid', pay_method: 'cash', amount_fen: 300 },
    ]);
  }, 300_000);
});

describe('the back office at 1024 px', () => {
  it('folds the menu; the home page lists the day’s to-do; the overdue list keeps its key columns; devices test', async () => {
    await ctx?.close();
    ctx = await launch('zh-CN');
    page = await ctx.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.url, 'zh', 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/library/#/data-analysis`);
    const todo = page.getByTestId('todo-panel');
    await todo.waitFor();
    // The menu folds to icons below 1200 px.
    await page.locator('.ant-layout-sider-collapsed').waitFor();
    // One loan is still out and late (KEPT): one overdue loan to remind; nothing else waits.
    const overdue = todo.getByTestId('todo-overdue');
    await overdue.getByText(zh('dashboard.todo.overdueHint', { count: 1 })).waitFor();
    await todo.getByTestId('todo-holds').getByText(zh('dashboard.todo.none')).waitFor();
    await shot(page, 'home-todo-1024');

    // The item opens the screen that handles it, where the due date and the days overdue are on screen.
    await overdue.click();
    await page.waitForURL(/#\/recall/);
    const recall = view(page, '/recall');
    const row = recall.locator('.ant-table-row').filter({ hasText: '小桔灯' });
    await row.waitFor();
    for (const col of ['reminders.due.dueDate', 'reminders.due.overdueDays']) {
      const th = recall
        .locator('th')
        .filter({ hasText: zh(col) })
        .first();
      await th.waitFor();
      const box = await th.boundingBox();
      expect(box && box.x + box.width <= 1024, `${col} on screen`).toBe(true);
    }
    // The e-mail column gives way at this width; the user shows it, and the choice is remembered.
    const email = recall.locator('th').filter({ hasText: zh('reminders.due.email') });
    expect(await email.count()).toBe(0);
    await recall.getByTestId('columns-button').first().click();
    await page.getByTestId('column-chooser').locator('[data-column="email"]').click();
    await email.first().waitFor();
    await shot(page, 'recall-columns-1024');
    await page.reload();
    await view(page, '/recall')
      .locator('th')
      .filter({ hasText: zh('reminders.due.email') })
      .first()
      .waitFor();

    // Items on loan: the due date and the state (days overdue) are on screen at 1024 px too.
    await page.goto(`${server.url}/library/#/no-return`);
    const onLoan = view(page, '/no-return');
    await onLoan.locator('.ant-table-row').filter({ hasText: '小桔灯' }).waitFor();
    for (const col of ['circRecords.col.dueDate', 'circRecords.col.state']) {
      const th = onLoan
        .locator('th')
        .filter({ hasText: zh(col) })
        .first();
      await th.waitFor();
      const box = await th.boundingBox();
      expect(box && box.x + box.width <= 1024, `${col} on screen`).toBe(true);
    }
    await shot(page, 'no-return-1024');

    // The device test page: a scan is listed with its length; the RFID card names the school's reader.
    await page.goto(`${server.url}/library/#/test`);
    const scanBox = page.getByTestId('test-scan-input');
    await scanBox.waitFor();
    await scanBox.pressSequentially('TEST1234', { delay: 5 });
    await scanBox.press('Enter');
    await page
      .getByTestId('test-scan')
      .filter({ hasText: 'TEST1234' })
      .filter({ hasText: zh('devices.test.length', { count: 8 }) })
      .waitFor();
    await page.getByTestId('test-rfid').getByText(zh('devices.test.kind.keyboard')).waitFor();
    await shot(page, 'device-test-1024');
    await page.goto(`${server.url}/library/#/rd120m`);
    const rd = view(page, '/rd120m');
    await rd.getByText(zh('devices.rd120m.title')).waitFor();
    await rd.getByTestId('test-rfid').waitFor();
  }, 300_000);
});
