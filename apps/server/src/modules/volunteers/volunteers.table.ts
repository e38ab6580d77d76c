import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from '../catalogue/catalogue.table.ts';

/** A person on the roster (or applying to be): a reader or a staff member as volunteer or small librarian. */
export const volunteer = pgTable(
  'volunteer',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id').notNull(),
    /** volunteer | small_librarian */
    kind: text('kind').notNull().default('volunteer'),
    /** pending | approved | rejected | inactive */
    state: text('state').notNull().default('pending'),
    /** applied (personal area) | added (staff) */
    source: text('source').notNull().default('added'),
    reason: text('reason').notNull().default(''),
    rejectReason: text('reject_reason').notNull().default(''),
    note: text('note').notNull().default(''),
    auditedBy: integer('audited_by'),
    auditedByName: text('audited_by_name').notNull().default(''),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('volunteer_school_user_uq').on(t.schoolId, t.userId),
    index('volunteer_school_state_idx').on(t.schoolId, t.state),
  ],
);

/** A kind of service (shelving, desk help…), with the sign-in interval and daily count the spec sets per type. */
export const serviceType = pgTable(
  'service_type',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    intervalMinutes: integer('interval_minutes').notNull().default(0),
    dailyLimit: integer('daily_limit').notNull().default(0),
    state: integer('state').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('service_type_school_name_uq').on(t.schoolId, t.name)],
);

/** One slot of a volunteer's weekly duty: weekday, time span, service. */
export const volunteerDuty = pgTable(
  'volunteer_duty',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    volunteerId: integer('volunteer_id')
      .notNull()
      .references(() => volunteer.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    serviceTypeId: integer('service_type_id').notNull(),
    ...stamps,
  },
  (t) => [index('volunteer_duty_volunteer_idx').on(t.schoolId, t.volunteerId)],
);

/** One service session: signed in by a card scan, signed out by the next (minutes counted then). */
export const serviceSign = pgTable(
  'service_sign',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    volunteerId: integer('volunteer_id')
      .notNull()
      .references(() => volunteer.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    serviceTypeId: integer('service_type_id'),
    /** The school's calendar day of the sign-in. */
    day: date('day', { mode: 'string' }).notNull(),
    signInAt: timestamp('sign_in_at', { withTimezone: true }).notNull(),
    signOutAt: timestamp('sign_out_at', { withTimezone: true }),
    minutes: integer('minutes').notNull().default(0),
    /** open | done | forgotten */
    state: text('state').notNull().default('open'),
    note: text('note').notNull().default(''),
    operatorId: integer('operator_id'),
    ...stamps,
  },
  (t) => [
    index('service_sign_school_day_idx').on(t.schoolId, t.day),
    index('service_sign_volunteer_idx').on(t.schoolId, t.volunteerId, t.state),
    // One open sign-in per volunteer: two desks scanning the same card at once cannot open two.
    uniqueIndex('service_sign_one_open_uq').on(t.schoolId, t.volunteerId).where(sql`state = 'open'`),
  ],
);
