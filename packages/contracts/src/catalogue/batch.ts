import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';

/** Batch states: open (copies are still being added), closed (accepted, totals final). */
export const BATCH_STATES = [0, 1] as const;
const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'catalogue.batch.dateInvalid');

/**
 * An acceptance batch (验收批次, spec §3: number, state, type, acceptance date, bookseller, discount rate,
 * currency, price, source voucher, invoice number). Price in yuan on the wire (the form), fen in the table.
 */
export const BatchCreate = z.object({
  batchNo: z
    .string({ message: 'catalogue.batch.noRequired' })
    .trim()
    .min(1, 'catalogue.batch.noRequired')
    .max(40, 'validation.tooLong'),
  state: z.coerce.number().int().min(0).max(1).default(0),
  type: z.string().trim().max(40, 'validation.tooLong').default(''),
  acceptedOn: zDate.nullable().optional(),
  bookseller: z.string().trim().max(100, 'validation.tooLong').default(''),
  /** 0–1 (0.75 = 75 % of the list price); empty = none. */
  discountRate: z.coerce
    .number({ message: 'catalogue.batch.discountInvalid' })
    .min(0, 'catalogue.batch.discountInvalid')
    .max(1, 'catalogue.batch.discountInvalid')
    .nullable()
    .optional(),
  currency: z.string().trim().toUpperCase().max(3).default('CNY'),
  /** Fen (the kit's money fields send fen). */
  priceFen: z.coerce
    .number({ message: 'catalogue.priceInvalid' })
    .int()
    .min(0, 'catalogue.priceInvalid')
    .nullable()
    .optional(),
  voucher: z.string().trim().max(100, 'validation.tooLong').default(''),
  invoiceNo: z.string().trim().max(100, 'validation.tooLong').default(''),
});
export type BatchCreate = z.infer<typeof BatchCreate>;
export const BatchUpdate = BatchCreate.extend({ id: z.coerce.number().int().positive() });
export const BatchListQuery = ResourceListQuery.extend({ state: z.coerce.number().int().min(0).max(1).optional() });

/** A batch with the totals of its copies. */
export interface BatchDto {
  id: number;
  batchNo: string;
  state: number;
  type: string;
  acceptedOn: string | null;
  bookseller: string;
  discountRate: number | null;
  currency: string;
  priceFen: number | null;
  voucher: string;
  invoiceNo: string;
  copies: number;
  records: number;
  /** Sum of the copies' unit prices and discounted prices (fen). */
  unitTotalFen: number;
  discountTotalFen: number;
}
