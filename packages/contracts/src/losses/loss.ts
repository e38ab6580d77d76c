import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';

/**
 * A lost copy (遗失记录). Spec §4: not compensated → compensated (the reader paid) → retrieved (found again),
 * with the handling options 'retrieve after logout' (the copy comes back, the compensation stays) and
 * 'retrieve and refund' (the copy comes back and the compensation is paid back). Money is integer fen.
 */
export const LossState = {
  NOT_COMPENSATED: 'not_compensated',
  COMPENSATED: 'compensated',
  RETRIEVED: 'retrieved',
} as const;
export type LossState = (typeof LossState)[keyof typeof LossState];
export const LOSS_STATES = Object.values(LossState) as LossState[];

export const LOSS_OPTIONS = ['retrieve_after_logout', 'retrieve_and_refund'] as const;
export type LossOption = (typeof LOSS_OPTIONS)[number];

/** How the compensation is paid: cash at the desk, or taken from the reader's deposit. */
export const PAY_METHODS = ['cash', 'deposit'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** `fine`: an overdue fine paid (issue 14 §4). */
export const LEDGER_KINDS = ['compensation', 'refund', 'deposit', 'fine'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LossError = {
  COPY_NOT_FOUND: 'COPY_NOT_FOUND',
  ALREADY_LOST: 'ALREADY_LOST',
  NOT_LOSABLE: 'NOT_LOSABLE',
  LOSS_STATE: 'LOSS_STATE',
  ONE_AT_A_TIME: 'ONE_AT_A_TIME',
  DEPOSIT_TOO_LOW: 'DEPOSIT_TOO_LOW',
  NO_READER: 'NO_READER',
  NOT_LOST: 'NOT_LOST',
} as const;

const fen = z
  .number({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'losses.compensationRequired' : 'losses.amountInvalid',
  })
  .int('losses.amountInvalid')
  .min(0, 'losses.amountInvalid')
  .max(100_000_000, 'losses.amountInvalid');
const barcode = z.string().trim().min(1, 'losses.barcodeRequired').max(64, 'validation.tooLong');
const note = z.string().trim().max(200, 'validation.tooLong').optional().default('');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * P/Loss/RegisterLoss: copy `barcode` is lost. With an open loan the loan is closed as lost and its reader
 * owes the compensation; without one, `readerBarcode` names who lost it (or nobody: a loss in the library).
 * `paid` settles the compensation at once.
 */
export const RegisterLossBody = z.object({
  barcode,
  compensationFen: fen,
  readerBarcode: z.string().trim().max(64, 'validation.tooLong').optional(),
  paid: z.boolean().optional().default(false),
  payMethod: z.enum(PAY_METHODS).optional().default('cash'),
  note,
});
export type RegisterLossBody = z.infer<typeof RegisterLossBody>;

export const PayCompensationBody = z.object({
  id: z.coerce.number().int().positive(),
  payMethod: z.enum(PAY_METHODS).optional().default('cash'),
  note,
});

/**
 * Retrieve one lost copy (spec §5: one at a time). By record id (loss handling) or barcode (loss found).
 * `ids` with more than one entry is refused with the spec's message.
 */
export const RetrieveLossBody = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    ids: z.array(z.coerce.number().int().positive()).optional(),
    barcode: z.string().trim().max(64).optional(),
    option: z.enum(LOSS_OPTIONS),
    note,
  })
  .refine((b) => b.id !== undefined || b.barcode || b.ids?.length, {
    message: 'losses.barcodeRequired',
    path: ['barcode'],
  });
export type RetrieveLossBody = z.infer<typeof RetrieveLossBody>;

export const LossListQuery = ResourceListQuery.extend({
  state: z.enum(LOSS_STATES as [LossState, ...LossState[]]).optional(),
  readerBarcode: z.string().trim().max(64).optional(),
  barcode: z.string().trim().max(64).optional(),
  orderNo: z.string().trim().max(40).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type LossListQuery = z.infer<typeof LossListQuery>;

export const LedgerListQuery = ResourceListQuery.extend({
  kind: z.enum(LEDGER_KINDS).optional(),
  readerBarcode: z.string().trim().max(64).optional(),
  from: day.optional(),
  to: day.optional(),
});

/** P/Loss/GetLossByBarcode: the open loss of a copy (for the found-again screen). */
export const LossBarcodeBody = z.object({ barcode });

export interface LossDto {
  id: number;
  orderNo: string;
  state: LossState;
  copyId: number;
  barcode: string;
  recordId: number;
  title: string;
  readerId: number | null;
  readerAccount: string;
  readerName: string;
  loanId: number | null;
  compensationFen: number;
  refundFen: number;
  payMethod: PayMethod | null;
  option: LossOption | null;
  registeredAt: string;
  registeredByName: string;
  compensatedAt: string | null;
  retrievedAt: string | null;
  note: string;
}

export interface LedgerDto {
  id: number;
  kind: LedgerKind;
  amountFen: number;
  readerId: number | null;
  readerAccount: string;
  readerName: string;
  ref: string;
  operatorName: string;
  createdAt: string;
  note: string;
}

/** Lost reader cards (/loss): readers with their card state. */
/** `card`: only readers whose card is reported lost, or only normal cards. */
export const CardListQuery = ResourceListQuery.extend({ card: z.enum(['lost', 'ok']).optional() });
export const CardIdBody = z.object({ id: z.coerce.number().int().positive() });
export const ReissueBody = z.object({
  id: z.coerce.number().int().positive(),
  cardRfid: z.string().trim().max(64, 'validation.tooLong').optional(),
});
export interface CardDto {
  id: number;
  account: string;
  name: string;
  identity: string;
  className: string | null;
  cardRfid: string | null;
  cardLost: boolean;
  processedAt: string | null;
  validUntil: string | null;
}
