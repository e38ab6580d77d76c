import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';
import { zRequired } from '../common/validators.ts';

/** Work order states (spec §4): to be confirmed → completed; nothing goes back. */
export const FeedbackState = { ToConfirm: 0, Completed: 1 } as const;
export type FeedbackState = (typeof FeedbackState)[keyof typeof FeedbackState];
export const FEEDBACK_TRANSITIONS: Record<FeedbackState, readonly FeedbackState[]> = { 0: [1], 1: [] };

export const FEEDBACK_CODE = 'feedback';

export const FeedbackCreate = z.object({
  title: zRequired('feedback.titleRequired', 100),
  content: zRequired('feedback.contentRequired', 4000),
  /** URL from P/upload/post (one image). */
  screenshot: z
    .string()
    .max(500)
    .refine((v) => v === '' || v.startsWith('/files/'), 'feedback.badScreenshot')
    .optional()
    .default(''),
});
export type FeedbackCreate = z.infer<typeof FeedbackCreate>;
/** Users do not edit sent feedback; the kit needs an update contract, so it is the same shape plus id. */
export const FeedbackUpdate = FeedbackCreate.extend({ id: z.number().int().positive() });

export const FeedbackListQuery = ResourceListQuery.extend({
  state: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type FeedbackListQuery = z.infer<typeof FeedbackListQuery>;

/** An administrator's answer; `complete` also closes the work order. */
export const FeedbackReply = z.object({
  id: z.number().int().positive(),
  reply: zRequired('feedback.replyRequired', 4000),
  complete: z.boolean().default(true),
});
export type FeedbackReply = z.infer<typeof FeedbackReply>;

export interface FeedbackDto {
  id: number;
  userId: number | null;
  userName: string;
  title: string;
  content: string;
  screenshot: string;
  state: FeedbackState;
  reply: string | null;
  repliedByName: string | null;
  repliedAt: string | null;
  createdAt: string;
}
