import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * A lost copy (遗失登记) and its compensation order (赔偿单, order_no). Barcode and title are kept as they were
 * at registration so the record reads the same after the copy is edited or weeded.
 */
export const lossRecord = pgTable(
  'loss_record',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    orderNo: text('order_no').notNull(),
    copyId: integer('copy_id').notNull(),
    recordId: integer('record_id').notNull(),
    barcode: text('barcode').notNull(),
    title: text('title').notNull(),
    readerId: integer('reader_id'),
    /** The loan this loss closed (loan → lost conversion). */
    loanId: integer('loan_id'),
    /** The circulation state the copy had before (so 'found again' can tell what happened). */
    previousState: text('previous_state').notNull(),
    previousStore: integer('previous_store').notNull(),
    compensationFen: integer('compensation_fen').notNull(),
    refundFen: integer('refund_fen').notNull().default(0),
    /** not_compensated | compensated | retrieved */
    state: text('state').notNull().default('not_compensated'),
    /** cash | deposit, once paid */
    payMethod: text('pay_method'),
    /** retrieve_after_logout | retrieve_and_refund, once retrieved */
    option: text('option'),
    registeredBy: integer('registered_by'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    compensatedBy: integer('compensated_by'),
    compensatedAt: timestamp('compensated_at', { withTimezone: true }),
    retrievedBy: integer('retrieved_by'),
    retrievedAt: timestamp('retrieved_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('loss_record_order_uq').on(t.schoolId, t.orderNo),
    // A copy is lost at most once at a time.
    uniqueIndex('loss_record_open_copy_uq').on(t.copyId).where(sql`state <> 'retrieved'`),
    index('loss_record_school_time_idx').on(t.schoolId, t.registeredAt),
  ],
);

/**
 * Money movements for the ledger: compensation received (+), refunds paid back (−), deposit movements
 * (− when a compensation is taken from the deposit). `ref` names the source (e.g. the order number).
 */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** compensation | refund | deposit */
    kind: text('kind').notNull(),
    amountFen: integer('amount_fen').notNull(),
    readerId: integer('reader_id'),
    ref: text('ref').notNull().default(''),
    operatorId: integer('operator_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entry_school_time_idx').on(t.schoolId, t.createdAt)],
);

/**
 * An overdue fine (逾期罚款, issue 14 §4), charged when a late copy comes back under a loan rule with a fine
 * (fines.hooks.ts). The figures it was computed from are kept, so the reader and the desk can check it by hand.
 * One per loan. Paid (cash or deposit, a ledger row `fine`) or waived (with the reason) at the desk.
 */
export const fine = pgTable(
  'fine',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** FK + the school's date + the id (unique per school): printed on the receipt. */
    fineNo: text('fine_no').notNull(),
    loanId: integer('loan_id').notNull(),
    readerId: integer('reader_id').notNull(),
    copyId: integer('copy_id').notNull(),
    barcode: text('barcode').notNull(),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    returnDay: date('return_day', { mode: 'string' }).notNull(),
    overdueDays: integer('overdue_days').notNull(),
    graceDays: integer('grace_days').notNull(),
    chargedDays: integer('charged_days').notNull(),
    dayFen: integer('day_fen').notNull(),
    capFen: integer('cap_fen').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** unpaid | paid | waived */
    state: text('state').notNull().default('unpaid'),
    /** cash | deposit, once paid */
    payMethod: text('pay_method'),
    settledBy: integer('settled_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    waiveReason: text('waive_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fine_no_uq').on(t.schoolId, t.fineNo),
    uniqueIndex('fine_loan_uq').on(t.loanId),
    index('fine_reader_idx').on(t.schoolId, t.readerId, t.state),
    index('fine_school_time_idx').on(t.schoolId, t.createdAt),
  ],
);
