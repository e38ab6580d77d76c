import { randomBytes } from 'node:crypto';
import { P } from '@shuyuan/contracts/common/paths';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/circulation/circulation.messages.ts';
import '../apps/server/src/modules/reservations/reservations.messages.ts';
import { apiPost, serverText, shotOnFailure, signIn, tokenOf, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';
import { createTestDatabase } from './support/pg-template.ts';

/**
 * The circulation desk as a librarian (issue 4 §2, §3, §4): lend three books to a student, the fourth is
 * refused (limit 3), then one of them comes back overdue and the return desk shows the days; a reserved copy
 * comes back and goes to the hold shelf for its reader only; a lost copy scanned at the return desk leads to
 * lost-and-found. The server runs on a fresh PostgreSQL database so the test can put a due date in the past
 * (TEST_DATABASE_URL or the local one).
 */
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIBRARIAN = { account: 'e2e-desk', password: 'Desk#2026e2e', name: '借还馆员' };
const DESK = ['surrency.borrow', 'surrency.borrow:borrow', 'return', 'return:return', 'renew', 'renew:renew'];
const LOSS = ['loss-found', 'loss-found:retrieve'];
const REVIEW = ['no-return', 'no-return:handle'];
const READER = { account: 'S2026001', name: '李小明' };
const BOOKS = ['DESK0001', 'DESK0002', 'DESK0003', 'DESK0004'];
/** One title with a single copy: on loan to BORROWER, reserved by HOLDER; OTHER tries to take it. */
const BORROWER = { account: 'S2026011', name: '赵一' };
const HOLDER = { account: 'S2026012', name: '钱二' };
const OTHER = { account: 'S2026013', name: '孙三' };
const HELD = 'HOLD0001';
const LOST = 'LOST0001';
/** Two readers served back to back at full scanner speed. */
const FAST = [
  { account: 'S2026021', name: '周五' },
  { account: 'S2026022', name: '吴六' },
];
const QUEUED = ['QUEUE001', 'QUEUE002', 'QUEUE003'];
/** A reader who types their password at the desk when the school asks for verification. */
const VERIFIED = { account: 'S2026031', name: '郑七', password: 'Reader#2026' };
const VERIFY_BOOKS = ['VERI0001', 'VERI0002'];
/** A reader and a copy with an RFID tag, for the AFI the desk writes to the tag (security gate). */
const TAGGED = { account: 'S2026041', name: '王八', barcode: 'RFID0001', uid: 'E0040150AE2E0001' };
/** A reader over the limit whose fourth book the librarian lends anyway (override). */
const OVER = { account: 'S2026051', name: '冯九' };
const OVER_BOOKS = ['OVER0001', 'OVER0002', 'OVER0003', 'OVER0004'];
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const dbName = `shuyuan_e2e_desk_${randomBytes(4).toString('hex')}`;
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
let heldRecordId = 0;
let deskRoleId = 0;
let adminCall: (url: string, body: unknown) => Promise<any>;
let ctx: BrowserContext | undefined;
let page: Page;
shotOnFailure(() => page);

beforeAll(async () => {
  buildWebOnce();
  server = await startServer({ DATABASE_URL: dbUrl(), DATA_DIR: await createTestDatabase(dbName) });
  // The administrator (API) sets up: a desk role and its librarian, a student, one title with four copies.
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
    adminCall = call;
    const role = await call(`${P}/Role/AddRole`, { name: '借还台' });
    deskRoleId = role.id;
    await call(`${P}/Role/SetRolePermissions`, { id: role.id, permissions: [...DESK, ...LOSS, ...REVIEW] });
    await call(`${P}/Role/AddStaffUser`, { ...LIBRARIAN, roleId: role.id });
    for (const r of [READER, BORROWER, HOLDER, OTHER, ...FAST])
      await call(`${P}/Readers/AddReader`, { ...r, identity: 'student' });
    const rec = await call(`${P}/Literature/AddItemsCatalogueInfo`, { title: '小王子', author: '圣埃克苏佩里' });
    await call(`${P}/Literature/AddItemsCollectionInfo`, { recordId: rec.id, count: 4, barcodes: BOOKS, storeType: 2 });
    const held = await call(`${P}/Literature/AddItemsCatalogueInfo`, { title: '三体', author: '刘慈欣' });
    heldRecordId = held.id;
    await call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: held.id,
      count: 1,
      barcodes: [HELD],
      storeType: 2,
    });
    const lostRec = await call(`${P}/Literature/AddItemsCatalogueInfo`, { title: '昆虫记', author: '法布尔' });
    await call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: lostRec.id,
      count: 1,
      barcodes: [LOST],
      storeType: 2,
    });
    await call(`${P}/Readers/AddReader`, { ...VERIFIED, identity: 'student' });
    const ver = await call(`${P}/Literature/AddItemsCatalogueInfo`, { title: '草房子', author: '曹文轩' });
    await call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: ver.id,
      count: 2,
      barcodes: VERIFY_BOOKS,
      storeType: 2,
    });
    const fast = await call(`${P}/Literature/AddItemsCatalogueInfo`, { title: '城南旧事', author: '林海音' });
    await call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: fast.id,
      count: 3,
      barcodes: QUEUED,
      storeType: 2,
    });
    // The admin's token outlives the closed browser: the later tests set up their cases through it.
  } finally {
    await admin.close();
  }
  // This school's students may hold three books at a time (the built-in rule says five).
  const [s] = await sql(dbUrl(), 'select school_id from app_user where account = $1', [READER.account]);
  await sql(
    dbUrl(),
    `insert into loan_rule (school_id, identity, max_loans, loan_days, renew_days, max_renewals)
     values ($1, 'student', 3, 30, 15, 1)
     on conflict (school_id, coalesce(identity, ''), coalesce(permission_group_id, 0),
       coalesce(resource_type_id, 0), coalesce(location_id, 0)) do update set max_loans = 3`,
    [s.school_id],
  );
});
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
  await sql(PG, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
});

const BORROW = '/surrency/borrow';
const RETURN = '/return';
const scanBox = (path: string, id: string) => view(page, path).getByTestId(id);
async function scan(path: string, id: string, code: string) {
  await scanBox(path, id).fill(code);
  await scanBox(path, id).press('Enter');
}

describe('the circulation desk', () => {
  it('lends three books to a student and refuses the fourth: over the limit', async () => {
    ctx = await launch('zh-CN');
    page = await ctx.newPage();
    // The administrator typed the librarian's password: the librarian chooses their own first.
    await signIn(page, server.url, 'zh', LIBRARIAN.account, LIBRARIAN.password, `${LIBRARIAN.password}-own`);
    await page.goto(`${server.url}/library/#${BORROW}`);
    await scanBox(BORROW, 'desk-scan').waitFor();

    await scan(BORROW, 'desk-scan', READER.account);
    const panel = view(page, BORROW).getByTestId('reader-panel');
    await panel.getByTestId('reader-name').filter({ hasText: READER.name }).waitFor();
    await panel.getByText(zh('circulation.reader.borrowedOf', { open: 0, max: 3 })).waitFor();

    // Scanned one after another without waiting: the queue lends them in order.
    for (const b of BOOKS) await scan(BORROW, 'desk-scan', b);
    const state = (st: string) => view(page, BORROW).locator(`[data-testid="scan-line"][data-state="${st}"]`);
    await expect.poll(() => state('pending').count()).toBe(0);
    // The reader's card and the first three books are done.
    await expect.poll(() => state('ok').count()).toBe(4);
    for (const b of BOOKS.slice(0, 3)) await state('ok').filter({ hasText: b }).waitFor();
    const refused = view(page, BORROW).locator('[data-testid="scan-line"][data-state="refused"]');
    await refused.filter({ hasText: BOOKS[3] }).waitFor();
    const overLimit = serverText('zh', 'circ.overLimit', { count: 3, max: 3 });
    await refused.filter({ hasText: overLimit }).waitFor();
    await view(page, BORROW).getByTestId('last-refusal').filter({ hasText: overLimit }).waitFor();
    // The counter counts loans, not the reader's card; without the permission there is no override.
    await view(page, BORROW)
      .getByText(zh('circulation.results.counts', { ok: 3, refused: 1 }))
      .waitFor();
    expect(await refused.getByTestId('override').count()).toBe(0);
    // The reader panel now lists the three loans.
    await panel.getByText(zh('circulation.reader.borrowedOf', { open: 3, max: 3 })).waitFor();
    for (const b of BOOKS.slice(0, 3)) await panel.locator('.ant-table-row').filter({ hasText: b }).waitFor();
    await shot(page, 'desk-borrow-limit');

    // Esc: next reader — the panel goes, the box asks for a reader card again.
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await expect(scanBox(BORROW, 'desk-scan').getAttribute('placeholder')).resolves.toBe(
      zh('circulation.borrow.scanReader'),
    );
  });

  it('lends every copy to the reader whose card was scanned before it, however fast the scans come', async () => {
    await page.keyboard.press('Escape');
    // No waiting between scans: the first card's lookup has not answered when the copies arrive.
    for (const code of [FAST[0].account, QUEUED[0], QUEUED[1], FAST[1].account, QUEUED[2]])
      await scan(BORROW, 'desk-scan', code);
    const done = (code: string) =>
      view(page, BORROW).locator('[data-testid="scan-line"][data-state="ok"]').filter({ hasText: code });
    for (const [code, reader] of [
      [QUEUED[0], FAST[0]],
      [QUEUED[1], FAST[0]],
      [QUEUED[2], FAST[1]],
    ] as const)
      await done(code)
        .filter({ hasText: zh('circulation.borrow.lent', { name: reader.name, due: '' }).split('，')[0] })
        .waitFor();
    // Each card has its own line too, and the panel shows the reader scanned last with their one loan.
    for (const r of FAST) await done(r.account).filter({ hasText: r.name }).waitFor();
    const panel = view(page, BORROW).getByTestId('reader-panel');
    await panel.getByTestId('reader-name').filter({ hasText: FAST[1].name }).waitFor();
    await panel.locator('.ant-table-row').filter({ hasText: QUEUED[2] }).waitFor();
    const rows = await sql(
      dbUrl(),
      `select c.barcode, u.account from loan l join copy c on c.id = l.copy_id join app_user u on u.id = l.user_id
        where c.barcode = any($1) and l.returned_at is null order by c.barcode`,
      [QUEUED],
    );
    expect(rows.map((r) => [r.barcode, r.account])).toEqual([
      [QUEUED[0], FAST[0].account],
      [QUEUED[1], FAST[0].account],
      [QUEUED[2], FAST[1].account],
    ]);
    await shot(page, 'desk-borrow-fast-scans');
  });

  it('takes back an overdue book and shows the days overdue', async () => {
    // Book 1 was due six days ago (days of the school's calendar, Asia/Shanghai).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await sql(
      dbUrl(),
      `update loan set due_date = ($2::date - 6) where returned_at is null
         and copy_id = (select id from copy where barcode = $1)`,
      [BOOKS[0], today],
    );
    await page.goto(`${server.url}/library/#${RETURN}`);
    await scanBox(RETURN, 'return-scan').waitFor();
    await scan(RETURN, 'return-scan', BOOKS[0]);
    const last = view(page, RETURN).getByTestId('last-return');
    await last.filter({ hasText: READER.name }).waitFor();
    const overdue = last.getByTestId('last-overdue');
    await overdue.filter({ hasText: zh('circulation.common.overdueDays', { count: 6 }) }).waitFor();
    // The reader's other loans are listed under it: the two still out, not the one just returned.
    const others = last.getByTestId('reader-other-loans');
    await others.getByText(zh('circulation.return.others', { name: READER.name, count: 2 })).waitFor();
    for (const b of BOOKS.slice(1, 3)) await others.locator('.ant-table-row').filter({ hasText: b }).waitFor();
    expect(await others.locator('.ant-table-row').filter({ hasText: BOOKS[0] }).count()).toBe(0);
    await shot(page, 'desk-return-overdue');
  });

  it('puts a returned copy on the hold shelf for the reader who reserved it, and lends it to that reader only', async () => {
    // The title's only copy is on loan; a second reader reserves the title: the reservation waits.
    await adminCall(`${P}/Circulation/LiteratureCirc`, { readerBarcode: BORROWER.account, barcode: HELD });
    const res = await adminCall(`${P}/Circulation/AddReservation`, {
      readerBarcode: HOLDER.account,
      recordId: heldRecordId,
    });
    expect(res.state).toBe('waiting');

    // Back at the return desk: the screen says to put it on the hold shelf for the reserving reader.
    await page.goto(`${server.url}/library/#${RETURN}`);
    await scanBox(RETURN, 'return-scan').waitFor();
    await scan(RETURN, 'return-scan', HELD);
    const notice = view(page, RETURN).getByTestId('last-return').getByTestId('hold-notice');
    await notice
      .filter({ hasText: zh('circulation.return.hold', { name: HOLDER.name, account: HOLDER.account }) })
      .waitFor();
    const [r] = await sql(
      dbUrl(),
      `select to_char(hold_until, 'YYYY-MM-DD') as until, state from reservation where id = $1`,
      [res.id],
    );
    expect(r.state).toBe('ready');
    await notice.filter({ hasText: zh('circulation.return.holdUntil', { date: r.until }) }).waitFor();
    await shot(page, 'desk-return-hold');

    // Another reader cannot take it: the desk names the hold.
    await page.goto(`${server.url}/library/#${BORROW}`);
    await scanBox(BORROW, 'desk-scan').waitFor();
    await page.keyboard.press('Escape');
    await scan(BORROW, 'desk-scan', OTHER.account);
    const panel = view(page, BORROW).getByTestId('reader-panel');
    await panel.getByTestId('reader-name').filter({ hasText: OTHER.name }).waitFor();
    await scan(BORROW, 'desk-scan', HELD);
    const refusedText = serverText('zh', 'reservations.reservedForOther', { barcode: HELD, until: r.until });
    await view(page, BORROW)
      .locator('[data-testid="scan-line"][data-state="refused"]')
      .filter({ hasText: HELD })
      .filter({ hasText: refusedText })
      .waitFor();
    await shot(page, 'desk-borrow-reserved-for-other');

    // The holder borrows it.
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await scan(BORROW, 'desk-scan', HOLDER.account);
    await panel.getByTestId('reader-name').filter({ hasText: HOLDER.name }).waitFor();
    // The panel reminds the librarian that a copy waits on the hold shelf for this reader.
    await panel.getByTestId('reader-holds').getByTestId('reader-hold').filter({ hasText: HELD }).waitFor();
    await scan(BORROW, 'desk-scan', HELD);
    await view(page, BORROW).locator('[data-testid="scan-line"][data-state="ok"]').filter({ hasText: HELD }).waitFor();
    await panel.locator('.ant-table-row').filter({ hasText: HELD }).waitFor();
    const [after] = await sql(dbUrl(), 'select state from reservation where id = $1', [res.id]);
    expect(after.state).toBe('collected');
  });

  it('offers lost-and-found when a copy registered lost is scanned at the return desk', async () => {
    await adminCall(`${P}/Loss/RegisterLoss`, { barcode: LOST, compensationFen: 0 });
    await page.goto(`${server.url}/library/#${RETURN}`);
    await scanBox(RETURN, 'return-scan').waitFor();
    await scan(RETURN, 'return-scan', LOST);
    const notice = view(page, RETURN).getByTestId('lost-notice');
    await notice.filter({ hasText: zh('circulation.return.lost', { barcode: LOST }) }).waitFor();
    await shot(page, 'desk-return-lost');
    await notice.getByTestId('lost-open-found').click();

    // Lost and found opens with the copy looked up; confirming puts it back on the shelf.
    const found = view(page, '/loss-found');
    await found.locator('.ant-card-head-title').filter({ hasText: '昆虫记' }).waitFor();
    await found.locator('button[type=submit]').click();
    await found.getByText(zh('losses.found.toShelf', { barcode: LOST, title: '昆虫记' })).waitFor();
    const [c] = await sql(dbUrl(), 'select circ_state from copy where barcode = $1', [LOST]);
    expect(c.circ_state).toBe('available');
  });

  it('waits for the reader to type the password when the school asks for verification, keeping the scans', async () => {
    const [s] = await sql(dbUrl(), 'select school_id from app_user where account = $1', [VERIFIED.account]);
    await sql(dbUrl(), `insert into setting (school_id, key, value) values ($1, 'circ.borrowVerify', 'true'::jsonb)`, [
      s.school_id,
    ]);
    try {
      await page.goto(`${server.url}/library/#${BORROW}`);
      await page.reload();
      await scanBox(BORROW, 'desk-scan').waitFor();
      await scan(BORROW, 'desk-scan', VERIFIED.account);
      // The queue waits on the password box; nothing is lent meanwhile.
      const dialog = page
        .locator('.ant-modal')
        .filter({ hasText: zh('circulation.verify.title', { name: VERIFIED.name }) });
      await dialog.waitFor();
      await dialog.locator('input[type=password]').fill(VERIFIED.password);
      await dialog.locator('input[type=password]').press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      for (const b of VERIFY_BOOKS) await scan(BORROW, 'desk-scan', b);
      for (const b of VERIFY_BOOKS)
        await view(page, BORROW)
          .locator('[data-testid="scan-line"][data-state="ok"]')
          .filter({ hasText: b })
          .filter({ hasText: VERIFIED.name })
          .waitFor();
      const rows = await sql(
        dbUrl(),
        `select c.barcode from loan l join copy c on c.id = l.copy_id join app_user u on u.id = l.user_id
          where u.account = $1 and l.returned_at is null order by c.barcode`,
        [VERIFIED.account],
      );
      expect(rows.map((r) => r.barcode)).toEqual(VERIFY_BOOKS);
    } finally {
      await sql(dbUrl(), `delete from setting where key = 'circ.borrowVerify'`);
    }
  });

  it('single processing: an overdue loan blocks the reader until the librarian marks its review processed', async () => {
    const [u] = await sql(dbUrl(), 'select school_id from app_user where account = $1', [READER.account]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await sql(
      dbUrl(),
      `update loan set due_date = ($2::date - 4) where returned_at is null
         and copy_id = (select id from copy where barcode = $1)`,
      [BOOKS[1], today],
    );
    await sql(
      dbUrl(),
      `update loan_rule set overdue_lend_allowed = false where school_id = $1 and identity = 'student'`,
      [u.school_id],
    );
    await sql(
      dbUrl(),
      `insert into setting (school_id, key, value) values ($1, 'circ.overdueMode', '"single"'::jsonb)`,
      [u.school_id],
    );
    try {
      // A fresh desk: the verification asked in the previous case is off again.
      await page.goto(`${server.url}/library/#${BORROW}`);
      await page.reload();
      await scanBox(BORROW, 'desk-scan').waitFor();
      await scan(BORROW, 'desk-scan', READER.account);
      await scan(BORROW, 'desk-scan', BOOKS[3]);
      const refusal = serverText('zh', 'circ.overdueRefused', { count: 1 });
      await view(page, BORROW)
        .locator('[data-testid="scan-line"][data-state="refused"]')
        .filter({ hasText: BOOKS[3] })
        .filter({ hasText: refusal })
        .waitFor();

      // Items on loan: the overdue loan is reviewed as processed, with a note.
      const NO_RETURN = '/no-return';
      await page.goto(`${server.url}/library/#${NO_RETURN}`);
      const row = view(page, NO_RETURN).locator('.ant-table-row').filter({ hasText: BOOKS[1] });
      await row.getByTestId('review-one').click();
      const dialog = page.locator('.ant-modal').filter({ hasText: zh('circRecords.review.help') });
      await dialog.waitFor();
      await dialog.locator('textarea').fill('已电话联系家长');
      await dialog.locator('.ant-btn-primary').click();
      await dialog.waitFor({ state: 'hidden' });
      await row
        .getByTestId('review-tag')
        .filter({ hasText: zh('circRecords.review.states.processed') })
        .waitFor();
      await shot(page, 'desk-overdue-reviewed');

      // Back at the desk the same reader borrows.
      await page.goto(`${server.url}/library/#${BORROW}`);
      await scanBox(BORROW, 'desk-scan').waitFor();
      await page.keyboard.press('Escape');
      await scan(BORROW, 'desk-scan', READER.account);
      await scan(BORROW, 'desk-scan', BOOKS[3]);
      await view(page, BORROW)
        .locator('[data-testid="scan-line"][data-state="ok"]')
        .filter({ hasText: BOOKS[3] })
        .filter({ hasText: READER.name })
        .waitFor();
      const [log] = await sql(
        dbUrl(),
        `select c.kind, c.reason, u.account from loan_conversion c join app_user u on u.id = c.operator_id
          where c.loan_id = (select l.id from loan l join copy p on p.id = l.copy_id where p.barcode = $1
            and l.returned_at is null)`,
        [BOOKS[1]],
      );
      expect(log).toEqual({ kind: 'overdue-processed', reason: '已电话联系家长', account: LIBRARIAN.account });
    } finally {
      await sql(dbUrl(), `delete from setting where key = 'circ.overdueMode'`);
    }
  });

  it('writes the lent AFI to the tag on the pad at a loan and the in-library AFI at a return; warns when the tag is gone', async () => {
    // The school's editing settings: the simulated reader, AFI '07' in the library and 'C2' when lent.
    const config = await adminCall(`${P}/Literature/GetEditingConfig`, {});
    await adminCall(`${P}/Literature/SaveEditingConfig`, {
      ...config,
      rfidReader: 'simulated',
      afi: '07',
      afiLoaned: 'C2',
    });
    try {
      await adminCall(`${P}/Readers/AddReader`, { account: TAGGED.account, name: TAGGED.name, identity: 'student' });
      const rec = await adminCall(`${P}/Literature/AddItemsCatalogueInfo`, { title: '骆驼祥子', author: '老舍' });
      await adminCall(`${P}/Literature/AddItemsCollectionInfo`, {
        recordId: rec.id,
        count: 1,
        barcodes: [TAGGED.barcode],
        storeType: 2,
      });
      await sql(dbUrl(), 'update copy set rfid = $2 where barcode = $1', [TAGGED.barcode, TAGGED.uid]);
      const afi = () => page.evaluate((uid) => (window as any).__rfidPad.afiOf(uid) as string | undefined, TAGGED.uid);

      // The book lies on the desk's pad with its in-library AFI; it is lent: the tag now says 'lent'.
      await page.goto(`${server.url}/library/#${BORROW}`);
      await scanBox(BORROW, 'desk-scan').waitFor();
      await page.evaluate((uid) => (window as any).__rfidPad.place(uid, '07'), TAGGED.uid);
      await page.keyboard.press('Escape');
      await scan(BORROW, 'desk-scan', TAGGED.account);
      await view(page, BORROW)
        .getByTestId('reader-panel')
        .getByTestId('reader-name')
        .filter({ hasText: TAGGED.name })
        .waitFor();
      await scan(BORROW, 'desk-scan', TAGGED.barcode);
      const lentLine = view(page, BORROW)
        .locator('[data-testid="scan-line"][data-state="ok"]')
        .filter({ hasText: TAGGED.barcode });
      await lentLine.waitFor();
      await expect.poll(afi).toBe('C2');
      expect(await lentLine.filter({ hasText: zh('circulation.borrow.afiFailed') }).count()).toBe(0);

      // Returned: back to the in-library AFI, no warning.
      await page.goto(`${server.url}/library/#${RETURN}`);
      await scanBox(RETURN, 'return-scan').waitFor();
      await scan(RETURN, 'return-scan', TAGGED.barcode);
      const last = view(page, RETURN).getByTestId('last-return');
      await last.filter({ hasText: TAGGED.barcode }).filter({ hasText: TAGGED.name }).waitFor();
      await expect.poll(afi).toBe('07');
      expect(await view(page, RETURN).getByText(zh('circulation.return.afiFailed')).count()).toBe(0);
      await shot(page, 'desk-return-afi');

      // Lent again; this time the book is taken off the pad before it is scanned back: the return is done,
      // but the desk warns that the tag was not written.
      await adminCall(`${P}/Circulation/LiteratureCirc`, { readerBarcode: TAGGED.account, barcode: TAGGED.barcode });
      await page.evaluate(() => (window as any).__rfidPad.clear());
      await scan(RETURN, 'return-scan', TAGGED.barcode);
      // The second line of this copy in the results: returned, with the warning.
      const returned = view(page, RETURN)
        .locator('[data-testid="scan-line"][data-state="ok"]')
        .filter({ hasText: TAGGED.barcode });
      await expect.poll(() => returned.count()).toBe(2);
      await returned.filter({ hasText: zh('circulation.return.afiFailed') }).waitFor();
      expect(await returned.filter({ hasText: zh('circulation.return.afiFailed') }).count()).toBe(1);
      expect(await afi()).toBeUndefined();
      const open = await sql(
        dbUrl(),
        `select l.id from loan l join copy c on c.id = l.copy_id where c.barcode = $1 and l.returned_at is null`,
        [TAGGED.barcode],
      );
      expect(open).toEqual([]);
      await shot(page, 'desk-return-afi-failed');
    } finally {
      await adminCall(`${P}/Literature/SaveEditingConfig`, config);
    }
  });

  it('overrides the loan limit with a reason when the librarian may; the reason is in the operation log', async () => {
    await adminCall(`${P}/Role/SetRolePermissions`, {
      id: deskRoleId,
      permissions: [...DESK, 'surrency.borrow:override', ...LOSS, ...REVIEW],
    });
    await adminCall(`${P}/Readers/AddReader`, { ...OVER, identity: 'student' });
    const rec = await adminCall(`${P}/Literature/AddItemsCatalogueInfo`, { title: '稻草人', author: '叶圣陶' });
    await adminCall(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 4,
      barcodes: OVER_BOOKS,
      storeType: 2,
    });
    // The new permission counts from the next sign-in.
    await ctx?.close();
    ctx = await launch('zh-CN');
    page = await ctx.newPage();
    await signIn(page, server.url, 'zh', LIBRARIAN.account, `${LIBRARIAN.password}-own`);
    await page.goto(`${server.url}/library/#${BORROW}`);
    await scanBox(BORROW, 'desk-scan').waitFor();
    await scan(BORROW, 'desk-scan', OVER.account);
    const panel = view(page, BORROW).getByTestId('reader-panel');
    await panel.getByTestId('reader-name').filter({ hasText: OVER.name }).waitFor();
    for (const b of OVER_BOOKS) await scan(BORROW, 'desk-scan', b);
    const line = (st: string, code: string) =>
      view(page, BORROW).locator(`[data-testid="scan-line"][data-state="${st}"]`).filter({ hasText: code });
    const refused = line('refused', OVER_BOOKS[3]);
    await refused.filter({ hasText: serverText('zh', 'circ.overLimit', { count: 3, max: 3 }) }).waitFor();
    await view(page, BORROW)
      .getByText(zh('circulation.results.counts', { ok: 3, refused: 1 }))
      .waitFor();

    await refused.getByTestId('override').click();
    const dialog = page
      .locator('.ant-modal')
      .filter({ hasText: zh('circulation.borrow.overrideTitle', { code: OVER_BOOKS[3] }) });
    await dialog.getByTestId('override-reason').fill('班级读书会');
    await shot(page, 'desk-override-reason');
    await dialog.locator('.ant-btn-dangerous').click();
    await line('ok', OVER_BOOKS[3])
      .filter({ hasText: zh('circulation.borrow.overridden', { reason: '班级读书会' }) })
      .waitFor();
    await view(page, BORROW)
      .getByText(zh('circulation.results.counts', { ok: 4, refused: 0 }))
      .waitFor();
    await panel.getByText(zh('circulation.reader.borrowedOf', { open: 4, max: 3 })).waitFor();
    await shot(page, 'desk-override-done');
    const [log] = await sql(
      dbUrl(),
      `select o.detail, u.account from operation_log o join app_user u on u.id = o.user_id
        where o.action = 'circ.borrow' and o.detail ? 'overrideReason'`,
    );
    expect(log).toMatchObject({
      account: LIBRARIAN.account,
      detail: { overrideReason: '班级读书会', overridden: ['OVER_LIMIT'] },
    });
  });
});
