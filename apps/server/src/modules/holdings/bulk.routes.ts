import { P } from '@shuyuan/contracts/common/paths';
import {
  BatchDataBody,
  BulkDeleteBody,
  BulkEditBody,
  BulkEditFileBody,
  ConditionEditBody,
  HoldingsCode as C,
} from '@shuyuan/contracts/holdings/bulk';
import type { FastifyInstance } from 'fastify';
import { uploadedFile } from '../marc/marc.files.ts';
import { route } from '../../platform/route.ts';
import { editByBarcodes, runChanges } from './bulk-edit.service.ts';
import { type FileRow, fileDedupe, readBulkFile, rowPatch } from './bulk-file.ts';
import { toChange } from './bulk-edit.service.ts';
import { batchData, editByCondition, previewAnswer } from './condition.service.ts';
import { auditBulk, copiesByBarcode, missingCopy, summary } from './copy-ops.ts';
import { bulkDelete } from './delete.service.ts';
import { loadLookups } from './lookups.ts';
import { type ItemResult, PATCH_FIELDS } from '@shuyuan/contracts/holdings/bulk';
import { sendSheet } from './xlsx.ts';

/** Bulk editing, editing by condition, batch data processing and bulk delete (preview, then apply). */
export function bulkRoutes(app: FastifyInstance): void {
  for (const apply of [false, true]) {
    route(app, {
      url: `${P}/Literature/${apply ? 'itemsbatchedit' : 'itemsbatchpreview'}`,
      access: apply ? `${C.bulkEdit}:edit` : C.bulkEdit,
      schema: BulkEditBody,
      audit: apply ? 'holdings.bulkEdit' : undefined,
      summary: 'Sets fields of the listed copies; per-copy results (before → after, or the reason refused)',
      handler: async (ctx) => {
        const { db, scope, body, t } = ctx;
        const lk = await loadLookups(db, scope);
        const list = await editByBarcodes(db, scope, body.barcodes, body.set, lk, t, apply);
        if (apply) auditBulk(ctx, list);
        return summary(list);
      },
    });
  }

  route(app, {
    url: `${P}/Holdings/BulkEditTemplate`,
    access: `${C.bulkEdit}:import`,
    raw: true,
    summary: 'The bulk-edit file template: a barcode column and one column per field (caller language)',
    handler: ({ reply, t }) =>
      sendSheet(
        reply,
        t('holdings.bulkTemplate'),
        ['barcode', ...PATCH_FIELDS].map((f) => t(`holdings.field.${f}`)),
        [],
      ),
  });

  route(app, {
    url: `${P}/Literature/itemsbatcheditfile`,
    access: `${C.bulkEdit}:import`,
    schema: BulkEditFileBody,
    audit: 'holdings.bulkEditFile',
    summary: 'Bulk edit from an uploaded xlsx/txt (barcode column + field columns); apply=false previews',
    handler: async (ctx) => {
      const { db, scope, body, t } = ctx;
      const abs = uploadedFile(app, ctx.schoolId, body.fileUrl);
      const lk = await loadLookups(db, scope);
      const { rows, repeated } = fileDedupe(await readBulkFile(abs, t), t);
      const found = await copiesByBarcode(
        db,
        scope,
        rows.map((r) => r.barcode),
      );
      const missing = await missingCopy(db, scope, t);
      const refused: ItemResult[] = [];
      const items: Parameters<typeof runChanges>[2] = [];
      for (const row of rows as FileRow[]) {
        const c = found.get(row.barcode);
        if (!c) {
          refused.push(missing(row.barcode));
          continue;
        }
        const p = rowPatch(row.cells, body.set, lk, t);
        const ch = p.patch ? toChange(p.patch, lk, t) : undefined;
        const reason = p.reason ?? ch?.issues.map((i) => i.message).join('; ');
        if (!ch?.change || reason)
          refused.push({ barcode: row.barcode, copyId: c.id, title: c.title, ok: false, reason });
        else items.push({ c, ch: ch.change });
      }
      const done = await runChanges(db, scope, items, lk, t, body.apply);
      const list = [...done, ...refused, ...repeated];
      if (body.apply) auditBulk(ctx, list);
      else ctx.auditDetail.preview = true;
      return summary(list);
    },
  });

  for (const apply of [false, true]) {
    route(app, {
      url: `${P}/Holdings/${apply ? 'ConditionApply' : 'ConditionPreview'}`,
      access: apply ? `${C.condition}:edit` : C.condition,
      schema: ConditionEditBody,
      audit: apply ? 'holdings.conditionEdit' : undefined,
      summary: 'Sets fields of every copy matching a condition (preview: count + first rows)',
      handler: async (ctx) => {
        const { db, scope, body, t } = ctx;
        const lk = await loadLookups(db, scope);
        const list = await editByCondition(db, scope, body.filter, body.set, lk, t, apply);
        if (apply) auditBulk(ctx, list);
        return apply ? summary(list, { Total: list.length }) : previewAnswer(list);
      },
    });
    route(app, {
      url: `${P}/Holdings/${apply ? 'BatchDataApply' : 'BatchDataPreview'}`,
      access: apply ? `${C.batchData}:edit` : C.batchData,
      schema: BatchDataBody,
      audit: apply ? 'holdings.batchData' : undefined,
      summary: 'Batch data processing: call numbers, prices from the record, discounted prices from the batch',
      handler: async (ctx) => {
        const { db, scope, body, t } = ctx;
        const lk = await loadLookups(db, scope);
        const list = await batchData(db, scope, body, lk, t, apply);
        if (apply) {
          auditBulk(ctx, list);
          ctx.auditDetail.op = body.op;
        }
        return apply ? summary(list, { Total: list.length }) : previewAnswer(list);
      },
    });
    route(app, {
      url: `${P}/Holdings/${apply ? 'DeleteCopies' : 'DeleteCopiesPreview'}`,
      access: apply ? `${C.bulkDelete}:delete` : C.bulkDelete,
      schema: BulkDeleteBody,
      audit: apply ? 'holdings.bulkDelete' : undefined,
      summary: 'Deletes copies by barcodes or condition (never one on loan); optionally their empty records',
      handler: async (ctx) => {
        const { db, scope, body, t } = ctx;
        const { list, recordsRemoved } = await bulkDelete(db, scope, body, t, apply);
        if (apply) {
          auditBulk(ctx, list);
          ctx.auditDetail.recordsRemoved = recordsRemoved;
        }
        return apply ? summary(list, { recordsRemoved }) : { ...previewAnswer(list), recordsRemoved };
      },
    });
  }
}
