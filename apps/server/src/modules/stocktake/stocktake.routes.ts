import { P } from '@shuyuan/contracts/common/paths';
import {
  CloseBody,
  type ReportList,
  ReportExportBody,
  ReportListQuery,
  SCAN_FILE_DIRECT_MAX,
  ScanBody,
  ScanFileBody,
  ScanListQuery,
  SessionIdBody,
  SessionListQuery,
  SessionOpen,
} from '@shuyuan/contracts/stocktake/stocktake';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail } from '../../platform/errors.ts';
import { t as translate } from '../../platform/i18n/messages.ts';
import { registerJobKind, startJob } from '../../platform/jobs/jobs.ts';
import { route } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { barcodeError, validateBarcode } from '../printing/barcode-rules.service.ts';
import { readBarcodeFile, uploadedFile } from './barcode-file.ts';
import { type ReportRow, reportRows, reportTotals } from './stocktake.report.ts';
import { countScans, recordScans, scanResults } from './stocktake.scan.ts';
import * as service from './stocktake.service.ts';
import { stocktakeScan } from './stocktake.table.ts';
import { type Column, exportXlsx } from './xlsx-job.ts';

/** /book-inventory (图书盘点): view, `:stocktake` to open/scan/close, `:export`. /inventory-report: view, `:export`. */
const INV = 'book-inventory';
const REPORT = 'inventory-report';
const FILE_JOB = 'stocktake.scanFile';
const CHUNK = 500;

/** A large handheld file, scanned in chunks; resumable: each line's clientId makes a redone chunk count once. */
registerJobKind(FILE_JOB, async (job) => {
  const { sessionId, file } = job.params as { sessionId: number; file: string };
  const scope = new Scope(job.schoolId);
  const barcodes = await readBarcodeFile(file);
  await job.setTotal(barcodes.length);
  for (let i = job.done; i < barcodes.length && !job.stopped; i += CHUNK) {
    const part = barcodes.slice(i, i + CHUNK).map((barcode, k) => ({ barcode, clientId: `f${job.id}:${i + k}` }));
    await recordScans(fileDb(), scope, sessionId, part, job.userId);
    await job.progress(Math.min(i + CHUNK, barcodes.length));
  }
});

let dbOfApp: (() => import('../../db/client.ts').Db) | undefined;
const fileDb = () => {
  if (!dbOfApp) throw new Error('stocktake routes not registered');
  return dbOfApp();
};

export const reportColumns: Column<ReportRow>[] = [
  { labelKey: 'stocktake.col.barcode', value: (r) => r.barcode },
  { labelKey: 'stocktake.col.title', value: (r) => r.title, width: 40 },
  { labelKey: 'stocktake.col.callNo', value: (r) => r.callNo },
  { labelKey: 'stocktake.col.location', value: (r) => r.location },
  { labelKey: 'stocktake.col.circState', value: (r, t) => (r.circState ? t(`stocktake.state.${r.circState}`) : '') },
  { labelKey: 'stocktake.col.outcome', value: (r, t) => (r.outcome ? t(`stocktake.outcome.${r.outcome}`) : '') },
  { labelKey: 'stocktake.col.reason', value: (r, t) => (r.reason ? t(`stocktake.reason.${r.reason}`) : '') },
  { labelKey: 'stocktake.col.after', value: (r) => r.after },
  {
    labelKey: 'stocktake.col.scannedAt',
    value: (r) => (r.scannedAt ? new Date(r.scannedAt).toLocaleString('sv') : ''),
  },
  { labelKey: 'stocktake.col.result', value: (r, t) => (r.result ? t(`stocktake.result.${r.result}`) : '') },
];

export function stocktakeRoutes(app: FastifyInstance): void {
  dbOfApp = () => app.database.db;
  route(app, {
    url: `${P}/Stocktake/GetSessionList`,
    access: INV,
    schema: SessionListQuery,
    handler: ({ db, scope, body }) => service.listSessions(db, scope, body),
  });
  route(app, {
    url: `${P}/Stocktake/GetSession`,
    access: INV,
    schema: SessionIdBody,
    handler: ({ db, scope, body }) => service.getSession(db, scope, body.sessionId),
  });
  route(app, {
    url: `${P}/Stocktake/OpenSession`,
    access: `${INV}:stocktake`,
    schema: SessionOpen,
    audit: 'stocktake.open',
    handler: ({ db, scope, body, user, t }) => service.openSession(db, scope, body, user?.userId ?? null, t),
  });
  route(app, {
    url: `${P}/Stocktake/Scan`,
    access: `${INV}:stocktake`,
    schema: ScanBody,
    summary: 'One scanned or typed barcode → its outcome (found, misplaced, not expected, on loan, unknown, twice)',
    handler: async ({ db, scope, body, user, t }) => {
      if (body.typed) {
        const [known] = await db
          .select({ id: copy.id })
          .from(copy)
          .where(scope.where(copy, eq(copy.barcode, body.barcode)));
        const check = known ? { ok: true as const } : await validateBarcode(db, scope, body.barcode);
        if (!check.ok) throw barcodeError(check, t, 'barcode');
      }
      const [r] = await recordScans(db, scope, body.sessionId, [body], user?.userId ?? null);
      return r;
    },
  });
  route(app, {
    url: `${P}/Stocktake/ScanFile`,
    access: `${INV}:stocktake`,
    schema: ScanFileBody,
    audit: 'stocktake.scanFile',
    summary: 'A handheld file of barcodes: small files at once (totals), large ones as a task ({DataID})',
    handler: async (ctx) => {
      const { db, scope, body, user } = ctx;
      const file = uploadedFile(app, ctx.schoolId, body.fileUrl);
      const barcodes = await readBarcodeFile(file);
      if (!barcodes.length) throw fail('FILE_EMPTY', 'stocktake.file.empty');
      await service.getSession(db, scope, body.sessionId);
      if (barcodes.length > SCAN_FILE_DIRECT_MAX) {
        const fileName = `${ctx.t('stocktake.file.job')}-${body.sessionId}`;
        const { id } = await startJob(app, {
          schoolId: ctx.schoolId,
          userId: user?.userId ?? null,
          operationType: FILE_JOB,
          fileName,
          dataCount: barcodes.length,
          params: { sessionId: body.sessionId, file },
        });
        ctx.auditDetail.jobId = id;
        return { count: barcodes.length, DataID: id, FileName: fileName };
      }
      const totals: Record<string, number> = {};
      for (let i = 0; i < barcodes.length; i += CHUNK) {
        const part = barcodes.slice(i, i + CHUNK).map((barcode) => ({ barcode }));
        for (const r of await recordScans(db, scope, body.sessionId, part, user?.userId ?? null)) {
          totals[r.outcome] = (totals[r.outcome] ?? 0) + 1;
        }
      }
      return { count: barcodes.length, totals };
    },
  });
  route(app, {
    url: `${P}/Stocktake/GetScanList`,
    access: INV,
    schema: ScanListQuery,
    summary: 'Scans of a session, newest first',
    handler: async ({ db, scope, body }) => {
      await service.getSession(db, scope, body.sessionId);
      const cond = body.outcome ? eq(stocktakeScan.outcome, body.outcome) : undefined;
      const [rows, total] = await Promise.all([
        scanResults(db, scope, body.sessionId, cond, { limit: body.Rows, offset: pageOffset(body) }),
        countScans(db, scope, body.sessionId, cond),
      ]);
      return list(rows, total);
    },
  });
  route(app, {
    url: `${P}/Stocktake/CloseSession`,
    access: `${INV}:stocktake`,
    schema: CloseBody,
    audit: 'stocktake.close',
    handler: ({ db, scope, body, user }) =>
      service.closeSession(db, scope, body.sessionId, body.missing, user?.userId ?? null),
  });
  route(app, {
    url: `${P}/Stocktake/GetReport`,
    access: REPORT,
    schema: SessionIdBody,
    summary: 'Totals of a session: expected, found, missing, away, misplaced, not expected, on loan, unknown, twice',
    handler: ({ db, scope, body }) => reportTotals(db, scope, body.sessionId),
  });
  route(app, {
    url: `${P}/Stocktake/GetReportList`,
    access: REPORT,
    schema: ReportListQuery,
    handler: ({ db, scope, body }) => reportRows(db, scope, body.sessionId, body.list, body),
  });
  route(app, {
    url: `${P}/Stocktake/ExportReportList`,
    access: `${REPORT}:export`,
    schema: ReportExportBody,
    audit: 'stocktake.export',
    handler: async (ctx) => {
      const { db, scope, body } = ctx;
      const { session } = await reportTotals(db, scope, body.sessionId);
      const which: ReportList = body.list;
      return exportXlsx(app, ctx, {
        operationType: 'export.stocktake',
        title: `${session.name}-${translate(ctx.lang, `stocktake.list.${which}`, undefined, ctx.schoolId)}`.replace(
          /[\\/:*?"<>|]/g,
          '_',
        ),
        columns: reportColumns,
        rows: async () => (await reportRows(db, scope, body.sessionId, which)).List,
      });
    },
  });
}
