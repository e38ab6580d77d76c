import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

const id = z.coerce.number().int().positive();
const dateStr = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'holdings.dateInvalid')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** `/newbook-duplicate-check`: one line per book — an ISBN, or "title<TAB|,|/>author". */
export const DuplicateCheckBody = z.object({
  lines: z
    .array(z.string().max(500))
    .transform((l) => l.map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, 'holdings.linesRequired').max(5000, 'holdings.tooMany')),
});
export type DuplicateCheckBody = z.infer<typeof DuplicateCheckBody>;

export interface DuplicateRow {
  line: string;
  /** How the line was read. */
  by: 'isbn' | 'title';
  held: boolean;
  /** The line looks like an ISBN but its check digit or length is wrong. */
  invalidIsbn?: boolean;
  records: { id: number; title: string; author: string; isbn: string; copies: number }[];
  copies: number;
}

/** `/isbn-reporting`: records with an ISBN catalogued in a date range and/or received in a batch. */
export const IsbnReportQuery = PageQuery.extend({
  dateFrom: dateStr,
  dateTo: dateStr,
  batchId: id.optional(),
  reported: z.enum(['all', 'yes', 'no']).default('all'),
});
export type IsbnReportQuery = z.infer<typeof IsbnReportQuery>;

export const IsbnMarkBody = z.object({
  ids: z.array(id).max(5000).optional(),
  /** Mark every record of the query instead of a selection. */
  query: IsbnReportQuery.optional(),
  /** true = reported, false = take the mark back. */
  reported: z.boolean().default(true),
});
export type IsbnMarkBody = z.infer<typeof IsbnMarkBody>;

/** `/callnumber-search`: a class number (prefix) → the book numbers in use and the next free one. */
export const CallNumberQuery = PageQuery.extend({
  classNo: z.string().trim().min(1, 'holdings.classRequired').max(60),
  exact: z.boolean().default(false),
});
export type CallNumberQuery = z.infer<typeof CallNumberQuery>;
