import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Translation overrides (/sys/transition): replace the text of an i18n key, in the web app and in API
 * messages. school_id 0 = every school of the install; a school's own row wins over it.
 */
export const translation = pgTable(
  'translation',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    key: text('key').notNull(),
    zh: text('zh').notNull().default(''),
    en: text('en').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('translation_school_key_uq').on(t.schoolId, t.key)],
);
