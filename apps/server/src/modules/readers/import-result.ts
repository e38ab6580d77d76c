import type { Lang } from '@shuyuan/contracts/common/lang';
import { writeImportResult } from '../../platform/files/import-result.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { type JobResultTarget, registerJobResult } from '../../platform/jobs/jobs.ts';

/** One row's outcome in the reader import's result sheet. */
export type Line = { rowNo: number; account: string; name: string; result: string };

/** The result sheet: every row with its outcome; an interrupted import says after which row it stopped. */
export function writeResult(job: JobResultTarget, lang: Lang, lines: unknown[], finished: boolean): Promise<string> {
  const t = (k: string, p?: Record<string, unknown>) => translate(lang, k, p, job.schoolId);
  return writeImportResult(job.resultPath(`${t('readers.import.file')}.xlsx`), {
    sheet: t('readers.import.file'),
    columns: [
      { header: t('readers.import.row'), key: 'rowNo', width: 8 },
      { header: t('readers.import.col.account'), key: 'account', width: 18 },
      { header: t('readers.import.col.name'), key: 'name', width: 14 },
      { header: t('readers.import.result'), key: 'result', width: 60 },
    ],
    lines: lines as Line[],
    finished,
    tr: t,
  });
}

// After a restart, an interrupted import's result lists the rows it committed (the journal of its steps).
registerJobResult('import.reader', (_app, job, lines, finished) =>
  writeResult(job, (job.params.lang as Lang) ?? 'zh', lines, finished),
);
