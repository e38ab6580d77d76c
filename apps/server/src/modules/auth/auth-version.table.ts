import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row: the version of who may do what (token-cache.ts). Migration 0003 inserts it and adds statement triggers
 * that move `version` to a new sequence value on every write that can change a remembered caller: users (state,
 * password, account, identity, home school), roles, memberships, and revoked tokens (deleted oidc_payload rows).
 */
export const authVersion = pgTable('auth_version', {
  /** Random per database, so two databases in one process never share remembered callers. */
  id: text('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Rate-limit windows (rate-limit.ts): one row per counted key, shared by every process on the database. */
export const rateCount = pgTable('rate_count', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
