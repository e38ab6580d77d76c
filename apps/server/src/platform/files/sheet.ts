import type ExcelJS from 'exceljs';
import { BizError, fail } from '../errors.ts';
import { registerMessages } from '../i18n/messages.ts';
import { type SheetRow, streamSheet, TooManyRows } from './sheet-stream.ts';
import { unpackedSize, zipEntries } from './zip-size.ts';

export type { SheetRow } from './sheet-stream.ts';

registerMessages({
  'sheet.notXlsx': {
    zh: '文件不是有效的 Excel（.xlsx）工作簿，未导入任何数据',
    en: 'The file is not a valid Excel (.xlsx) workbook; nothing was imported',
  },
  'sheet.tooBig': {
    zh: '文件解压后超过 {{max}} MB 的上限（可能是压缩炸弹），已拒绝，未导入任何数据',
    en: 'The file unpacks to more than the {{max}} MB limit (it may be a zip bomb); it was refused and nothing was imported',
  },
  'sheet.tooManyRows': {
    zh: '文件超过 {{max}} 行的上限，已拒绝，未导入任何数据；请拆分成几个文件',
    en: 'The file has more than {{max}} rows, the limit; it was refused and nothing was imported. Split it into several files',
  },
});

/**
 * Limits of every spreadsheet import (settings by environment): IMPORT_MAX_ROWS rows of the first sheet (default
 * 100,000) and IMPORT_MAX_UNPACKED_MB megabytes unpacked (default 256). Tests lower them.
 */
export const sheetLimits = {
  maxRows: Number(process.env.IMPORT_MAX_ROWS) || 100_000,
  maxUnpackedBytes: (Number(process.env.IMPORT_MAX_UNPACKED_MB) || 256) * 1024 * 1024,
};

const MB = 1024 * 1024;

/** How long a pass over a sheet's rows (or a result sheet's writing) keeps the event loop before letting requests in. */
const YIELD_MS = 8;

/**
 * Refuses, before any parsing, a file that is not a zip or that unpacks to more than the limit: first by the sizes
 * its directory declares (at once), then by inflating it without keeping the bytes (a directory that lies).
 * Throws a BizError with the user's message; answers the bytes it unpacks to (what parsing it will cost).
 */
export async function checkSheetFile(file: string): Promise<number> {
  let entries: ReturnType<typeof zipEntries>;
  try {
    entries = zipEntries(file);
  } catch {
    entries = null;
  }
  if (!entries?.length) throw fail('FILE_BAD', 'sheet.notXlsx');
  const max = sheetLimits.maxUnpackedBytes;
  const refuse = () => fail('FILE_TOO_BIG', 'sheet.tooBig', { max: Math.round(max / MB) });
  if (entries.reduce((s, e) => s + e.size, 0) > max) throw refuse();
  let real: number;
  try {
    real = await unpackedSize(file, entries, max);
  } catch {
    throw fail('FILE_BAD', 'sheet.notXlsx');
  }
  if (real > max) throw refuse();
  return real;
}

/**
 * Rows of the first worksheet of an .xlsx, streamed on this thread (sheet-stream.ts): memory holds the shared strings
 * and one chunk of rows, never the sheet, whatever its size. The file is checked first (`checkSheetFile`); more rows
 * than `sheetLimits.maxRows` (+1 for a header) throws 'sheet.tooManyRows' — a caller that must import all or nothing
 * counts first with `countSheetRows`. The event loop runs between chunks and every YIELD_MS of rows. A big sheet is
 * better read by `sheetRowsOffThread` or `readSheet` (sheet-thread.ts), which parse it in a worker thread.
 */
export async function* sheetRows(file: string, o: { checked?: boolean } = {}): AsyncGenerator<SheetRow> {
  if (!o.checked) await checkSheetFile(file);
  let parsing = true;
  try {
    for await (const row of streamSheet(file, sheetLimits.maxRows + 1, YIELD_MS)) {
      parsing = false;
      yield row;
      parsing = true;
    }
  } catch (e) {
    throw sheetReadError(e, parsing);
  }
}

/** An error met while reading a sheet as the user is told it: over the row limit, or not a workbook. */
export function sheetReadError(e: unknown, parsing = true): unknown {
  if (e instanceof TooManyRows) return fail('FILE_TOO_MANY_ROWS', 'sheet.tooManyRows', { max: sheetLimits.maxRows });
  if (parsing && !(e as { msgKey?: string }).msgKey) return fail('FILE_BAD', 'sheet.notXlsx');
  return e;
}

/** Rows of the first sheet (streamed, nothing kept), after the file check; throws past the row limit. */
export async function countSheetRows(file: string): Promise<number> {
  let n = 0;
  for await (const _ of sheetRows(file)) n++;
  return n;
}

/**
 * For `.catch` on a read: "not a workbook" becomes the module's own message (its tests and screens know it); the
 * limits ('sheet.tooBig', 'sheet.tooManyRows') keep theirs.
 */
export function ownBadFile(msgKey: string, errorCode = 'FILE_BAD') {
  return (e: unknown): never => {
    if (e instanceof BizError && e.msgKey !== 'sheet.notXlsx') throw e;
    throw fail(errorCode, msgKey);
  };
}

/**
 * For a task (whose error is stored as text in the starter's language): the limits' own messages, else the module's
 * "not a valid file" message, translated with `tr`.
 */
export function sheetFailure(
  e: unknown,
  tr: (key: string, params?: Record<string, unknown>) => string,
  badKey: string,
) {
  return e instanceof BizError && e.msgKey !== 'sheet.notXlsx' && e.msgKey.startsWith('sheet.')
    ? new Error(tr(e.msgKey, e.params))
    : new Error(tr(badKey));
}

/**
 * Writes rows to a streaming worksheet, letting requests in every YIELD_MS: a result sheet of 30,000 lines written
 * in one loop held the server's event loop for 0.5–1 s (every request waited, /healthz too), and a fixed 500 rows
 * between turns (~15–30 µs a row) still took 10–30 ms of it on a loaded machine.
 */
export async function writeRows<T>(
  ws: ExcelJS.Worksheet,
  rows: Iterable<T>,
  toRow: (r: T) => unknown[] | Record<string, unknown> = (r) => r as Record<string, unknown>,
): Promise<void> {
  let turn = performance.now();
  for (const r of rows) {
    ws.addRow(toRow(r)).commit();
    if (performance.now() - turn > YIELD_MS) {
      await new Promise((done) => setImmediate(done));
      turn = performance.now();
    }
  }
}
