import { RECORD_EXPORT_COLUMNS, type RecordExportQuery } from '@shuyuan/contracts/catalogue/record-export';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { resourceType } from '../basic/branch.table.ts';
import { copyCount, searchPlan } from './catalogue-search.service.ts';
import { catalogueRecord as r } from './catalogue.table.ts';
import './record-export.messages.ts';
import { writeRows } from '../../platform/files/sheet.ts';

type Key = (typeof RECORD_EXPORT_COLUMNS)[number];
type Row = Awaited<ReturnType<typeof page>>[number];

const BATCH = 1000;
const stamp = (d = new Date()) => d.toISOString().slice(0, 19).replace(/\D/g, '');
const yuan = (fen: number | null) => (fen == null ? null : Number((fen / 100).toFixed(2)));

const VALUE: Record<Key, (row: Row) => string | number | null> = {
  title: (x) => x.title,
  parallelTitle: (x) => x.parallelTitle,
  author: (x) => x.author,
  responsibility: (x) => x.responsibility,
  edition: (x) => x.edition,
  publisher: (x) => x.publisher,
  pubPlace: (x) => x.pubPlace,
  pubYear: (x) => x.pubYear,
  isbn: (x) => x.isbn,
  issn: (x) => x.issn,
  classNo: (x) => x.classNo,
  bookNo: (x) => x.bookNo,
  price: (x) => yuan(x.priceFen),
  language: (x) => x.language,
  pages: (x) => x.pages,
  series: (x) => x.series,
  subjects: (x) => (x.subjects ?? []).join('; '),
  resourceType: (x) => x.resourceType,
  copies: (x) => Number(x.copies),
};
const WIDTH: Partial<Record<Key, number>> = { title: 40, parallelTitle: 24, responsibility: 28, subjects: 28 };

/** One batch of the search's records, in the list's order (which ends with the id, so pages never overlap). */
function page(db: Db, scope: Scope, plan: Awaited<ReturnType<typeof searchPlan>>, offset: number) {
  return db
    .select({
      title: r.title,
      parallelTitle: r.parallelTitle,
      author: r.author,
      responsibility: r.responsibility,
      edition: r.edition,
      publisher: r.publisher,
      pubPlace: r.pubPlace,
      pubYear: r.pubYear,
      isbn: r.isbn,
      issn: r.issn,
      classNo: r.classNo,
      bookNo: r.bookNo,
      priceFen: r.priceFen,
      language: r.language,
      pages: r.pages,
      series: r.series,
      subjects: r.subjects,
      resourceType: resourceType.name,
      copies: copyCount(scope),
    })
    .from(r)
    .leftJoin(resourceType, and(eq(resourceType.id, r.resourceTypeId), eq(resourceType.schoolId, r.schoolId)))
    .where(plan.where)
    .orderBy(...plan.order)
    .limit(BATCH)
    .offset(offset);
}

/**
 * P/Catalogue/ExportRecords: every record the catalogue list's search finds (same text, field, facets and
 * order), with its fields and copy count, as xlsx written by a background task the download panel follows.
 * Rows are streamed to the file a batch at a time, so a large catalogue never sits in memory.
 */
export async function startRecordExport(app: FastifyInstance, ctx: Ctx<RecordExportQuery>) {
  const { db, scope, t } = ctx;
  const plan = await searchPlan(db, scope, ctx.body);
  const [{ n: dataCount }] = await db.select({ n: sql<number>`count(*)::int` }).from(r).where(plan.where);
  const fileName = `${t('catalogue.recordExport.file')}-${stamp()}.xlsx`;
  const { id } = await startJob(app, {
    schoolId: ctx.schoolId,
    userId: ctx.user?.userId ?? null,
    operationType: 'export.catalogue',
    fileName,
    dataCount,
    run: async (job) => {
      const file = job.resultPath(fileName);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
      const ws = wb.addWorksheet(t('catalogue.recordExport.file').slice(0, 31));
      ws.columns = RECORD_EXPORT_COLUMNS.map((k) => ({
        header: t(`catalogue.recordCol.${k}`),
        key: k,
        width: WIDTH[k] ?? 16,
      }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      await job.setTotal(dataCount);
      let done = 0;
      while (!job.stopped) {
        const rows = await page(db, scope, plan, done);
        if (!rows.length) break;
        await writeRows(ws, rows, (row) => RECORD_EXPORT_COLUMNS.map((k) => VALUE[k](row) ?? ''));
        done += rows.length;
        await job.progress(done);
        if (rows.length < BATCH) break;
      }
      ws.commit();
      await wb.commit();
      return { resultFile: file };
    },
  });
  ctx.auditDetail.jobId = id;
  return { DataID: id, FileName: fileName };
}
