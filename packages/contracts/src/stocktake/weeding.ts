import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** Weeding (剔旧): copies to store 3 with a reason; each is a `weeding_record` row the ledgers count. */
export const WEED_REASONS = ['worn', 'outdated', 'damaged', 'duplicate', 'lost', 'other'] as const;

export const WeedBody = z.object({
  barcodes: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'stocktake.weed.barcodesRequired')
    .max(5000, 'stocktake.weed.tooMany'),
  reason: z.string({ error: 'stocktake.weed.reasonRequired' }).trim().min(1, 'stocktake.weed.reasonRequired').max(200),
  /** The school date the weeding is recorded on; today when absent. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'stocktake.weed.dateInvalid')
    .optional(),
});
export type WeedBody = z.infer<typeof WeedBody>;

export const WeedFileBody = WeedBody.omit({ barcodes: true }).extend({ fileUrl: z.string().trim().min(1).max(500) });

export type WeedItemResult =
  | { barcode: string; ok: true; id: number; title: string }
  | { barcode: string; ok: false; code: string; message: string };

export const WeedingListQuery = PageQuery.extend({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  undone: z.boolean().optional(),
});
export type WeedingListQuery = z.infer<typeof WeedingListQuery>;
