import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A custom statistical query saved for the school (/statistical-queries): its name and definition. */
export const savedQuery = pgTable(
  'saved_query',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    /** contracts QueryDefinition, as validated on save (parsed again when run). */
    definition: jsonb('definition').notNull(),
    createdBy: integer('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_query_school_idx').on(t.schoolId)],
);
