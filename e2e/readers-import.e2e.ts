import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import '../apps/server/src/modules/readers/readers.messages.ts';
import { button, serverText, toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * Importing readers as a librarian (issue 4 §1): on the readers screen an xlsx with five rows is imported —
 * three good, one with a phone that is no mainland mobile number (spec §5) and one naming a class the school
 * does not have. The import runs as a task in the download panel; once it is done the three readers are in
 * the list, and the result file lists the two bad rows with their reasons.
 */
const PATH = '/department/user-transfer';
const GRADE = '五年级（导入）';
const CLASS = '5-3班';
const GOOD = [
  { account: 'RI2026001', name: '宋小杰', phone: '13812345678' },
  { account: 'RI2026002', name: '韩小梅', phone: '15987654321' },
  { account: 'RI2026003', name: '冯小刚', phone: '' },
];
const BAD_PHONE = { account: 'RI2026004', name: '曹小宝', phone: '12345678901' };
const BAD_CLASS = { account: 'RI2026005', name: '袁小晴', className: '9-9班' };
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const said = (key: string, p?: Record<string, string | number>) => serverText('zh', key, p);

const s = useAdminOnPg('readersimport');

async function sheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('读者');
  // The template's Chinese headers, as a school fills it in.
  const cols = ['account', 'name', 'identity', 'className', 'phone'] as const;
  ws.addRow(cols.map((k) => said(`readers.import.col.${k}`)));
  const student = zh('readers.identity.student');
  for (const r of GOOD) ws.addRow([r.account, r.name, student, CLASS, r.phone]);
  ws.addRow([BAD_PHONE.account, BAD_PHONE.name, student, CLASS, BAD_PHONE.phone]);
  ws.addRow([BAD_CLASS.account, BAD_CLASS.name, student, BAD_CLASS.className, '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('reader import', () => {
  it('imports the three good rows and reports the two bad ones with their reasons', async () => {
    const grade = await s.call(`${P}/Org/AddGrade`, { name: GRADE });
    await s.call(`${P}/Org/AddClass`, { name: CLASS, gradeId: grade.id });

    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    const screen = view(s.page, PATH);
    await screen.locator('.ant-table').waitFor();
    await button(screen, zh('readers.import.button')).click();
    const modal = s.page.locator('.ant-modal-wrap:visible .ant-modal');
    await modal.getByText(zh('readers.import.title')).waitFor();
    await modal.locator('input[type=file]').setInputFiles({
      name: '新生名单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet(),
    });
    await toast(s.page, zh('readers.import.started')).waitFor();

    // The task runs in the download panel and finishes.
    const task = s.page.locator('.sy-download-panel .sy-dl-row').filter({ hasText: said('readers.import.file') });
    await task.getByText(zh('app.downloads.ready')).waitFor({ timeout: 60_000 });
    await shot(s.page, 'readers-import-done');

    // The three good rows are readers now, in their class; the bad ones are not.
    await button(screen, zh('kit.search.search')).click();
    for (const r of GOOD)
      await screen
        .locator('.ant-table-tbody tr.ant-table-row')
        .filter({ hasText: r.account })
        .filter({ hasText: r.name })
        .filter({ hasText: CLASS })
        .waitFor();
    for (const r of [BAD_PHONE, BAD_CLASS])
      expect(await screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: r.account }).count()).toBe(0);
    const accounts = await s.sql(`select account from app_user where account like 'RI2026%' order by account`);
    expect(accounts.map((r) => r.account)).toEqual(GOOD.map((r) => r.account));

    // The result file, downloaded from the panel, gives each row's outcome: rows 5 and 6 say why.
    const [download] = await Promise.all([
      s.page.waitForEvent('download'),
      task.getByRole('button', { name: zh('app.downloads.download') }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((row, n) => {
      if (n > 1) rows.push([1, 2, 3, 4].map((c) => String(row.getCell(c).value ?? '')));
    });
    const ok = said('readers.import.ok');
    expect(rows).toEqual([
      ['2', GOOD[0].account, GOOD[0].name, ok],
      ['3', GOOD[1].account, GOOD[1].name, ok],
      ['4', GOOD[2].account, GOOD[2].name, ok],
      ['5', BAD_PHONE.account, BAD_PHONE.name, said('validation.phoneInvalid')],
      ['6', BAD_CLASS.account, BAD_CLASS.name, said('readers.import.unknownClass', { name: BAD_CLASS.className })],
    ]);
  });
});
