import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Exact daily rollups of the loan table (statistics README "Rollups"), kept by the statement triggers of migration
 * 0010 in the writer's transaction: every insert, update and delete of loans — desk, SIP2, batch, offline,
 * conversions, losses, deletions of readers or copies — adds its difference. A day is the school's day (its time
 * zone). Loans, their renewals and how many of them came back late count on the borrowed day; returns and late
 * returns on the returned day. Keys are the loan's snapshot at lending (0 / '' for none).
 */
const measures = {
  loans: integer('loans').notNull().default(0),
  renewals: integer('renewals').notNull().default(0),
  /** Loans of the day that came back after their due date. */
  lateLoans: integer('late_loans').notNull().default(0),
  returns: integer('returns').notNull().default(0),
  /** Returns of the day that came back after their due date. */
  lateReturns: integer('late_returns').notNull().default(0),
};

/** Per day and reader group: class, grade, department, identity. */
export const loanDayReader = pgTable(
  'loan_day_reader',
  {
    schoolId: integer('school_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    classId: integer('class_id').notNull(),
    gradeId: integer('grade_id').notNull(),
    departmentId: integer('department_id').notNull(),
    identity: text('identity').notNull(),
    ...measures,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.classId, t.gradeId, t.departmentId, t.identity] })],
);

/** Per day and item group: 中图法 main class letter, location, resource type. */
export const loanDayItem = pgTable(
  'loan_day_item',
  {
    schoolId: integer('school_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    classLetter: text('class_letter').notNull(),
    locationId: integer('location_id').notNull(),
    resourceTypeId: integer('resource_type_id').notNull(),
    ...measures,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.classLetter, t.locationId, t.resourceTypeId] })],
);

/**
 * Monthly rollup of the loan table (statistics README "Rollups"), kept by the same statement triggers in the
 * writer's transaction (migration 0029: `loan_rollup_add` upserts it with the daily ones). A month is the first day
 * of the school's month (its time zone) in which the loans were made. It answers what the daily sums cannot:
 * distinct borrowers — rankings, boards, the class statistics and the custom query; the days of a period outside
 * its whole months are counted from the loans (month-rollup.ts). Per month and reader, with the reader's groups at
 * lending (a reader moved mid-month has a row per class): ~readers × months rows, not one per loan.
 */
export const loanMonthReader = pgTable(
  'loan_month_reader',
  {
    schoolId: integer('school_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    classId: integer('class_id').notNull(),
    gradeId: integer('grade_id').notNull(),
    departmentId: integer('department_id').notNull(),
    identity: text('identity').notNull(),
    loans: integer('loans').notNull().default(0),
    renewals: integer('renewals').notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.schoolId, t.month, t.userId, t.classId, t.gradeId, t.departmentId, t.identity],
    }),
  ],
);

/**
 * Yearly loans per title (statistics README "Rollups", migration 0032): loans per school year (its time zone) and
 * record, upserted by the same `loan_rollup_add` as the other rollups — a return or renewal changes no year's loans
 * and writes nothing here; a record merge moves the loans to the kept record. ~titles lent per year rows (98k for a
 * year of 500k loans). The most borrowed titles of a long period read it (title-rank.ts): whole years from it, the
 * days of a partial year from the loans, the candidates through `loan_year_record_top_idx`.
 */
export const loanYearRecord = pgTable(
  'loan_year_record',
  {
    schoolId: integer('school_id').notNull(),
    year: integer('year').notNull(),
    recordId: integer('record_id').notNull(),
    loans: integer('loans').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.year, t.recordId] }),
    index('loan_year_record_top_idx').on(t.schoolId, t.year, t.loans.desc(), t.recordId),
  ],
);
