import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A school's own figures of the library standard for one school level (defaults: contracts standards.ts). */
export const libraryStandard = pgTable(
  'library_standard',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    level: text('level').notNull(),
    values: jsonb('values').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('library_standard_school_level_uq').on(t.schoolId, t.level)],
);
