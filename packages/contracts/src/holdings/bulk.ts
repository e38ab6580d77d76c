import { z } from 'zod';
import { CIRC_STATES } from '../catalogue/copy-state.ts';

/** Screen codes (route path without the leading '/'; ops `<code>:<verb>`). */
export const HoldingsCode = {
  bulkEdit: 'bulk-editing',
  condition: 'batchcondition',
  batchData: 'batchdata',
  bulkDelete: 'delete-records-bulk',
  duplicate: 'newbook-duplicate-check',
  isbn: 'isbn-reporting',
  callNumber: 'callnumber-search',
  allocation: 'allocation',
  allocationScan: 'allocation-scan',
  allocationRecord: 'allocation-record',
  label: 'label-transfer',
  positioning: 'book-positioning',
  union: 'union-catalog',
  resourceAuth: 'resource-mana.basic-set.resource-auth',
  password: 'batchpsw',
} as const;

/** States a bulk edit may set. */
export const BULK_STATES = ['available', 'locked', 'lost'] as const;

/** At most this many copies in one bulk request (a whole delivery, a whole class of shelves). */
export const BULK_MAX = 5000;

const id = z.coerce.number().int().positive();
const yuan = z.coerce
  .number({ message: 'catalogue.priceInvalid' })
  .min(0, 'catalogue.priceInvalid')
  .max(10_000_000, 'catalogue.priceInvalid');

/** Barcodes typed, pasted or scanned: trimmed, blanks dropped, at most BULK_MAX. */
export const Barcodes = z
  .array(z.string().trim().max(64))
  .transform((l) => l.filter(Boolean))
  .pipe(z.array(z.string()).min(1, 'holdings.barcodesRequired').max(BULK_MAX, 'holdings.tooMany'));

/**
 * The copy fields a bulk edit may set. Absent = unchanged; `null` clears a nullable one (branch, location,
 * batch, prices). Prices are yuan on the wire. `circState` moves only along spec §4 transitions.
 */
export const CopyPatch = z
  .object({
    branchId: id.nullable().optional(),
    locationId: id.nullable().optional(),
    shelfMark: z.string().trim().max(100).optional(),
    callNo: z.string().trim().max(100).optional(),
    additionalNo: z.string().trim().max(60).optional(),
    storeType: z.coerce.number().int().min(1).max(9).optional(),
    /** Only the librarian's own moves (lock, unlock, mark lost/found); loans and holds move by circulation. */
    circState: z.enum(BULK_STATES).optional(),
    unitPrice: yuan.nullable().optional(),
    discountPrice: yuan.nullable().optional(),
    batchId: id.nullable().optional(),
    /** Record-level: the resource type of the copy's record. */
    resourceTypeId: id.nullable().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'holdings.nothingToSet' });
export type CopyPatch = z.infer<typeof CopyPatch>;
export const PATCH_FIELDS = [
  'branchId',
  'locationId',
  'shelfMark',
  'callNo',
  'additionalNo',
  'storeType',
  'circState',
  'unitPrice',
  'discountPrice',
  'batchId',
  'resourceTypeId',
] as const;
export type PatchField = (typeof PATCH_FIELDS)[number];

/** `/bulk-editing`: a list of barcodes + the fields to set (preview and apply take the same body). */
export const BulkEditBody = z.object({ barcodes: Barcodes, set: CopyPatch });
export type BulkEditBody = z.infer<typeof BulkEditBody>;

/** `/bulk-editing` from a file uploaded with P/upload/post: xlsx (barcode column + field columns) or txt. */
export const BulkEditFileBody = z.object({
  fileUrl: z.string().min(1, 'holdings.fileRequired').max(500),
  /** Fields applied to every row (file cells win over these); may be empty when the file carries columns. */
  set: z.record(z.string(), z.unknown()).default({}),
  apply: z.boolean().default(false),
});
export type BulkEditFileBody = z.infer<typeof BulkEditFileBody>;

const dateStr = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'holdings.dateInvalid')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** `/batchcondition` and `/delete-records-bulk`: which copies (all given conditions must hold; at least one). */
export const CopyFilter = z
  .object({
    batchId: id.optional(),
    branchId: id.optional(),
    locationId: id.optional(),
    classFrom: z.string().trim().max(60).optional(),
    classTo: z.string().trim().max(60).optional(),
    barcodeFrom: z.string().trim().max(64).optional(),
    barcodeTo: z.string().trim().max(64).optional(),
    /** Date the copy was added (school dates, inclusive). */
    addedFrom: dateStr,
    addedTo: dateStr,
    circState: z.enum(CIRC_STATES as [string, ...string[]]).optional(),
    storeType: z.coerce.number().int().min(1).max(9).optional(),
  })
  .refine((f) => Object.values(f).some((v) => v !== undefined && v !== ''), { message: 'holdings.conditionRequired' });
export type CopyFilter = z.infer<typeof CopyFilter>;

export const ConditionEditBody = z.object({ filter: CopyFilter, set: CopyPatch });
export type ConditionEditBody = z.infer<typeof ConditionEditBody>;

/** `/batchdata` operations, each previewed before it runs. */
/**
 * - callNo: call number = class number + separator + book number (the copy's own, else its record's);
 * - priceFromRecord: unit price = the record's price;
 * - discountFromBatch: discounted price = unit price × the acceptance batch's discount rate.
 * Without `overwrite` only empty values are filled.
 */
export const BATCH_DATA_OPS = ['callNo', 'priceFromRecord', 'discountFromBatch'] as const;
export type BatchDataOp = (typeof BATCH_DATA_OPS)[number];
export const BatchDataBody = z.object({
  op: z.enum(BATCH_DATA_OPS),
  /** Copies the operation looks at. */
  filter: CopyFilter,
  /** callNo: separator between class number and book number. */
  separator: z.enum(['/', '-', ' ']).default('/'),
  /** Also overwrite values already set (default: only fill empty ones). */
  overwrite: z.boolean().default(false),
});
export type BatchDataBody = z.infer<typeof BatchDataBody>;

/** `/delete-records-bulk`: by barcodes or by condition; optionally remove records left without copies. */
export const BulkDeleteBody = z
  .object({
    barcodes: z.array(z.string().trim().max(64)).max(BULK_MAX, 'holdings.tooMany').optional(),
    filter: CopyFilter.optional(),
    removeEmptyRecords: z.boolean().default(false),
  })
  .refine((b) => b.barcodes?.some(Boolean) || b.filter, { message: 'holdings.barcodesRequired', path: ['barcodes'] });
export type BulkDeleteBody = z.infer<typeof BulkDeleteBody>;

/** One item of a bulk answer: applied, or refused with a reason (in the caller's language). */
export interface ItemResult {
  barcode: string;
  copyId?: number;
  title?: string;
  ok: boolean;
  reason?: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}
export interface BulkAnswer {
  List: ItemResult[];
  okCount: number;
  badCount: number;
  /** Condition previews: how many copies match (List shows the first ones). */
  Total?: number;
}
