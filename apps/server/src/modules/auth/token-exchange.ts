import type { TokenSet } from '@shuyuan/contracts/auth/plat';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../platform/errors.ts';
import { OIDC_MOUNT } from './oidc-provider.ts';
import { authEnv } from './auth-env.ts';
import { INTERNAL_HEADER, INTERNAL_SECRET } from './rate-limit.ts';
import { callbackUri, searchCallbackUri } from './origin.ts';
import { DESKTOP_CLIENT_ID, WEB_CLIENT_ID } from './tokens.ts';

/**
 * The client and redirect URI a code was issued for, from the address the code came back to: a desktop
 * callback as is, else the web app's callback or search callback on the caller's own origin.
 */
export function redirectFor(url: string, origin: string): { clientId: string; redirectUri: string } {
  const bare = url.split(/[?#]/)[0];
  if (authEnv().desktopRedirectUris.includes(bare)) return { clientId: DESKTOP_CLIENT_ID, redirectUri: bare };
  const redirectUri = /callbacksearch/i.test(url) ? searchCallbackUri(origin) : callbackUri(origin);
  return { clientId: WEB_CLIENT_ID, redirectUri };
}

export function toTokenSet(json: any): TokenSet {
  return {
    token_type: json.token_type ?? 'Bearer',
    access_token: json.access_token,
    refresh_token: json.refresh_token,
    expires_in: json.expires_in,
    ...(json.id_token ? { id_token: json.id_token } : {}),
  };
}

/**
 * Calls the built-in provider's token endpoint in-process, as if from the caller's origin (so the
 * provider instance and its redirect URIs are the same ones the browser used).
 */
export async function builtInToken(
  app: FastifyInstance,
  origin: string,
  form: Record<string, string | undefined>,
): Promise<TokenSet> {
  const u = new URL(origin);
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v) body.set(k, v);
  const res = await app.inject({
    method: 'POST',
    url: `${OIDC_MOUNT}/connect/token`,
    headers: {
      host: u.host,
      'x-forwarded-proto': u.protocol.replace(':', ''),
      'content-type': 'application/x-www-form-urlencoded',
      [INTERNAL_HEADER]: INTERNAL_SECRET,
    },
    payload: body.toString(),
  });
  const json = res.json();
  if (res.statusCode !== 200 || !json.access_token) {
    throw fail('TOKEN_EXCHANGE_FAILED', 'auth.token.exchangeFailed', { reason: json.error_description });
  }
  return toTokenSet(json);
}
