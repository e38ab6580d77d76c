import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readSheet, sheetReads } from './sheet-thread.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-thread-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function barcodes(name: string, n: number): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  ws.addRow(['条码']);
  for (let i = 0; i < n; i++) ws.addRow([`T${String(i).padStart(7, '0')}`]);
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

describe('readSheet (list files read by a request)', () => {
  it('parses a small list on this thread, where it costs less than starting the worker', async () => {
    const before = { ...sheetReads };
    const rows = await readSheet(await barcodes('small.xlsx', 30));
    expect(rows.length).toBe(31);
    expect(rows[1]).toEqual({ rowNo: 2, cells: ['T0000000'] });
    expect(sheetReads).toEqual(before);
  });

  it('parses a whole collection of barcodes in the worker: the same rows, in order', async () => {
    const before = sheetReads.worker;
    const rows = await readSheet(await barcodes('big.xlsx', 5000));
    expect(sheetReads.worker).toBe(before + 1);
    expect(rows.length).toBe(5001);
    expect(rows[0]).toEqual({ rowNo: 1, cells: ['条码'] });
    expect(rows.at(-1)).toEqual({ rowNo: 5001, cells: ['T0004999'] });
    expect(rows.every((r, i) => r.rowNo === i + 1)).toBe(true);
  });
});
