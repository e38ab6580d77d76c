import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { isValidIsbn, normalizeIsbn } from '../marc/isbn.ts';
import { BarcodeRule, validateBarcode } from '../printing/barcode.ts';
import { CIRC_STATES } from './copy-state.ts';

/** Money is typed in yuan (two decimals) and stored in fen, so sums never drift. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);

const yuan = z.coerce
  .number({ message: 'catalogue.priceInvalid' })
  .min(0, 'catalogue.priceInvalid')
  .max(10_000_000, 'catalogue.priceInvalid');
const text = (max = 500) => z.string().trim().max(max, 'validation.tooLong').default('');

/** Spec §6 record fields. ISBN: empty or a valid ISBN-10/13, stored without hyphens. */
export const RecordCreate = z.object({
  title: z.string({ message: 'catalogue.titleRequired' }).trim().min(1, 'catalogue.titleRequired').max(500),
  parallelTitle: text(),
  author: text(),
  edition: text(100),
  publisher: text(200),
  pubPlace: text(100),
  pubYear: z.coerce
    .number({ message: 'catalogue.yearInvalid' })
    .int('catalogue.yearInvalid')
    .min(0)
    .max(9999)
    .optional(),
  isbn: text(40)
    .refine((v) => !v || isValidIsbn(v), 'catalogue.isbnInvalid')
    .transform((v) => (v ? normalizeIsbn(v) : '')),
  issn: text(20),
  classNo: text(60),
  bookNo: text(60),
  price: yuan.optional(),
  language: text(20),
  pages: z.coerce
    .number({ message: 'catalogue.pagesInvalid' })
    .int('catalogue.pagesInvalid')
    .min(0)
    .max(100000)
    .optional(),
  coverUrl: text(1000),
  recommended: z.boolean().default(false),
  series: text(),
  subjects: z.array(z.string().trim().max(200)).max(50).default([]),
  summary: text(5000),
  readingLevel: text(50),
  /** The school's resource type (P/Basic/GetResourceTypeList); borrowing rules depend on it. */
  resourceTypeId: z.coerce.number().int().positive().nullable().optional(),
  marc: z.unknown().optional(),
  /**
   * Give the record the next book number of its class under the school's rule (种次号 reserved in the save
   * transaction, or the author number); `bookNo` is then ignored.
   */
  bookNoAuto: z.boolean().optional(),
});
export type RecordCreate = z.infer<typeof RecordCreate>;

export const RecordUpdate = RecordCreate.extend({ id: z.coerce.number().int().positive() });
export type RecordUpdate = z.infer<typeof RecordUpdate>;

export const SEARCH_FIELDS = ['title', 'author', 'isbn', 'barcode', 'callNo', 'classNo', 'publisher', 'batch'] as const;

export const RecordSearchQuery = PageQuery.extend({
  field: z.enum(SEARCH_FIELDS).optional(),
  sort: z.enum(['relevance', 'year']).default('relevance'),
  /** Facet filters picked from a previous answer's Facets. */
  facets: z
    .object({
      language: z.string().optional(),
      classLetter: z.string().max(2).optional(),
      year: z.coerce.number().int().optional(),
      locationId: z.coerce.number().int().optional(),
      state: z.enum(CIRC_STATES as [string, ...string[]]).optional(),
    })
    .default({}),
});
export type RecordSearchQuery = z.infer<typeof RecordSearchQuery>;

/**
 * Adding N copies: either the barcodes typed/scanned (one per copy, each checked against the school's barcode
 * rule), or none and they are generated from that rule after the highest barcode in use. `rule` is the older
 * per-request rule, used only while the school has none. Absent location/branch/store type/call number come
 * from the school's editing settings and the record.
 */
export const CopyAdd = z
  .object({
    recordId: z.coerce.number().int().positive(),
    count: z.coerce
      .number({ message: 'catalogue.copies.countInvalid' })
      .int()
      .min(1, 'catalogue.copies.countInvalid')
      .max(500),
    barcodes: z.array(z.string().trim()).max(500).optional(),
    rule: BarcodeRule.optional(),
    branchId: z.coerce.number().int().positive().optional(),
    locationId: z.coerce.number().int().positive().optional(),
    callNo: text(100),
    additionalNo: text(30),
    storeType: z.coerce.number().int().min(1).max(9).optional(),
    unitPrice: yuan.optional(),
    discountPrice: yuan.optional(),
    batchId: z.coerce.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.barcodes?.length) return;
    if (v.barcodes.length !== v.count)
      ctx.addIssue({ code: 'custom', path: ['barcodes'], message: 'catalogue.barcodeCount' });
    v.barcodes.forEach((b, i) => {
      if (!b) ctx.addIssue({ code: 'custom', path: ['barcodes', i], message: 'printing.barcode.required' });
    });
  });

/**
 * Barcodes that break the school's rule, with the message key and its parameters (the prefix, the length):
 * the server answers these as field issues, the copy form shows them while typing.
 */
export function barcodeIssues(barcodes: string[], rule: BarcodeRule) {
  return barcodes.flatMap((b, i) => {
    const r = validateBarcode(b, rule);
    return r.ok ? [] : [{ path: `barcodes.${i}`, key: r.key, params: r.params }];
  });
}
export type CopyAdd = z.infer<typeof CopyAdd>;

export const CopyStateChange = z.object({
  id: z.coerce.number().int().positive(),
  to: z.enum(CIRC_STATES as [string, ...string[]]),
});
export type CopyStateChange = z.infer<typeof CopyStateChange>;
