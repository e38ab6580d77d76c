import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** Screens (menu codes) of book reviews; `bookreview:audit` passes or rejects. */
export const REVIEW_CODE = 'bookreview';
export const REVIEW_SETTING_CODE = 'bookreview-setting';

/** Moderation states of what readers write (spec §4 review pass / reject). */
export const MODERATION_STATES = ['pending', 'passed', 'rejected'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const REVIEW_MAX_LENGTH = 2000;
const dateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'reviews.badDate');

/** A reader writes (or rewrites) their review of a record; editing sends it back to pending. */
export const ReviewSave = z.object({
  recordId: z.number().int().positive(),
  rating: z.number().int().min(1, 'reviews.ratingRange').max(5, 'reviews.ratingRange'),
  content: z.string().trim().min(1, 'reviews.contentRequired').max(REVIEW_MAX_LENGTH, 'validation.tooLong'),
});
export type ReviewSave = z.infer<typeof ReviewSave>;

/** Back-office list filters (/bookreview). `SearchKey` matches the record's title. */
export const ReviewListQuery = PageQuery.extend({
  state: z.enum(MODERATION_STATES).optional(),
  recordId: z.number().int().positive().optional(),
  /** Reader's name or account (contains). */
  reader: z.string().trim().max(100).optional(),
  classId: z.number().int().positive().optional(),
  gradeId: z.number().int().positive().optional(),
  /** Written on or after / on or before (school days). */
  from: dateStr.optional(),
  to: dateStr.optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

/** Pass or reject one or many; a rejection needs its reason (the reader sees it). */
export const ModerateBody = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(500),
    pass: z.boolean(),
    reason: z.string().trim().max(500, 'validation.tooLong').optional().default(''),
  })
  .refine((b) => b.pass || b.reason.length > 0, { path: ['reason'], message: 'reviews.reasonRequired' });
export type ModerateBody = z.infer<typeof ModerateBody>;

export const RecordReviewsQuery = PageQuery.extend({ recordId: z.number().int().positive() });
export const RecordIdBody = z.object({ recordId: z.number().int().positive() });

/** A review as the back office sees it. */
export interface ReviewDto {
  id: number;
  recordId: number;
  title: string;
  author: string;
  userId: number;
  readerName: string;
  account: string;
  className: string | null;
  gradeName: string | null;
  rating: number;
  content: string;
  state: ModerationState;
  rejectReason: string;
  reviewedByName: string;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A reader's own review (personal area): the reason of a rejection included. */
export interface MyReviewDto {
  id: number;
  recordId: number;
  title: string;
  author: string;
  rating: number;
  content: string;
  state: ModerationState;
  rejectReason: string;
  updatedAt: string;
}

/** A passed review on the public site: the writer's name masked (张*明), never a class. */
export interface PublicReviewDto {
  id: number;
  maskedName: string;
  rating: number;
  content: string;
  createdAt: string;
}

export interface RecordReviewsDto {
  List: PublicReviewDto[];
  Total: number;
  /** Average rating of the passed reviews (one decimal), null when none. */
  average: number | null;
}
