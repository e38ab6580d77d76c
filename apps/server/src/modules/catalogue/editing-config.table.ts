import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** A school's cataloguing settings (/book-editing-rule): one row per school, validated by EditingConfig. */
export const editingConfig = pgTable('editing_config', {
  schoolId: integer('school_id').primaryKey(),
  config: jsonb('config').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
