import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zEmail } from '../common/validators.ts';

const id = z.coerce.number().int().positive();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'circRecords.filter.dayInvalid');

/** The personal area (issue 11 §2): every call acts on the signed-in reader's own data only. */
export const RenewMineBody = z.object({ loanId: id });
export type RenewMineBody = z.infer<typeof RenewMineBody>;

export const ReserveMineBody = z.object({ recordId: id });
export type ReserveMineBody = z.infer<typeof ReserveMineBody>;

export const MyHistoryQuery = PageQuery.extend({ from: day.optional(), to: day.optional() });
export type MyHistoryQuery = z.infer<typeof MyHistoryQuery>;

/** The reading timeline: the caller's, or (a parent) one linked child's. */
export const TimelineQuery = z.object({ childId: id.optional() });
export type TimelineQuery = z.infer<typeof TimelineQuery>;

export const MyProfileBody = z.object({ email: z.union([z.literal(''), zEmail]) });
export type MyProfileBody = z.infer<typeof MyProfileBody>;

export interface MyLoan {
  loanId: number;
  barcode: string;
  title: string;
  borrowedAt: string;
  dueDate: string;
  renewals: number;
  overdueDays: number;
}

export interface RenewOutcome {
  loanId: number;
  barcode: string;
  title: string;
  ok: boolean;
  dueDate?: string;
  /** Why the school's rules refuse it, in the reader's language. */
  reason?: string;
  errorCode?: string;
}

export interface MyReservation {
  id: number;
  recordId: number;
  title: string;
  state: 'waiting' | 'ready' | 'collected' | 'expired' | 'cancelled';
  createdAt: string;
  holdUntil: string | null;
  queuePosition: number | null;
  barcode: string | null;
}

export interface MySuggestion {
  id: number;
  title: string;
  author: string;
  isbn: string;
  state: string;
  note: string;
  recordId: number | null;
  createdAt: string;
}

export interface MyBill {
  account: string;
  name: string;
  identity: string;
  /** Deposit in yuan with 2 decimals. */
  deposit: string;
  /** Compensations still to pay, in yuan. */
  owed: string;
  compensations: {
    orderNo: string;
    title: string;
    barcode: string;
    amount: string;
    state: string;
    registeredAt: string;
    compensatedAt: string | null;
  }[];
  /** Overdue fines still to pay, in yuan. */
  finesOwed: string;
  /** Overdue fines (unpaid first): how each was counted, and whether it is paid or waived. */
  fines: {
    fineNo: string;
    title: string;
    barcode: string;
    dueDate: string;
    returnDay: string;
    overdueDays: number;
    graceDays: number;
    chargedDays: number;
    /** Per day, in yuan. */
    perDay: string;
    amount: string;
    state: string;
    settledAt: string | null;
  }[];
}

export interface TimelineMonth {
  month: string;
  items: { loanId: number; recordId: number; title: string; borrowedAt: string; returnedAt: string | null }[];
}

export interface MyChild {
  id: number;
  account: string;
  name: string;
  relation: string;
}

/** An export of the caller's loan history (xlsx), optionally by borrowing date. */
export const MyHistoryExport = z.object({ from: day.optional(), to: day.optional() });
export type MyHistoryExport = z.infer<typeof MyHistoryExport>;

/**
 * /user/integral until reading points exist (issue 16): the reader's reading record, the basis points will be
 * counted from — loans, returns on time and late, renewals, distinct titles, by school year.
 */
export interface ReadingRecordTotals {
  loans: number;
  titles: number;
  returned: number;
  returnedOnTime: number;
  returnedLate: number;
  open: number;
  overdueNow: number;
  renewals: number;
}
export interface ReadingRecord extends ReadingRecordTotals {
  /** Per calendar year of the borrowing date (school time zone), newest first. */
  years: (ReadingRecordTotals & { year: string })[];
}

/**
 * A reader's card at a guide-screen kiosk (`/userinfo`): scanned there, answered only to a kiosk's device token
 * of the reader's school. What the card itself would tell a reader at the desk and nothing more: the name masked,
 * current loans with due dates, holds, overdue. No history, no contact data, no class, no account.
 */
export const KioskCardBody = z.object({ cardNo: z.string().trim().min(1).max(64) });
export type KioskCardBody = z.infer<typeof KioskCardBody>;
export interface KioskCard {
  maskedName: string;
  identity: string;
  expired: boolean;
  loans: {
    title: string;
    barcode: string;
    borrowedAt: string;
    dueDate: string;
    overdueDays: number;
    renewals: number;
  }[];
  holds: { title: string; state: 'waiting' | 'ready'; holdUntil: string | null; queuePosition: number | null }[];
  overdue: number;
}
