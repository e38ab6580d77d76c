/**
 * Sign-in settings read from the environment (documented in README.md).
 * - DESKTOP_REDIRECT_URIS: comma-separated callbacks of the desktop shell, a native public client
 *   (reverse-domain custom scheme or http loopback; default cn.shuyuan.desktop:/callback).
 * - OIDC_EXTERNAL_ISSUER, OIDC_EXTERNAL_CLIENT_ID, OIDC_EXTERNAL_CLIENT_SECRET, OIDC_EXTERNAL_ACCOUNT_CLAIM:
 *   point the web app at an external OpenID provider instead of the built-in one.
 */
export interface AuthEnv {
  desktopRedirectUris: string[];
  external?: { issuer: string; clientId: string; clientSecret?: string; accountClaim: string };
}

export function loadAuthEnv(env: NodeJS.ProcessEnv = process.env): AuthEnv {
  const desktop = (env.DESKTOP_REDIRECT_URIS ?? 'cn.shuyuan.desktop:/callback')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const issuer = env.OIDC_EXTERNAL_ISSUER?.replace(/\/$/, '');
  const clientId = env.OIDC_EXTERNAL_CLIENT_ID;
  return {
    desktopRedirectUris: desktop,
    external:
      issuer && clientId
        ? {
            issuer,
            clientId,
            clientSecret: env.OIDC_EXTERNAL_CLIENT_SECRET || undefined,
            accountClaim: env.OIDC_EXTERNAL_ACCOUNT_CLAIM || 'preferred_username',
          }
        : undefined,
  };
}

let current: AuthEnv = loadAuthEnv();

export function authEnv(): AuthEnv {
  return current;
}

/** Tests switch settings (e.g. an external provider) without touching process.env. */
export function setAuthEnv(next: AuthEnv): void {
  current = next;
}
