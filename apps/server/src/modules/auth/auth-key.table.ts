import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets of the built-in sign-in provider, generated once and shared by every process on the database:
 * 'jwks' (the ID-token signing keys), 'cookie-keys' (keys signing the provider's cookies).
 */
export const authKey = pgTable('auth_key', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
