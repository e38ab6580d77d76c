import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { ownUpload } from '../../platform/files/files.ts';
import { ownBadFile } from '../../platform/files/sheet.ts';
import { readSheet } from '../../platform/files/sheet-thread.ts';

/** Header cells a handheld export or a hand-made sheet may start with; never taken for barcodes. */
const HEADERS = new Set(['barcode', 'barcodes', '条码', '条形码', '条码号', '图书条码']);

/** `/files/uploads/<school>/…` of the caller's own school → absolute path; anything else is refused. */
export function uploadedFile(app: FastifyInstance, schoolId: number, url: string): string {
  const abs = ownUpload(app, schoolId, url);
  if (!abs) throw fail('FILE_MISSING', 'stocktake.file.missing');
  return abs;
}

const clean = (v: string) =>
  v
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * Barcodes of a handheld file, in file order: .txt (one a line), .csv (first column; handhelds often add a
 * time), .xlsx (first column of the first sheet). Blank lines and a header cell are skipped.
 */
export async function readBarcodeFile(abs: string): Promise<string[]> {
  const ext = path.extname(abs).toLowerCase();
  let cells: string[];
  if (ext === '.xlsx') {
    cells = (await readSheet(abs).catch(ownBadFile('stocktake.file.bad'))).map((r) => r.cells[0] ?? '');
  } else if (ext === '.txt' || ext === '.csv') {
    const text = (await fs.promises.readFile(abs, 'utf8')).replace(/^\uFEFF/, '');
    cells = text.split(/\r?\n|\r/).map((line) => (ext === '.csv' ? line.split(/[,;\t]/)[0] : line.split('\t')[0]));
  } else {
    throw fail('FILE_BAD', 'stocktake.file.bad');
  }
  return cells.map(clean).filter((c) => c && !HEADERS.has(c.toLowerCase()) && c.length <= 64);
}
