import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { P } from '../../config.ts';
import type { TestContext } from '../../test/helper.ts';
import { loginCaptcha } from './captcha.table.ts';
import { API_SCOPE, WEB_CLIENT_ID } from './tokens.ts';

/**
 * Test-only: drives the built-in provider like a browser would (cookies, PKCE), through app.inject.
 * The default inject host is localhost:80, so the web app's origin is http://localhost:80.
 */
export const ORIGIN = 'http://localhost:80';

export class Browser {
  cookies = new Map<string, string>();

  constructor(readonly t: TestContext) {}

  private keep(setCookie: string | string[] | undefined) {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.send('GET', url, undefined, headers);
  }

  /** Posts a form, as a browser submits one. */
  post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    const body = new URLSearchParams(form).toString();
    return this.send('POST', url, body, { 'content-type': 'application/x-www-form-urlencoded', ...headers });
  }

  private async send(
    method: 'GET' | 'POST',
    url: string,
    payload: string | undefined,
    headers: Record<string, string>,
  ) {
    const u = new URL(url, ORIGIN);
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.t.inject({
      method,
      url: u.pathname + u.search,
      headers: { host: u.host, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    this.keep(res.headers['set-cookie']);
    return res;
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(challenge: string, redirectUri = `${ORIGIN}/library/callback`) {
  const q = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: `openid profile offline_access ${API_SCOPE}`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  return `/oauth2/auth?${q}`;
}

/** Opens the authorize URL; returns the browser (holding the provider's cookies) and the sign-in uid. */
export async function startSignIn(t: TestContext) {
  const browser = new Browser(t);
  const { verifier, challenge } = pkce();
  const res = await browser.get(authorizeUrl(challenge));
  const location = String(res.headers.location ?? '');
  const uid = /[#&?]uid=([^&]+)/.exec(location)?.[1] ?? /auth\?uid=([^&]+)/.exec(location)?.[1];
  if (res.statusCode !== 303 || !uid) throw new Error(`authorize answered ${res.statusCode} ${location} ${res.body}`);
  return { browser, verifier, uid, location };
}

/**
 * A fresh picture code and its answer, read from the server's storage: sign-ins after a failed one (from the same
 * test address) are asked for it even with LOGIN_CAPTCHA off.
 */
export async function solvedCaptcha(t: TestContext): Promise<{ captchaId: string; captcha: string; image: string }> {
  const res = await t.get(`${P}/Home/ImageCaptCha`, { v: Math.random() }, { token: null });
  const { captchaId, image } = res.json.data;
  const [row] = await t.db.select().from(loginCaptcha).where(eq(loginCaptcha.id, captchaId));
  return { captchaId, captcha: row.answer, image };
}

const pick = ({ captchaId, captcha }: { captchaId: string; captcha: string }) => ({ captchaId, captcha });

/** The whole code flow for account/password: answers the token set (or throws with what went wrong). */
export async function signIn(t: TestContext, account: string, password: string) {
  const { browser, verifier, uid } = await startSignIn(t);
  const login = await t.post(
    `${P}/Home/Login`,
    { uid, account, password, ...pick(await solvedCaptcha(t)) },
    { token: null, schoolId: null },
  );
  if (!login.json.success) throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  const resumed = await browser.get(login.json.data.redirectTo);
  const callback = String(resumed.headers.location ?? '');
  const code = new URL(callback).searchParams.get('code');
  if (!code) throw new Error(`resume answered ${resumed.statusCode} ${callback} ${resumed.body}`);
  const tokens = await t.post(
    `${P}/WebPlat/GetTokenByCode`,
    { code, url: callback, codeVerifier: verifier },
    { token: null, schoolId: null },
  );
  if (!tokens.json.success) throw new Error(`token exchange failed: ${JSON.stringify(tokens.json)}`);
  return { tokens: tokens.json.data, callback, browser };
}
