import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import type { LabelTemplate } from '@shuyuan/contracts/printing/label-template';
import {
  PRINT_SCREENS,
  type PrintOutput,
  type PrintPreview,
  type PrintRequest,
  type PrintScreen,
  type PrintSource,
} from '@shuyuan/contracts/printing/print-api';
import type { PrintPageRange } from '@shuyuan/contracts/printing/print-job';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { BizError, fail, forbidden } from '../../platform/errors.ts';
import { resolveFile } from '../../platform/files/files.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import { hasPermission, type Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { renderLabelsHpgl } from './lib/hpgl.ts';
import { planJob } from './lib/job-plan.ts';
import type { LabelData } from './lib/label-layout.ts';
import { renderLabelsPdf } from './lib/pdf-labels.ts';
import { schoolName, selectRows, toLabels } from './print-data.service.ts';
import { preprintRange } from './printing.table.ts';
import { getTemplate } from './templates.service.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

/** A job whose template, screen and output are checked, with its labels loaded. */
export interface PreparedJob {
  template: LabelTemplate;
  labels: LabelData[];
  output: PrintOutput;
  pageRange: PrintPageRange;
  outline: boolean;
  fileName: string;
}

const FILE_KEYS = {
  spine: 'printing.job.fileSpine',
  barcode: 'printing.job.fileBarcode',
  readerCard: 'printing.job.fileReaderCard',
} as const;

/** The caller must hold `<screen>:print` (screen codes as in the menu: /callnumprint/common → callnumprint.common). */
export function assertCanPrint(user: Principal | undefined, screen: PrintScreen): void {
  if (!user || !hasPermission(user, `${screen}:print`)) throw forbidden();
}

/** Reader photos (uploaded images under DATA_DIR/files), PNG/JPEG only: what pdfkit can embed. */
async function readerPhotos(app: FastifyInstance, db: Db, scope: Scope, ids: number[]) {
  const rows = ids.length
    ? await db
        .select({ id: appUser.id, url: appUser.photoUrl })
        .from(appUser)
        .where(scope.where(appUser, inArray(appUser.id, ids)))
    : [];
  const urls = new Map(rows.map((r) => [r.id, r.url ?? '']));
  return async (id: number): Promise<Buffer | undefined> => {
    const url = urls.get(id) ?? '';
    const rel = url.replace(/^\/?files\//, '');
    if (!rel || rel === url || !/\.(png|jpe?g)$/i.test(rel)) return undefined;
    const abs = resolveFile(app, rel);
    if (!abs) return undefined;
    return fs.promises.readFile(abs).catch(() => undefined);
  };
}

/** Checks the request against its screen and template, applies the one-off sheet settings, loads the labels. */
export async function prepareJob(
  app: FastifyInstance,
  db: Db,
  scope: Scope,
  req: Omit<PrintRequest, 'templateId'> & { template: LabelTemplate },
  t: Tr,
): Promise<PreparedJob> {
  const screen = PRINT_SCREENS[req.screen];
  const template: LabelTemplate = {
    ...req.template,
    ...(req.startPosition ? { startPosition: req.startPosition } : {}),
    ...(req.offset ? { offset: req.offset } : {}),
  };
  if (!(screen.kinds as readonly string[]).includes(template.kind))
    throw fail('TEMPLATE_KIND', 'printing.template.kindWrong');
  if (!(screen.outputs as readonly string[]).includes(req.output))
    throw fail('PRINT_DATA_INVALID', 'printing.job.dataInvalid');
  if (template.startPosition > template.grid.columns * template.grid.rows)
    throw fail('PRINT_DATA_INVALID', 'printing.template.startPositionTooLarge');
  checkSourceForKind(template.kind, req.source);
  const { rows } = await selectRows(db, scope, template.kind, req.source);
  const photo =
    template.kind === 'readerCard' && template.items.includes('photo')
      ? await readerPhotos(
          app,
          db,
          scope,
          rows.map((r) => r.id),
        )
      : undefined;
  // Limit, empty selection and page range are refused here, before a background job or a byte of output.
  planJob(template, rows.length, { startPage: req.startPage, endPage: req.endPage });
  const labels = await toLabels(rows, await schoolName(db, scope), photo);
  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const key =
    req.source.type === 'preprint' || req.source.type === 'range'
      ? 'printing.job.filePreprint'
      : FILE_KEYS[template.kind];
  return {
    template,
    labels,
    output: req.output,
    pageRange: { startPage: req.startPage, endPage: req.endPage },
    outline: req.outline,
    fileName: `${t(key)}-${stamp}.${req.output === 'hpgl' ? 'plt' : 'pdf'}`,
  };
}

/** Readers print only as cards and cards only print readers (or samples). */
function checkSourceForKind(kind: LabelTemplate['kind'], source: PrintSource): void {
  const readers = source.type === 'readers';
  if (source.type === 'sample') return;
  if ((kind === 'readerCard') !== readers) throw fail('PRINT_DATA_INVALID', 'printing.job.dataInvalid');
}

/** Renders a prepared job to `out`; pages, labels, and (HP-GL) lines left out for want of a font. */
export async function renderJob(
  job: PreparedJob,
  out: Writable,
  onLabel?: (n: number) => Promise<void>,
): Promise<{ pages: number; labels: number; skippedLines?: number }> {
  async function* labels() {
    let n = 0;
    for (const l of job.labels) {
      yield l;
      n++;
      if (onLabel && n % 50 === 0) await onLabel(n);
    }
  }
  const opts = { total: job.labels.length, pageRange: job.pageRange };
  if (job.output === 'hpgl') return renderLabelsHpgl(job.template, labels(), out, opts);
  return renderLabelsPdf(job.template, labels(), out, { ...opts, outline: job.outline, title: job.fileName });
}

/** Renders into memory (previews, direct downloads: at most PRINT_LIMIT vector labels, ~1 MB). */
export async function renderToBuffer(job: PreparedJob): Promise<{ data: Buffer; pages: number; labels: number }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const r = await renderJob(job, out);
  return { data: Buffer.concat(chunks), pages: r.pages, labels: r.labels };
}

/** A preview: the first two pages of the requested range (or of the document), label outlines on. */
export async function preview(job: PreparedJob): Promise<PrintPreview> {
  const perPage = job.template.grid.columns * job.template.grid.rows;
  const totalPages = Math.ceil((job.labels.length + job.template.startPosition - 1) / perPage);
  const first = job.pageRange.startPage ?? 1;
  const last = Math.min(job.pageRange.endPage ?? totalPages, first + 1);
  const r = await renderToBuffer({
    ...job,
    output: 'pdf',
    outline: true,
    pageRange: { startPage: first, endPage: last },
  });
  return { total: job.labels.length, pages: totalPages, pdf: r.data.toString('base64') };
}

/** A large job: rendered in the background into the job's result file (download panel). */
export async function startPrintJob(
  app: FastifyInstance,
  job: PreparedJob,
  ctx: { schoolId: number; userId: number | null; screen: PrintScreen; t: Tr },
  after?: () => Promise<void>,
): Promise<{ DataID: number; FileName: string }> {
  const { id } = await startJob(app, {
    schoolId: ctx.schoolId,
    userId: ctx.userId,
    operationType: `print.${ctx.screen}`,
    fileName: job.fileName,
    dataCount: job.labels.length,
    run: async (h) => {
      await h.setTotal(job.labels.length);
      const file = h.resultPath(path.basename(job.fileName.replace(/[^\w.-]/g, '_')));
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const out = fs.createWriteStream(file);
      try {
        await renderJob(job, out, (n) => h.progress(n));
      } catch (e) {
        await fs.promises.rm(file, { force: true });
        // The download panel shows the message: a business error with its parameters, else 'print failed'.
        throw new Error(e instanceof BizError ? ctx.t(e.msgKey, e.params) : ctx.t('printing.job.failed'));
      }
      await h.progress(job.labels.length);
      await after?.();
      return { resultFile: file };
    },
  });
  return { DataID: id, FileName: job.fileName };
}

/** Counts a printed pre-printing range (how often, when). */
export async function markRangePrinted(db: Db, scope: Scope, source: PrintSource): Promise<void> {
  if (source.type !== 'preprint') return;
  await db
    .update(preprintRange)
    .set({ printedCount: sql`${preprintRange.printedCount} + 1`, printedAt: new Date() })
    .where(scope.where(preprintRange, eq(preprintRange.id, source.rangeId)));
}

/** Loads the request's template (the school's own) for `prepareJob`. */
export async function withTemplate(db: Db, scope: Scope, req: PrintRequest) {
  const { templateId, ...rest } = req;
  return { ...rest, template: await getTemplate(db, scope, templateId) };
}
