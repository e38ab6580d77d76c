import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { t as translate } from '../../platform/i18n/messages.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import type { Ctx } from '../../platform/route.ts';

export interface Column<R> {
  labelKey: string;
  value: (r: R, t: (k: string) => string) => string | number | null;
  width?: number;
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/\D/g, '');

/**
 * Exports rows as an xlsx through a background task (the download panel follows it), headers and values in
 * the caller's language. `rows` runs inside the task.
 */
export async function exportXlsx<R>(
  app: FastifyInstance,
  ctx: Ctx<unknown>,
  opts: { operationType: string; title: string; columns: Column<R>[]; rows: () => Promise<R[]> },
): Promise<{ DataID: number; FileName: string }> {
  const fileName = `${opts.title}-${stamp()}.xlsx`;
  const t = (k: string) => translate(ctx.lang, k, undefined, ctx.schoolId);
  const { id } = await startJob(app, {
    schoolId: ctx.schoolId,
    userId: ctx.user?.userId ?? null,
    operationType: opts.operationType,
    fileName,
    run: async (job) => {
      const rows = await opts.rows();
      await job.setTotal(rows.length);
      const file = job.resultPath(fileName);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
      const ws = wb.addWorksheet(opts.title.slice(0, 31));
      ws.columns = opts.columns.map((c, i) => ({ header: t(c.labelKey), key: `c${i}`, width: c.width ?? 18 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      let done = 0;
      for (const r of rows) {
        if (job.stopped) break;
        ws.addRow(opts.columns.map((c) => c.value(r, t) ?? '')).commit();
        if (++done % 500 === 0) await job.progress(done);
      }
      await job.progress(done);
      ws.commit();
      await wb.commit();
      return { resultFile: file };
    },
  });
  ctx.auditDetail.jobId = id;
  return { DataID: id, FileName: fileName };
}
