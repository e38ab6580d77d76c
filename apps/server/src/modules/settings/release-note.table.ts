import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A school's own notices next to the product change log (/update-log edits, /updatelog shows). */
export const releaseNote = pgTable(
  'release_note',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    version: text('version').notNull().default(''),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** 0 draft, 1 published */
    state: integer('state').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('release_note_school_idx').on(t.schoolId, t.state, t.publishedAt)],
);
