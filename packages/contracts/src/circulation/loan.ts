import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** How a loan was made: at the desk, by a self-check machine, or in a batch (class sets). */
export const LOAN_VIA = ['desk', 'sip2', 'batch'] as const;
export type LoanVia = (typeof LOAN_VIA)[number];

/** Identities that a borrowing rule may be scoped to (app_user.identity). */
export const READER_IDENTITIES = ['staff', 'teacher', 'student', 'parent', 'other'] as const;

/** Overdue modes of the setting 'circ.overdueMode'. */
export const OverdueMode = {
  UNIFIED_LENDABLE: 'unified-lendable',
  UNIFIED_REFUSAL: 'unified-refusal',
  SINGLE: 'single',
} as const;

/** Every refusal of the desk, SIP2 and batch commands; the web client maps these to its own texts. */
export const CircError = {
  COPY_NOT_FOUND: 'COPY_NOT_FOUND',
  COPY_ON_LOAN: 'COPY_ON_LOAN',
  COPY_NOT_AVAILABLE: 'COPY_NOT_AVAILABLE',
  READER_NOT_FOUND: 'READER_NOT_FOUND',
  READER_EXPIRED: 'READER_EXPIRED',
  READER_DISABLED: 'READER_DISABLED',
  OVER_LIMIT: 'OVER_LIMIT',
  OVERDUE_REFUSED: 'OVERDUE_REFUSED',
  LOAN_NOT_FOUND: 'LOAN_NOT_FOUND',
  /** Renewing for a reader a copy that is on loan to another reader. */
  LOAN_OF_OTHER_READER: 'LOAN_OF_OTHER_READER',
  /** Returned while registered lost (no open loan): the desk offers the lost-and-found flow. */
  COPY_LOST: 'COPY_LOST',
  RENEW_LIMIT: 'RENEW_LIMIT',
  RENEW_OVERDUE_REFUSED: 'RENEW_OVERDUE_REFUSED',
  /** On the hold shelf for another reader (reservations). */
  RESERVED_FOR_OTHER: 'RESERVED_FOR_OTHER',
  /** Outside the reader's borrowing range (location / resource type). */
  NOT_IN_RANGE: 'NOT_IN_RANGE',
  /** The physical card was reported lost: borrowing with it is refused until it is re-issued. */
  CARD_LOST: 'CARD_LOST',
  /** Weeded copies never lend. */
  COPY_WEEDED: 'COPY_WEEDED',
  /** The copy is in a store other than circulation (cataloguing, turnover, lost, reading, inventory check…). */
  COPY_STORE_REFUSED: 'COPY_STORE_REFUSED',
  /** Reader verification (password) missing or wrong when the school asks for it. */
  VERIFY_FAILED: 'VERIFY_FAILED',
  /** Deferred return: too many days, beyond the school's limit, or already deferred. */
  DEFER_TOO_LONG: 'DEFER_TOO_LONG',
  DEFER_LIMIT: 'DEFER_LIMIT',
} as const;
export type CircError = (typeof CircError)[keyof typeof CircError];

/** Refusals a desk with permission `surrency.borrow:override` may set aside, with a reason that is logged. */
export const OVERRIDABLE_REFUSALS: readonly string[] = [
  CircError.OVER_LIMIT,
  CircError.OVERDUE_REFUSED,
  CircError.NOT_IN_RANGE,
  CircError.READER_EXPIRED,
  CircError.RESERVED_FOR_OTHER,
];

const barcode = z.string().trim().min(1).max(64);

/** P/Circulation/LiteratureCirc: lend copy `barcode` to the reader with card/account `readerBarcode`. */
export const BorrowBody = z.object({
  readerBarcode: barcode,
  barcode,
  /** From P/readers/checkverify, when the school asks readers to verify before lending (circ.borrowVerify). */
  verifyToken: z.string().max(300).optional(),
  /**
   * Lend despite a policy refusal (loan limit, overdue, borrowing range, expired card, held for another reader):
   * needs permission `surrency.borrow:override`; the reason goes to the operation log.
   */
  override: z
    .object({ reason: z.string().trim().min(1, 'circ.override.reasonRequired').max(200, 'validation.tooLong') })
    .optional(),
});
export type BorrowBody = z.infer<typeof BorrowBody>;

/** P/Circulation/LiteratureReturn and P/Circulation/RenewLoan: the copy's barcode. */
export const BarcodeBody = z.object({ barcode });
export type BarcodeBody = z.infer<typeof BarcodeBody>;

/** P/Circulation/GetUserBorrowing: open loans of one reader, paged. */
export const UserBorrowingQuery = PageQuery.extend({ readerBarcode: barcode });
export type UserBorrowingQuery = z.infer<typeof UserBorrowingQuery>;

/** P/Circulation/GetUserBorrowLimitV2 and P/Literature/GetCircUserInfoByBarCode. */
export const ReaderBarcodeBody = z.object({ readerBarcode: barcode });
export type ReaderBarcodeBody = z.infer<typeof ReaderBarcodeBody>;

/** The values of a borrowing rule (loan_rule), as the desk shows them. */
export interface LoanRuleValues {
  maxLoans: number;
  loanDays: number;
  renewDays: number;
  maxRenewals: number;
  overdueRenewAllowed: boolean;
  overdueLendAllowed: boolean;
  /** Overdue fine per open day overdue (fen; 0 = no fine), free days before it counts, cap per loan (0 = none). */
  fineDayFen: number;
  fineGraceDays: number;
  fineCapFen: number;
}
