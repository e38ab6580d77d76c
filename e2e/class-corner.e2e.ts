import { randomBytes } from 'node:crypto';
import { P } from '@shuyuan/contracts/common/paths';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, shotOnFailure, signIn, tokenOf, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';
import { createTestDatabase } from './support/pg-template.ts';

/** A teacher who runs class 3-2's corner: the corner screens and their operations, nothing else. */
const LIBRARIAN = { account: 'e2e-corner', password: 'Corner#2026e2e', name: '王老师' };
const GRANTS = ['class-borrow-mana', 'class-borrow-mana:borrow', 'class-bookreturn', 'class-bookreturn:return'];
const STUDENTS = [
  { account: 'CC2026001', name: '张一' },
  { account: 'CC2026002', name: '张二' },
  { account: 'CC2026003', name: '张三' },
];
const BOOKS = ['CORNER001', 'CORNER002', 'CORNER003'];
const PATH = '/class-borrow-mana';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

// A fresh PostgreSQL database (TEST_DATABASE_URL or the local one): starts much faster than PGlite on a busy machine.
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `shuyuan_e2e_corner_${randomBytes(4).toString('hex')}`;
const dbUrl = () => {
  const u = new URL(PG);
  u.pathname = `/${dbName}`;
  return u.toString();
};
async function sql(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
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
  // The administrator (API) sets up a class with three students, a corner shelf with three books, and the corner.
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
    const role = await call(`${P}/Role/AddRole`, { name: '班级图书角' });
    await call(`${P}/Role/SetRolePermissions`, { id: role.id, permissions: GRANTS });
    const staff = await call(`${P}/Role/AddStaffUser`, { ...LIBRARIAN, roleId: role.id });
    const grade = await call(`${P}/Org/AddGrade`, { name: '三年级（图书角）' });
    const cls = await call(`${P}/Org/AddClass`, { name: '3-2班', gradeId: grade.id });
    for (const s of STUDENTS) await call(`${P}/Readers/AddReader`, { ...s, identity: 'student', classId: cls.id });
    const branches = await call(`${P}/Basic/GetBranchList`, { Page: 1, Rows: 5 });
    const loc = await call(`${P}/Basic/AddLocation`, {
      name: '3-2班图书角',
      code: 'CC32',
      branchId: branches.List[0].id,
    });
    const rec = await call(`${P}/Literature/AddItemsCatalogueInfo`, { title: '夏洛的网', author: 'E. B. 怀特' });
    await call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 3,
      barcodes: BOOKS,
      locationId: loc.id,
      // The circulation store: only its copies lend (copies still in cataloguing are refused).
      storeType: 2,
    });
    await call(`${P}/ClassCorner/AddClassCorner`, {
      name: '3-2班图书角',
      classId: cls.id,
      locationId: loc.id,
      librarianId: staff.id,
    });
  } finally {
    await admin.close();
  }
});
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
  await sql(PG, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
});

describe('class corner', () => {
  it('the class librarian batch-lends a class set: three books handed to three students in list order', async () => {
    ctx = await launch('zh-CN');
    page = await ctx.newPage();
    // The administrator typed the librarian's password: the librarian chooses their own first.
    await signIn(page, server.url, 'zh', LIBRARIAN.account, LIBRARIAN.password, `${LIBRARIAN.password}-own`);
    await page.goto(`${server.url}/library/#${PATH}`);
    const screen = view(page, PATH);
    // The corner is chosen (their only one) and the class list shows.
    for (const s of STUDENTS) await screen.locator('.ant-table-row').filter({ hasText: s.name }).waitFor();

    // Scan the pile of books into the class-set box, hand them out, lend.
    await screen.getByTestId('class-set-pile').fill(BOOKS.join('\n'));
    await screen.getByTestId('class-set-assign').click();
    for (const s of STUDENTS) {
      await expect
        .poll(() => screen.getByLabel(zh('classCorner.lend.barcodeFor', { name: s.name })).inputValue())
        .not.toBe('');
    }
    await screen.getByTestId('class-set-lend').click();
    await expect.poll(() => screen.locator('[data-testid="corner-result"][data-state="ok"]').count()).toBe(3);
    for (const [i, s] of STUDENTS.entries()) {
      await screen
        .locator('[data-testid="corner-result"]')
        .filter({ hasText: BOOKS[i] })
        .filter({ hasText: s.name })
        .waitFor();
    }
    // Each student now has one book out.
    for (const s of STUDENTS) {
      const row = screen.locator('.ant-table-row').filter({ hasText: s.account });
      await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('1');
    }
    await shot(page, 'class-corner-class-set');

    // Lending the same pile again: each book is refused as already on loan, with the reason.
    await screen.getByTestId('class-set-pile').fill(BOOKS[0]);
    await screen.getByTestId('class-set-assign').click();
    await screen.getByTestId('class-set-lend').click();
    const refused = screen.locator('[data-testid="corner-result"][data-state="refused"]');
    await refused.filter({ hasText: BOOKS[0] }).waitFor();
    await screen.getByTestId('corner-results').getByText(zh('classCorner.results.failed')).waitFor();
  });
});
