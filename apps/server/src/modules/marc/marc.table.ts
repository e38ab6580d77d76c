import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A school's MARC field-mapping rules, one row per flavour; absent = the built-in defaultMarcRules. */
export const marcRule = pgTable(
  'marc_rule',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    flavour: text('flavour').notNull(),
    rules: jsonb('rules').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marc_rule_school_flavour_idx').on(t.schoolId, t.flavour)],
);
