import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Storage of the OpenID Connect provider (oidc-provider adapter): sessions, grants, authorization codes,
 * access and refresh tokens, client-credentials tokens, interactions. `id` is the model's id (for opaque
 * access tokens the token value itself).
 */
export const oidcPayload = pgTable(
  'oidc_payload',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, any>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    /** The user a token or grant belongs to (payload.accountId), so one user's tokens can be revoked at once. */
    accountId: text('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oidc_payload_pk').on(t.type, t.id),
    index('oidc_payload_account_idx').on(t.accountId),
    index('oidc_payload_grant_idx').on(t.grantId),
    index('oidc_payload_uid_idx').on(t.uid),
    index('oidc_payload_expires_idx').on(t.expiresAt),
  ],
);
