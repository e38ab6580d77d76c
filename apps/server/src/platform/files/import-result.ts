import ExcelJS from 'exceljs';
import { writeRows } from './sheet.ts';

/** A column of a result sheet: its header in the user's language, the key of the lines it shows, its width. */
export interface ResultColumn {
  header: string;
  key: string;
  width: number;
}

/**
 * The result sheet of a spreadsheet import (readers, catalogue sheet), written to `file`: a bold header row, then
 * one line per row of the file as the journal of the import's committed steps keeps them (a bad row with its
 * reasons, a good one with its outcome); an import that did not finish (a restart) ends with a line in the `result`
 * column saying after how many rows it stopped. Streamed, letting requests in (`writeRows`).
 */
export async function writeImportResult(
  file: string,
  o: {
    sheet: string;
    columns: ResultColumn[];
    lines: object[];
    finished: boolean;
    tr: (key: string, params?: Record<string, unknown>) => string;
  },
): Promise<string> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(o.sheet.slice(0, 31));
  ws.columns = o.columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  await writeRows(ws, o.lines as Record<string, unknown>[]);
  if (!o.finished) ws.addRow({ result: o.tr('job.interruptedAfter', { count: o.lines.length }) }).commit();
  ws.commit();
  await wb.commit();
  return file;
}
