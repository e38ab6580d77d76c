import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { makeLocation, shelf } from './test-fixtures.ts';

const S = `${P}/Stocktake`;
const t = useTestApp();

/** Waits for the task and reads every sheet of its xlsx as rows of text. */
async function workbook(start: { json: any }, token = t.adminToken) {
  expect(start.json.success, JSON.stringify(start.json)).toBe(true);
  const job = await taskDone(t, start.json.data.DataID, { token });
  expect(job.State, job.Error).toBe(2);
  const file = await t.inject({
    method: 'GET',
    url: job.ResultFile,
    headers: { authorization: `Bearer ${token}`, schoolid: String(t.schoolId) },
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as any);
  const sheets: Record<string, string[][]> = {};
  for (const ws of wb.worksheets) {
    const rows: string[][] = [];
    ws.eachRow((row) => {
      rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? '')));
    });
    sheets[ws.name] = rows;
  }
  return { fileName: job.FileName as string, sheets };
}

let sessionId: number;
let books: string[];
beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  const loc = await makeLocation(t.db, scope, 'Export room');
  books = await shelf(t.db, scope, loc, ['A1/1', 'A1/2', 'A1/3']);
  const open = await t.post(`${S}/OpenSession`, { name: 'Export room 2026', locationIds: [loc] });
  expect(open.json.code).toBe(0);
  sessionId = open.json.data.id;
  for (const barcode of [books[0], books[2], 'NOPE-EX-1'])
    expect((await t.post(`${S}/Scan`, { sessionId, barcode })).json.code).toBe(0);
});

describe('P/Stocktake/ExportSession — /book-inventory exports the session’s report', () => {
  it('writes the totals, then one sheet per list with the copies in it', async () => {
    const { fileName, sheets } = await workbook(await t.post(`${S}/ExportSession`, { sessionId }, { lang: 'en' }));
    expect(fileName).toMatch(/^Stocktake report-Export room 2026-\d{14}\.xlsx$/);
    const summary = Object.fromEntries(sheets.Summary.slice(1).map(([k, v]) => [k, v]));
    expect(summary).toMatchObject({
      Stocktake: 'Export room 2026',
      State: 'Open',
      'Copies expected': '3',
      Scans: '3',
      Found: '2',
      Missing: '1',
      'Unknown barcodes': '1',
    });
    expect(sheets.Missing[0].slice(0, 4)).toEqual(['Barcode', 'Title', 'Call number', 'Location']);
    expect(sheets.Missing.slice(1).map((r) => r.slice(0, 4))).toEqual([[books[1], 'Book A1/2', 'A1/2', 'Export room']]);
    expect(sheets.Found.slice(1).map((r) => r[0])).toEqual([books[0], books[2]]);
    expect(sheets['Unknown barcodes'].slice(1).map((r) => r[0])).toEqual(['NOPE-EX-1']);
  });

  it('needs book-inventory:export (the report screen’s permission is not it); another school’s session is not found', async () => {
    const reporter = await buildUser(t.db, t.schoolId, {
      permissions: ['book-inventory', 'inventory-report', 'inventory-report:export'],
    });
    expect((await t.post(`${S}/ExportSession`, { sessionId }, { token: reporter.token })).status).toBe(403);
    const stocktaker = await buildUser(t.db, t.schoolId, { permissions: ['book-inventory', 'book-inventory:export'] });
    const { sheets } = await workbook(
      await t.post(`${S}/ExportSession`, { sessionId }, { token: stocktaker.token, lang: 'zh' }),
      stocktaker.token,
    );
    expect(Object.keys(sheets)).toEqual([
      '汇总',
      '缺失',
      '已盘到',
      '错架',
      '非本次盘点',
      '在架但显示借出',
      '借出未还',
      '未知条码',
      '重复扫描',
    ]);
    const other = await buildSchool(t.db);
    const stranger = await buildUser(t.db, other, { permissions: ['book-inventory', 'book-inventory:export'] });
    const res = await t.post(`${S}/ExportSession`, { sessionId }, { token: stranger.token, schoolId: other });
    expect(res.json.success).toBe(false);
    expect(res.json.errorCode).toMatch(/NOT_FOUND/);
  });
});
