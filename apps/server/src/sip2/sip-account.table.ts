import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A self-check machine's SIP2 account. The 93 login names no school, so the login is unique across schools and
 * decides which school the connection serves.
 */
export const sipAccount = pgTable(
  'sip_account',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    login: text('login').notNull(),
    /** platform/password.ts hash. */
    passwordHash: text('password_hash').notNull(),
    locationCode: text('location_code').notNull().default(''),
    /** 'utf-8' | 'gbk': how the machine encodes its messages. */
    charset: text('charset').notNull().default('utf-8'),
    /** 'zh' | 'en': language of the screen messages sent to the machine. */
    lang: text('lang').notNull().default('zh'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sip_account_login_uq').on(t.login)],
);
