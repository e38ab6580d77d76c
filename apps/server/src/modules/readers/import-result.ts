import type { Lang } from '@shuyuan/contracts/common/lang';
import ExcelJS from 'exceljs';
import { writeRows } from '../../platform/files/sheet.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { type JobResultTarget, registerJobResult } from '../../platform/jobs/jobs.ts';

/** One row's outcome in the reader import's result sheet ('' row: the line saying where an import stopped). */
export type Line = { rowNo: number | ''; account: string; name: string; result: string };

/** The result sheet: every row with its outcome; an interrupted import says after which row it stopped. */
export async function writeResult(
  job: JobResultTarget,
  lang: Lang,
  lines: unknown[],
  finished: boolean,
): Promise<string> {
  const t = (k: string, p?: Record<string, unknown>) => translate(lang, k, p, job.schoolId);
  const file = job.resultPath(`${t('readers.import.file')}.xlsx`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const ws = wb.addWorksheet(t('readers.import.file').slice(0, 31));
  ws.columns = [
    { header: t('readers.import.row'), key: 'rowNo', width: 8 },
    { header: t('readers.import.col.account'), key: 'account', width: 18 },
    { header: t('readers.import.col.name'), key: 'name', width: 14 },
    { header: t('readers.import.result'), key: 'result', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  await writeRows(ws, lines as Line[]);
  if (!finished) ws.addRow({ rowNo: '', result: t('job.interruptedAfter', { count: lines.length }) }).commit();
  ws.commit();
  await wb.commit();
  return file;
}

// After a restart, an interrupted import's result lists the rows it committed (the journal of its steps).
registerJobResult('import.reader', (_app, job, lines, finished) =>
  writeResult(job, (job.params.lang as Lang) ?? 'zh', lines, finished),
);
