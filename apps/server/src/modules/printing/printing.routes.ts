import { IdBody, IdsBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { BarcodeRule, validateBarcode as ruleCheck } from '@shuyuan/contracts/printing/barcode';
import { BarcodeCheckQuery, BarcodeRuleSave, NextBarcodesQuery } from '@shuyuan/contracts/printing/barcode-rule';
import { BarcodeType } from '@shuyuan/contracts/printing/label-template';
import {
  DIRECT_PRINT_MAX,
  PRINT_SCREENS,
  PreprintListQuery,
  PreprintRangeSave,
  PreprintViewQuery,
  PrintListQuery,
  PrintRequest,
  TEMPLATE_SCREEN,
  TemplateListQuery,
  TemplatePreview,
  TemplateSave,
} from '@shuyuan/contracts/printing/print-api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageOffset } from '../../platform/envelope.ts';
import { fail, forbidden, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/files/files.ts';
import { hasPermission, type Principal } from '../../platform/principal.ts';
import { type Ctx, route } from '../../platform/route.ts';
import {
  barcodesBreakingRule,
  listBarcodeRules,
  nextBarcodes,
  saveBarcodeRule,
  validateBarcode,
} from './barcode-rules.service.ts';
import { renderBarcodePng } from './lib/barcode-image.ts';
import { selectRows } from './print-data.service.ts';
import {
  assertCanPrint,
  markRangePrinted,
  prepareJob,
  preview,
  renderToBuffer,
  startPrintJob,
  withTemplate,
} from './print.service.ts';
import { addRange, checkRange, deleteRanges, listRanges, publicView, rangeByToken } from './preprint.service.ts';
import { deleteTemplates, getTemplate, listTemplates, saveTemplate } from './templates.service.ts';

/** Pre-printing screens (ranges and the barcode rules live on /barcode-prepriting). */
const PREPRINT = 'barcode-prepriting';
const PREPRINT_SCREENS = [PREPRINT, 'barcode-prepriting2'];

function assertAny(user: Principal | undefined, codes: string[]): void {
  if (!user || !codes.some((c) => hasPermission(user, c))) throw forbidden();
}

const MIME = { pdf: 'application/pdf', hpgl: 'application/vnd.hp-hpgl' } as const;

export function printingRoutes(app: FastifyInstance): void {
  // ---- barcode rules (spec §3/§5) -------------------------------------------------------------------------
  route(app, {
    url: `${P}/Printing/GetBarcodeRules`,
    access: 'school',
    summary: 'The school barcode rules (book, reader); every screen that takes a barcode may read them.',
    handler: ({ db, scope }) => listBarcodeRules(db, scope),
  });
  route(app, {
    url: `${P}/Printing/SaveBarcodeRule`,
    access: `${PREPRINT}:edit`,
    schema: BarcodeRuleSave,
    audit: 'printing.rule.save',
    handler: async ({ db, scope, body }) => {
      await saveBarcodeRule(db, scope, body);
      return (await listBarcodeRules(db, scope)).find((r) => r.kind === body.kind);
    },
  });
  route(app, {
    url: `${P}/Printing/CheckRuleImpact`,
    access: PREPRINT,
    schema: BarcodeRule,
    summary: 'Existing copy barcodes that a rule would refuse (count and a sample).',
    handler: ({ db, scope, body }) => barcodesBreakingRule(db, scope, body),
  });
  route(app, {
    url: `${P}/Printing/CheckBarcode`,
    access: 'school',
    schema: BarcodeCheckQuery,
    handler: async ({ db, scope, body, t }) => {
      const r = await validateBarcode(db, scope, body.barcode, body.kind);
      return r.ok ? { ok: true, message: '' } : { ok: false, code: r.code, message: t(r.key, r.params) };
    },
  });
  route(app, {
    url: `${P}/Printing/NextBarcodes`,
    access: 'school',
    schema: NextBarcodesQuery,
    handler: ({ db, scope, body }) => nextBarcodes(db, scope, body.count),
  });

  // ---- label templates --------------------------------------------------------------------------------------
  route(app, {
    url: `${P}/Printing/GetTemplateList`,
    access: 'school',
    schema: TemplateListQuery,
    handler: ({ db, scope, body }) => listTemplates(db, scope, body.kind),
  });
  route(app, {
    url: `${P}/Printing/GetTemplate`,
    access: 'school',
    schema: IdBody,
    handler: ({ db, scope, body }) => getTemplate(db, scope, body.id),
  });
  route(app, {
    url: `${P}/Printing/SaveTemplate`,
    access: 'school',
    schema: TemplateSave,
    audit: 'printing.template.save',
    handler: ({ db, scope, body, user, t }) => {
      const code = `${TEMPLATE_SCREEN[body.kind]}:${body.id ? 'edit' : 'add'}`;
      if (!user || !hasPermission(user, code)) throw forbidden();
      return saveTemplate(db, scope, body, t);
    },
  });
  route(app, {
    url: `${P}/Printing/DeleteTemplate`,
    access: 'school',
    schema: IdsBody,
    audit: 'printing.template.delete',
    handler: async ({ db, scope, body, user }) => {
      for (const id of body.ids) {
        const tpl = await getTemplate(db, scope, id);
        if (!user || !hasPermission(user, `${TEMPLATE_SCREEN[tpl.kind]}:delete`)) throw forbidden();
      }
      await deleteTemplates(db, scope, body.ids);
    },
  });
  route(app, {
    url: `${P}/Printing/PreviewTemplate`,
    access: 'school',
    schema: TemplatePreview,
    summary:
      "PDF preview of an unsaved template with sample data (the kind's template screen), or the given selection " +
      '(that print screen too).',
    handler: async ({ db, scope, body, t, user }) => {
      const screen =
        body.template.kind === 'readerCard'
          ? 'userprint'
          : body.template.kind === 'spine'
            ? 'callnumprint.common'
            : 'barcodeprint';
      assertAny(user, [TEMPLATE_SCREEN[body.template.kind]]);
      // Real data (readers' names and classes, copies) only for those who may print it.
      if (body.source && body.source.type !== 'sample') assertCanPrint(user, screen);
      const job = await prepareJob(
        app,
        db,
        scope,
        {
          screen,
          template: body.template,
          output: 'pdf',
          source: body.source ?? { type: 'sample', count: body.template.grid.columns * body.template.grid.rows },
          outline: true,
        },
        t,
      );
      return preview(job);
    },
  });

  // ---- pre-printing ranges -----------------------------------------------------------------------------------
  route(app, {
    url: `${P}/Printing/GetPreprintRangeList`,
    access: 'school',
    schema: PreprintListQuery,
    handler: ({ db, scope, body, user }) => {
      assertAny(user, PREPRINT_SCREENS);
      return listRanges(db, scope, body);
    },
  });
  route(app, {
    url: `${P}/Printing/CheckPreprintRange`,
    access: 'school',
    schema: PreprintRangeSave,
    handler: ({ db, scope, body, user, t }) => {
      assertAny(user, PREPRINT_SCREENS);
      return checkRange(db, scope, body, t);
    },
  });
  route(app, {
    url: `${P}/Printing/AddPreprintRange`,
    access: `${PREPRINT}:add`,
    schema: PreprintRangeSave,
    audit: 'printing.range.add',
    handler: ({ db, scope, body, user, t }) => addRange(db, scope, body, user?.userId ?? null, t),
  });
  route(app, {
    url: `${P}/Printing/DeletePreprintRange`,
    access: `${PREPRINT}:delete`,
    schema: IdsBody,
    audit: 'printing.range.delete',
    handler: ({ db, scope, body }) => deleteRanges(db, scope, body.ids),
  });
  route(app, {
    url: `${P}/Printing/GetPreprintView`,
    access: 'public',
    schema: PreprintViewQuery,
    summary: 'Public view of a pre-printed range by its token (/barcode-prepriting-view).',
    handler: ({ db, body }) => publicView(db, body),
  });
  route(app, {
    method: 'GET',
    url: `${P}/Printing/PreprintBarcodeImage`,
    access: 'public',
    schema: z.object({ token: z.string().min(8).max(64), code: z.string().min(1).max(64) }),
    raw: true,
    handler: async ({ db, body, reply }) => {
      const r = await rangeByToken(db, body.token);
      const rule = r && { prefix: r.prefix, length: 0, checkDigit: r.checkDigit };
      if (!r || !rule || !ruleCheck(body.code, rule).ok) throw notFound();
      const seq = Number(body.code.slice(r.prefix.length, r.checkDigit ? -1 : undefined));
      if (seq < r.startSeq || seq > r.endSeq) throw notFound();
      const img = await renderBarcodePng(body.code, 'code128');
      reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400');
      return reply.send(img.png);
    },
  });
  route(app, {
    method: 'GET',
    url: `${P}/Printing/BarcodeImage`,
    access: 'school',
    schema: z.object({ code: z.string().trim().min(1).max(64), type: BarcodeType.default('code128') }),
    raw: true,
    handler: async ({ body, reply }) => {
      const img = await renderBarcodePng(body.code, body.type);
      reply.header('content-type', 'image/png');
      return reply.send(img.png);
    },
  });

  // ---- print jobs --------------------------------------------------------------------------------------------
  const list = async ({ db, scope, body, user }: Ctx<z.infer<typeof PrintListQuery>>) => {
    if (!user || !hasPermission(user, body.screen)) throw forbidden();
    const kind = body.kind ?? PRINT_SCREENS[body.screen].kinds[0];
    const r = await selectRows(db, scope, kind, body.source, { offset: pageOffset(body), limit: body.Rows });
    return { List: r.rows, Total: r.total };
  };
  route(app, { url: `${P}/Printing/GetPrintList`, access: 'school', schema: PrintListQuery, handler: list });
  // Spec §7 name of the same list for call-number labels (GetBarCodeList belongs to the catalogue module).
  route(app, {
    url: `${P}/Literature/GetSshPrint`,
    access: 'school',
    schema: PrintListQuery.extend({ screen: PrintListQuery.shape.screen.default('callnumprint.common') }),
    handler: list,
  });

  route(app, {
    url: `${P}/Printing/Preview`,
    access: 'school',
    schema: PrintRequest,
    handler: async ({ db, scope, body, user, t }) => {
      assertCanPrint(user, body.screen);
      return preview(await prepareJob(app, db, scope, await withTemplate(db, scope, body), t));
    },
  });
  const printFile = async ({ db, scope, body, user, t, reply }: Ctx<PrintRequest>) => {
    assertCanPrint(user, body.screen);
    const job = await prepareJob(app, db, scope, await withTemplate(db, scope, body), t);
    const r = await renderToBuffer(job);
    await markRangePrinted(db, scope, body.source);
    reply.header('content-type', MIME[job.output]);
    reply.header('content-disposition', contentDisposition(job.fileName));
    reply.header('x-print-pages', String(r.pages));
    return reply.send(r.data);
  };
  route(app, {
    url: `${P}/Printing/PrintFile`,
    access: 'school',
    schema: PrintRequest,
    audit: 'printing.print',
    raw: true,
    handler: printFile,
  });
  route(app, {
    url: `${P}/Literature/getbarcodefile`,
    access: 'school',
    schema: PrintRequest,
    audit: 'printing.print',
    raw: true,
    handler: printFile,
  });
  route(app, {
    url: `${P}/Printing/PrintJob`,
    access: 'school',
    schema: PrintRequest,
    audit: 'printing.print',
    summary: `Background print job (download panel); the web uses PrintFile up to ${DIRECT_PRINT_MAX} labels.`,
    handler: async ({ db, scope, body, user, t, schoolId }) => {
      assertCanPrint(user, body.screen);
      const job = await prepareJob(app, db, scope, await withTemplate(db, scope, body), t);
      if (!job.labels.length) throw fail('PRINT_DATA_INVALID', 'printing.job.dataInvalid');
      return startPrintJob(app, job, { schoolId, userId: user?.userId ?? null, screen: body.screen, t }, () =>
        markRangePrinted(db, scope, body.source),
      );
    },
  });
}
