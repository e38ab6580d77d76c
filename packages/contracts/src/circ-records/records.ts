import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** A loan's state as the record screens show it: open, open and past its due date, or returned. */
export const LOAN_STATES = ['open', 'overdue', 'returned'] as const;
export type LoanState = (typeof LOAN_STATES)[number];

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'circRecords.filter.dayInvalid');
const zId = z.coerce.number().int().positive();

/** Filters of /br-records (and its export P/downloadV2/circrecord). */
export const LoanFilters = z.object({
  /** Reader account/barcode or name (contains). */
  reader: z.string().trim().max(64).optional(),
  readerId: zId.optional(),
  classId: zId.optional(),
  gradeId: zId.optional(),
  /** Copy barcode (exact). */
  barcode: z.string().trim().max(64).optional(),
  /** Title (contains). */
  title: z.string().trim().max(200).optional(),
  copyId: zId.optional(),
  recordId: zId.optional(),
  /** Borrowed on or after / on or before (school dates). */
  from: zDay.optional(),
  to: zDay.optional(),
  state: z.enum(LOAN_STATES).optional(),
  /** Overdue by at least this many days (open loans). */
  minOverdueDays: z.coerce.number().int().min(0).max(36500).optional(),
  /** Processing state of the overdue review (open loans past their due date; pending = not reviewed yet). */
  review: z.enum(['pending', 'processed', 'abandoned']).optional(),
});
export type LoanFilters = z.infer<typeof LoanFilters>;

export const LoanListQuery = PageQuery.extend(LoanFilters.shape);
export type LoanListQuery = z.infer<typeof LoanListQuery>;

export interface LoanRecordDto {
  id: number;
  copyId: number;
  barcode: string;
  recordId: number;
  title: string;
  author: string;
  callNo: string;
  userId: number;
  account: string;
  readerName: string;
  identity: string;
  className: string | null;
  gradeName: string | null;
  borrowedAt: string;
  dueDate: string;
  returnedAt: string | null;
  renewals: number;
  via: string;
  state: LoanState;
  /** Days past the due date (today for open loans, the return day for returned ones); 0 when on time. */
  overdueDays: number;
  operatorName: string | null;
  returnOperatorName: string | null;
  /** How a librarian closed it, when not by a normal return. */
  conversion: { kind: ConversionKind; reason: string; at: string } | null;
  /** The latest overdue review (P/Circulation/OverdueReviews), if any. */
  review: { state: OverdueReviewState; reason: string; at: string; operatorName: string | null } | null;
}

export const LoanIdBody = z.object({ id: zId });

/** /books-borrow-history: a copy (barcode) or a whole record. */
export const ItemHistoryQuery = PageQuery.extend({
  barcode: z.string().trim().max(64).optional(),
  recordId: zId.optional(),
}).refine((v) => !!v.barcode || !!v.recordId, { path: ['barcode'], message: 'circRecords.history.itemRequired' });

/** P/CircRecords/ExportItemHistory: the same choice as the history (a copy's barcode or a record). */
export const ItemHistoryFilters = z
  .object({ barcode: z.string().trim().max(64).optional(), recordId: zId.optional() })
  .refine((v) => !!v.barcode || !!v.recordId, { path: ['barcode'], message: 'circRecords.history.itemRequired' });

/** P/CircRecords/ExportReaderHistory: the same choice as the history (reader barcode or id, state). */
export const ReaderHistoryFilters = z
  .object({
    readerBarcode: z.string().trim().max(64).optional(),
    readerId: zId.optional(),
    state: z.enum(LOAN_STATES).optional(),
  })
  .refine((v) => !!v.readerBarcode || !!v.readerId, {
    path: ['readerBarcode'],
    message: 'circRecords.history.readerRequired',
  });

/** P/CircRecords/PickRecords | PickReaders: part of a title / barcode, or of a reader's name / account. */
export const PickQuery = z.object({ key: z.string().trim().min(1).max(100) });
export interface PickedRecord {
  id: number;
  title: string;
  author: string;
  copies: number;
}
export interface PickedReader {
  id: number;
  account: string;
  name: string;
  className: string | null;
}

/** /readers-borrow-history (P/Circulation/GetBorrowHistory): a reader by barcode or id. */
export const ReaderHistoryQuery = PageQuery.extend({
  readerBarcode: z.string().trim().max(64).optional(),
  readerId: zId.optional(),
  state: z.enum(LOAN_STATES).optional(),
}).refine((v) => !!v.readerBarcode || !!v.readerId, {
  path: ['readerBarcode'],
  message: 'circRecords.history.readerRequired',
});

/** Conversions of a loaned item (spec §4): to return, lost, or weeding. */
export const CONVERSION_KINDS = ['returned', 'lost', 'weeding'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

/**
 * One conversion of an open loan. To lost registers a loss through the losses module (compensation in fen
 * required, spec §5); to weeding needs a reason.
 */
export const ConvertLoanBody = z
  .object({
    id: zId,
    to: z.enum(CONVERSION_KINDS),
    reason: z.string().trim().max(200).default(''),
    compensationFen: z.coerce.number().int().min(0).max(100_000_000).optional(),
  })
  .refine((v) => v.to !== 'lost' || v.compensationFen !== undefined, {
    path: ['compensationFen'],
    message: 'circRecords.convert.compensationRequired',
  })
  .refine((v) => v.to !== 'weeding' || v.reason.length > 0, {
    path: ['reason'],
    message: 'circRecords.convert.reasonRequired',
  });
export type ConvertLoanBody = z.infer<typeof ConvertLoanBody>;

/** Weeding needs a reason (it ends the copy's life in the collection). */
export const WeedLoanBody = z.object({
  id: zId,
  reason: z.string().trim().min(1, 'circRecords.convert.reasonRequired').max(200),
});

export const ReturnLoanBody = z.object({ id: zId, reason: z.string().trim().max(200).default('') });

/**
 * Spec §4 "Processing: pending, processed, abandoned" — the review of an overdue loan under overdue mode
 * "single processing" (P/Circulation/OverdueReviews). A processed overdue no longer keeps its reader from
 * borrowing; pending (not reviewed, or sent back) and abandoned (the librarian gave up, with a reason) still do.
 */
export const OVERDUE_REVIEW_STATES = ['pending', 'processed', 'abandoned'] as const;
export type OverdueReviewState = (typeof OVERDUE_REVIEW_STATES)[number];
/** A review is logged with the conversions (loan_conversion.kind `overdue-<state>`). */
export const REVIEW_KINDS = ['overdue-pending', 'overdue-processed', 'overdue-abandoned'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const reviewKind = (s: OverdueReviewState): ReviewKind => `overdue-${s}`;

/** P/Circulation/OverdueReviews: one or more overdue loans, the processing state, the reason. */
export const OverdueReviewBody = z
  .object({
    ids: z.array(zId).min(1).max(200),
    state: z.enum(OVERDUE_REVIEW_STATES),
    reason: z.string().trim().max(200).default(''),
  })
  .refine((v) => v.state !== 'abandoned' || v.reason.length > 0, {
    path: ['reason'],
    message: 'circRecords.review.reasonRequired',
  });
export type OverdueReviewBody = z.infer<typeof OverdueReviewBody>;

/** P/Circulation/GetRetrieveRecords: the conversions and overdue reviews made by librarians. */
export const ConversionListQuery = PageQuery.extend({
  kind: z.enum([...CONVERSION_KINDS, ...REVIEW_KINDS]).optional(),
  from: zDay.optional(),
  to: zDay.optional(),
});

export interface ConversionDto {
  id: number;
  loanId: number;
  kind: ConversionKind | ReviewKind;
  reason: string;
  createdAt: string;
  operatorName: string | null;
  barcode: string;
  title: string;
  readerName: string;
  account: string;
}
