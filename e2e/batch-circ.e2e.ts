import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../apps/server/src/modules/circulation/circulation.messages.ts';
import { button, serverText, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * Batch circulation as a librarian (issue 4 §2): /batchborrow lends a pasted list of barcodes to one reader —
 * good lines are lent, the bad ones (an unknown barcode, a copy already out) are listed with the reason, as at
 * the desk; /batchreturn takes the books back from an uploaded text file and from an xlsx, listing the bad
 * lines (unknown, not on loan) with their line numbers.
 */
const READER = { account: 'BC2026001', name: '何小舟' };
const OTHER = { account: 'BC2026002', name: '杜小帆' };
const GOOD = ['BC2026-B1', 'BC2026-B2', 'BC2026-B3'];
const TAKEN = 'BC2026-B4';
const UNKNOWN = 'BC2026-XX';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const said = (key: string, p?: Record<string, string | number>) => serverText('zh', key, p);

const s = useAdminOnPg('batchcirc');
const results = (path: string) =>
  view(s.page, path)
    .locator('.ant-card')
    .filter({ has: s.page.locator('.ant-card-head-title', { hasText: zh('circulation.batch.results') }) });
const lines = (path: string) => results(path).locator('.ant-table-tbody tr.ant-table-row');
/** The summary's three numbers: total, succeeded, failed. */
const summary = async (path: string) =>
  results(path)
    .getByTestId('batch-summary')
    .locator('.ant-statistic-content-value')
    .allTextContents()
    .then((v) => v.map(Number));
const line = (path: string, n: number) =>
  lines(path).filter({ has: s.page.locator('td:first-child', { hasText: new RegExp(`^${n}$`) }) });
const refused = (r: Locator) => r.locator('.ant-tag').filter({ hasText: zh('circulation.batch.refused') });
const openLoans = async () =>
  (
    await s.sql(
      `select c.barcode, u.account from loan l join copy c on c.id = l.copy_id join app_user u on u.id = l.user_id
        where l.returned_at is null order by c.barcode`,
    )
  ).map((r) => `${r.barcode}:${r.account}`);

describe('batch circulation', () => {
  it('lends a list of barcodes to one reader and lists the refused lines with the reason', async () => {
    for (const r of [READER, OTHER]) await s.call(`${P}/Readers/AddReader`, { ...r, identity: 'student' });
    const rec = await s.call(`${P}/Literature/AddItemsCatalogueInfo`, {
      title: '安徒生童话（批量）',
      author: '安徒生',
    });
    await s.call(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 4,
      barcodes: [...GOOD, TAKEN],
      storeType: 2,
    });
    await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: OTHER.account, barcode: TAKEN });

    const PATH = '/batchborrow';
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    const screen = view(s.page, PATH);
    await screen.getByPlaceholder(zh('circulation.borrow.scanReader')).fill(READER.account);
    const list = [GOOD[0], UNKNOWN, GOOD[1], TAKEN, GOOD[2]];
    await screen.getByTestId('batch-text').fill(list.join('\n'));
    await screen.getByText(zh('circulation.batch.lineCount', { count: 5 })).waitFor();
    await button(screen, zh('circulation.batch.lend')).click();

    await expect.poll(() => summary(PATH)).toEqual([5, 3, 2]);
    // Only the refused lines show first, each with why.
    await expect.poll(() => lines(PATH).count()).toBe(2);
    await refused(line(PATH, 2).filter({ hasText: UNKNOWN })).waitFor();
    await line(PATH, 2)
      .filter({ hasText: said('circ.copyNotFound', { barcode: UNKNOWN }) })
      .waitFor();
    await refused(line(PATH, 4).filter({ hasText: TAKEN })).waitFor();
    await line(PATH, 4)
      .filter({ hasText: said('circ.copyOnLoan', { barcode: TAKEN }) })
      .waitFor();
    await shot(s.page, 'batch-borrow-refused');

    // All lines: the three good ones are lent to the reader.
    await results(PATH).getByText(zh('circulation.batch.onlyFailed')).click();
    await expect.poll(() => lines(PATH).count()).toBe(5);
    for (const [i, b] of [
      [1, GOOD[0]],
      [3, GOOD[1]],
      [5, GOOD[2]],
    ] as const)
      await line(PATH, i)
        .filter({ hasText: b })
        .filter({ hasText: READER.name })
        .locator('.ant-tag')
        .filter({ hasText: zh('circulation.batch.ok') })
        .waitFor();
    expect(await openLoans()).toEqual([...GOOD.map((b) => `${b}:${READER.account}`), `${TAKEN}:${OTHER.account}`]);
  });

  it('returns from an uploaded text file and an xlsx, listing the bad lines', async () => {
    const PATH = '/batchreturn';
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    const screen = view(s.page, PATH);
    const upload = screen.locator('input[type=file]');

    // A text file: two lent copies and an unknown barcode on line 2.
    await upload.setInputFiles({
      name: '还书清单.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from([GOOD[0], UNKNOWN, GOOD[1]].join('\n')),
    });
    await screen.getByText('还书清单.txt').waitFor();
    await button(screen, zh('circulation.batch.return')).click();
    await expect.poll(() => summary(PATH)).toEqual([3, 2, 1]);
    await expect.poll(() => lines(PATH).count()).toBe(1);
    await refused(line(PATH, 2).filter({ hasText: UNKNOWN })).waitFor();
    await line(PATH, 2)
      .filter({ hasText: said('circ.copyNotFound', { barcode: UNKNOWN }) })
      .waitFor();
    await shot(s.page, 'batch-return-txt');

    // An xlsx with a header row: the third lent copy, and one that came back already (line 3).
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('还书');
    ws.addRows([['条码'], [GOOD[2]], [GOOD[0]]]);
    await upload.setInputFiles({
      name: '还书清单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    await screen.getByText('还书清单.xlsx').waitFor();
    await button(screen, zh('circulation.batch.return')).click();
    await expect.poll(() => summary(PATH)).toEqual([2, 1, 1]);
    await expect.poll(() => lines(PATH).count()).toBe(1);
    await refused(line(PATH, 3).filter({ hasText: GOOD[0] })).waitFor();
    await line(PATH, 3)
      .filter({ hasText: said('circ.loanNotFound', { barcode: GOOD[0] }) })
      .waitFor();
    await results(PATH).getByText(zh('circulation.batch.onlyFailed')).click();
    await line(PATH, 2)
      .filter({ hasText: GOOD[2] })
      .filter({ hasText: READER.name })
      .locator('.ant-tag')
      .filter({ hasText: zh('circulation.batch.ok') })
      .waitFor();
    await shot(s.page, 'batch-return-xlsx');
    expect(await openLoans()).toEqual([`${TAKEN}:${OTHER.account}`]);
  });
});
