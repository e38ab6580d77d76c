import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Accessions per record, batch and accession day (statistics README "Accessions"): the copies that count as
 * accessioned (every store but purchase suggestions), kept exact in the writer's transaction by the triggers of
 * migration 0033 on copy writes (insert, delete, update of the school, record, batch, creation time, price or
 * store), batch writes (its acceptance day moves its copies) and record edits (class number, price); a change of
 * the school's time zone counts the school again. The record's 中图法 letter and price are copied here, so the
 * summary ledger reads no copy and no record: a group's titles are its rows (one per record and day), its value
 * own_fen + unpriced × price_fen.
 */
export const accessionRecord = pgTable(
  'accession_record',
  {
    schoolId: integer('school_id').notNull(),
    recordId: integer('record_id').notNull(),
    /** The copies' acceptance batch; 0: none. */
    batchId: integer('batch_id').notNull(),
    /** The batch's acceptance day, else the copy's creation day in the school's time zone. */
    day: date('day').notNull(),
    /** The record's 中图法 main class letter ('' unclassified). */
    classLetter: text('class_letter').notNull(),
    /** The record's price (fen), for the copies without their own; null: none. */
    priceFen: integer('price_fen'),
    copies: integer('copies').notNull().default(0),
    /** Copies without a price of their own (valued at the record's). */
    unpriced: integer('unpriced').notNull().default(0),
    /** Sum of the copies' own prices (fen). */
    ownFen: bigint('own_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.batchId, t.day, t.schoolId] }),
    index('accession_record_school_day_idx').on(t.schoolId, t.day),
  ],
);
