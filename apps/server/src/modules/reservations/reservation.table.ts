import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A reservation (预约) of a title — or of one copy — by a reader. Queue order = created_at, id. While `ready`
 * the copy (copy_id) sits on the hold shelf in state 'reserved' until hold_until (a school date).
 */
export const reservation = pgTable(
  'reservation',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    readerId: integer('reader_id').notNull(),
    recordId: integer('record_id').notNull(),
    /** The copy asked for (copy-level reservation), or the copy put on the hold shelf once ready. */
    copyId: integer('copy_id'),
    /** True when the reader asked for this very copy: no other copy fulfils it. */
    copyLevel: boolean('copy_level').notNull().default(false),
    /** waiting | ready | collected | expired | cancelled */
    state: text('state').notNull().default('waiting'),
    holdUntil: date('hold_until', { mode: 'string' }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** When it was collected, expired or cancelled. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    loanId: integer('loan_id'),
    createdBy: integer('created_by'),
    handledBy: integer('handled_by'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live reservation per reader and title.
    uniqueIndex('reservation_active_uq')
      .on(t.schoolId, t.readerId, t.recordId)
      .where(sql`state in ('waiting', 'ready')`),
    index('reservation_queue_idx').on(t.schoolId, t.recordId, t.state, t.createdAt),
    index('reservation_copy_idx').on(t.copyId).where(sql`state = 'ready'`),
    index('reservation_school_state_idx').on(t.schoolId, t.state, t.holdUntil),
  ],
);

/** A purchase suggestion (荐购) by a reader or teacher. */
export const recommendation = pgTable(
  'recommendation',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    readerId: integer('reader_id'),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    isbn: text('isbn').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** pending | found | not_found | cancelled */
    state: text('state').notNull().default('pending'),
    /** The catalogue record a 'found' suggestion became. */
    recordId: integer('record_id'),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recommendation_school_state_idx').on(t.schoolId, t.state, t.createdAt)],
);
