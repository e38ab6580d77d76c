import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { t as translate } from '../../platform/i18n/messages.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Sheet } from './screens.ts';
import { writeRows } from '../../platform/files/sheet.ts';

const PAGE = 500;

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * Exports a report as an xlsx background job (download panel): one worksheet per sheet of the report, headers
 * in the caller's language, the period in the first line. `pages` yields the report page by page (a paged
 * list of any length is streamed; an aggregate report is one page), so progress shows on large exports.
 */
export async function startSheetExport(
  app: FastifyInstance,
  ctx: Ctx<any>,
  opts: {
    titleKey: string;
    operationType: string;
    /** Rows of a paged report (read PAGE at a time until `total`); an aggregate report counts its rows itself. */
    total: number;
    paged: boolean;
    page: (n: number, size: number) => Promise<{ sheets: Sheet[]; period?: { from: string; to: string } }>;
  },
): Promise<{ DataID: number; FileName: string }> {
  const { lang, schoolId } = ctx;
  const t = (k: string) => translate(lang, k, undefined, schoolId);
  const fileName = `${t(opts.titleKey)}-${stamp()}.xlsx`;
  const { id } = await startJob(app, {
    schoolId,
    userId: ctx.user?.userId ?? null,
    operationType: opts.operationType,
    fileName,
    dataCount: opts.total,
    run: async (job) => {
      const file = job.resultPath(fileName);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
      await job.setTotal(opts.total);
      const sheets: ExcelJS.Worksheet[] = [];
      let done = 0;
      for (let n = 1; !job.stopped; n++) {
        const { sheets: part, period } = await opts.page(n, PAGE);
        for (const [i, s] of part.entries()) {
          let ws = sheets[i];
          if (!ws) {
            ws = wb.addWorksheet(t(s.titleKey).slice(0, 31));
            sheets[i] = ws;
            s.columns.forEach((c, ci) => {
              ws!.getColumn(ci + 1).width = ci === 0 || /title|name/.test(c) ? 30 : 14;
            });
            if (period) ws.addRow([`${t('statistics.period')}: ${period.from} ~ ${period.to}`]).commit();
            const head = ws.addRow(s.columns.map(t));
            head.font = { bold: true };
            head.commit();
          }
          await writeRows(ws, s.rows, (r) => r.map((v) => v ?? ''));
        }
        const rows = part[0]?.rows.length ?? 0;
        done += rows;
        if (!opts.paged) await job.setTotal(rows);
        await job.progress(opts.paged ? Math.min(done, opts.total) : rows);
        if (!opts.paged || rows < PAGE || done >= opts.total) break;
      }
      for (const ws of sheets) ws.commit();
      await wb.commit();
      return { resultFile: file };
    },
  });
  ctx.auditDetail.jobId = id;
  return { DataID: id, FileName: fileName };
}
