import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { callerMemory, type TokenCheck } from '../../platform/principal.ts';
import { oidcPayload } from './oidc-payload.table.ts';
import { cachedToken, clearTokenCache, rememberToken } from './token-cache.ts';

/** The web app's client id at the built-in provider. */
export const WEB_CLIENT_ID = 'shuyuan-web';
/** The desktop shell: a native public client with its own callbacks (auth-env DESKTOP_REDIRECT_URIS). */
export const DESKTOP_CLIENT_ID = 'shuyuan-desktop';
export const API_SCOPE = 'library_api';
export const ACCESS_TOKEN_TTL = 60 * 60;
/**
 * Client-credentials tokens start with this; the provider's own ids never contain '.', so the verifier
 * knows a client token (answer 99998, spec §8) even after its row is gone.
 */
export const CLIENT_TOKEN_PREFIX = 'cc.';

/**
 * Resource-server side of the built-in provider: an opaque access token is the id of an 'AccessToken'
 * (user, code flow) or 'ClientCredentials' (desktop shell, devices) row of the provider's storage.
 * Unknown (never issued, revoked: the row is deleted) and expired tokens are refused.
 */
export function makeTokenVerifier(db: Db) {
  return async (token: string): Promise<TokenCheck> => {
    const kind = token.startsWith(CLIENT_TOKEN_PREFIX) ? 'client' : 'user';
    if (token.length > 200 || token.length < 16) return { ok: false, kind };
    const hit = cachedToken(db, token);
    if (hit) return hit;
    const loadedIn = callerMemory(db).generation;
    const [row] = await db
      .select({ payload: oidcPayload.payload })
      .from(oidcPayload)
      .where(
        and(eq(oidcPayload.type, kind === 'client' ? 'ClientCredentials' : 'AccessToken'), eq(oidcPayload.id, token)),
      )
      .limit(1);
    if (!row) return { ok: false, kind };
    const p = row.payload;
    const expMs = Number(p.exp) * 1000;
    if (!p.exp || expMs <= Date.now()) return { ok: false, kind };
    const extra = p.extra ?? {};
    // A client-credentials request that names no scope gets its client's registered ones (oidc-provider.ts).
    const scopes = String(p.scope ?? (kind === 'client' ? (extra.defaultScope ?? '') : ''))
      .split(' ')
      .filter(Boolean);
    let check: TokenCheck;
    if (kind === 'client') {
      check = {
        ok: true,
        kind: 'client',
        clientId: p.clientId,
        schoolId: extra.schoolId ?? null,
        userId: extra.userId ?? undefined,
        scopes,
      };
    } else {
      const userId = Number(p.accountId);
      if (!Number.isInteger(userId) || userId <= 0) return { ok: false, kind };
      check = { ok: true, kind: 'user', userId, clientId: p.clientId, scopes };
    }
    rememberToken(db, token, check, expMs, loadedIn);
    return check;
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
    accountId: String(opts.userId),
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

/** Everything that lets a user in without a password: grants, sessions, codes, access and refresh tokens. */
const USER_TYPES = ['AccessToken', 'RefreshToken', 'AuthorizationCode', 'Grant', 'Session'];

/** Signs a user out everywhere (password change, account disabled). */
export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await db
    .delete(oidcPayload)
    .where(and(eq(oidcPayload.accountId, String(userId)), inArray(oidcPayload.type, USER_TYPES)));
  clearTokenCache(db);
}

/** Revokes one access token and everything issued under the same grant (sign-out). */
export async function revokeTokenAndGrant(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ grantId: oidcPayload.grantId })
    .from(oidcPayload)
    .where(and(eq(oidcPayload.type, 'AccessToken'), eq(oidcPayload.id, token)))
    .limit(1);
  await db.delete(oidcPayload).where(and(eq(oidcPayload.type, 'AccessToken'), eq(oidcPayload.id, token)));
  if (row?.grantId) await revokeGrant(db, row.grantId);
  clearTokenCache(db);
}

/** Revokes a grant and everything issued under it: codes, access and refresh tokens. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db.delete(oidcPayload).where(eq(oidcPayload.grantId, grantId));
  await db.delete(oidcPayload).where(and(eq(oidcPayload.type, 'Grant'), eq(oidcPayload.id, grantId)));
  clearTokenCache(db);
}

/** The client a refresh token was issued to (web app or desktop shell); the web app when unknown. */
export async function refreshTokenClient(db: Db, refreshToken: string): Promise<string> {
  const [row] = await db
    .select({ payload: oidcPayload.payload })
    .from(oidcPayload)
    .where(and(eq(oidcPayload.type, 'RefreshToken'), eq(oidcPayload.id, refreshToken)))
    .limit(1);
  return row?.payload.clientId ?? WEB_CLIENT_ID;
}
