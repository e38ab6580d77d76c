import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';

export const RECOMMEND_CODE = 'recommended-teacher';
export const LABEL_CODE = 'recommended-teacher-label';
export const RECOMMEND_STATES = ['pending', 'approved', 'rejected'] as const;
export type RecommendState = (typeof RECOMMEND_STATES)[number];

const ids = z.array(z.number().int().positive()).max(200).default([]);

/** A teacher recommends a record to classes and/or grades, with labels and a reason. */
export const RecommendationCreate = z
  .object({
    recordId: z.number({ error: 'reviews.recommend.recordRequired' }).int().positive(),
    reason: zRequired('reviews.recommend.reasonRequired', 1000),
    labelIds: ids,
    gradeIds: ids,
    classIds: ids,
  })
  .refine((b) => b.gradeIds.length + b.classIds.length > 0, {
    path: ['classIds'],
    message: 'reviews.recommend.targetRequired',
  });
export type RecommendationCreate = z.infer<typeof RecommendationCreate>;
export const RecommendationUpdate = z
  .object({
    id: z.number().int().positive(),
    recordId: z.number().int().positive(),
    reason: zRequired('reviews.recommend.reasonRequired', 1000),
    labelIds: ids,
    gradeIds: ids,
    classIds: ids,
  })
  .refine((b) => b.gradeIds.length + b.classIds.length > 0, {
    path: ['classIds'],
    message: 'reviews.recommend.targetRequired',
  });
export const RecommendationListQuery = ResourceListQuery.extend({
  state: z.enum(RECOMMEND_STATES).optional(),
  pushed: z.boolean().optional(),
  labelId: z.number().int().positive().optional(),
});

/** Approve (or reject, with a reason) recommendations; `push` also pushes the approved ones at once. */
export const RecommendAudit = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(500),
    approve: z.boolean(),
    reason: z.string().trim().max(500).optional().default(''),
  })
  .refine((b) => b.approve || b.reason.length > 0, { path: ['reason'], message: 'reviews.reasonRequired' });
/** Push approved recommendations to their classes' readers and the public site, or take them back. */
export const RecommendPush = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
  pushed: z.boolean(),
});

export const LabelCreate = z.object({
  name: zRequired('reviews.label.nameRequired', 30),
  sort: z.number().int().min(0).max(9999).default(0),
  state: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type LabelCreate = z.infer<typeof LabelCreate>;
export const LabelUpdate = LabelCreate.extend({ id: z.number().int().positive() });
export const LabelListQuery = ResourceListQuery.extend({ state: z.union([z.literal(0), z.literal(1)]).optional() });

export const RecommendedQuery = PageQuery.extend({ labelId: z.number().int().positive().optional() });

export interface RecommendationDto {
  id: number;
  recordId: number;
  title: string;
  author: string;
  teacherName: string;
  reason: string;
  labelIds: number[];
  labels: string[];
  gradeIds: number[];
  classIds: number[];
  /** Grade and class names the recommendation goes to. */
  targets: string[];
  state: RecommendState;
  rejectReason: string;
  pushed: boolean;
  pushedAt: string | null;
  createdAt: string;
}

/** A pushed recommendation as readers see it (personal area, public site). */
export interface RecommendedDto {
  id: number;
  recordId: number;
  title: string;
  author: string;
  coverUrl: string | null;
  teacherName: string;
  reason: string;
  labels: string[];
  pushedAt: string | null;
}
