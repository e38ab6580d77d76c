import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One message sent (or tried) to one reader: overdue, due-soon or hold-ready notice. */
export const reminderLog = pgTable(
  'reminder_log',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    readerId: integer('reader_id').notNull(),
    /** overdue | due_soon | hold_ready */
    kind: text('kind').notNull(),
    /** schedule | manual */
    trigger: text('trigger').notNull(),
    loanIds: integer('loan_ids').array().notNull().default(sql`'{}'::integer[]`),
    reservationId: integer('reservation_id'),
    toAddress: text('to_address').notNull().default(''),
    lang: text('lang').notNull().default('zh'),
    subject: text('subject').notNull().default(''),
    ok: boolean('ok').notNull(),
    error: text('error').notNull().default(''),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reminder_log_school_time_idx').on(t.schoolId, t.createdAt),
    index('reminder_log_reader_idx').on(t.schoolId, t.readerId, t.kind),
  ],
);
