import { afterEach, describe, expect, it } from 'vitest';
import { P } from '../../config.ts';
import { hashPassword } from '../../platform/password.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { checkPassword } from '../circulation/sip-patron.ts';
import type { Reader } from '../circulation/reader.service.ts';
import { createClient } from './client.service.ts';
import { startSignIn } from './oidc-test-client.ts';
import { DEFAULT_RATE_LIMITS, loadRateLimits, setRateLimits } from './rate-limit.ts';

const PW = 'Reader#2026';

describe('rate limits of sign-in, tokens, picture codes, password change and reader verification', () => {
  const t = useTestApp();
  afterEach(() => setRateLimits(DEFAULT_RATE_LIMITS));

  /** A call from a given client address (inject's remote address). */
  const from = async (
    ip: string,
    url: string,
    body: unknown,
    o: { token?: string; lang?: 'zh' | 'en'; method?: 'GET' | 'POST'; form?: boolean } = {},
  ) => {
    const headers: Record<string, string> = { 'accept-language': o.lang ?? 'en', schoolid: String(t.schoolId) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await t.inject({
      method: o.method ?? 'POST',
      url,
      remoteAddress: ip,
      headers,
      ...(o.method === 'GET' ? {} : { payload: o.form ? new URLSearchParams(body as any).toString() : (body as any) }),
    });
    return { status: res.statusCode, json: res.json(), retryAfter: res.headers['retry-after'] };
  };
  const signIn = async (ip: string, account: string, lang: 'zh' | 'en' = 'en') => {
    const { uid } = await startSignIn(t);
    return from(ip, `${P}/Home/Login`, { uid, account, password: 'Wrong#2026' }, { lang });
  };

  it('reads the limits from the environment, keeping the defaults for missing or malformed values', () => {
    const l = loadRateLimits({ RATE_LIMIT_SIGNIN: '30/5', RATE_LIMIT_CAPTCHA: '12', RATE_LIMIT_TOKEN: 'lots' });
    expect(l.signIn).toEqual({ perAddress: 30, perAccount: 5 });
    expect(l.captcha).toEqual({ perAddress: 12, perAccount: DEFAULT_RATE_LIMITS.captcha.perAccount });
    expect(l.token).toEqual(DEFAULT_RATE_LIMITS.token);
  });

  it('answers 429 with the envelope in the caller language, per account across addresses and per address', async () => {
    setRateLimits({ signIn: { perAddress: 4, perAccount: 2 } });
    const u = await buildUser(t.db, t.schoolId, { password: PW });
    expect((await signIn('10.0.0.1', u.account)).status).toBe(200);
    expect((await signIn('10.0.0.2', u.account.toUpperCase())).status).toBe(200);
    // The third guess on the account, from a third address.
    const third = await signIn('10.0.0.3', u.account, 'zh');
    expect(third.status).toBe(429);
    expect(third.json).toEqual({
      code: 429,
      success: false,
      msg: expect.stringMatching(/^尝试过于频繁，请 \d+ 秒后再试$/),
      data: null,
      errorCode: 'RATE_LIMITED',
    });
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    // One address spreading guesses over accounts: the 5th call from 10.0.0.9 is refused.
    for (const account of ['a1', 'a2', 'a3', 'a4']) expect((await signIn('10.0.0.9', account)).status).toBe(200);
    const spread = await signIn('10.0.0.9', 'a5');
    expect(spread.status).toBe(429);
    expect(spread.json.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    // Other addresses and accounts are not affected.
    expect((await signIn('10.0.0.10', 'a6')).status).toBe(200);
  });

  it('limits picture codes per address', async () => {
    setRateLimits({ captcha: { perAddress: 2, perAccount: 0 } });
    const get = () => from('10.1.0.1', `${P}/Home/ImageCaptCha`, undefined, { method: 'GET' });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    expect((await get()).json.errorCode).toBe('RATE_LIMITED');
    expect((await from('10.1.0.2', `${P}/Home/ImageCaptCha`, undefined, { method: 'GET' })).status).toBe(200);
  });

  it('limits the token endpoints per address, and device secrets per client', async () => {
    setRateLimits({ token: { perAddress: 3, perAccount: 2 } });
    const { clientId } = await createClient(t.db, { schoolId: t.schoolId, name: 'kiosk' });
    const guess = (ip: string) =>
      from(
        ip,
        '/oauth2/connect/token',
        { grant_type: 'client_credentials', client_id: clientId, client_secret: 'guess' },
        { form: true },
      );
    expect((await guess('10.2.0.1')).json.error).toBe('invalid_client');
    expect((await guess('10.2.0.2')).json.error).toBe('invalid_client');
    const third = await guess('10.2.0.3');
    expect(third.status).toBe(429);
    expect(third.json.errorCode).toBe('RATE_LIMITED');
    // The web app's exchanges count per address (their in-process call of the token endpoint is not counted twice).
    const exchange = () =>
      from('10.2.0.9', `${P}/WebPlat/RefreshToken`, { refreshToken: 'x'.repeat(43) }, { token: undefined });
    for (let i = 0; i < 3; i++) expect((await exchange()).json.errorCode).toBe('TOKEN_EXCHANGE_FAILED');
    expect((await exchange()).status).toBe(429);
  });

  it('limits password changes per account', async () => {
    setRateLimits({ password: { perAddress: 100, perAccount: 2 } });
    const u = await buildUser(t.db, t.schoolId, { password: PW });
    const change = (ip: string) =>
      from(
        ip,
        '/micro/basic/open/user/updatePassword',
        { oldPassword: 'Guess#2026', newPassword: 'New#2026pw', confirmPassword: 'New#2026pw' },
        { token: u.token },
      );
    expect((await change('10.3.0.1')).json.issues[0].path).toBe('oldPassword');
    expect((await change('10.3.0.2')).json.issues[0].path).toBe('oldPassword');
    expect((await change('10.3.0.3')).status).toBe(429);
  });

  it("limits the desk's reader verification per reader, and SIP2 patron passwords after failures", async () => {
    setRateLimits({ verify: { perAddress: 100, perAccount: 2 } });
    const verify = (ip: string) =>
      from(ip, `${P}/readers/checkverify`, { readerBarcode: 'R-0001', password: 'guess' }, { token: t.adminToken });
    expect((await verify('10.4.0.1')).json.errorCode).not.toBe('RATE_LIMITED');
    expect((await verify('10.4.0.2')).json.errorCode).not.toBe('RATE_LIMITED');
    expect((await verify('10.4.0.3')).status).toBe(429);

    // SIP2: each command repeats the PIN, so only wrong ones count; past the limit even the right one is refused.
    const reader = { id: 424242, passwordHash: await hashPassword(PW) } as Reader;
    expect(await checkPassword(t.db, reader, PW, true)).toBe(true);
    expect(await checkPassword(t.db, reader, 'guess-1', true)).toBe(false);
    expect(await checkPassword(t.db, reader, PW, true)).toBe(true);
    expect(await checkPassword(t.db, reader, 'guess-2', true)).toBe(false);
    expect(await checkPassword(t.db, reader, PW, true)).toBe(false);
  });
});
