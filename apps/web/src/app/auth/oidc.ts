import { P } from '@shuyuan/contracts/common/paths';
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { HOME_PATH } from '../constants.ts';
import { clearSession, getSession, type StoredToken, updateSession } from './session.ts';

/** GET P/WebPlat/GetPlatConfig: where the sign-in provider is and how the web app is registered there. */
export interface PlatConfig {
  authority: string;
  clientId: string;
  scope: string;
  redirectUri: string;
  searchRedirectUri?: string;
  postLogoutRedirectUri?: string;
  external?: boolean;
  captcha?: boolean;
}

const RETURN_KEY = 'shuyuan.returnTo';
export { HOME_PATH };

function defaults(): PlatConfig {
  const o = window.location.origin;
  return {
    authority: `${o}/oauth2`,
    clientId: 'shuyuan-web',
    // Spec §9 sign-in scopes: the product API, offline access, openid, profile.
    scope: 'openid profile offline_access library_api',
    redirectUri: `${o}/library/callback`,
    searchRedirectUri: `${o}/library/callbacksearch`,
    postLogoutRedirectUri: `${o}/library/`,
  };
}

let configP: Promise<PlatConfig> | null = null;
/** Read with a plain fetch: the config is public and must not go through the renewal logic. */
export function platConfig(): Promise<PlatConfig> {
  configP ??= fetch(`${P}/WebPlat/GetPlatConfig`)
    .then((r) => r.json())
    .then((j) => ({ ...defaults(), ...(j?.code === 0 ? j.data : {}) }))
    .catch(() => defaults());
  return configP;
}

const managers = new Map<string, Promise<UserManager>>();

/** One UserManager per redirect kind ('main' = back office, 'search' = public search sign-in). */
export function userManager(kind: 'main' | 'search' = 'main'): Promise<UserManager> {
  let m = managers.get(kind);
  if (!m) {
    m = build(kind);
    managers.set(kind, m);
  }
  return m;
}

async function build(kind: 'main' | 'search'): Promise<UserManager> {
  const c = await platConfig();
  // Session monitoring needs the provider's check_session_iframe; without it we poll the user-get call.
  let checkSession = false;
  try {
    const meta = await fetch(`${c.authority.replace(/\/$/, '')}/.well-known/openid-configuration`).then((r) =>
      r.json(),
    );
    checkSession = Boolean(meta?.check_session_iframe);
  } catch {}
  const mgr = new UserManager({
    authority: c.authority,
    client_id: c.clientId,
    redirect_uri: kind === 'search' ? (c.searchRedirectUri ?? c.redirectUri) : c.redirectUri,
    post_logout_redirect_uri: c.postLogoutRedirectUri,
    scope: c.scope,
    response_type: 'code',
    automaticSilentRenew: true,
    monitorSession: checkSession,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
  mgr.events.addUserLoaded((u) => updateSession({ token: tokenOf(u) }));
  mgr.events.addUserSignedOut(() => void signOutLocal(true));
  // Spec §8: a failed silent renewal removes the user and sends them to sign in.
  mgr.events.addSilentRenewError(() => {
    const t = getSession().token;
    if (!t?.expires_at || t.expires_at * 1000 < Date.now()) void signOutLocal(true);
  });
  if (!checkSession) startPolling();
  return mgr;
}

export function tokenOf(u: User): StoredToken {
  return {
    access_token: u.access_token,
    token_type: u.token_type || 'Bearer',
    refresh_token: u.refresh_token,
    expires_at: u.expires_at,
  };
}

/** Unauthenticated access to the back office: remember where the user wanted to go and sign in. */
export async function signIn(returnTo: string, kind: 'main' | 'search' = 'main'): Promise<void> {
  sessionStorage.setItem(RETURN_KEY, returnTo);
  const mgr = await userManager(kind);
  await mgr.signinRedirect({ state: { returnTo } });
}

async function mustChangePassword(accessToken: string): Promise<boolean> {
  try {
    const r = await fetch('/micro/basic/v2/open/user/get', { headers: { Authorization: `Bearer ${accessToken}` } });
    return (await r.json())?.data?.mustChangePassword === true;
  } catch {
    return false;
  }
}

/** Completes the code flow; returns the path the user wanted. */
export async function completeSignIn(query: string, kind: 'main' | 'search'): Promise<string> {
  const mgr = await userManager(kind);
  const page = kind === 'search' ? 'callbacksearch' : 'callback';
  const user = await mgr.signinCallback(`${window.location.origin}/library/${page}?${query}`);
  if (user) updateSession({ token: tokenOf(user) });
  const wanted = (user?.state as { returnTo?: string } | undefined)?.returnTo ?? sessionStorage.getItem(RETURN_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  const fallback = kind === 'search' ? '/search/personal' : HOME_PATH;
  // A reader whose password was set by someone else changes it in the personal area before anything else.
  if (kind === 'search' && user && (await mustChangePassword(user.access_token))) return fallback;
  return wanted && wanted !== '/' && !wanted.startsWith('/callback') ? wanted : fallback;
}

/** Spec §8: renewal failed or the provider ended the session: forget the user and sign in again. */
export async function signOutLocal(signInAgain: boolean): Promise<void> {
  const here = window.location.hash.replace(/^#/, '') || HOME_PATH;
  clearSession();
  try {
    await (await userManager()).removeUser();
  } catch {}
  if (signInAgain) await signIn(here);
}

/** Sign out: end our session (P/WebPlat/EndSession revokes the tokens), then the provider's end session. */
export async function signOut(): Promise<void> {
  const t = getSession().token;
  let endUrl = '';
  try {
    const r = await fetch(`${P}/WebPlat/EndSession`, {
      headers: t ? { Authorization: `${t.token_type || 'Bearer'} ${t.access_token}` } : {},
    });
    endUrl = (await r.json())?.data?.url ?? '';
  } catch {}
  const mgr = await userManager();
  const user = await mgr.getUser().catch(() => null);
  clearSession();
  // The next person at this desk starts without the previous user's tabs.
  sessionStorage.removeItem('shuyuan.tabs');
  try {
    await mgr.signoutRedirect({ id_token_hint: user?.id_token });
  } catch {
    // A failed provider end session still removes the user and goes to sign-out (spec §8).
    await mgr.removeUser().catch(() => {});
    if (endUrl) window.location.assign(endUrl);
    else window.location.hash = '#/401';
  }
}

let polling = false;
/** Session monitoring without check_session_iframe: the user-get call answering 401 means the session ended. */
function startPolling(): void {
  if (polling) return;
  polling = true;
  setInterval(async () => {
    const t = getSession().token;
    if (!t || document.hidden) return;
    const r = await fetch('/micro/basic/v2/open/user/get', {
      headers: { Authorization: `${t.token_type || 'Bearer'} ${t.access_token}` },
    }).catch(() => null);
    // The token may have been renewed while we asked: only a 401 for the current token counts.
    if (r?.status === 401 && getSession().token?.access_token === t.access_token) {
      const { renewUserToken } = await import('./renew.ts');
      if (!(await renewUserToken())) void signOutLocal(true);
    }
  }, 60_000);
}
