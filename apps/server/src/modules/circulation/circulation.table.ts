import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A borrowing rule (conventions "Rules as data"): each scope column null = any; the effective rule for a loan
 * is the most specific matching row (rules.service.ts getEffectiveRule). One row per scope combination.
 */
export const loanRule = pgTable(
  'loan_rule',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    identity: text('identity'),
    permissionGroupId: integer('permission_group_id'),
    resourceTypeId: integer('resource_type_id'),
    locationId: integer('location_id'),
    maxLoans: integer('max_loans').notNull(),
    loanDays: integer('loan_days').notNull(),
    renewDays: integer('renew_days').notNull(),
    maxRenewals: integer('max_renewals').notNull(),
    overdueRenewAllowed: boolean('overdue_renew_allowed').notNull().default(false),
    /** Used only in the overdue mode 'single': may a reader with an overdue loan borrow under this rule. */
    overdueLendAllowed: boolean('overdue_lend_allowed').notNull().default(true),
    /** Overdue fine in fen per open day overdue (0 = no fine: off by default), grace days, cap per loan (0 = none). */
    fineDayFen: integer('fine_day_fen').notNull().default(0),
    fineGraceDays: integer('fine_grace_days').notNull().default(0),
    fineCapFen: integer('fine_cap_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Nulls made comparable so two 'any' rows of the same scope collide (seeding defaults is race-free).
    uniqueIndex('loan_rule_scope_uq').on(
      t.schoolId,
      sql`coalesce(${t.identity}, '')`,
      sql`coalesce(${t.permissionGroupId}, 0)`,
      sql`coalesce(${t.resourceTypeId}, 0)`,
      sql`coalesce(${t.locationId}, 0)`,
    ),
  ],
);

/** A day the library is closed (school calendar): due dates never fall on one. */
export const closedDay = pgTable(
  'closed_day',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('closed_day_school_day_uq').on(t.schoolId, t.day)],
);

/** A loan of one copy to one reader. Open while returned_at is null; at most one open loan per copy. */
export const loan = pgTable(
  'loan',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    copyId: integer('copy_id').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id').notNull(),
    borrowedAt: timestamp('borrowed_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    renewals: integer('renewals').notNull().default(0),
    /** The librarian (desk) who lent it; null for self-check machines. */
    operatorId: integer('operator_id'),
    returnOperatorId: integer('return_operator_id'),
    /** desk | sip2 | batch */
    via: text('via').notNull().default('desk'),
    // What the loan counts under in the reports, as it was at lending (set by the loan_snapshot trigger on insert,
    // whatever the writer: desk, SIP2, batch, offline, imports): the reader's class, grade, department and
    // identity, the copy's location, the record's resource type and 中图法 main class letter ('' unclassified).
    // A reader moved to another class later keeps their past loans in the old class (statistics README).
    readerClassId: integer('reader_class_id'),
    readerGradeId: integer('reader_grade_id'),
    readerDepartmentId: integer('reader_department_id'),
    readerIdentity: text('reader_identity'),
    locationId: integer('location_id'),
    resourceTypeId: integer('resource_type_id'),
    classLetter: text('class_letter').notNull().default(''),
  },
  (t) => [
    uniqueIndex('loan_open_copy_uq').on(t.copyId).where(sql`returned_at is null`),
    index('loan_open_user_idx').on(t.schoolId, t.userId).where(sql`returned_at is null`),
    index('loan_school_due_idx').on(t.schoolId, t.dueDate),
    // Reports over a period (statistics module): loans by borrowed time, returns by returned time, and one
    // reader's / one copy's loans in a period (zero-loan lists).
    index('loan_school_borrowed_idx').on(t.schoolId, t.borrowedAt),
    index('loan_school_returned_idx').on(t.schoolId, t.returnedAt).where(sql`returned_at is not null`),
    index('loan_user_borrowed_idx').on(t.userId, t.borrowedAt),
    index('loan_copy_borrowed_idx').on(t.copyId, t.borrowedAt),
    // One title's loans of a period (the most borrowed titles of a long period count their candidates' loans).
    index('loan_school_record_borrowed_idx').on(t.schoolId, t.recordId, t.borrowedAt),
    // One class's loans of a period (the head teacher's drill-down), on the class at lending.
    index('loan_school_class_borrowed_idx').on(t.schoolId, t.readerClassId, t.borrowedAt),
  ],
);

/**
 * A deferred return (延期还书): the desk pushed an open loan's due date back, with a reason. The log of who
 * granted how many days and why; its count per loan enforces the deferral limit.
 */
export const loanDeferral = pgTable(
  'loan_deferral',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    loanId: integer('loan_id').notNull(),
    days: integer('days').notNull(),
    oldDueDate: date('old_due_date', { mode: 'string' }).notNull(),
    newDueDate: date('new_due_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loan_deferral_loan_idx').on(t.loanId), index('loan_deferral_school_idx').on(t.schoolId, t.createdAt)],
);
