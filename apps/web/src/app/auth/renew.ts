import { P } from '@shuyuan/contracts/common/paths';
import { getSession, type StoredToken, updateSession } from './session.ts';

// oidc-client-ts (~19 KB gzip) is fetched only when a renewal needs it: the HTTP client, and with it every
// public page, imports this file.
const oidc = () => import('./oidc.ts');

/** Desktop shell credentials, stored by /bridge (spec §7: client-credentials grant). */
export const DESKTOP_KEY = 'shuyuan.desktop';
export interface DesktopCreds {
  clientId: string;
  clientSecret: string;
  scope?: string;
}

/** Token answers come either bare ({access_token,…}) or inside the envelope's data. */
function pickToken(j: any): StoredToken | null {
  const d = j?.access_token ? j : (j?.data ?? null);
  const access = d?.access_token ?? d?.accessToken;
  if (!access) return null;
  const expiresIn = Number(d.expires_in ?? d.expiresIn ?? 0);
  return {
    access_token: access,
    token_type: d.token_type ?? d.tokenType ?? 'Bearer',
    refresh_token: d.refresh_token ?? d.refreshToken ?? getSession().token?.refresh_token,
    expires_at: expiresIn ? Math.floor(Date.now() / 1000) + expiresIn : undefined,
  };
}

/** Keeps oidc-client-ts's stored user in step, so its automatic renewal uses the rotated refresh token. */
async function syncOidcUser(t: StoredToken): Promise<void> {
  try {
    const mgr = await (await oidc()).userManager();
    const u = await mgr.getUser();
    if (!u) return;
    u.access_token = t.access_token;
    if (t.refresh_token) u.refresh_token = t.refresh_token;
    if (t.expires_at) u.expires_at = t.expires_at;
    await mgr.storeUser(u);
  } catch {}
}

/**
 * Spec §8 HTTP 401: renew with the stored refresh token (POST P/WebPlat/RefreshToken); when the server offers
 * no such renewal, fall back to the provider's refresh grant through oidc-client-ts.
 */
export async function renewUserToken(): Promise<boolean> {
  const refresh = getSession().token?.refresh_token;
  if (!refresh) return false;
  try {
    const r = await fetch(`${P}/WebPlat/RefreshToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: refresh }),
    });
    if (r.status !== 404) {
      const t = r.ok ? pickToken(await r.json().catch(() => null)) : null;
      if (!t) return false;
      updateSession({ token: t });
      await syncOidcUser(t);
      return true;
    }
  } catch {}
  try {
    const { tokenOf, userManager } = await oidc();
    const u = await (await userManager()).signinSilent();
    if (!u) return false;
    updateSession({ token: tokenOf(u) });
    return true;
  } catch {
    return false;
  }
}

/** Spec §8 code 99998: a new client-credentials token from /oauth2/connect/token (desktop shell mode). */
export async function renewClientToken(): Promise<boolean> {
  let creds: DesktopCreds | null = null;
  try {
    creds = JSON.parse(localStorage.getItem(DESKTOP_KEY) ?? 'null');
  } catch {}
  if (!creds?.clientId) return false;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: creds.clientId,
    client_secret: creds.clientSecret,
  });
  if (creds.scope) form.set('scope', creds.scope);
  try {
    const r = await fetch('/oauth2/connect/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const t = r.ok ? pickToken(await r.json().catch(() => null)) : null;
    if (!t) return false;
    updateSession({ token: { ...t, refresh_token: undefined } });
    return true;
  } catch {
    return false;
  }
}
