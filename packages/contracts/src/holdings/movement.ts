import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { Barcodes, CopyFilter } from './bulk.ts';

const id = z.coerce.number().int().positive();
const dateStr = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'holdings.dateInvalid')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** Where copies go: a location (its branch comes with it) or a branch alone. */
const target = {
  toBranchId: id.optional(),
  toLocationId: id.optional(),
  remark: z.string().trim().max(200).default(''),
};
const hasTarget: [(v: { toBranchId?: number; toLocationId?: number }) => boolean, { message: string; path: string[] }] =
  [(v) => Boolean(v.toBranchId || v.toLocationId), { message: 'holdings.targetRequired', path: ['toLocationId'] }];

/** P/Literature/AllocationV2: transfer a list of copies (one transfer batch). */
export const AllocationBody = z.object({ barcodes: Barcodes, ...target }).refine(...hasTarget);
export type AllocationBody = z.infer<typeof AllocationBody>;

/** P/Literature/BarCodeAllocation: one scanned copy; `batchNo` groups the scans of one session. */
export const ScanAllocationBody = z
  .object({
    barcode: z.string().trim().min(1, 'holdings.barcodesRequired').max(64),
    batchNo: z.string().trim().max(40).optional(),
    ...target,
  })
  .refine(...hasTarget);
export type ScanAllocationBody = z.infer<typeof ScanAllocationBody>;

/** P/Literature/UpdateCollectionLocation: copies picked from a list (ids) to another location. */
export const UpdateLocationBody = z.object({
  ids: z.array(id).min(1).max(5000),
  toLocationId: id,
  remark: z.string().trim().max(200).default(''),
});
export type UpdateLocationBody = z.infer<typeof UpdateLocationBody>;

export const AllocationRecordQuery = PageQuery.extend({
  batchNo: z.string().trim().max(40).optional(),
  branchId: id.optional(),
  dateFrom: dateStr,
  dateTo: dateStr,
});
export type AllocationRecordQuery = z.infer<typeof AllocationRecordQuery>;

/** P/Holdings/LabelConvert: old → new barcode (or RFID tag) pairs. */
export const LabelConvertBody = z.object({
  kind: z.enum(['barcode', 'rfid']).default('barcode'),
  pairs: z
    .array(z.object({ from: z.string().trim().max(64), to: z.string().trim().max(64) }))
    .min(1, 'holdings.pairsRequired')
    .max(5000, 'holdings.tooMany'),
  apply: z.boolean().default(false),
});
export type LabelConvertBody = z.infer<typeof LabelConvertBody>;

/** P/Literature/ShelfNumber: put copies on a shelf position (by id or by its scanned code/barcode). */
export const ShelfNumberBody = z
  .object({
    positionId: id.optional(),
    position: z.string().trim().max(64).optional(),
    barcodes: Barcodes,
  })
  .refine((v) => v.positionId || v.position, { message: 'holdings.positionRequired', path: ['position'] });
export type ShelfNumberBody = z.infer<typeof ShelfNumberBody>;

export const UnshelveBody = z.object({ barcodes: Barcodes });

/** P/Literature/GetShelfItem: what is on a shelf (all positions) or on one position. */
export const ShelfItemQuery = PageQuery.extend({
  shelfId: id.optional(),
  positionId: id.optional(),
  position: z.string().trim().max(64).optional(),
});
export type ShelfItemQuery = z.infer<typeof ShelfItemQuery>;

/** Copies of a condition, a page at a time (to pick some and move them with UpdateCollectionLocation). */
export const FindCopiesQuery = PageQuery.extend({ filter: CopyFilter });
export type FindCopiesQuery = z.infer<typeof FindCopiesQuery>;
