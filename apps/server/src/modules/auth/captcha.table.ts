import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Answers of the sign-in picture codes: valid 5 minutes, deleted on first use. */
export const loginCaptcha = pgTable(
  'login_captcha',
  {
    id: text('id').primaryKey(),
    /** Lower-case answer; the check ignores case. */
    answer: text('answer').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_captcha_expires_idx').on(t.expiresAt)],
);
