import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A reading clock-in (阅读打卡): a reader read `minutes` of a catalogue title (`recordId`, its title kept as it
 * was) or of something they name (`title`) on `day`, the school's date. Several a day; the day's total is capped.
 */
export const readingClock = pgTable(
  'reading_clock',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    recordId: integer('record_id'),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reading_clock_user_day_idx').on(t.schoolId, t.userId, t.day),
    index('reading_clock_school_day_idx').on(t.schoolId, t.day),
  ],
);
