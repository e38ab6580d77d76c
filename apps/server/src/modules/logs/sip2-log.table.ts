import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every SIP2 request/response pair with a self-check machine. The SIP2 listener writes it; /sys/log/sip2
 * shows it. Passwords in the request (CO/AD fields) must be masked by the writer before insert.
 */
export const sip2Log = pgTable(
  'sip2_log',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** Terminal / location code the machine signed in with (93 login CP field). */
    terminal: text('terminal'),
    /** Two-character message identifier of the request. */
    command: text('command').notNull(),
    request: text('request').notNull(),
    response: text('response'),
    success: boolean('success').notNull().default(true),
    ip: text('ip'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sip2_log_school_time_idx').on(t.schoolId, t.createdAt),
    index('sip2_log_school_id_idx').on(t.schoolId, t.id),
  ],
);
