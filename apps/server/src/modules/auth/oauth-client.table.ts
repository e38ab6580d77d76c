import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Confidential clients of the built-in provider (desktop shell, self-check machines, other devices): each
 * belongs to one school and signs in with the client-credentials grant. Only a hash of the secret is kept.
 */
export const oauthClient = pgTable(
  'oauth_client',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    /**
     * The account the client acts as (a device account with its own role); null = the token carries only
     * the school, for calls that need no user.
     */
    userId: integer('user_id'),
    /** scrypt hash (platform/password.ts) of the client secret. */
    secretHash: text('secret_hash').notNull(),
    /** Space-separated scopes the client may ask for. */
    scope: text('scope').notNull().default('library_api'),
    /** 1 active, 0 disabled */
    state: integer('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_client_client_id_uq').on(t.clientId)],
);
