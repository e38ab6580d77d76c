import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A stocktake session (盘点) over locations and/or a call-number range. */
export const stocktakeSession = pgTable(
  'stocktake_session',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    locationIds: integer('location_ids').array().notNull().default(sql`'{}'::integer[]`),
    callNoFrom: text('call_no_from').notNull().default(''),
    callNoTo: text('call_no_to').notNull().default(''),
    state: text('state').notNull().default('open'),
    expectedCount: integer('expected_count').notNull().default(0),
    foundCount: integer('found_count').notNull().default(0),
    scanCount: integer('scan_count').notNull().default(0),
    missingCount: integer('missing_count').notNull().default(0),
    lostCount: integer('lost_count').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: integer('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('stocktake_session_school_idx').on(t.schoolId, t.state)],
);

/**
 * A copy the session expects (in scope when it opened), with the store it had before it went to store 9.
 * `found_at` is set by its first scan; `result` is what closing did: restored | lost.
 */
export const stocktakeItem = pgTable(
  'stocktake_item',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => stocktakeSession.id, { onDelete: 'cascade' }),
    copyId: integer('copy_id').notNull(),
    prevStore: integer('prev_store').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }),
    result: text('result').notNull().default(''),
  },
  (t) => [
    uniqueIndex('stocktake_item_session_copy_uq').on(t.sessionId, t.copyId),
    index('stocktake_item_copy_idx').on(t.copyId),
  ],
);

/** One scan, in the order it was made (`seq` per session). Call number and location are as scanned. */
export const stocktakeScan = pgTable(
  'stocktake_scan',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => stocktakeSession.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    barcode: text('barcode').notNull(),
    copyId: integer('copy_id'),
    locationId: integer('location_id'),
    callNo: text('call_no').notNull().default(''),
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull().default(''),
    /** Call number scanned just before in the same location, when this scan is out of order. */
    after: text('after').notNull().default(''),
    typed: boolean('typed').notNull().default(false),
    clientId: text('client_id'),
    operatorId: integer('operator_id'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stocktake_scan_session_seq_uq').on(t.sessionId, t.seq),
    uniqueIndex('stocktake_scan_client_uq').on(t.sessionId, t.clientId),
    index('stocktake_scan_session_barcode_idx').on(t.sessionId, t.barcode),
  ],
);

/** A weeded copy (剔旧登记) for the ledgers: who, when, why, at what price. `undone_at` when taken back. */
export const weedingRecord = pgTable(
  'weeding_record',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    copyId: integer('copy_id').notNull(),
    recordId: integer('record_id').notNull(),
    barcode: text('barcode').notNull(),
    title: text('title').notNull().default(''),
    callNo: text('call_no').notNull().default(''),
    reason: text('reason').notNull(),
    priceFen: integer('price_fen'),
    prevStore: integer('prev_store').notNull(),
    weededOn: date('weeded_on').notNull(),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by'),
  },
  (t) => [index('weeding_record_school_idx').on(t.schoolId, t.weededOn), index('weeding_record_copy_idx').on(t.copyId)],
);
