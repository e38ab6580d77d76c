import type { CollectionExport } from '@shuyuan/contracts/catalogue/collection';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { desc, lt, type SQL } from 'drizzle-orm';
import { invalid } from '../../platform/errors.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import type { Ctx } from '../../platform/route.ts';
import { copy } from './catalogue.table.ts';
import { copyWhere, countCopies, selectCopyRows } from './collection.query.ts';
import { writeRows } from '../../platform/files/sheet.ts';

type CopyRow = Awaited<ReturnType<typeof selectCopyRows>>[number];
type Tr = (key: string, params?: Record<string, unknown>) => string;

/** One exportable column: label key (server message), cell value, default choice. */
export interface ExportColumnDef<R> {
  key: string;
  labelKey: string;
  value: (row: R, t: Tr) => string | number | null | undefined;
  width?: number;
  /** Ticked when the chooser opens. */
  default?: boolean;
}

/** A named set of columns P/Download/ColumnScreen offers; `access` is the permission needed to see it. */
export interface ColumnSet {
  access: string;
  columns: ExportColumnDef<any>[];
}

const sets = new Map<string, ColumnSet>();

/** Other lists register their exportable columns under a type (e.g. 'circrecord'). */
export function registerColumnSet(type: string, set: ColumnSet): void {
  sets.set(type, set);
}
export const columnSet = (type: string) => sets.get(type);

const yuan = (fen: number | null) => (fen == null ? null : Number((fen / 100).toFixed(2)));
const col = (
  key: string,
  value: ExportColumnDef<CopyRow>['value'],
  opts: { default?: boolean; width?: number } = {},
): ExportColumnDef<CopyRow> => ({ key, labelKey: `catalogue.col.${key}`, value, ...opts });

/** The copy list's columns (/collection export). */
export const COLLECTION_COLUMNS: ExportColumnDef<CopyRow>[] = [
  col('barcode', (r) => r.barcode, { default: true }),
  col('rfid', (r) => r.rfid),
  col('title', (r) => r.title, { default: true, width: 36 }),
  col('author', (r) => r.author, { default: true }),
  col('publisher', (r) => r.publisher),
  col('pubYear', (r) => r.pubYear),
  col('isbn', (r) => r.isbn, { default: true }),
  col('callNo', (r) => r.callNo, { default: true }),
  col('classNo', (r) => r.classNo),
  col('bookNo', (r) => r.bookNo),
  col('additionalNo', (r) => r.additionalNo),
  col('shelfMark', (r) => r.shelfMark),
  col('branch', (r) => r.branchName),
  col('location', (r) => r.locationName, { default: true }),
  col('resourceType', (r) => r.resourceTypeName),
  col('circState', (r, t) => t(`catalogue.state.${r.circState}`), { default: true }),
  col('storeType', (r, t) => t(`catalogue.store.${r.storeType}`), { default: true }),
  col('unitPrice', (r) => yuan(r.unitPriceFen), { default: true }),
  col('discountPrice', (r) => yuan(r.discountPriceFen)),
  col('batchNo', (r) => r.batchNo),
  col('addedOn', (r) => new Date(r.createdAt).toISOString().slice(0, 10)),
];
registerColumnSet('collection', { access: 'collection', columns: COLLECTION_COLUMNS });

/** P/Download/ColumnScreen: the columns of a set in the caller's language, with the default choice. */
export function columnScreen(set: ColumnSet, t: Tr) {
  return set.columns.map((c) => ({ key: c.key, label: t(c.labelKey), default: !!c.default }));
}

const BATCH = 1000;
const stamp = (d = new Date()) => d.toISOString().slice(0, 19).replace(/\D/g, '');

/**
 * P/DownloadV2/Collection: the filtered copy list as xlsx, only the chosen columns in the chosen order, as a
 * background job (the download panel follows it). Rows are read by keyset in the list's order (newest first)
 * and streamed to the file, so a large collection never sits in memory.
 */
export async function startCollectionExport(app: FastifyInstance, ctx: Ctx<CollectionExport>) {
  const { columns, ...filters } = ctx.body;
  const chosen = columns.map((k) => COLLECTION_COLUMNS.find((c) => c.key === k));
  const unknown = columns.filter((_, i) => !chosen[i]);
  if (unknown.length)
    throw invalid([
      { path: 'columns', message: ctx.t('catalogue.export.unknownColumns', { keys: unknown.join(', ') }) },
    ]);
  const cols = chosen as ExportColumnDef<CopyRow>[];
  const where = copyWhere(ctx.scope, filters);
  const dataCount = await countCopies(ctx.db, where);
  const fileName = `${ctx.t('catalogue.export.file')}-${stamp()}.xlsx`;
  const { db, t } = ctx;
  const { id } = await startJob(app, {
    schoolId: ctx.schoolId,
    userId: ctx.user?.userId ?? null,
    operationType: 'export.collection',
    fileName,
    dataCount,
    run: async (job) => {
      const file = job.resultPath(fileName);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
      const ws = wb.addWorksheet(t('catalogue.export.file').slice(0, 31));
      ws.columns = cols.map((c, i) => ({ header: t(c.labelKey), key: `c${i}`, width: c.width ?? 18 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      await job.setTotal(dataCount);
      let done = 0;
      let after: number | null = null;
      while (!job.stopped) {
        const keyset: SQL[] = after === null ? [] : [lt(copy.id, after)];
        const rows: CopyRow[] = await selectCopyRows(db, copyWhere(ctx.scope, filters), ...keyset)
          .orderBy(desc(copy.id))
          .limit(BATCH);
        if (!rows.length) break;
        await writeRows(ws, rows, (r) => cols.map((c) => c.value(r, t) ?? ''));
        done += rows.length;
        after = rows[rows.length - 1].id;
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
