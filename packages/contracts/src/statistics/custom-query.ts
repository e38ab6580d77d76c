import { z } from 'zod';
import { checkPeriod, type PeriodRange, StatFilterShape } from './filters.ts';

/**
 * Custom statistical queries (/statistical-queries, /statistical-querie-table): the librarian picks what to
 * count (a subject), up to two dimensions and one or more measures from fixed lists; the server builds the SQL
 * from these lists only (no SQL ever comes from the client).
 */
export const QUERY_SUBJECTS = ['loans', 'holdings'] as const;
export type QuerySubject = (typeof QUERY_SUBJECTS)[number];

/** The dimensions and measures each subject offers. */
export const QUERY_DIMENSIONS = {
  loans: ['day', 'month', 'year', 'classNo', 'grade', 'class', 'department', 'identity', 'location', 'resourceType'],
  holdings: ['classNo', 'location', 'resourceType', 'year', 'language'],
} as const satisfies Record<QuerySubject, readonly string[]>;
export const QUERY_MEASURES = {
  loans: ['loans', 'borrowers', 'titles', 'renewals', 'overdue'],
  holdings: ['copies', 'titles', 'value'],
} as const satisfies Record<QuerySubject, readonly string[]>;

export type QueryDimension = (typeof QUERY_DIMENSIONS)[QuerySubject][number];
export type QueryMeasure = (typeof QUERY_MEASURES)[QuerySubject][number];
const ALL_DIMENSIONS = [...new Set([...QUERY_DIMENSIONS.loans, ...QUERY_DIMENSIONS.holdings])] as [
  QueryDimension,
  ...QueryDimension[],
];
const ALL_MEASURES = [...new Set([...QUERY_MEASURES.loans, ...QUERY_MEASURES.holdings])] as [
  QueryMeasure,
  ...QueryMeasure[],
];

/** The definition of a query: what is saved and what is run. */
export const QueryDefinition = z
  .object({
    ...StatFilterShape,
    subject: z.enum(QUERY_SUBJECTS).default('loans'),
    dimensions: z
      .array(z.enum(ALL_DIMENSIONS), { message: 'statistics.query.dimensionRequired' })
      .min(1, 'statistics.query.dimensionRequired')
      .max(2, 'statistics.query.dimensionsMax'),
    measures: z
      .array(z.enum(ALL_MEASURES), { message: 'statistics.query.measureRequired' })
      .min(1, 'statistics.query.measureRequired')
      .max(5),
  })
  .superRefine((v, ctx) => {
    checkPeriod(v, ctx);
    const dims: readonly string[] = QUERY_DIMENSIONS[v.subject];
    const measures: readonly string[] = QUERY_MEASURES[v.subject];
    v.dimensions.forEach((d, i) => {
      if (!dims.includes(d))
        ctx.addIssue({ code: 'custom', path: ['dimensions', i], message: 'statistics.query.dimensionNotOffered' });
    });
    if (new Set(v.dimensions).size !== v.dimensions.length)
      ctx.addIssue({ code: 'custom', path: ['dimensions'], message: 'statistics.query.dimensionTwice' });
    v.measures.forEach((m, i) => {
      if (!measures.includes(m))
        ctx.addIssue({ code: 'custom', path: ['measures', i], message: 'statistics.query.measureNotOffered' });
    });
  });
export type QueryDefinition = z.infer<typeof QueryDefinition>;

/** P/Statistics/RunSavedQuery, DeleteQuery: a saved query. */
export const SavedQueryId = z.object({ id: z.coerce.number().int().positive() });

export interface QueryRow {
  /** One key per dimension ('' = none) and its name. */
  keys: (string | number)[];
  names: string[];
  values: Record<string, number>;
}
export interface QueryResult {
  /** Loans: the period counted. Holdings are counted as held now. */
  period?: PeriodRange;
  subject: QuerySubject;
  dimensions: QueryDimension[];
  measures: QueryMeasure[];
  List: QueryRow[];
  /** The measures over every row (distinct counts — borrowers, titles — counted over the whole, not summed). */
  total: Record<string, number>;
  /** The saved query run, when one was, and its definition (to export it). */
  name?: string;
  definition?: QueryDefinition;
}

/** Rows a query answers at most (two dimensions of days × classes stay well inside). */
export const QUERY_ROWS_MAX = 5000;

export const SaveQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z
    .string({ message: 'statistics.query.nameRequired' })
    .trim()
    .min(1, 'statistics.query.nameRequired')
    .max(60, 'validation.tooLong'),
  definition: QueryDefinition,
});
export type SaveQuery = z.infer<typeof SaveQuery>;

export interface SavedQueryDto {
  id: number;
  name: string;
  definition: QueryDefinition;
  createdBy: string;
  updatedAt: string;
}
