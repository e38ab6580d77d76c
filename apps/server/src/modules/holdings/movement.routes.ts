import { P } from '@shuyuan/contracts/common/paths';
import { HoldingsCode as C } from '@shuyuan/contracts/holdings/bulk';
import {
  AllocationBody,
  AllocationRecordQuery,
  FindCopiesQuery,
  LabelConvertBody,
  ScanAllocationBody,
  ShelfItemQuery,
  ShelfNumberBody,
  UnshelveBody,
  UpdateLocationBody,
} from '@shuyuan/contracts/holdings/movement';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { allocate, allocationRecords, findCopies, newBatchNo } from './allocation.service.ts';
import { auditBulk, copiesByBarcode, dedupe, missingCopy, selectCopies, summary } from './copy-ops.ts';
import { convertLabels } from './label.service.ts';
import { loadLookups } from './lookups.ts';
import { placeCopies, shelfItems, unshelve } from './positioning.service.ts';
import { sendSheet } from './xlsx.ts';

/** Transfers between branches/locations, label conversion and book positioning. */
export function movementRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Literature/AllocationV2`,
    access: `${C.allocation}:allocate`,
    schema: AllocationBody,
    audit: 'holdings.allocation',
    summary: 'Transfers the listed copies to a branch/location (one transfer batch); copies on loan refused',
    handler: async (ctx) => {
      const { db, scope, body, t, user } = ctx;
      const lk = await loadLookups(db, scope);
      const { unique, repeated } = dedupe(body.barcodes, t);
      const found = await copiesByBarcode(db, scope, unique);
      const batchNo = newBatchNo();
      const moved = await allocate(db, scope, user, [...found.values()], body, 'list', batchNo, lk, t);
      const byBarcode = new Map(moved.map((r) => [r.barcode, r]));
      const missing = await missingCopy(db, scope, t);
      const list = [...unique.map((b) => byBarcode.get(b) ?? missing(b)), ...repeated];
      auditBulk(ctx, list);
      ctx.auditDetail.batchNo = batchNo;
      return summary(list, { batchNo });
    },
  });

  route(app, {
    url: `${P}/Literature/BarCodeAllocation`,
    access: `${C.allocationScan}:allocate`,
    schema: ScanAllocationBody,
    audit: 'holdings.allocationScan',
    summary: 'Transfers one scanned copy; batchNo groups a scanning session (a new one is given when absent)',
    handler: async (ctx) => {
      const { db, scope, body, t, user } = ctx;
      const lk = await loadLookups(db, scope);
      const batchNo = body.batchNo || newBatchNo();
      const found = await copiesByBarcode(db, scope, [body.barcode]);
      const c = found.get(body.barcode);
      const [item] = c
        ? await allocate(db, scope, user, [c], body, 'scan', batchNo, lk, t)
        : [(await missingCopy(db, scope, t))(body.barcode)];
      auditBulk(ctx, [item]);
      return { ...item, batchNo };
    },
  });

  route(app, {
    url: `${P}/Literature/UpdateCollectionLocation`,
    access: `${C.allocation}:allocate`,
    schema: UpdateLocationBody,
    audit: 'holdings.updateLocation',
    summary: 'Moves copies picked from a list (ids) to another location',
    handler: async (ctx) => {
      const { db, scope, body, t, user } = ctx;
      const lk = await loadLookups(db, scope);
      const rows = await selectCopies(db, scope, inArray(copy.id, body.ids));
      const batchNo = newBatchNo();
      const list = await allocate(db, scope, user, rows, body, 'location', batchNo, lk, t);
      auditBulk(ctx, list);
      return summary(list, { batchNo });
    },
  });

  route(app, {
    url: `${P}/Holdings/FindCopies`,
    access: C.allocation,
    schema: FindCopiesQuery,
    summary: 'Copies of a condition with where they are (to pick some for UpdateCollectionLocation)',
    handler: async ({ db, scope, body }) => findCopies(db, scope, body, await loadLookups(db, scope)),
  });

  route(app, {
    url: `${P}/Literature/GetAllocationRecords`,
    access: C.allocationRecord,
    schema: AllocationRecordQuery,
    handler: async ({ db, scope, body }) => allocationRecords(db, scope, body, await loadLookups(db, scope)),
  });

  route(app, {
    url: `${P}/Holdings/ExportAllocationRecords`,
    access: `${C.allocationRecord}:export`,
    schema: AllocationRecordQuery,
    raw: true,
    audit: 'holdings.allocation.export',
    summary: 'The transfer records of the filters as xlsx',
    handler: async ({ db, scope, body, t, reply }) => {
      const data = await allocationRecords(db, scope, body, await loadLookups(db, scope), true);
      const cols = ['batchNo', 'barcode', 'title', 'from', 'to', 'operator', 'time', 'remark'];
      return sendSheet(
        reply,
        t('holdings.allocation.file'),
        cols.map((c) => t(`holdings.allocation.col.${c}`)),
        data.List.map((r) => [
          r.batchNo,
          r.barcode,
          r.title,
          [r.fromBranch, r.fromLocation].filter(Boolean).join(' / '),
          [r.toBranch, r.toLocation].filter(Boolean).join(' / '),
          r.operatorName,
          r.createdAt.toISOString().replace('T', ' ').slice(0, 19),
          r.remark,
        ]),
      );
    },
  });

  route(app, {
    url: `${P}/Holdings/LabelConvert`,
    access: `${C.label}:convert`,
    schema: LabelConvertBody,
    audit: 'holdings.labelConvert',
    summary: 'Replaces barcodes or RFID tags: old → new pairs (apply=false checks only)',
    handler: async (ctx) => {
      const list = await convertLabels(ctx.db, ctx.scope, ctx.body, ctx.t);
      if (ctx.body.apply) auditBulk(ctx, list);
      else ctx.auditDetail.preview = true;
      return summary(list);
    },
  });

  route(app, {
    url: `${P}/Literature/ShelfNumber`,
    access: `${C.positioning}:edit`,
    schema: ShelfNumberBody,
    audit: 'holdings.shelve',
    summary: 'Places copies on a shelf position (by id, code or scanned barcode)',
    handler: async (ctx) => {
      const { position, items } = await placeCopies(ctx.db, ctx.scope, ctx.user, ctx.body, ctx.t);
      auditBulk(ctx, items);
      ctx.auditDetail.position = position.code;
      return summary(items, { position });
    },
  });

  route(app, {
    url: `${P}/Holdings/Unshelve`,
    access: `${C.positioning}:edit`,
    schema: UnshelveBody,
    audit: 'holdings.unshelve',
    handler: async (ctx) => {
      const list = await unshelve(ctx.db, ctx.scope, ctx.body.barcodes, ctx.t);
      auditBulk(ctx, list);
      return summary(list);
    },
  });

  route(app, {
    url: `${P}/Literature/GetShelfItem`,
    access: C.positioning,
    schema: ShelfItemQuery,
    handler: ({ db, scope, body, t }) => shelfItems(db, scope, body, t),
  });
}
