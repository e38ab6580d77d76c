import { z } from 'zod';

/** Spec §5/§9: one print job holds at most 5000 records (labels or cards). */
export const PRINT_LIMIT = 5000;

/** The records to print, chosen on a list screen; more than PRINT_LIMIT is refused, none is nonsense. */
export const PrintSelection = z.object({
  ids: z
    .array(z.coerce.number().int().positive())
    .min(1, 'printing.job.dataInvalid')
    .max(PRINT_LIMIT, 'printing.job.limit'),
});
export type PrintSelection = z.infer<typeof PrintSelection>;

/**
 * Spec §5: "print start and end page must be valid". Pages are 1-based and inclusive; both empty = all pages.
 * The contract checks what it can alone (positive, start ≤ end); `checkPageRange` adds the document's page
 * count, known only once the labels are laid out.
 */
export const PrintPageRange = z
  .object({
    startPage: z.coerce.number().int('printing.job.dataInvalid').min(1, 'printing.job.dataInvalid').optional(),
    endPage: z.coerce.number().int('printing.job.dataInvalid').min(1, 'printing.job.dataInvalid').optional(),
  })
  .refine((r) => r.startPage === undefined || r.endPage === undefined || r.startPage <= r.endPage, {
    path: ['endPage'],
    message: 'printing.job.dataInvalid',
  });
export type PrintPageRange = z.infer<typeof PrintPageRange>;

/** The pages to print as [first, last], or null when the range does not fit a document of `pageCount` pages. */
export function checkPageRange(range: PrintPageRange, pageCount: number): [number, number] | null {
  const first = range.startPage ?? 1;
  const last = range.endPage ?? pageCount;
  if (pageCount < 1 || first < 1 || last < first || last > pageCount) return null;
  return [first, last];
}
