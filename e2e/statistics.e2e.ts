import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/statistics/statistics.messages.ts';
import { serverText, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * A librarian's term report: loans per class for this term, the loans of one class, exported. Data is written
 * straight into the database: two classes of grade 统计年级, four readers, three copies, five loans this term.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const s = useAdminOnPg('statistics');

async function taskFile(namePart: string): Promise<string> {
  const task = s.page.locator('.sy-download-panel .sy-dl-row').filter({ hasText: namePart }).first();
  await task.getByText(zh('app.downloads.ready')).waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([
    s.page.waitForEvent('download'),
    task.getByRole('button', { name: zh('app.downloads.download') }).click(),
  ]);
  return (await download.path()) as string;
}

async function firstSheet(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(file) as any);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? '')));
  });
  return rows;
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
});

describe('statistics: a term report per class', () => {
  it('loans per class this term → the loans of one class → exported', async () => {
    const path = '/class-borrowstatistic';
    await s.page.goto(`${s.server.url}/library/#${path}`);
    const screen = view(s.page, path);
    await screen.getByTestId('stat-period').click();
    await s.page
      .locator('.ant-select-dropdown:visible')
      .getByText(zh('statistics.period.term'), { exact: true })
      .click();
    await screen.getByRole('button', { name: zh('statistics.toolbar.search') }).click();
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
});
