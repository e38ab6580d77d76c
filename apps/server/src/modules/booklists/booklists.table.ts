import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamps } from '../catalogue/catalogue.table.ts';

/** A book list (推荐书单): target grades (none = all) and/or a theme; a draft until published. */
export const bookList = pgTable(
  'book_list',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    theme: text('theme').notNull().default(''),
    gradeIds: jsonb('grade_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...stamps,
  },
  (t) => [index('book_list_school_idx').on(t.schoolId, t.published)],
);

/** An entry of a list, in `sort` order: a record of the school, or a title it does not hold (record_id null). */
export const bookListEntry = pgTable(
  'book_list_entry',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    listId: integer('list_id')
      .notNull()
      .references(() => bookList.id, { onDelete: 'cascade' }),
    recordId: integer('record_id'),
    title: text('title').notNull().default(''),
    author: text('author').notNull().default(''),
    isbn: text('isbn').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    readingLevel: text('reading_level').notNull().default(''),
    note: text('note').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('book_list_entry_list_idx').on(t.listId, t.sort), index('book_list_entry_record_idx').on(t.recordId)],
);
