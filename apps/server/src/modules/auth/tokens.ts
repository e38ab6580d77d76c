import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TokenCheck } from '../../platform/principal.ts';
import { oidcPayload } from './oidc-payload.table.ts';

/** The web app's client id at the built-in provider. */
export const WEB_CLIENT_ID = 'shuyuan-web';
export const API_SCOPE = 'library_api';
export const ACCESS_TOKEN_TTL = 60 * 60;

/**
 * Resource-server side of the built-in provider: an opaque access token is the id of an 'AccessToken'
 * (user, code flow) or 'ClientCredentials' (desktop shell, devices) row of the provider's storage.
 */
export function makeTokenVerifier(db: Db) {
  return async (token: string): Promise<TokenCheck> => {
    if (token.length > 200) return { ok: false, kind: 'user' };
    const rows = await db
      .select({ type: oidcPayload.type, payload: oidcPayload.payload })
      .from(oidcPayload)
      .where(and(eq(oidcPayload.id, token)))
      .limit(2);
    const row = rows.find((r) => r.type === 'AccessToken' || r.type === 'ClientCredentials');
    if (!row) return { ok: false, kind: 'user' };
    const p = row.payload;
    const kind = row.type === 'ClientCredentials' ? 'client' : 'user';
    if (!p.exp || p.exp * 1000 < Date.now()) return { ok: false, kind };
    const scopes = String(p.scope ?? '')
      .split(' ')
      .filter(Boolean);
    if (kind === 'client') {
      const extra = p.extra ?? {};
      return {
        ok: true,
        kind: 'client',
        clientId: p.clientId,
        schoolId: extra.schoolId ?? null,
        userId: extra.userId ?? undefined,
        scopes,
      };
    }
    return { ok: true, kind: 'user', userId: Number(p.accountId), clientId: p.clientId, scopes };
  };
}

/**
 * Issues an access token for a user directly, in the provider's own storage format. Used by tests and by
 * trusted server-side flows; browsers get theirs through the code flow.
 */
export async function issueAccessToken(
  db: Db,
  opts: { userId: number; clientId?: string; ttlSeconds?: number; scopes?: string[] },
): Promise<string> {
  const jti = randomBytes(32).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const ttl = opts.ttlSeconds ?? ACCESS_TOKEN_TTL;
  await db.insert(oidcPayload).values({
    id: jti,
    type: 'AccessToken',
    payload: {
      jti,
      kind: 'AccessToken',
      iat: now,
      exp: now + ttl,
      accountId: String(opts.userId),
      clientId: opts.clientId ?? WEB_CLIENT_ID,
      scope: (opts.scopes ?? ['openid', 'profile', 'offline_access', API_SCOPE]).join(' '),
      gty: 'authorization_code',
    },
    expiresAt: new Date((now + ttl) * 1000),
  });
  return jti;
}
