import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';
import type { ModerationState } from './review.ts';
import { ReviewListQuery } from './review.ts';

export const SHARE_CODE = 'reading-share';
export const DIMENSION_CODE = 'share-dimension';

/** A reading share is a note (the reader's own thoughts) or an excerpt (a passage copied from the book). */
export const SHARE_KINDS = ['note', 'excerpt'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
/** Hard upper bound of pictures; the school's setting (`shareMaxPictures`) may allow fewer. */
export const SHARE_PICTURES_MAX = 9;

/** A public picture uploaded by P/upload/post with category `picture` (checked again on the server). */
const picture = z
  .string()
  .max(300)
  .regex(/^\/files\/uploads\/\d+\/public\//, 'reviews.share.badPicture');

/** A reader writes (id absent) or rewrites their share; a rewrite sends it back to pending. */
export const ShareSave = z.object({
  id: z.number().int().positive().optional(),
  kind: z.enum(SHARE_KINDS),
  recordId: z.number().int().positive().nullable().optional(),
  title: z.string().trim().max(100, 'validation.tooLong').default(''),
  content: z.string().trim().min(1, 'reviews.contentRequired').max(5000, 'validation.tooLong'),
  pictures: z.array(picture).max(SHARE_PICTURES_MAX, 'reviews.share.picturesLimit').default([]),
  dimensionIds: z.array(z.number().int().positive()).max(20).default([]),
});
export type ShareSave = z.infer<typeof ShareSave>;

/** Back-office filters (/reading-share): the reviews' plus kind and dimension; SearchKey matches title and text. */
export const ShareListQuery = ReviewListQuery.omit({ recordId: true }).extend({
  kind: z.enum(SHARE_KINDS).optional(),
  dimensionId: z.number().int().positive().optional(),
});
export type ShareListQuery = z.infer<typeof ShareListQuery>;

export const PublicSharesQuery = PageQuery.extend({ dimensionId: z.number().int().positive().optional() });

export const DimensionCreate = z.object({
  name: zRequired('reviews.dimension.nameRequired', 30),
  description: z.string().trim().max(200, 'validation.tooLong').default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  state: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type DimensionCreate = z.infer<typeof DimensionCreate>;
export const DimensionUpdate = DimensionCreate.extend({ id: z.number().int().positive() });
export const DimensionListQuery = ResourceListQuery.extend({ state: z.union([z.literal(0), z.literal(1)]).optional() });

export interface DimensionDto {
  id: number;
  name: string;
  description: string;
  sort: number;
  state: number;
}

interface ShareBase {
  id: number;
  kind: ShareKind;
  recordId: number | null;
  recordTitle: string | null;
  title: string;
  content: string;
  pictures: string[];
  dimensions: string[];
  createdAt: string;
}

/** A share as the back office sees it. */
export interface ShareDto extends ShareBase {
  userId: number;
  readerName: string;
  account: string;
  className: string | null;
  gradeName: string | null;
  dimensionIds: number[];
  state: ModerationState;
  rejectReason: string;
  reviewedByName: string;
  reviewedAt: string | null;
  updatedAt: string;
}

/** The reader's own share (personal area). */
export interface MyShareDto extends ShareBase {
  dimensionIds: number[];
  state: ModerationState;
  rejectReason: string;
  updatedAt: string;
}

/** A passed share on the public site: the writer's name masked, never a class. */
export interface PublicShareDto extends ShareBase {
  maskedName: string;
}
