import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/statistics/statistics.messages.ts';
import { serverText, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { firstSheet, taskFile as taskOf } from './support/downloads.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * A librarian's term report: loans per class for this term, the loans of one class, exported. Data is written
 * straight into the database: two classes of grade 统计年级, four readers, three copies, five loans this term.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const s = useAdminOnPg('statistics');
const taskFile = (namePart: string) => taskOf(s.page, namePart);

/** Chooses the current term as the report's period and runs the report. */
async function runForTerm(screen: Locator): Promise<void> {
  await screen.getByTestId('stat-period').click();
  await s.page.locator('.ant-select-dropdown:visible').getByText(zh('statistics.period.term'), { exact: true }).click();
  await screen.getByRole('button', { name: zh('statistics.toolbar.search') }).click();
}

beforeAll(async () => {
  const [{ id: school }] = await s.sql('select id from school order by id limit 1');
  const one = async (text: string, params: unknown[]) => (await s.sql(text, params))[0].id as number;
  await s.sql(
    `insert into term (school_id, name, start_date, end_date, is_current)
     values ($1, '本学期', current_date - 30, current_date + 60, true)`,
    [school],
  );
  const grade = await one(`insert into grade (school_id, name) values ($1, '统计年级') returning id`, [school]);
  const c1 = await one(
    `insert into school_class (school_id, grade_id, name, sort) values ($1, $2, '统计一班', 1) returning id`,
    [school, grade],
  );
  const c2 = await one(
    `insert into school_class (school_id, grade_id, name, sort) values ($1, $2, '统计二班', 2) returning id`,
    [school, grade],
  );
  const reader = (account: string, name: string, cls: number) =>
    one(
      `insert into app_user (school_id, account, name, identity, class_id) values ($1, $2, $3, 'student', $4) returning id`,
      [school, account, name, cls],
    );
  const r1 = await reader('ST301', '李一', c1);
  const r2 = await reader('ST302', '李二', c1);
  await reader('ST303', '李三', c1);
  const r4 = await reader('ST304', '赵四', c2);
  const rec = await one(
    `insert into catalogue_record (school_id, title, class_no) values ($1, '统计验收用书', 'I287') returning id`,
    [school],
  );
  const copyOf = (barcode: string) =>
    one(`insert into copy (school_id, record_id, barcode, store_type) values ($1, $2, $3, 2) returning id`, [
      school,
      rec,
      barcode,
    ]);
  const k1 = await copyOf('STAT001');
  const k2 = await copyOf('STAT002');
  const k3 = await copyOf('STAT003');
  const lend = (user: number, copy: number, daysAgo: number, back: boolean) =>
    s.sql(
      `insert into loan (school_id, copy_id, record_id, user_id, borrowed_at, due_date, returned_at)
       values ($1, $2, $3, $4, now() - make_interval(days => $5), current_date + 10, ${back ? 'now()' : 'null'})`,
      [school, copy, rec, user, daysAgo],
    );
  await lend(r1, k1, 20, true);
  await lend(r1, k1, 10, true);
  await lend(r2, k2, 5, false);
  await lend(r1, k1, 1, false);
  await lend(r4, k3, 3, false);
  // The ledger: batch 验收E2E (accepted ten days ago) of two copies at 12.50, both weeded two days ago.
  const batch = await one(
    `insert into acceptance_batch (school_id, batch_no, type, voucher, accepted_on)
     values ($1, '验收E2E', '采购', 'PZ-1', current_date - 10) returning id`,
    [school],
  );
  const priced = await one(
    `insert into catalogue_record (school_id, title, class_no, price_fen) values ($1, '登记账用书', 'TP3', 1250) returning id`,
    [school],
  );
  for (const barcode of ['LEDG01', 'LEDG02']) {
    const id = await one(
      `insert into copy (school_id, record_id, barcode, store_type, batch_id) values ($1, $2, $3, 3, $4) returning id`,
      [school, priced, barcode, batch],
    );
    await s.sql(
      `insert into weeding_record (school_id, copy_id, record_id, barcode, reason, price_fen, prev_store, weeded_on)
       values ($1, $2, $3, $4, '破损', 1250, 2, current_date - 2)`,
      [school, id, priced, barcode],
    );
  }
});

describe('statistics: a term report per class', () => {
  it('loans per class this term → the loans of one class → exported', async () => {
    const path = '/class-borrowstatistic';
    await s.page.goto(`${s.server.url}/library/#${path}`);
    const screen = view(s.page, path);
    await runForTerm(screen);
    const row = (name: string) => screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
    // 统计一班: 3 readers, 2 borrowed, 4 loans; 统计二班: 1 reader, 1 loan.
    await expect.poll(() => row('统计一班').innerText()).toMatch(/3\s+2\s+66\.67%\s+4\s+1\.3333\s+0\s+0\.00%/);
    await expect.poll(() => row('统计二班').innerText()).toMatch(/1\s+1\s+100\.00%\s+1\s+1\s+0\s+0\.00%/);
    await shot(s.page, 'statistics-class-term');

    await row('统计一班').click();
    const drawer = s.page.locator('.ant-drawer:visible');
    await drawer.getByText(zh('statistics.drill.titleOf', { name: '统计一班', count: 4 })).waitFor();
    await expect.poll(() => drawer.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(4);
    await shot(s.page, 'statistics-class-drill');
    await drawer.getByTestId('drill-export').click();
    await drawer.locator('.ant-drawer-close').click();
    const rows = await firstSheet(await taskFile(serverText('zh', 'statistics.drill.title')));
    expect(rows[0].slice(0, 2)).toEqual([
      serverText('zh', 'statistics.col.barcode'),
      serverText('zh', 'statistics.col.title'),
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual(['ST301', 'ST301', 'ST301', 'ST302']);
  });

  it('reads the standards report beside the collection statistics', async () => {
    const path = '/collection-statistic';
    await s.page.goto(`${s.server.url}/library/#${path}`);
    const screen = view(s.page, path);
    await screen.getByRole('tab', { name: zh('statistics.standards.tab') }).click();
    const panel = screen.getByTestId('standards');
    await panel.getByText(zh('statistics.standards.students', { count: 4 })).waitFor();
    // Three held copies for four students: 0.75 books per student, short of any level's standard.
    const books = panel.locator('tr').filter({ hasText: zh('statistics.standards.line.booksPerStudent') });
    await expect
      .poll(() => books.innerText())
      .toMatch(new RegExp(`0\\.75[\\s\\S]*${zh('statistics.standards.notMet')}`));
    await shot(s.page, 'statistics-standards');
  });

  it('the 22 classes: a row drills into its held copies and its loans, the copies exported', async () => {
    const path = '/classify22';
    await s.page.goto(`${s.server.url}/library/#${path}`);
    const screen = view(s.page, path);
    await runForTerm(screen);
    await screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'I 文学' }).click();
    const drawer = s.page.locator('.ant-drawer:visible');
    const shown = drawer.locator('.ant-table-tbody tr.ant-table-row:visible');
    // Class I: the three held copies of 统计验收用书, and this term's five loans of them.
    await drawer.getByText(zh('statistics.drill.copiesOf', { name: 'I 文学', count: 3 })).waitFor();
    await expect.poll(() => shown.count()).toBe(3);
    await shot(s.page, 'statistics-classify22-copies');
    await drawer.getByTestId('drill-export-copies').click();
    await drawer.getByRole('tab', { name: zh('statistics.drill.loansTab') }).click();
    await drawer.getByText(zh('statistics.drill.titleOf', { name: 'I 文学', count: 5 })).waitFor();
    await expect.poll(() => shown.count()).toBe(5);
    await drawer.locator('.ant-drawer-close').click();
    const rows = await firstSheet(await taskFile(serverText('zh', 'statistics.drill.copiesTitle')));
    expect(rows.slice(1).map((r) => r[0])).toEqual(['STAT001', 'STAT002', 'STAT003']);
  });

  it('the summary ledger of the term: printed and exported; a batch’s item register from the accessions', async () => {
    const path = '/ledger';
    await s.page.goto(`${s.server.url}/library/#${path}`);
    const screen = view(s.page, path);
    await runForTerm(screen);
    const row = (text: string) => screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
    // Opening 0; batch 验收E2E: 2 copies, 25.00 → held 2; weeded 2 → 0; the three unbatched copies of today → 3.
    await expect.poll(() => row('验收E2E').innerText()).toMatch(/采购\s+PZ-1\s+1\s+2\s+25\.00[\s\S]*\s2\s+25\.00$/);
    await expect.poll(() => row('破损').innerText()).toMatch(/2\s+25\.00[\s\S]*\s0\s+0\.00$/);
    await expect.poll(() => row(zh('statistics.col.total')).innerText()).toMatch(/\s3\s+0\.00$/);
    await shot(s.page, 'statistics-ledger');

    // Printed: only the register is on the page (no filters), as a PDF.
    await s.page.emulateMedia({ media: 'print' });
    await expect.poll(() => screen.getByTestId('stat-period').isVisible()).toBe(false);
    expect(await row('验收E2E').isVisible()).toBe(true);
    const pdf = await s.page.pdf({ format: 'A4', landscape: true });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await s.page.emulateMedia({ media: 'screen' });

    await screen.getByTestId('stat-export').click();
    const rows = await firstSheet(await taskFile(serverText('zh', 'statistics.screen.ledger')));
    expect(rows[1][1]).toBe(serverText('zh', 'statistics.ledger.kind'));
    expect(rows[2][1]).toBe(serverText('zh', 'statistics.ledger.opening'));
    const batchLine = rows.find((r) => r[2] === '验收E2E')!;
    expect(batchLine.slice(1, 8)).toEqual([
      serverText('zh', 'statistics.ledger.kind.in'),
      '验收E2E',
      '采购',
      'PZ-1',
      '1',
      '2',
      '25.00',
    ]);
    expect(rows.at(-1)!.slice(-2)).toEqual(['3', '0.00']);

    const store = '/store';
    await s.page.goto(`${s.server.url}/library/#${store}`);
    const accessions = view(s.page, store);
    await runForTerm(accessions);
    const line = accessions.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '验收E2E' });
    await line.getByRole('link', { name: zh('statistics.ledger.itemRegister') }).click();
    const register = view(s.page, '/singlebatch');
    const copyRow = (b: string) => register.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: b });
    await expect.poll(() => copyRow('LEDG01').innerText()).toMatch(/登记账用书[\s\S]*12\.50[\s\S]*剔旧注销 破损/);
    await expect.poll(() => copyRow('LEDG02').isVisible()).toBe(true);
    await shot(s.page, 'statistics-item-register');
  });

  it('a custom query: loans and borrowers per class this term, saved for the school and opened again', async () => {
    const path = '/statistical-queries';
    await s.page.goto(`${s.server.url}/library/#${path}`);
    const screen = view(s.page, path);
    const dims = screen.getByTestId('query-dimensions');
    await dims.click();
    await s.page
      .locator('.ant-select-dropdown:visible')
      .getByText(zh('statistics.query.dim.class'), { exact: true })
      .click();
    await dims
      .locator('.ant-select-selection-item')
      .filter({ hasText: zh('statistics.query.dim.month') })
      .locator('.ant-select-selection-item-remove')
      .click();
    await runForTerm(screen);
    const row = (name: string) => screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
    await expect.poll(() => row('统计一班').innerText()).toMatch(/统计一班\s+4\s+2$/);
    await expect.poll(() => row('统计二班').innerText()).toMatch(/统计二班\s+1\s+1$/);
    await shot(s.page, 'statistics-query');

    await screen.getByTestId('query-save').click();
    await s.page.getByTestId('query-name').fill('本学期班级借阅');
    await s.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /OK|确\s*定/ })
      .click();
    const result = s.page.locator('.sy-view:visible');
    await result.getByTestId('query-title').getByText('本学期班级借阅').waitFor();
    await expect
      .poll(() => result.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '统计一班' }).innerText())
      .toMatch(/4\s+2$/);
    await shot(s.page, 'statistics-query-table');
  });
});
