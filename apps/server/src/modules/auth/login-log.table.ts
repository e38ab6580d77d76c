import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every sign-in attempt, successful or not. Shown on /sys/log/login. */
export const loginLog = pgTable(
  'login_log',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id'),
    userId: integer('user_id'),
    account: text('account').notNull(),
    userName: text('user_name'),
    success: boolean('success').notNull(),
    /** Why it failed: BAD_PASSWORD, LOCKED, NO_USER, BAD_CAPTCHA, DISABLED … (null on success). */
    reason: text('reason'),
    /** How: password, client_credentials, refresh, sign-out */
    method: text('method').notNull().default('password'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_log_school_time_idx').on(t.schoolId, t.createdAt),
    index('login_log_school_id_idx').on(t.schoolId, t.id),
    // Failures of unknown accounts are counted from here (lockout without revealing which accounts exist), and the
    // last attempts of an account or from an address say whether the picture code is asked (login.service.ts).
    index('login_log_account_time_idx').on(sql`lower(${t.account})`, t.createdAt),
    index('login_log_ip_time_idx').on(t.ip, t.createdAt),
  ],
);
