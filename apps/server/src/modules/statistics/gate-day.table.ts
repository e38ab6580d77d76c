import { date, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * Exact rollups of the gate passes (statistics README "Visits"), kept by the statement triggers of migration 0022
 * in the writer's transaction; a day and an hour are the school's (its time zone: a change counts them again).
 */

/** Passes per day and hour of the day: entries and exits (every source, named reader or not). */
export const gateHour = pgTable(
  'gate_hour',
  {
    schoolId: integer('school_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    ins: integer('ins').notNull().default(0),
    outs: integer('outs').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.hour] })],
);

/**
 * One row per reader and day they entered (entries that named a reader): how many entries, and the hours of the
 * day they entered in as a bit mask (bit h = an entry in hour h) — so different readers per day, month or hour of
 * the day over any period are counts of these rows, never of the passes.
 */
export const gateReaderDay = pgTable(
  'gate_reader_day',
  {
    schoolId: integer('school_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    ins: integer('ins').notNull().default(0),
    hours: integer('hours').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.userId] })],
);
