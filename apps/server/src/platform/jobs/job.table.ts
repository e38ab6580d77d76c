import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Background tasks (exports, imports, printing, bulk edits) and scheduled work. The row is the truth: the
 * runner writes progress here, every process reads it, and a process claims work with FOR UPDATE SKIP LOCKED.
 * Schedules are rows of school 0 with `key` = 'schedule:<name>' and `run_at` = the next due time.
 */
export const job = pgTable(
  'job',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id'),
    operationType: text('operation_type').notNull(),
    fileName: text('file_name').notNull().default(''),
    /** Total items to process (DataCount); progress = items done. Finished when progress equals it. */
    dataCount: integer('data_count').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    /** Result file, relative to DATA_DIR/files. */
    resultFile: text('result_file'),
    /** 0 pending, 1 running, 2 done, 3 failed, 4 stopped (contracts jobs/job JobState). */
    state: integer('state').notNull().default(0),
    error: text('error'),
    /** Input of a resumable kind, so another process can pick it up after a restart. */
    params: jsonb('params').$type<Record<string, unknown>>(),
    /** Unique name of a scheduled work row (null for tasks). */
    key: text('key'),
    runAt: timestamp('run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeat: timestamp('heartbeat', { withTimezone: true }),
    /** Process that runs it (random id per process). */
    owner: text('owner'),
  },
  (t) => [
    index('job_school_user_idx').on(t.schoolId, t.userId, t.id),
    index('job_state_idx').on(t.state),
    uniqueIndex('job_key_uq').on(t.key),
  ],
);
