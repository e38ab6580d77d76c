import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';
import { PAY_METHODS, type PayMethod } from '../losses/loss.ts';

/**
 * Overdue fines (issue 14 §4). A loan rule may charge per overdue day (`fineDayFen`), after `fineGraceDays`
 * free days, up to `fineCapFen` per loan (0 = no cap). A rule with 0 per day charges nothing: fines are off
 * until a school sets an amount. The fine is charged when the copy comes back: days overdue are the open days
 * of the school's calendar after the due date up to the return day (closed days are never charged, as for the
 * overdue days the desk shows), less the grace days. Money in fen.
 */
export const FineState = { UNPAID: 'unpaid', PAID: 'paid', WAIVED: 'waived' } as const;
export type FineState = (typeof FineState)[keyof typeof FineState];
export const FINE_STATES = Object.values(FineState) as FineState[];

export const FineError = {
  FINE_STATE: 'FINE_STATE',
  FINE_NOT_FOUND: 'FINE_NOT_FOUND',
  DEPOSIT_TOO_LOW: 'DEPOSIT_TOO_LOW',
} as const;

/** What a fine comes to: days charged and amount, from the overdue open days and the rule's fine values. */
export function fineFor(
  overdueDays: number,
  rule: { fineDayFen: number; fineGraceDays: number; fineCapFen: number },
): { days: number; amountFen: number } {
  if (rule.fineDayFen <= 0 || overdueDays <= 0) return { days: 0, amountFen: 0 };
  const days = Math.max(0, overdueDays - Math.max(0, rule.fineGraceDays));
  const raw = days * rule.fineDayFen;
  return { days, amountFen: rule.fineCapFen > 0 ? Math.min(raw, rule.fineCapFen) : raw };
}

const ids = z.array(z.coerce.number().int().positive()).min(1, 'fines.noneChosen').max(200);
const note = z.string().trim().max(200, 'validation.tooLong').optional().default('');

/** P/Fine/GetReaderFines: a reader's fines at the desk (unpaid first). */
export const ReaderFinesBody = z.object({
  readerBarcode: z.string().trim().min(1).max(64),
  /** true: unpaid ones only. */
  unpaidOnly: z.boolean().optional().default(false),
});

/** P/Fine/PayFines: settle one or more unpaid fines of one reader, in cash or from the deposit. */
export const PayFinesBody = z.object({ ids, payMethod: z.enum(PAY_METHODS).optional().default('cash'), note });
export type PayFinesBody = z.infer<typeof PayFinesBody>;

/** P/Fine/WaiveFines: let one or more unpaid fines go, with the reason (kept with the fine and in the log). */
export const WaiveFinesBody = z.object({
  ids,
  reason: z.string().trim().min(1, 'fines.reasonRequired').max(200, 'validation.tooLong'),
});
export type WaiveFinesBody = z.infer<typeof WaiveFinesBody>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** P/Fine/GetFineList (the fines tab of the compensation orders screen). */
export const FineListQuery = ResourceListQuery.extend({
  state: z.enum(FINE_STATES as [FineState, ...FineState[]]).optional(),
  readerBarcode: z.string().trim().max(64).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type FineListQuery = z.infer<typeof FineListQuery>;

export interface FineDto {
  id: number;
  fineNo: string;
  state: FineState;
  readerId: number;
  readerAccount: string;
  readerName: string;
  barcode: string;
  title: string;
  dueDate: string;
  returnDay: string;
  /** Open days overdue at the return. */
  overdueDays: number;
  graceDays: number;
  /** Days charged (overdue less grace). */
  chargedDays: number;
  dayFen: number;
  capFen: number;
  amountFen: number;
  payMethod: PayMethod | null;
  settledAt: string | null;
  settledByName: string;
  waiveReason: string;
  createdAt: string;
}

/** What a settlement answers: the fines settled and the total, for the receipt. */
export interface FineSettlement {
  state: 'paid' | 'waived';
  reader: { id: number; account: string; name: string };
  fines: { id: number; fineNo: string; barcode: string; title: string; chargedDays: number; amountFen: number }[];
  totalFen: number;
  payMethod: PayMethod | null;
  reason: string;
  /** The reader's deposit after a payment from it (fen). */
  depositFen: number;
}

/** The fine charged by a return, as the return desk shows it. */
export interface FineNotice {
  id: number;
  fineNo: string;
  chargedDays: number;
  amountFen: number;
}
