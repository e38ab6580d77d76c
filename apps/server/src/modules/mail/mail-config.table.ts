import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** SMTP settings, one row per school. The password is kept for sending and never returned by the API. */
export const mailConfig = pgTable('mail_config', {
  schoolId: integer('school_id').primaryKey(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  secure: boolean('secure').notNull().default(false),
  user: text('user').notNull().default(''),
  password: text('password'),
  fromAddress: text('from_address').notNull(),
  fromName: text('from_name').notNull().default(''),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
