import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The next book number (种次号) to give within a class, per school. */
export const bookNumberSeq = pgTable(
  'book_number_seq',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    classCode: text('class_code').notNull(),
    next: integer('next').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('book_number_seq_school_class_uq').on(t.schoolId, t.classCode)],
);

/** A given book number held by a record being edited, so no one else assigns it meanwhile. */
export const bookNumberLock = pgTable(
  'book_number_lock',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    classCode: text('class_code').notNull(),
    number: integer('number').notNull(),
    /** Who holds it: the record (or editing session) id chosen by the caller. */
    holder: text('holder').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('book_number_lock_uq').on(t.schoolId, t.classCode, t.number)],
);
