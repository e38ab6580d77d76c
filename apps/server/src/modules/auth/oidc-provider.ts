import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import type { Db } from '../../db/client.ts';
import { verifyPassword } from '../../platform/password.ts';
import { appUser } from './user.table.ts';
import { authEnv } from './auth-env.ts';
import { makeAdapterClass } from './oidc-adapter.ts';
import { loadProviderSecrets, type ProviderSecrets } from './oidc-keys.ts';
import { logoutSource, postLogoutSuccessSource, renderError } from './oidc-pages.ts';
import { oauthClient } from './oauth-client.table.ts';
import { postLogoutUri, redirectUris } from './origin.ts';
import { ACCESS_TOKEN_TTL, API_SCOPE, CLIENT_TOKEN_PREFIX, DESKTOP_CLIENT_ID, WEB_CLIENT_ID } from './tokens.ts';
import { recordLogin } from './login-log.ts';
import { signOutGuard } from './sign-out.ts';

export const OIDC_MOUNT = '/oauth2';
const DAY = 24 * 60 * 60;
const MAX_PROVIDERS = 32;

function desktopClient() {
  const uris = authEnv().desktopRedirectUris;
  if (!uris.length) return [];
  return [
    {
      client_id: DESKTOP_CLIENT_ID,
      client_name: 'Shuyuan desktop',
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: uris,
    },
  ];
}

function configuration(db: Db, origin: string, secrets: ProviderSecrets) {
  return {
    adapter: makeAdapterClass(db),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: 'Shuyuan web',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris(origin),
        post_logout_redirect_uris: [postLogoutUri(origin)],
      },
      ...desktopClient(),
    ],
    jwks: secrets.jwks,
    cookies: { keys: secrets.cookieKeys },
    scopes: ['openid', 'profile', 'offline_access', API_SCOPE],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'locale'] },
    routes: { token: '/connect/token' },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    // The sign-in page is the web app's /auth screen (/searchauth for the public search sign-in); it calls
    // P/Home/Login with this uid.
    interactions: {
      url: (_ctx: unknown, i: { uid: string; params: Record<string, string> }) =>
        `/library/#/${i.params.redirect_uri?.endsWith('/callbacksearch') ? 'searchauth' : 'auth'}?uid=${i.uid}`,
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      ClientCredentials: ACCESS_TOKEN_TTL,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      // A rotated refresh token keeps the remaining lifetime: a sign-in lasts at most 14 days.
      RefreshToken: (ctx: any) => ctx?.oidc?.entities?.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
    },
    // First-party web app: refresh tokens without the consent prompt that offline_access would need.
    issueRefreshToken: async (_ctx: unknown, client: any) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    clientBasedCORS: (_ctx: unknown, reqOrigin: string) => reqOrigin === origin,
    renderError,
    findAccount: async (_ctx: unknown, sub: string) => {
      const id = Number(sub);
      if (!Number.isInteger(id) || id <= 0) return undefined;
      const [u] = await db.select().from(appUser).where(eq(appUser.id, id)).limit(1);
      if (u?.state !== 1) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, name: u.name, preferred_username: u.account, locale: u.lang ?? undefined }),
      };
    },
    // Client-credentials tokens carry their client's school and device account (the verifier hands them on),
    // and the client's registered scopes: a request naming none gets those (RFC 6749 §3.3 default).
    extraTokenClaims: async (_ctx: unknown, token: any) => {
      if (token.kind !== 'ClientCredentials') return undefined;
      const [c] = await db
        .select({ schoolId: oauthClient.schoolId, userId: oauthClient.userId, scope: oauthClient.scope })
        .from(oauthClient)
        .where(eq(oauthClient.clientId, token.clientId))
        .limit(1);
      return {
        schoolId: c?.schoolId ?? null,
        ...(c?.userId ? { userId: c.userId } : {}),
        ...(token.scope ? {} : { defaultScope: c?.scope ?? '' }),
      };
    },
  };
}

async function createProvider(db: Db, origin: string, secrets: ProviderSecrets) {
  const provider = new Provider(`${origin}${OIDC_MOUNT}`, configuration(db, origin, secrets));
  provider.proxy = true;
  provider.use(signOutGuard(db, provider));
  // Device clients' secrets are stored hashed (oauth_client.secret_hash).
  provider.Client.prototype.compareClientSecret = function (this: any, actual: string) {
    return verifyPassword(actual, this.clientSecret);
  };
  const baseId = provider.ClientCredentials.prototype.generateTokenId;
  provider.ClientCredentials.prototype.generateTokenId = function (this: unknown) {
    return CLIENT_TOKEN_PREFIX + baseId.call(this);
  };
  provider.on('client_credentials.saved', (token: any) => {
    void recordLogin(db, {
      schoolId: token.extra?.schoolId ?? null,
      account: token.clientId,
      success: true,
      method: 'client_credentials',
    });
  });
  return provider;
}

/**
 * One provider per origin the browsers use (bounded), all sharing storage and keys: the issuer, the
 * discovery document and the allowed redirect URIs follow the address in the browser's bar.
 */
export class ProviderRegistry {
  private providers = new Map<string, Promise<any>>();
  private secrets?: Promise<ProviderSecrets>;

  constructor(private readonly db: Db) {}

  get(origin: string): Promise<any> {
    let p = this.providers.get(origin);
    if (p) {
      // Keep the most recently used at the end (simple LRU).
      this.providers.delete(origin);
      this.providers.set(origin, p);
      return p;
    }
    this.secrets ??= loadProviderSecrets(this.db);
    p = this.secrets.then((s) => createProvider(this.db, origin, s));
    p.catch(() => this.providers.delete(origin));
    this.providers.set(origin, p);
    if (this.providers.size > MAX_PROVIDERS) this.providers.delete(this.providers.keys().next().value!);
    return p;
  }
}
