import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every write: who, school, what, when, before/after keys. Shown on /sys/log/operation. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id'),
    account: text('account'),
    userName: text('user_name'),
    /** Stable action name, e.g. 'school.update' */
    action: text('action').notNull(),
    /** Endpoint path */
    path: text('path').notNull(),
    /** Target record ids and changed keys */
    detail: jsonb('detail'),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // (school, id) serves the newest-first page; (school, time) the time-range filter.
  (t) => [
    index('operation_log_school_id_idx').on(t.schoolId, t.id),
    index('operation_log_school_time_idx').on(t.schoolId, t.createdAt),
  ],
);

/** Unexpected errors, with the request id the user was shown. Shown on /sys/log/error. */
export const errorLog = pgTable(
  'error_log',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id'),
    userId: integer('user_id'),
    requestId: text('request_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_log_time_idx').on(t.createdAt)],
);
