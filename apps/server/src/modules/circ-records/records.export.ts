import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { LoanRecordDto } from '@shuyuan/contracts/circ-records/records';
import { t as translate } from '../../platform/i18n/messages.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import type { Ctx } from '../../platform/route.ts';
import { type LoanQuery, listLoans } from './records.query.ts';
import { writeRows } from '../../platform/files/sheet.ts';

const BATCH = 500;

type Col = [labelKey: string, value: (d: LoanRecordDto, t: (k: string) => string) => string | number];

const COLUMNS: Col[] = [
  ['circRecords.col.barcode', (d) => d.barcode],
  ['circRecords.col.title', (d) => d.title],
  ['circRecords.col.callNo', (d) => d.callNo],
  ['circRecords.col.account', (d) => d.account],
  ['circRecords.col.reader', (d) => d.readerName],
  ['circRecords.col.grade', (d) => d.gradeName ?? ''],
  ['circRecords.col.class', (d) => d.className ?? ''],
  ['circRecords.col.borrowedAt', (d) => d.borrowedAt.slice(0, 10)],
  ['circRecords.col.dueDate', (d) => d.dueDate],
  ['circRecords.col.returnedAt', (d) => d.returnedAt?.slice(0, 10) ?? ''],
  ['circRecords.col.renewals', (d) => d.renewals],
  ['circRecords.col.state', (d, t) => t(`circRecords.state.${d.state}`)],
  ['circRecords.col.overdueDays', (d) => d.overdueDays],
];

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * Loans matching `filters` as an xlsx background job (download panel). Reads page by page and streams rows,
 * so a school's whole history never sits in memory.
 */
export async function startLoanExport(
  app: FastifyInstance,
  ctx: Ctx<any>,
  filters: LoanQuery,
  fileNameKey: string,
): Promise<{ DataID: number; FileName: string }> {
  const { db, scope, lang, schoolId } = ctx;
  const t = (k: string) => translate(lang, k, undefined, schoolId);
  const fileName = `${t(fileNameKey)}-${stamp()}.xlsx`;
  const { Total } = await listLoans(db, scope, filters, { Page: 1, Rows: 1 });
  const { id } = await startJob(app, {
    schoolId,
    userId: ctx.user?.userId ?? null,
    operationType: 'export.circrecord',
    fileName,
    dataCount: Total,
    run: async (job) => {
      const file = job.resultPath(fileName);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
      const ws = wb.addWorksheet(t(fileNameKey).slice(0, 31));
      ws.columns = COLUMNS.map(([k], i) => ({ header: t(k), key: `c${i}`, width: i === 1 ? 36 : 16 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      await job.setTotal(Total);
      let done = 0;
      for (let page = 1; done < Total && !job.stopped; page++) {
        const { List } = await listLoans(app.database.db, scope, filters, { Page: page, Rows: BATCH });
        if (!List.length) break;
        await writeRows(ws, List, (d) => COLUMNS.map(([, v]) => v(d, t)));
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
