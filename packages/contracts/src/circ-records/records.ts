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
}

export const LoanIdBody = z.object({ id: zId });

/** /books-borrow-history: a copy (barcode) or a whole record. */
export const ItemHistoryQuery = PageQuery.extend({
  barcode: z.string().trim().max(64).optional(),
  recordId: zId.optional(),
}).refine((v) => !!v.barcode || !!v.recordId, { path: ['barcode'], message: 'circRecords.history.itemRequired' });

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

/** P/Circulation/GetRetrieveRecords: the conversions made by librarians. */
export const ConversionListQuery = PageQuery.extend({
  kind: z.enum(CONVERSION_KINDS).optional(),
  from: zDay.optional(),
  to: zDay.optional(),
});

export interface ConversionDto {
  id: number;
  loanId: number;
  kind: ConversionKind;
  reason: string;
  createdAt: string;
  operatorName: string | null;
  barcode: string;
  title: string;
  readerName: string;
  account: string;
}
