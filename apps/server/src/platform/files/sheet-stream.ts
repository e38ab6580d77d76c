import ExcelJS from 'exceljs';

/** The text of a cell as a user reads it: rich text joined, a formula's result, a date as YYYY-MM-DD; trimmed. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('error' in v) return '';
  }
  return String(v).trim();
}

export interface SheetRow {
  /** The row's number in the sheet (1 = the first row). */
  rowNo: number;
  /** Cell texts by column, 0-based (column A = 0); '' for an empty cell. */
  cells: string[];
}

/** More rows than the cap: the caller says so in the user's language (sheet.ts 'sheet.tooManyRows'). */
export class TooManyRows extends Error {}

/**
 * Rows of the first worksheet of an .xlsx, streamed (exceljs WorkbookReader): memory holds the shared strings and
 * one chunk of rows, never the sheet, whatever its size. Past `cap` rows it throws TooManyRows; a file exceljs
 * cannot read throws its own error. Rows absent from the file (never written) are not yielded. `yieldMs`: the rows
 * of a parsed chunk come through promises only, so a pass over a big sheet on the event loop that answers requests
 * kept them waiting for 0.3 s at a time; with it, the loop gets a turn after that many ms of rows.
 */
export async function* streamSheet(file: string, cap: number, yieldMs?: number): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let n = 0;
  let turn = performance.now();
  for await (const ws of reader) {
    for await (const row of ws as unknown as AsyncIterable<ExcelJS.Row>) {
      if (++n > cap) throw new TooManyRows();
      if (yieldMs !== undefined && performance.now() - turn > yieldMs) {
        await new Promise((r) => setImmediate(r));
        turn = performance.now();
      }
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      for (let c = 1; c < values.length; c++) cells.push(cellText(values[c]));
      yield { rowNo: row.number, cells };
    }
    break; // the first sheet only
  }
}
