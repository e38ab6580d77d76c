import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { writeRows } from '../../platform/files/sheet.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import type { Ctx } from '../../platform/route.ts';

const BATCH = 500;

export type SheetColumn<D> = [labelKey: string, value: (d: D, t: (k: string) => string) => string | number];

/**
 * A moderated list (reviews, shares) as an xlsx background job (download panel): pages read one after another
 * with the list's own filters, rows streamed, headers and states in the caller's language.
 */
export async function startListExport<D>(
  app: FastifyInstance,
  ctx: Ctx<any>,
  o: {
    fileNameKey: string;
    operationType: string;
    columns: SheetColumn<D>[];
    page: (Page: number, Rows: number) => Promise<{ List: D[]; Total: number }>;
  },
): Promise<{ DataID: number; FileName: string }> {
  const t = (k: string) => translate(ctx.lang, k, undefined, ctx.schoolId);
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const fileName = `${t(o.fileNameKey)}-${stamp}.xlsx`;
  const { Total } = await o.page(1, 1);
  const { id } = await startJob(app, {
    schoolId: ctx.schoolId,
    userId: ctx.user?.userId ?? null,
    operationType: o.operationType,
    fileName,
    dataCount: Total,
    run: async (job) => {
      const file = job.resultPath(fileName);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
      const ws = wb.addWorksheet(t(o.fileNameKey).slice(0, 31));
      ws.columns = o.columns.map(([k], i) => ({ header: t(k), key: `c${i}`, width: 18 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      await job.setTotal(Total);
      let done = 0;
      for (let page = 1; done < Total && !job.stopped; page++) {
        const { List } = await o.page(page, BATCH);
        if (!List.length) break;
        await writeRows(ws, List, (d) => o.columns.map(([, v]) => v(d, t)));
        done += List.length;
        await job.progress(done);
      }
      ws.commit();
      await wb.commit();
      return { resultFile: file };
    },
  });
  ctx.auditDetail.jobId = id;
  return { DataID: id, FileName: fileName };
}
