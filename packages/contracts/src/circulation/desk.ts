import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** Contracts of the desk's extra commands: verification, batch borrow/return, deferred return, all loans. */

const barcode = z.string().trim().min(1).max(64);

/** Most items one batch request may carry (a class set is ~50, a stocktake cart a few hundred). */
export const BATCH_MAX = 2000;

/** Deferred return rule: each deferral adds 1..DEFER_MAX_DAYS days; a loan is deferred at most DEFER_MAX_TIMES. */
export const DEFER_MAX_DAYS = 30;
export const DEFER_MAX_TIMES = 2;

/** P/readers/checkverify: the reader's own password, typed by the reader at the desk. */
export const CheckVerifyBody = z.object({ readerBarcode: barcode, password: z.string().min(1).max(128) });
export type CheckVerifyBody = z.infer<typeof CheckVerifyBody>;

/** Answer of checkverify: pass `verifyToken` to LiteratureCirc while it is valid. */
export interface VerifyAnswer {
  verifyToken: string;
  expiresAt: string;
  reader: { id: number; account: string; name: string };
}

/**
 * P/Circulation/batchcirc: one reader and many copies (`readerBarcode` + `barcodes`), or pairs of
 * reader/copy (`items`, e.g. a class list), or an uploaded file (`fileUrl`: xlsx/csv/txt, first column the
 * reader and second the copy; with `readerBarcode` a one-column file of copies). Per-item results.
 */
export const BatchBorrowBody = z
  .object({
    readerBarcode: barcode.optional(),
    barcodes: z.array(z.string().trim().max(64)).max(BATCH_MAX).optional(),
    items: z
      .array(z.object({ readerBarcode: z.string().trim().max(64), barcode: z.string().trim().max(64) }))
      .max(BATCH_MAX)
      .optional(),
    fileUrl: z.string().trim().max(500).optional(),
  })
  .refine((b) => (b.readerBarcode && b.barcodes?.length) || b.items?.length || b.fileUrl, {
    message: 'circ.batch.empty',
    path: ['barcodes'],
  });
export type BatchBorrowBody = z.infer<typeof BatchBorrowBody>;

/** P/Circulation/batchreturn: barcodes (a pasted list) or an uploaded file (first column). */
export const BatchReturnBody = z
  .object({
    barcodes: z.array(z.string().trim().max(64)).max(BATCH_MAX).optional(),
    fileUrl: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.barcodes?.length || b.fileUrl, { message: 'circ.batch.empty', path: ['barcodes'] });
export type BatchReturnBody = z.infer<typeof BatchReturnBody>;

/** One line of a batch answer: `ok` with what happened, or the refusal code and message. */
export interface BatchItemResult {
  line: number;
  readerBarcode?: string;
  barcode: string;
  ok: boolean;
  errorCode?: string;
  message?: string;
  title?: string;
  readerName?: string;
  dueDate?: string;
  overdueDays?: number;
  holdFor?: string | null;
}

export interface BatchAnswer {
  total: number;
  succeeded: number;
  failed: number;
  results: BatchItemResult[];
}

/** P/Circulation/GetDeferredItem: the open loans of a reader or of one copy, with their deferrals. */
export const DeferredItemQuery = z
  .object({ readerBarcode: z.string().trim().max(64).optional(), barcode: z.string().trim().max(64).optional() })
  .refine((q) => q.readerBarcode || q.barcode, { message: 'validation.required', path: ['barcode'] });
export type DeferredItemQuery = z.infer<typeof DeferredItemQuery>;

/** P/Circulation/DeferredReturn: push the due date of one open loan back, with a reason. */
export const DeferBody = z.object({
  loanId: z.coerce.number().int().positive(),
  days: z.coerce.number().int().min(1, 'circ.defer.daysRange').max(DEFER_MAX_DAYS, 'circ.defer.daysRange'),
  reason: z.string().trim().min(1, 'circ.defer.reasonRequired').max(200, 'validation.tooLong'),
});
export type DeferBody = z.infer<typeof DeferBody>;

/** P/Circulation/GetDeferralRecords: the deferral log (who, when, from/to, why). */
export const DeferralRecordQuery = PageQuery.extend({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type DeferralRecordQuery = z.infer<typeof DeferralRecordQuery>;

/** P/Circulation/GetAllBorrowing: every open loan of the school; SearchKey = reader, barcode or title. */
export const AllBorrowingQuery = PageQuery.extend({
  overdueOnly: z.coerce.boolean().optional().default(false),
  identity: z.string().trim().max(20).optional(),
  classId: z.coerce.number().int().positive().optional(),
  dueFrom: z.iso.date().optional(),
  dueTo: z.iso.date().optional(),
});
export type AllBorrowingQuery = z.infer<typeof AllBorrowingQuery>;

/** One open loan as the desk screens list it. */
export interface OpenLoanRow {
  loanId: number;
  barcode: string;
  title: string;
  borrowedAt: string;
  dueDate: string;
  renewals: number;
  overdueDays: number;
  deferrals?: number;
  readerAccount?: string;
  readerName?: string;
  className?: string | null;
}
