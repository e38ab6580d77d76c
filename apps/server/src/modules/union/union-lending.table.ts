import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolUnion } from './union.table.ts';

/** A union's lending rules, on top of each school's own (README "Union lending"). One row per union. */
export const unionLoanRule = pgTable(
  'union_loan_rule',
  {
    id: serial('id').primaryKey(),
    unionId: integer('union_id')
      .notNull()
      .references(() => schoolUnion.id, { onDelete: 'cascade' }),
    /** Union loans and requests a reader may have open at once, across the union's schools. */
    maxLoans: integer('max_loans').notNull().default(3),
    loanDays: integer('loan_days').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('union_loan_rule_uq').on(t.unionId)],
);

/**
 * A loan across schools: the owner's copy, the borrowing school's reader. Belongs to two schools (no school_id):
 * every query names the caller's school as owner or borrower (union-lending.service.ts). No foreign key to the
 * union: the records stay when a union is dissolved. Of the reader the owner sees only `reader_name` and
 * `reader_card` (copied at the request), the borrower its own reader by `reader_id`.
 * States and moves: contracts union/lending.ts. `version` is bumped on every move (one wins).
 */
export const unionLoan = pgTable(
  'union_loan',
  {
    id: serial('id').primaryKey(),
    unionId: integer('union_id').notNull(),
    ownerSchoolId: integer('owner_school_id').notNull(),
    borrowerSchoolId: integer('borrower_school_id').notNull(),
    /** The owner's record asked for; the copy is chosen at dispatch (a desk loan has it at once). */
    recordId: integer('record_id').notNull(),
    copyId: integer('copy_id'),
    readerId: integer('reader_id').notNull(),
    readerName: text('reader_name').notNull(),
    readerCard: text('reader_card').notNull(),
    /** 'desk' (at the owner's desk) | 'request' (delivered between schools) */
    via: text('via').notNull(),
    state: text('state').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    reason: text('reason').notNull().default(''),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    requestedBy: integer('requested_by'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    dispatchedBy: integer('dispatched_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: integer('received_by'),
    lentAt: timestamp('lent_at', { withTimezone: true }),
    lentBy: integer('lent_by'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnedBy: integer('returned_by'),
    /** The school the reader gave the copy back at (the owner's or the borrower's). */
    returnedSchoolId: integer('returned_school_id'),
    sentHomeAt: timestamp('sent_home_at', { withTimezone: true }),
    sentHomeBy: integer('sent_home_by'),
    backAt: timestamp('back_at', { withTimezone: true }),
    backBy: integer('back_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('union_loan_owner_idx').on(t.ownerSchoolId, t.state),
    index('union_loan_borrower_idx').on(t.borrowerSchoolId, t.state),
    index('union_loan_reader_idx').on(t.readerId, t.state),
    // One union loan per copy while the copy is away (backs the copy lock).
    uniqueIndex('union_loan_copy_open_uq')
      .on(t.copyId)
      .where(sql`state in ('transit', 'shelf', 'lent', 'returned', 'homebound')`),
  ],
);
