import type { TokenSet } from '@shuyuan/contracts/auth/plat';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { AuthEnv } from './auth-env.ts';
import { recordLogin } from './login-log.ts';
import { ACCESS_TOKEN_TTL, API_SCOPE, WEB_CLIENT_ID } from './tokens.ts';
import { appUser } from './user.table.ts';

type External = NonNullable<AuthEnv['external']>;

const discovery = new Map<string, Promise<Record<string, string>>>();

async function metadata(issuer: string): Promise<Record<string, string>> {
  let m = discovery.get(issuer);
  if (!m) {
    m = fetch(`${issuer}/.well-known/openid-configuration`).then((r) => {
      if (!r.ok) throw new Error(`discovery of ${issuer} answered ${r.status}`);
      return r.json();
    });
    m.catch(() => discovery.delete(issuer));
    discovery.set(issuer, m);
  }
  return m;
}

/**
 * Sign-in through an external OpenID provider: the code is exchanged there, the user is recognised by a
 * claim (default preferred_username = our account), and our own provider issues the tokens the API
 * accepts. So the API, refresh and sign-out work the same whichever provider signed the user in.
 */
export async function exchangeExternal(
  db: Db,
  provider: any,
  ext: External,
  p: { code: string; redirectUri: string; codeVerifier?: string },
): Promise<TokenSet> {
  const meta = await metadata(ext.issuer);
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: p.code,
    redirect_uri: p.redirectUri,
    client_id: ext.clientId,
  });
  if (ext.clientSecret) form.set('client_secret', ext.clientSecret);
  if (p.codeVerifier) form.set('code_verifier', p.codeVerifier);
  const tr = await fetch(meta.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
  });
  const tokens: any = await tr.json().catch(() => ({}));
  if (!tr.ok || !tokens.access_token) throw fail('TOKEN_EXCHANGE_FAILED', 'auth.token.exchangeFailed');
  const ur = await fetch(meta.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const claims: any = await ur.json().catch(() => ({}));
  const account = String(claims[ext.accountClaim] ?? '').trim();
  const users = account
    ? await db
        .select({ id: appUser.id, schoolId: appUser.schoolId, name: appUser.name })
        .from(appUser)
        .where(and(sql`lower(${appUser.account}) = lower(${account})`, eq(appUser.state, 1)))
        .limit(2)
    : [];
  if (users.length !== 1) {
    await recordLogin(db, { account: account || '?', success: false, reason: 'NO_USER', method: 'external' });
    throw fail('USER_NOT_FOUND', 'auth.token.noExternalUser');
  }
  const u = users[0];
  await recordLogin(db, {
    schoolId: u.schoolId,
    userId: u.id,
    userName: u.name,
    account,
    success: true,
    method: 'external',
  });
  return issueOwnTokens(provider, u.id);
}

/** A grant with access and refresh tokens of the built-in provider, as its code flow would give. */
export async function issueOwnTokens(provider: any, userId: number): Promise<TokenSet> {
  const accountId = String(userId);
  const client = await provider.Client.find(WEB_CLIENT_ID);
  const scope = `openid profile offline_access ${API_SCOPE}`;
  const grant = new provider.Grant({ accountId, clientId: WEB_CLIENT_ID });
  grant.addOIDCScope(scope);
  const grantId = await grant.save();
  const common = { accountId, client, grantId, scope, gty: 'authorization_code' };
  const access = await new provider.AccessToken(common).save();
  const refresh = await new provider.RefreshToken({ ...common, rotations: 0 }).save();
  return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: ACCESS_TOKEN_TTL };
}
