import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A parent reader linked to a student reader (家长-学生). A parent sees the loans of linked students only. */
export const studentParent = pgTable(
  'student_parent',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    studentId: integer('student_id').notNull(),
    parentId: integer('parent_id').notNull(),
    /** father | mother | guardian | other */
    relation: text('relation').notNull().default('guardian'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('student_parent_uq').on(t.schoolId, t.studentId, t.parentId),
    index('student_parent_parent_idx').on(t.schoolId, t.parentId),
  ],
);

/**
 * A conversion of a loan by a librarian (借阅转换): closed as returned, as lost, or as weeded, with the
 * reason. The loan row itself is closed (returned_at); this row says how and why.
 */
export const loanConversion = pgTable(
  'loan_conversion',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    loanId: integer('loan_id').notNull(),
    /** returned | lost | weeding */
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loan_conversion_loan_idx').on(t.schoolId, t.loanId)],
);
