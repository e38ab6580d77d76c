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

/**
 * A book number (sequence number '007' or author number 'CXQ') held by a cataloguer for the record being
 * edited, so no one else is given it or saves it meanwhile. Released on save or unlock; a lock older than
 * BOOK_NUMBER_LOCK_MINUTES (book-number.service.ts) no longer counts and may be taken over.
 */
export const bookNumberLock = pgTable(
  'book_number_lock',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    classCode: text('class_code').notNull(),
    /** The book number as shown on the form (already padded), compared as typed. */
    bookNo: text('book_no').notNull(),
    /** Who holds it: the cataloguer (`user:<id>`). */
    holder: text('holder').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('book_number_lock_uq').on(t.schoolId, t.classCode, t.bookNo)],
);
