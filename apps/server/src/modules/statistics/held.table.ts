import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The held collection per record and location (statistics README "Held copies"): copies not weeded, lost or
 * suggested, and their value — kept exact by the statement triggers of migration 0022 on copy writes (insert,
 * delete, update of the store, record, location, price or school; the desk's state changes never fire them) and
 * on record edits (class number, resource type, language, price). The record's 中图法 letter, resource type,
 * language and price are copied here so the collection reports read no record and no copy.
 */
export const heldRecord = pgTable(
  'held_record',
  {
    schoolId: integer('school_id').notNull(),
    recordId: integer('record_id').notNull(),
    /** 0: no location. */
    locationId: integer('location_id').notNull(),
    /** The record's 中图法 main class letter ('' unclassified). */
    classLetter: text('class_letter').notNull(),
    /** 0: none. */
    resourceTypeId: integer('resource_type_id').notNull(),
    language: text('language').notNull(),
    /** The record's price (fen), for the copies without their own; null: none. */
    priceFen: integer('price_fen'),
    copies: integer('copies').notNull().default(0),
    /** Copies without a price of their own (valued at the record's). */
    unpriced: integer('unpriced').notNull().default(0),
    /** Sum of the copies' own prices (fen). */
    ownFen: integer('own_fen').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.locationId] }),
    index('held_record_school_letter_idx').on(t.schoolId, t.classLetter),
  ],
);

/**
 * The held collection per 中图法 main class letter (migration 0025): copies, titles (records holding at least one
 * copy) and value — kept with held_record by the same triggers, from each changed record's totals before and after
 * (a copy write locks its record, so two writers of one record never both see it empty). The wall screen and the
 * unfiltered class reports read these ~22 rows.
 */
export const heldLetter = pgTable(
  'held_letter',
  {
    schoolId: integer('school_id').notNull(),
    classLetter: text('class_letter').notNull(),
    copies: integer('copies').notNull().default(0),
    titles: integer('titles').notNull().default(0),
    valueFen: bigint('value_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.classLetter] })],
);
