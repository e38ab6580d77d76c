import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { NumberingPattern, SERIAL_KINDS } from './pattern.ts';

const year = z.coerce
  .number({ error: 'serials.order.yearRequired' })
  .int('serials.order.yearInvalid')
  .min(2000, 'serials.order.yearInvalid')
  .max(2100, 'serials.order.yearInvalid');
const copies = z.coerce
  .number({ error: 'serials.order.copiesRequired' })
  .int('serials.order.copiesInvalid')
  .min(1, 'serials.order.copiesInvalid')
  .max(10000, 'serials.order.copiesInvalid');
const text = (max: number) => z.string().trim().max(max, 'validation.tooLong').default('');

/** Where ordered copies go: a location of the school and how many copies it gets. */
export const OrderPlace = z.object({
  locationId: z.coerce.number({ error: 'serials.order.placeRequired' }).int().positive('serials.order.placeRequired'),
  copies: z.coerce
    .number({ error: 'serials.order.placeCopiesInvalid' })
    .int('serials.order.placeCopiesInvalid')
    .min(1, 'serials.order.placeCopiesInvalid')
    .max(10000, 'serials.order.placeCopiesInvalid'),
});
export type OrderPlace = z.infer<typeof OrderPlace>;

/** Sum of the places' copies never exceeds the ordered copies (reported on `places`). */
export function placesFit(b: { copies: number; places: OrderPlace[] }): boolean {
  return b.places.reduce((a, p) => a + p.copies, 0) <= b.copies;
}

const OrderFields = z.object({
  titleId: z.coerce.number({ error: 'serials.order.titleRequired' }).int().positive('serials.order.titleRequired'),
  year,
  /** 订购份数 */
  copies,
  supplier: text(100),
  orderNo: text(50),
  /** Total price in fen; absent or null: price per year × copies. */
  totalPriceFen: z.coerce.number().int().min(0, 'serials.title.priceInvalid').max(1_000_000_000).nullish(),
  places: z.array(OrderPlace).max(200).default([]),
  note: text(500),
  pattern: NumberingPattern.nullish(),
});

const withPlaceCheck = <T extends z.ZodType<{ copies: number; places: OrderPlace[] }>>(s: T) =>
  s.refine(placesFit, { message: 'serials.order.placesExceed', path: ['places'] });

/** A year's order of a title (期刊订购): one per title and year. */
export const OrderSave = withPlaceCheck(OrderFields.extend({ id: z.coerce.number().int().positive().optional() }));
export type OrderSave = z.infer<typeof OrderSave>;

export const OrderListQuery = PageQuery.extend({
  year: year.optional(),
  kind: z.enum(SERIAL_KINDS).optional(),
  titleId: z.coerce.number().int().positive().optional(),
  state: z.enum(['ordered', 'cancelled']).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderIds = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(1000) });

export interface OrderPlaceDto {
  locationId: number;
  locationName: string;
  copies: number;
}

export interface OrderDto {
  id: number;
  titleId: number;
  title: string;
  kind: (typeof SERIAL_KINDS)[number];
  issn: string;
  postalCode: string;
  cnNumber: string;
  publisher: string;
  frequency: string;
  pricePerYearFen: number | null;
  year: number;
  copies: number;
  supplier: string;
  orderNo: string;
  totalPriceFen: number | null;
  renewedFrom: number | null;
  state: 'ordered' | 'cancelled';
  note: string;
  places: OrderPlaceDto[];
  pattern: z.infer<typeof NumberingPattern> | null;
  /** Issues written for the year (predicted or added) and how many of them arrived. */
  issueCount: number;
  arrivedCount: number;
}

/** Renewal (期刊续订): next year's orders from this year's in one step. */
export const RenewBody = z.object({
  fromYear: year,
  toYear: year,
  /** This year's orders to renew, each with its copies for next year (copies changed, or dropped by leaving out). */
  items: z
    .array(z.object({ subscriptionId: z.coerce.number().int().positive(), copies }))
    .max(2000)
    .default([]),
  /** Titles added for next year that were not ordered this year. */
  addTitles: z
    .array(z.object({ titleId: z.coerce.number().int().positive(), copies }))
    .max(2000)
    .default([]),
});
export type RenewBody = z.infer<typeof RenewBody>;

/** The predicted issues of a pattern for a year (P/Serials/PreviewIssues), nothing written. */
export const PreviewBody = z.object({ pattern: NumberingPattern, year });
export const PatternSave = z.object({ id: z.coerce.number().int().positive(), pattern: NumberingPattern });
export const SubscriptionId = z.object({ id: z.coerce.number().int().positive() });
export const SubscriptionListQuery = OrderListQuery;

export interface IssueDto {
  id: number;
  seq: number;
  expectedDate: string | null;
  year: number;
  volume: number | null;
  issueNo: number | null;
  wholeNo: number | null;
  /** expected | late | arrived | claimed | missing (late: expected and past its date). */
  state: string;
  arrivedCopies: number;
}
