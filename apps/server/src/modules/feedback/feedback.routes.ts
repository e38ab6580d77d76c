import { P } from '@shuyuan/contracts/common/paths';
import {
  FEEDBACK_CODE,
  FEEDBACK_TRANSITIONS,
  FeedbackCreate,
  type FeedbackDto,
  FeedbackListQuery,
  FeedbackReply,
  FeedbackUpdate,
} from '@shuyuan/contracts/feedback/feedback';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { feedback } from './feedback.table.ts';

const REPLY = `${FEEDBACK_CODE}:reply`;

export function feedbackRoutes(app: FastifyInstance): void {
  const svc = defineResource(app, {
    area: 'Feedback',
    entity: 'Feedback',
    table: feedback,
    permission: FEEDBACK_CODE,
    audit: 'feedback',
    contracts: { create: FeedbackCreate, update: FeedbackUpdate, list: FeedbackListQuery },
    // Sent feedback is not edited; administrators answer with ReplyFeedback.
    routes: { update: false },
    // Whoever cannot reply sees only what they sent.
    visible: (ctx) => (ctx.user && !hasPermission(ctx.user, REPLY) ? eq(feedback.userId, ctx.user.userId) : undefined),
    search: [feedback.title, feedback.content, feedback.userName],
    filters: (q) => [q.state === undefined ? undefined : eq(feedback.state, q.state)],
    toValues: ({ ctx, input }) => {
      const i = input as FeedbackCreate;
      return {
        title: i.title,
        content: i.content,
        screenshot: i.screenshot,
        userId: ctx.user!.userId,
        userName: ctx.user!.name,
      };
    },
    toDto: (r): FeedbackDto => ({
      id: r.id,
      userId: r.userId,
      userName: r.userName,
      title: r.title,
      content: r.content,
      screenshot: r.screenshot,
      state: r.state as FeedbackDto['state'],
      reply: r.reply,
      repliedByName: r.repliedByName,
      repliedAt: r.repliedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }),
  });

  route(app, {
    url: `${P}/Feedback/ReplyFeedback`,
    access: REPLY,
    schema: FeedbackReply,
    audit: 'feedback.reply',
    handler: async (ctx) => {
      const current = (await svc.get(ctx, ctx.body.id)) as FeedbackDto;
      if (current.state !== 0) throw fail('FEEDBACK_COMPLETED', 'feedback.alreadyCompleted');
      const next = ctx.body.complete ? 1 : 0;
      if (next !== current.state && !FEEDBACK_TRANSITIONS[current.state].includes(next)) {
        throw fail('FEEDBACK_COMPLETED', 'feedback.alreadyCompleted');
      }
      await ctx.db
        .update(feedback)
        .set({
          reply: ctx.body.reply,
          state: next,
          repliedBy: ctx.user!.userId,
          repliedByName: ctx.user!.name,
          repliedAt: new Date(),
        })
        .where(svc.where(ctx, eq(feedback.id, ctx.body.id), eq(feedback.state, 0)));
      return svc.get(ctx, ctx.body.id);
    },
  });
}
