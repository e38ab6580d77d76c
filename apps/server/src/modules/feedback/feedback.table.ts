import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Feedback / work orders sent by users; administrators reply and complete them (spec §4 work order). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id'),
    userName: text('user_name').notNull().default(''),
    title: text('title').notNull(),
    content: text('content').notNull(),
    screenshot: text('screenshot').notNull().default(''),
    /** 0 to be confirmed, 1 completed */
    state: integer('state').notNull().default(0),
    reply: text('reply'),
    repliedBy: integer('replied_by'),
    repliedByName: text('replied_by_name'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_school_state_idx').on(t.schoolId, t.state, t.id)],
);
