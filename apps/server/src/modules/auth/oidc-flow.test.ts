import os from 'node:os';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '../../config.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { oidcPayload } from './oidc-payload.table.ts';
import { WEB_CLIENT_ID } from './tokens.ts';
import { authorizeUrl, Browser, ORIGIN, pkce, signIn, startSignIn } from './oidc-test-client.ts';

describe('sign-in code flow with PKCE', () => {
  const t = useTestApp();

  it('signs in, calls the API, refreshes, and keeps the old access token until it expires', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: 'Reader#2026', permissions: ['sys.company'] });
    const { tokens, callback } = await signIn(t, u.account, 'Reader#2026');
    expect(new URL(callback).pathname).toBe('/library/callback');
    expect(new URL(callback).searchParams.get('code')?.length).toBeGreaterThan(20);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.refresh_token).toBeTruthy();

    const auth = await t.post(`${P}/WebPlat/Authorization`, {}, { token: tokens.access_token });
    expect(auth.json.data).toEqual({ userId: u.id, schoolIds: [t.schoolId], permissions: ['sys.company'] });

    const refreshed = await t.post(
      `${P}/WebPlat/RefreshToken`,
      { refreshToken: tokens.refresh_token },
      { token: null },
    );
    expect(refreshed.json.success).toBe(true);
    expect(refreshed.json.data.access_token).not.toBe(tokens.access_token);
    for (const token of [tokens.access_token, refreshed.json.data.access_token]) {
      const me = await t.get('/micro/basic/v2/open/user/get', {}, { token });
      expect(me.json.data.account).toBe(u.account);
    }
    // The refresh token rotates (public client): the new one works…
    const next = await t.post(
      `${P}/WebPlat/RefreshToken`,
      { refreshToken: refreshed.json.data.refresh_token },
      { token: null },
    );
    expect(next.json.success).toBe(true);
    // …and replaying a used one is refused and revokes the whole family (a stolen token is worthless).
    const replay = await t.post(`${P}/WebPlat/RefreshToken`, { refreshToken: tokens.refresh_token }, { token: null });
    expect(replay.json).toMatchObject({ success: false, errorCode: 'TOKEN_EXCHANGE_FAILED' });
    const afterReplay = await t.post(
      `${P}/WebPlat/RefreshToken`,
      { refreshToken: next.json.data.refresh_token },
      { token: null },
    );
    expect(afterReplay.json.success).toBe(false);
    const me = await t.get('/micro/basic/v2/open/user/get', {}, { token: next.json.data.access_token });
    expect(me.status).toBe(401);
  });

  it('refuses a code of 20 characters or fewer, and a code used twice', async () => {
    const short = await t.post(`${P}/WebPlat/GetTokenByCode`, { code: 'x'.repeat(20), url: ORIGIN }, { token: null });
    expect(short.json).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(short.json.issues[0].path).toBe('code');

    const u = await buildUser(t.db, t.schoolId, { password: 'Reader#2026' });
    const { browser, verifier, uid } = await startSignIn(t);
    const login = await t.post(
      `${P}/Home/Login`,
      { uid, account: u.account, password: 'Reader#2026' },
      { token: null },
    );
    const callback = String((await browser.get(login.json.data.redirectTo)).headers.location);
    const code = new URL(callback).searchParams.get('code');
    const body = { code, url: callback, codeVerifier: verifier };
    expect((await t.post(`${P}/WebPlat/GetTokenByCode`, body, { token: null })).json.success).toBe(true);
    expect((await t.post(`${P}/WebPlat/GetTokenByCode`, body, { token: null })).json.success).toBe(false);
  });

  it('refuses a wrong PKCE verifier', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: 'Reader#2026' });
    const { browser, uid } = await startSignIn(t);
    const login = await t.post(
      `${P}/Home/Login`,
      { uid, account: u.account, password: 'Reader#2026' },
      { token: null },
    );
    const callback = String((await browser.get(login.json.data.redirectTo)).headers.location);
    const code = new URL(callback).searchParams.get('code');
    const res = await t.post(
      `${P}/WebPlat/GetTokenByCode`,
      { code, url: callback, codeVerifier: pkce().verifier },
      { token: null },
    );
    expect(res.json).toMatchObject({ success: false, errorCode: 'TOKEN_EXCHANGE_FAILED' });
  });

  it('sends the browser to the web sign-in page, and only allows redirects to its own origin', async () => {
    const { location } = await startSignIn(t);
    expect(location).toMatch(/^\/library\/#\/auth\?uid=[\w-]+$/);
    const search = await new Browser(t).get(authorizeUrl(pkce().challenge, `${ORIGIN}/library/callbacksearch`));
    expect(search.headers.location).toMatch(/^\/library\/#\/searchauth\?uid=[\w-]+$/);
    const evil = await new Browser(t).get(authorizeUrl(pkce().challenge, 'http://evil.example/library/callback'));
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
  });

  it('serves discovery for the address the browser used (a LAN IP)', async () => {
    // One of this machine's own addresses: sign-in never follows a host the machine does not own (origin.test.ts).
    const lan =
      Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.2';
    const res = await t.inject({
      method: 'GET',
      url: '/oauth2/.well-known/openid-configuration',
      headers: { host: `${lan}:3000` },
    });
    const d = res.json();
    expect(d.issuer).toBe(`http://${lan}:3000/oauth2`);
    expect(d.token_endpoint).toBe(`http://${lan}:3000/oauth2/connect/token`);
    expect(d.authorization_endpoint).toBe(`http://${lan}:3000/oauth2/auth`);
    const cfg = await t.get(`${P}/WebPlat/GetPlatConfig`, {}, { token: null, headers: { host: `${lan}:3000` } });
    expect(cfg.json.data).toMatchObject({
      authority: `http://${lan}:3000/oauth2`,
      clientId: 'shuyuan-web',
      redirectUri: `http://${lan}:3000/library/callback`,
      searchRedirectUri: `http://${lan}:3000/library/callbacksearch`,
      external: false,
    });
  });

  it('passes the callback query on to the hash-routed app', async () => {
    const res = await t.inject({ method: 'GET', url: '/library/callbacksearch?code=abc&state=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/library/#/callbacksearch?code=abc&state=1');
  });

  it('signs out: the token and its grant are revoked and the end-session address is given', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: 'Reader#2026' });
    const { tokens } = await signIn(t, u.account, 'Reader#2026');
    const end = await t.get(`${P}/WebPlat/EndSession`, {}, { token: tokens.access_token });
    expect(end.json.data.url).toMatch(/^http:\/\/localhost:80\/oauth2\/session\/end\?/);
    const after = await t.get('/micro/basic/v2/open/user/get', {}, { token: tokens.access_token });
    expect(after.status).toBe(401);
    const refresh = await t.post(`${P}/WebPlat/RefreshToken`, { refreshToken: tokens.refresh_token }, { token: null });
    expect(refresh.json.success).toBe(false);
    const left = await t.db
      .select()
      .from(oidcPayload)
      .where(eq(oidcPayload.accountId, String(u.id)));
    // Only the factory's own token (issued outside any grant) is left.
    const tokenRows = left.filter((r) => r.type === 'AccessToken' || r.type === 'RefreshToken');
    expect(tokenRows.map((r) => r.id)).toEqual([u.token]);
  });

  describe('the provider sign-out page (end_session)', () => {
    const endSession = async (browser: Browser, site: string) => {
      const page = await browser.get(`/oauth2/session/end?client_id=${WEB_CLIENT_ID}`, { 'sec-fetch-site': site });
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      return { page, xsrf };
    };
    const works = async (tokens: { access_token: string; refresh_token: string }) => ({
      access: (await t.get('/micro/basic/v2/open/user/get', {}, { token: tokens.access_token })).status,
      refresh: (await t.post(`${P}/WebPlat/RefreshToken`, { refreshToken: tokens.refresh_token }, { token: null })).json
        .success,
    });

    it('revokes the access and refresh tokens of the session it ends', async () => {
      const u = await buildUser(t.db, t.schoolId, { password: 'Reader#2026' });
      const { tokens, browser } = await signIn(t, u.account, 'Reader#2026');
      // Sent there by our own web app: the page submits itself (a script file, no inline script).
      const { page, xsrf } = await endSession(browser, 'same-origin');
      expect(page.body).toContain('<script src="/oauth2/sign-out.js"></script>');
      const script = await browser.get('/oauth2/sign-out.js');
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.body).toContain('op.logoutForm');
      const done = await browser.post(
        '/oauth2/session/end/confirm',
        { xsrf, logout: 'yes' },
        { 'sec-fetch-site': 'same-origin', origin: ORIGIN },
      );
      expect(done.statusCode).toBe(303);
      expect(await works(tokens)).toEqual({ access: 401, refresh: false });
    });

    it('does not sign a user out for another site', async () => {
      const u = await buildUser(t.db, t.schoolId, { password: 'Reader#2026' });
      const { tokens, browser } = await signIn(t, u.account, 'Reader#2026');
      // A link on another site: the page asks, it does not submit itself.
      const { page, xsrf } = await endSession(browser, 'cross-site');
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script');
      expect(page.body).toContain('Do you want to sign out of Shuyuan?');
      // A form on another site posting the confirmation (even with the right xsrf value) is refused.
      const forged = await browser.post(
        '/oauth2/session/end/confirm',
        { xsrf, logout: 'yes' },
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      );
      expect(forged.statusCode).toBe(403);
      const noFetchMeta = await browser.post(
        '/oauth2/session/end/confirm',
        { xsrf, logout: 'yes' },
        { origin: 'https://evil.example' },
      );
      expect(noFetchMeta.statusCode).toBe(403);
      expect(await works(tokens)).toEqual({ access: 200, refresh: true });
    });
  });
});
