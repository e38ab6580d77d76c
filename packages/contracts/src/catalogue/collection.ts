import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { CIRC_STATES, CircState, STORE_TYPES, StoreType } from './copy-state.ts';

const id = z.coerce.number().int().positive();
const optId = id.optional();
const yuan = z.coerce
  .number({ message: 'catalogue.priceInvalid' })
  .min(0, 'catalogue.priceInvalid')
  .max(10_000_000, 'catalogue.priceInvalid');
const storeType = z.coerce
  .number()
  .int()
  .refine((v) => (STORE_TYPES as number[]).includes(v), 'catalogue.config.storeTypeInvalid');

/** What the copy list's search box looks in (P/Literature/GetItemCollectionSearchType lists them). */
export const COPY_SEARCH_TYPES = ['all', 'barcode', 'rfid', 'title', 'author', 'isbn', 'callNo', 'batch'] as const;

/** Filters of the copy list (/collection), the sum of prices and the export: the same where clause. */
export const CopyFilters = z.object({
  SearchKey: z.string().trim().max(200).default(''),
  searchType: z.enum(COPY_SEARCH_TYPES).default('all'),
  recordId: optId,
  batchId: optId,
  branchId: optId,
  locationId: optId,
  resourceTypeId: optId,
  circState: z.enum(CIRC_STATES as [string, ...string[]]).optional(),
  storeType: storeType.optional(),
  /** Class number prefix ('I24'). */
  classNo: z.string().trim().max(60).optional(),
  /** Copies added on/after, on/before (school dates). */
  addedFrom: z.iso.date().optional(),
  addedTo: z.iso.date().optional(),
});
export type CopyFilters = z.infer<typeof CopyFilters>;

/** P/Literature/GetItemsCollection: one record's copies (`recordId`) or the whole collection filtered. */
export const CopySearchQuery = PageQuery.extend(CopyFilters.shape);
export type CopySearchQuery = z.infer<typeof CopySearchQuery>;

export const BarcodeBody = z.object({
  barcode: z.string({ message: 'catalogue.barcodeRequired' }).trim().min(1, 'catalogue.barcodeRequired').max(64),
});
/** A barcode or an RFID tag id, scanned at the same box (P/Literature/GetBookToBarCodeORfid). */
export const BarcodeOrRfidBody = z.object({
  code: z.string({ message: 'catalogue.barcodeRequired' }).trim().min(1, 'catalogue.barcodeRequired').max(128),
});

/** Edit one copy (P/Literature/updatecollectioninfo); `version` is the one the form was loaded with. */
export const CopyUpdate = z.object({
  id,
  version: z.coerce.number().int().min(0),
  barcode: z.string({ message: 'catalogue.barcodeRequired' }).trim().min(1, 'catalogue.barcodeRequired').max(64),
  callNo: z.string().trim().max(100).default(''),
  classNo: z.string().trim().max(60).default(''),
  bookNo: z.string().trim().max(60).default(''),
  additionalNo: z.string().trim().max(30).default(''),
  shelfMark: z.string().trim().max(60).default(''),
  branchId: id.nullable().default(null),
  locationId: id.nullable().default(null),
  storeType,
  unitPrice: yuan.nullable().optional(),
  discountPrice: yuan.nullable().optional(),
  batchId: id.nullable().default(null),
});
export type CopyUpdate = z.infer<typeof CopyUpdate>;

/** Set the same values on many copies (P/Literature/UpdateItemsCollectionInfo); absent = unchanged. */
export const CopiesUpdate = z.object({
  ids: z.array(id).min(1).max(5000),
  branchId: id.optional(),
  locationId: id.optional(),
  storeType: storeType.optional(),
  batchId: id.optional(),
  shelfMark: z.string().trim().max(60).optional(),
});
export type CopiesUpdate = z.infer<typeof CopiesUpdate>;

export const RfidBind = z.object({
  copyId: id,
  rfid: z
    .string({ message: 'catalogue.rfid.required' })
    .trim()
    .toUpperCase()
    .min(1, 'catalogue.rfid.required')
    .max(64, 'validation.tooLong')
    .regex(/^[0-9A-Z:-]+$/, 'catalogue.rfid.invalid'),
});
export const CopyIdBody = z.object({ copyId: id });

/** The kinds of problems GetWarningList reports, each a filter of its own. */
export const COPY_WARNINGS = ['noLocation', 'noCallNo', 'noPrice', 'noRfid', 'longInCataloguing'] as const;
export const WarningQuery = PageQuery.extend({ kind: z.enum(COPY_WARNINGS).optional() });
/** Days a copy may stay in store 1 (cataloguing) before it is reported. */
export const CATALOGUING_WARN_DAYS = 30;

/** States of a copy that is out with a reader or held for one: it cannot be deleted nor moved to another store. */
export const ON_LOAN_STATES: readonly CircState[] = [
  CircState.BORROWED,
  CircState.RESERVING,
  CircState.RESERVED,
  CircState.RETURNED_NOT_RECEIVED,
];

const S = StoreType;
/**
 * Store types a librarian may move a copy to by hand. Inventory check (9) is set and cleared by the stocktake
 * only; recommended purchase (4) is for titles not yet owned, so a copy only leaves it (to cataloguing).
 */
export const STORE_TRANSITIONS: Record<number, readonly number[]> = {
  [S.CATALOGUING]: [S.CIRCULATION, S.TURNOVER, S.READING, S.WEEDED],
  [S.CIRCULATION]: [S.CATALOGUING, S.TURNOVER, S.READING, S.WEEDED],
  [S.WEEDED]: [S.CATALOGUING, S.CIRCULATION],
  [S.RECOMMENDED_PURCHASE]: [S.CATALOGUING],
  [S.TURNOVER]: [S.CIRCULATION, S.CATALOGUING, S.WEEDED],
  [S.LOST]: [S.CIRCULATION, S.WEEDED],
  [S.READING]: [S.CIRCULATION, S.CATALOGUING, S.WEEDED],
  [S.INVENTORY_CHECK]: [],
};
export function canMoveStore(from: number, to: number): boolean {
  return from === to || (STORE_TRANSITIONS[from]?.includes(to) ?? false);
}

/** Export: the chosen columns (keys from P/Download/ColumnScreen) and the list filters. */
export const ColumnScreenQuery = z.object({ type: z.string().trim().min(1).max(40).default('collection') });
export const CollectionExport = CopyFilters.extend({
  columns: z.array(z.string().max(40)).min(1, 'catalogue.export.noColumns').max(60),
});
export type CollectionExport = z.infer<typeof CollectionExport>;
