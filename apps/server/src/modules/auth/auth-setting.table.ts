import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** Per-school sign-in settings; a school without a row uses the defaults below. */
export const authSetting = pgTable('auth_setting', {
  schoolId: integer('school_id').primaryKey(),
  /** Spec §5 password policy (more than 8 characters, three kinds) for staff accounts. */
  passwordPolicyStaff: boolean('password_policy_staff').notNull().default(true),
  /** The same policy for readers (students, teachers, parents); off by default: 6 characters suffice. */
  passwordPolicyReaders: boolean('password_policy_readers').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
