import { P } from '@shuyuan/contracts/common/paths';
import { REPORT_LISTS, SessionIdBody } from '@shuyuan/contracts/stocktake/stocktake';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { registerMessages } from '../../platform/i18n/messages.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import { route } from '../../platform/route.ts';
import { reportRows, reportTotals } from './stocktake.report.ts';
import { reportColumns } from './stocktake.routes.ts';
import { writeRows } from '../../platform/files/sheet.ts';

registerMessages({
  'stocktake.sessionExport.file': { zh: '盘点报告', en: 'Stocktake report' },
  'stocktake.sessionExport.summary': { zh: '汇总', en: 'Summary' },
  'stocktake.sessionExport.item': { zh: '项目', en: 'Item' },
  'stocktake.sessionExport.count': { zh: '数量', en: 'Count' },
  'stocktake.sessionExport.session': { zh: '盘点名称', en: 'Stocktake' },
  'stocktake.sessionExport.state': { zh: '状态', en: 'State' },
  'stocktake.sessionExport.expected': { zh: '应盘册数', en: 'Copies expected' },
  'stocktake.sessionExport.scans': { zh: '扫描次数', en: 'Scans' },
  'stocktake.sessionExport.open': { zh: '进行中', en: 'Open' },
  'stocktake.sessionExport.closed': { zh: '已结束', en: 'Closed' },
});

const stamp = () => new Date().toISOString().slice(0, 19).replace(/\D/g, '');
/** Characters a file or sheet name cannot hold. */
const safe = (s: string) => s.replace(/[\\/:*?"<>|[\]~]/g, '_');

/**
 * P/Stocktake/ExportSession: /book-inventory's export (`book-inventory:export`) — the whole report of one
 * session as one workbook: a summary sheet (the totals), then one sheet per list (missing, found, misplaced…)
 * with the same columns as the report screen's list exports. A background task the download panel follows.
 */
export function sessionExportRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Stocktake/ExportSession`,
    access: 'book-inventory:export',
    schema: SessionIdBody,
    audit: 'stocktake.export',
    summary: 'The whole report of a stocktake session as xlsx: totals, then one sheet per list (background task)',
    handler: async (ctx) => {
      const { db, scope, body, t } = ctx;
      const { session, totals } = await reportTotals(db, scope, body.sessionId); // 404 for another school's
      const fileName = `${safe(`${t('stocktake.sessionExport.file')}-${session.name}`)}-${stamp()}.xlsx`;
      const { id } = await startJob(app, {
        schoolId: ctx.schoolId,
        userId: ctx.user?.userId ?? null,
        operationType: 'export.stocktake',
        fileName,
        run: async (job) => {
          const lists = [];
          for (const l of REPORT_LISTS)
            lists.push({ ...l, rows: (await reportRows(db, scope, session.id, l.key)).List });
          await job.setTotal(lists.reduce((a, l) => a + l.rows.length, 0));
          const file = job.resultPath(fileName);
          const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
          const sum = wb.addWorksheet(t('stocktake.sessionExport.summary'));
          sum.columns = [
            { header: t('stocktake.sessionExport.item'), key: 'k', width: 24 },
            { header: t('stocktake.sessionExport.count'), key: 'v', width: 36 },
          ];
          sum.getRow(1).font = { bold: true };
          sum.getRow(1).commit();
          sum.addRow([t('stocktake.sessionExport.session'), session.name]).commit();
          sum.addRow([t('stocktake.sessionExport.state'), t(`stocktake.sessionExport.${session.state}`)]).commit();
          sum.addRow([t('stocktake.sessionExport.expected'), totals.expected]).commit();
          sum.addRow([t('stocktake.sessionExport.scans'), totals.scans]).commit();
          for (const l of REPORT_LISTS) sum.addRow([t(`stocktake.list.${l.key}`), totals[l.total]]).commit();
          sum.commit();
          let done = 0;
          for (const l of lists) {
            if (job.stopped) break;
            const ws = wb.addWorksheet(safe(t(`stocktake.list.${l.key}`)).slice(0, 31));
            ws.columns = reportColumns.map((c, i) => ({ header: t(c.labelKey), key: `c${i}`, width: c.width ?? 18 }));
            ws.getRow(1).font = { bold: true };
            ws.getRow(1).commit();
            await writeRows(ws, l.rows, (r) => reportColumns.map((c) => c.value(r, t) ?? ''));
            ws.commit();
            done += l.rows.length;
            await job.progress(done);
          }
          await wb.commit();
          return { resultFile: file };
        },
      });
      ctx.auditDetail.jobId = id;
      return { DataID: id, FileName: fileName };
    },
  });
}
