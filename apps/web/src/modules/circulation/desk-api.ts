import type { BatchAnswer, OpenLoanRow, VerifyAnswer } from '@shuyuan/contracts/circulation/desk';
import type { LoanRuleValues } from '@shuyuan/contracts/circulation/loan';
import type { FineNotice } from '@shuyuan/contracts/fines/fine';
import { P } from '@shuyuan/contracts/common/paths';
import { api } from '../../app/http.ts';
import type { AfiWrite } from './afi.ts';

/** The desk's server calls, typed once for every circulation screen. */

export interface DeskReader {
  id: number;
  account: string;
  name: string;
  enName: string | null;
  identity: string;
  phone: string | null;
  validUntil: string | null;
  state: number;
  photoUrl: string | null;
  className: string | null;
  cardLost: boolean;
  expired: boolean;
  openLoans: number;
  overdueLoans: number;
}

export interface BorrowLimit {
  rule: LoanRuleValues;
  open: number;
  overdue: number;
  remaining: number;
  /** false when each resource type's limit counts only that type's loans (setting circ.combinedLimit off). */
  combined: boolean;
  /** The limits of resource types that have their own rule for this reader. */
  byType: {
    resourceTypeId: number;
    name: string;
    enName: string | null;
    rule: LoanRuleValues;
    open: number;
    remaining: number;
  }[];
}

export interface LoanRow {
  loanId: number;
  barcode: string;
  title: string;
  borrowedAt: string;
  dueDate: string;
  renewals: number;
  overdueDays: number;
}

export interface BorrowDone {
  loanId: number;
  dueDate: string;
  barcode: string;
  rfid: string;
  /** The AFI the desk's reader writes to the tag (null: nothing to write). */
  afiWrite: AfiWrite | null;
  /** Set by the desk: the loan is done but the tag's AFI could not be written. */
  afiFailed?: boolean;
  title: string;
  reader: { id: number; account: string; name: string };
  openLoans: number;
  maxLoans: number;
  /** Refusals the desk overrode for this loan. */
  overridden?: string[];
}

/** A copy waiting on the hold shelf for the reader at the desk. */
export interface ShelfHold {
  reservationId: number;
  barcode: string;
  title: string;
  callNo: string;
  holdUntil: string | null;
}

export interface Hold {
  readerId: number;
  account: string;
  name: string;
  until?: string | null;
}

export interface ReturnDone {
  loanId: number;
  barcode: string;
  rfid: string;
  afiWrite: AfiWrite | null;
  afiFailed?: boolean;
  title: string;
  dueDate: string;
  overdueDays: number;
  reader: { id: number; account: string; name: string };
  hold: Hold | null;
  /** The overdue fine this return charged (a loan rule with a fine), or null. */
  fine: FineNotice | null;
}

export interface RenewDone {
  barcode: string;
  title: string;
  dueDate: string;
  renewals: number;
  reader: { account: string; name: string };
}

/** What the lending desk's reader panel shows; every desk scan answers it (one request per scan). */
export interface ReaderPanelData {
  limit: BorrowLimit;
  loans: LoanRow[];
  holds: ShelfHold[];
}

/** A reader's unpaid overdue fines: how many, and their sum in fen. */
export interface FinesOwed {
  count: number;
  unpaidFen: number;
}

/** A card scanned at the lending desk: the reader, their panel and the fines they owe. */
export interface ReaderScan extends ReaderPanelData {
  reader: DeskReader;
  fines: FinesOwed;
}

/** Desk calls answer their refusals themselves (the result list shows them): no global toast. */
const quiet = { showError: false } as const;

export const deskApi = {
  /** A card scan: the reader with their limits, loans, holds and fines owed, in one request. */
  reader: (readerBarcode: string) => api.post<ReaderScan>(`${P}/Circulation/DeskReader`, { readerBarcode }, quiet),
  needVerify: () => api.post<{ needVerify: boolean }>(`${P}/config/isneedverify`, {}),
  checkVerify: (readerBarcode: string, password: string) =>
    api.post<VerifyAnswer>(`${P}/readers/checkverify`, { readerBarcode, password }, quiet),
  /** A copy scan at the lending desk: the loan, with the reader's panel as it is after it. */
  borrow: (readerBarcode: string, barcode: string, verifyToken?: string, overrideReason?: string) =>
    api.post<BorrowDone & { panel: ReaderPanelData }>(
      `${P}/Circulation/DeskBorrow`,
      { readerBarcode, barcode, verifyToken, override: overrideReason ? { reason: overrideReason } : undefined },
      quiet,
    ),
  /** A return, with the reader's other open loans. */
  return: (barcode: string) =>
    api.post<ReturnDone & { panel: { loans: LoanRow[] } }>(`${P}/Circulation/DeskReturn`, { barcode }, quiet),
  /** A renewal, with the reader's open loans as they are after it. */
  renew: (barcode: string) =>
    api.post<RenewDone & { panel: { loans: OpenLoanRow[] } }>(`${P}/Circulation/DeskRenew`, { barcode }, quiet),
  renewItems: (q: { readerBarcode?: string; barcode?: string }) =>
    api.post<OpenLoanRow[]>(`${P}/Circulation/GetRenewItems`, q, quiet),
  deferredItems: (q: { readerBarcode?: string; barcode?: string }) =>
    api.post<OpenLoanRow[]>(`${P}/Circulation/GetDeferredItem`, q),
  batchBorrow: (body: object) => api.post<BatchAnswer>(`${P}/Circulation/batchcirc`, body, { loading: true }),
  batchReturn: (body: object) => api.post<BatchAnswer>(`${P}/Circulation/batchreturn`, body, { loading: true }),
  upload: async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<{ url: string }>(`${P}/upload/post`, body);
  },
};
