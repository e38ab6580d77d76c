import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';

/**
 * A purchase suggestion (荐购). Spec §4 states: not found, found, cancelled; a new suggestion is `pending`
 * until a librarian handles it (found = the library has or bought it, optionally linked to the record).
 */
export const RecommendationState = {
  PENDING: 'pending',
  FOUND: 'found',
  NOT_FOUND: 'not_found',
  CANCELLED: 'cancelled',
} as const;
export type RecommendationState = (typeof RecommendationState)[keyof typeof RecommendationState];
export const RECOMMENDATION_STATES = Object.values(RecommendationState) as RecommendationState[];

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional().default('');
/** ISBN-10/13 digits (hyphens and spaces allowed, X as the last ISBN-10 digit), or empty. */
const isbn = z
  .string()
  .trim()
  .max(20, 'validation.tooLong')
  .refine((v) => v === '' || /^(97[89])?\d{9}[\dXx]$/.test(v.replace(/[-\s]/g, '')), 'reservations.rec.isbnInvalid')
  .optional()
  .default('');

/** P/Circulation/AddRecommendation: a suggestion by a reader (readerBarcode; staff entering one) or the caller. */
export const AddRecommendationBody = z.object({
  readerBarcode: z.string().trim().max(64, 'validation.tooLong').optional(),
  title: z.string().trim().min(1, 'reservations.rec.titleRequired').max(200, 'validation.tooLong'),
  author: text(100),
  isbn,
  publisher: text(100),
  reason: text(500),
});
export type AddRecommendationBody = z.infer<typeof AddRecommendationBody>;

export const RECOMMENDATION_RESULTS = ['found', 'not_found'] as const;
/** Handle: found (optionally the catalogue record it became) or not found, with a note to the reader. */
export const HandleRecommendationBody = z.object({
  id: z.coerce.number().int().positive(),
  result: z.enum(RECOMMENDATION_RESULTS),
  recordId: z.coerce.number().int().positive().optional(),
  note: text(200),
});
export const CancelRecommendationBody = z.object({ id: z.coerce.number().int().positive(), note: text(200) });

export const RecommendationListQuery = ResourceListQuery.extend({
  state: z.enum(RECOMMENDATION_STATES as [RecommendationState, ...RecommendationState[]]).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

export interface RecommendationDto {
  id: number;
  state: RecommendationState;
  readerId: number | null;
  readerAccount: string;
  readerName: string;
  title: string;
  author: string;
  isbn: string;
  publisher: string;
  reason: string;
  recordId: number | null;
  recordTitle: string | null;
  handledByName: string | null;
  handledAt: string | null;
  note: string;
  createdAt: string;
}
