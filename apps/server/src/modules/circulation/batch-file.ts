import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { ownUpload } from '../../platform/files/files.ts';
import { ownBadFile } from '../../platform/files/sheet.ts';
import { readSheet } from '../../platform/files/sheet-thread.ts';

/** Header cells a hand-made list may start with; such a first line is skipped. */
const HEADERS = new Set([
  'barcode',
  '条码',
  '条形码',
  '条码号',
  '图书条码',
  'reader',
  '读者',
  '读者证号',
  '借书证号',
  'account',
]);

/** `/files/uploads/<school>/…` of the caller's own school → absolute path; another school's file is "missing". */
export function uploadedFile(app: FastifyInstance, schoolId: number, url: string): string {
  const abs = ownUpload(app, schoolId, url);
  if (!abs) throw fail('FILE_MISSING', 'circ.batch.fileMissing');
  return abs;
}

/**
 * The first two columns of a list file, one row per line, in file order: .xlsx (first sheet), .csv (comma,
 * semicolon or tab), .txt (tab or blanks). Blank lines are kept as blank rows (line numbers stay true);
 * a header line is dropped.
 */
export async function readListFile(abs: string): Promise<string[][]> {
  const ext = path.extname(abs).toLowerCase();
  let rows: string[][];
  if (ext === '.xlsx') {
    rows = [];
    for (const r of await readSheet(abs).catch(ownBadFile('circ.batch.fileBad')))
      rows[r.rowNo - 1] = [r.cells[0] ?? '', r.cells[1] ?? ''];
    rows = Array.from(rows, (r) => r ?? ['', '']);
  } else if (ext === '.txt' || ext === '.csv') {
    const text = (await fs.promises.readFile(abs, 'utf8')).replace(/^\uFEFF/, '');
    rows = text.split(/\r?\n|\r/).map((line) => line.split(ext === '.csv' ? /[,;\t]/ : /[\t ]+/).slice(0, 2));
  } else {
    throw fail('FILE_BAD', 'circ.batch.fileBad');
  }
  rows = rows.map((r) =>
    r.map((c) =>
      (c ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    ),
  );
  while (rows.length && rows.at(-1)?.every((c) => !c)) rows.pop();
  if (rows[0]?.some((c) => HEADERS.has(c.toLowerCase()))) rows[0] = [];
  return rows;
}
