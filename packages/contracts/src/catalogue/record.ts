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
const str = (max = 500) => z.string().trim().max(max, 'validation.tooLong');
const whole = (message: string, max: number) => z.coerce.number({ message }).int(message).min(0).max(max);

/**
 * Spec §6 record fields, none defaulted: RecordCreate fills the defaults, RecordUpdate leaves a field the
 * caller did not send unchanged. ISBN: empty or a valid ISBN-10/13, stored without hyphens.
 */
const F = {
  title: z.string({ message: 'catalogue.titleRequired' }).trim().min(1, 'catalogue.titleRequired').max(500),
  parallelTitle: str(),
  author: str(),
  /** Statement of responsibility (245 $c / 200 $f): the authors as the title page states them. */
  responsibility: str(),
  edition: str(100),
  publisher: str(200),
  pubPlace: str(100),
  pubYear: whole('catalogue.yearInvalid', 9999),
  isbn: str(40)
    .refine((v) => !v || isValidIsbn(v), 'catalogue.isbnInvalid')
    .transform((v) => (v ? normalizeIsbn(v) : '')),
  issn: str(20),
  classNo: str(60),
  bookNo: str(60),
  price: yuan,
  language: str(20),
  pages: whole('catalogue.pagesInvalid', 100000),
  /** An image URL, or the url of a file uploaded through P/upload/post. */
  coverUrl: str(1000),
  recommended: z.boolean(),
  series: str(),
  subjects: z.array(z.string().trim().max(200)).max(50),
  summary: str(5000),
  readingLevel: str(50),
  /** The school's resource type (P/Basic/GetResourceTypeList); borrowing rules depend on it. */
  resourceTypeId: z.coerce.number().int().positive().nullable(),
  /** The whole MARC record the fields came from (import, copy cataloguing); kept as sent. */
  marc: z.unknown(),
  /**
   * Give the record the next book number of its class under the school's rule (种次号 reserved in the save
   * transaction, or the author number); `bookNo` is then ignored.
   */
  bookNoAuto: z.boolean(),
};

export const RecordCreate = z.object({
  title: F.title,
  parallelTitle: F.parallelTitle.default(''),
  author: F.author.default(''),
  responsibility: F.responsibility.default(''),
  edition: F.edition.default(''),
  publisher: F.publisher.default(''),
  pubPlace: F.pubPlace.default(''),
  pubYear: F.pubYear.optional(),
  isbn: F.isbn.default(''),
  issn: F.issn.default(''),
  classNo: F.classNo.default(''),
  bookNo: F.bookNo.default(''),
  price: F.price.optional(),
  language: F.language.default(''),
  pages: F.pages.optional(),
  coverUrl: F.coverUrl.default(''),
  recommended: F.recommended.default(false),
  series: F.series.default(''),
  subjects: F.subjects.default([]),
  summary: F.summary.default(''),
  readingLevel: F.readingLevel.default(''),
  resourceTypeId: F.resourceTypeId.optional(),
  marc: F.marc.optional(),
  bookNoAuto: F.bookNoAuto.optional(),
});
export type RecordCreate = z.infer<typeof RecordCreate>;

/**
 * A record's changes: a field left out keeps its stored value (the MARC, the cover… of a form that does not
 * show them); `null` clears a number (year, price, pages) or the resource type.
 */
export const RecordUpdate = z.object(F).partial().extend({
  id: z.coerce.number().int().positive(),
  pubYear: F.pubYear.nullable().optional(),
  price: F.price.nullable().optional(),
  pages: F.pages.nullable().optional(),
});
export type RecordUpdate = z.infer<typeof RecordUpdate>;

export const SEARCH_FIELDS = ['title', 'author', 'isbn', 'barcode', 'callNo', 'classNo', 'publisher', 'batch'] as const;

/** Staff search orders: relevance (newest first without a search text), year (newest), title, call number. */
export const RECORD_SORTS = ['relevance', 'year', 'title', 'callNo'] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];

export const RecordSearchQuery = PageQuery.extend({
  field: z.enum(SEARCH_FIELDS).optional(),
  sort: z.enum(RECORD_SORTS).default('relevance'),
  /** Facet filters picked from a previous answer's Facets. */
  facets: z
    .object({
      language: z.string().optional(),
      classLetter: z.string().max(2).optional(),
      year: z.coerce.number().int().optional(),
      locationId: z.coerce.number().int().optional(),
      state: z.enum(CIRC_STATES as [string, ...string[]]).optional(),
      /** The school's resource type (P/Basic/GetResourceTypeList); `0` picks records without one. */
      resourceTypeId: z.coerce.number().int().min(0).optional(),
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
    callNo: str(100).default(''),
    additionalNo: str(30).default(''),
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
