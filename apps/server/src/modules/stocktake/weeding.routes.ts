import { IdBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { WeedBody, WeedFileBody, WeedingListQuery } from '@shuyuan/contracts/stocktake/weeding';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { readBarcodeFile, uploadedFile } from './barcode-file.ts';
import { listWeeding, undoWeeding, weed } from './weeding.service.ts';
import { exportXlsx } from './xlsx-job.ts';

/** The weeding register (/weeding, 剔旧登记): view, `:weed` to weed or undo, `:export`. */
const CODE = 'weeding';

type Row = Awaited<ReturnType<typeof listWeeding>>['List'][number];

export function weedingRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Stocktake/Weed`,
    access: `${CODE}:weed`,
    schema: WeedBody,
    audit: 'weeding.weed',
    summary: 'Weed copies by barcode (store 3) with a reason; an answer per barcode',
    handler: ({ db, scope, body, user, t }) => weed(db, scope, body, user?.userId ?? null, t),
  });
  route(app, {
    url: `${P}/Stocktake/WeedFile`,
    access: `${CODE}:weed`,
    schema: WeedFileBody,
    audit: 'weeding.weed',
    summary: 'Weed the barcodes of an uploaded .txt/.csv/.xlsx (first column)',
    handler: async (ctx) => {
      const barcodes = await readBarcodeFile(uploadedFile(app, ctx.schoolId, ctx.body.fileUrl));
      if (!barcodes.length) throw fail('FILE_EMPTY', 'stocktake.file.empty');
      if (barcodes.length > 5000) throw fail('TOO_MANY', 'stocktake.weed.tooMany');
      const { fileUrl: _f, ...rest } = ctx.body;
      return weed(ctx.db, ctx.scope, { ...rest, barcodes }, ctx.user?.userId ?? null, ctx.t);
    },
  });
  route(app, {
    url: `${P}/Stocktake/UndoWeed`,
    access: `${CODE}:weed`,
    schema: IdBody,
    audit: 'weeding.undo',
    summary: 'Take back a mistaken weeding: the copy returns to its previous store',
    handler: ({ db, scope, body, user }) => undoWeeding(db, scope, body.id, user?.userId ?? null),
  });
  route(app, {
    url: `${P}/Stocktake/GetWeedingList`,
    access: CODE,
    schema: WeedingListQuery,
    handler: ({ db, scope, body }) => listWeeding(db, scope, body),
  });
  route(app, {
    url: `${P}/Stocktake/ExportWeeding`,
    access: `${CODE}:export`,
    schema: WeedingListQuery,
    audit: 'weeding.export',
    handler: (ctx) =>
      exportXlsx<Row>(app, ctx, {
        operationType: 'export.weeding',
        title: ctx.t('stocktake.weed.file'),
        columns: [
          { labelKey: 'stocktake.col.date', value: (r) => r.weededOn },
          { labelKey: 'stocktake.col.barcode', value: (r) => r.barcode },
          { labelKey: 'stocktake.col.title', value: (r) => r.title, width: 40 },
          { labelKey: 'stocktake.col.callNo', value: (r) => r.callNo },
          { labelKey: 'stocktake.col.reasonWeed', value: (r) => r.reason, width: 30 },
          { labelKey: 'stocktake.col.price', value: (r) => (r.priceFen == null ? '' : r.priceFen / 100) },
          { labelKey: 'stocktake.col.operator', value: (r) => r.operatorName },
          { labelKey: 'stocktake.col.undone', value: (r, t) => (r.undoneAt ? t('stocktake.yes') : '') },
        ],
        rows: async () => (await listWeeding(ctx.db, ctx.scope, ctx.body, true)).List,
      }),
  });
}
