import { integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogueRecord } from './catalogue.table.ts';

/**
 * Two records a cataloguer marked as not duplicates although they share a match key (the duplicate check no
 * longer pairs them). `recordA` < `recordB`; gone with either record.
 */
export const recordNotDuplicate = pgTable(
  'record_not_duplicate',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    recordA: integer('record_a')
      .notNull()
      .references(() => catalogueRecord.id, { onDelete: 'cascade' }),
    recordB: integer('record_b')
      .notNull()
      .references(() => catalogueRecord.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('record_not_duplicate_pair_uq').on(t.schoolId, t.recordA, t.recordB)],
);
