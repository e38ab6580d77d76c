import { BatchCreate, type BatchDto, BatchListQuery, BatchUpdate } from '@shuyuan/contracts/catalogue/batch';
import { count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineResource } from '../../platform/resource/define.ts';
import type { Ctx } from '../../platform/route.ts';
import { refuseIfUsed } from '../basic/refs.ts';
import { acceptanceBatch, copy } from './catalogue.table.ts';

type BatchRow = typeof acceptanceBatch.$inferSelect;
const money = (fen: number | null) => (fen == null ? '' : (fen / 100).toFixed(2));

/** The copies of a batch, counted and priced (fen). */
async function batchTotals(ctx: Ctx<unknown>, batchId: number) {
  const [t] = await ctx.db
    .select({
      copies: count(),
      records: countDistinct(copy.recordId),
      unit: sql<string>`coalesce(sum(${copy.unitPriceFen}), 0)`,
      discount: sql<string>`coalesce(sum(${copy.discountPriceFen}), 0)`,
    })
    .from(copy)
    .where(ctx.scope.where(copy, eq(copy.batchId, batchId)));
  return { copies: t.copies, records: t.records, unitTotalFen: Number(t.unit), discountTotalFen: Number(t.discount) };
}

async function toDto(r: BatchRow, ctx: Ctx<unknown>): Promise<BatchDto> {
  return {
    id: r.id,
    batchNo: r.batchNo,
    state: r.state,
    type: r.type,
    acceptedOn: r.acceptedOn,
    bookseller: r.bookseller,
    discountRate: r.discountRate == null ? null : Number(r.discountRate),
    currency: r.currency,
    priceFen: r.priceFen,
    voucher: r.voucher,
    invoiceNo: r.invoiceNo,
    ...(await batchTotals(ctx, r.id)),
  };
}

/**
 * /batch: acceptance batches on the resource kit (P/Catalogue/GetBatchList, AddBatch, UpdateBatch, DeleteBatch,
 * ExportBatch) with the totals of their copies; a batch that still has copies cannot be deleted.
 */
export function batchRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Catalogue',
    entity: 'Batch',
    table: acceptanceBatch,
    permission: 'batch',
    audit: 'batch',
    contracts: { create: BatchCreate, update: BatchUpdate, list: BatchListQuery },
    search: [acceptanceBatch.batchNo, acceptanceBatch.bookseller, acceptanceBatch.invoiceNo],
    filters: (q) => [q.state === undefined ? undefined : eq(acceptanceBatch.state, q.state)],
    orderBy: [desc(acceptanceBatch.id)],
    unique: [
      {
        field: 'batchNo',
        labelKey: 'catalogue.batch.batchNo',
        columns: [acceptanceBatch.batchNo],
        constraint: 'acceptance_batch_school_no_uq',
        ignoreCase: true,
      },
    ],
    toDto,
    toValues: ({ input }) => {
      const { id: _id, discountRate, acceptedOn, priceFen, ...rest } = input as typeof input & { id?: number };
      return {
        ...rest,
        acceptedOn: acceptedOn ?? null,
        priceFen: priceFen ?? null,
        discountRate: discountRate == null ? null : String(discountRate),
      };
    },
    hooks: {
      beforeDelete: ({ ctx, db, rows }) =>
        refuseIfUsed(
          db,
          ctx,
          copy,
          copy.batchId,
          rows.map((r) => r.id),
          'catalogue.batch.hasCopies',
        ),
    },
    export: {
      fileNameKey: 'catalogue.batch.file',
      columns: [
        { labelKey: 'catalogue.batch.batchNo', value: (d) => d.batchNo },
        { labelKey: 'catalogue.batch.state', value: (d, t) => t(`catalogue.batch.state${d.state}`) },
        { labelKey: 'catalogue.batch.type', value: (d) => d.type },
        { labelKey: 'catalogue.batch.acceptedOn', value: (d) => d.acceptedOn ?? '' },
        { labelKey: 'catalogue.batch.bookseller', value: (d) => d.bookseller },
        { labelKey: 'catalogue.batch.discountRate', value: (d) => d.discountRate ?? '' },
        { labelKey: 'catalogue.batch.currency', value: (d) => d.currency },
        { labelKey: 'catalogue.batch.price', value: (d) => money(d.priceFen) },
        { labelKey: 'catalogue.batch.voucher', value: (d) => d.voucher },
        { labelKey: 'catalogue.batch.invoiceNo', value: (d) => d.invoiceNo },
        { labelKey: 'catalogue.batch.copies', value: (d) => d.copies },
        { labelKey: 'catalogue.batch.unitTotal', value: (d) => money(d.unitTotalFen) },
        { labelKey: 'catalogue.batch.discountTotal', value: (d) => money(d.discountTotalFen) },
      ],
    },
  });
}
