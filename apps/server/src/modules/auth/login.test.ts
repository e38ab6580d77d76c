import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { P } from '../../config.ts';
import { verifyPassword } from '../../platform/password.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { loginCaptcha } from './captcha.table.ts';
import { loginLog } from './login-log.table.ts';
import { solvedCaptcha, startSignIn } from './oidc-test-client.ts';
import { appUser } from './user.table.ts';

const PW = 'Reader#2026';

// Counts the scrypt checks a sign-in makes (the real function still runs).
vi.mock('../../platform/password.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../platform/password.ts')>();
  return { ...m, verifyPassword: vi.fn(m.verifyPassword) };
});

describe('P/Home/Login', () => {
  const t = useTestApp();
  const solved = async () => {
    const { captchaId, captcha } = await solvedCaptcha(t);
    return { captchaId, captcha };
  };
  /** A sign-in with a solved picture code (asked after any failure from the test's address), unless the body has one. */
  const login = async (body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') => {
    const { uid } = await startSignIn(t);
    const { captchaId, captcha } = await solvedCaptcha(t);
    return (
      await t.post(`${P}/Home/Login`, { uid, captchaId, captcha, ...body }, { token: null, schoolId: null, lang })
    ).json;
  };

  it('names each missing field in the caller language', async () => {
    const res = await login({ account: '', password: '' }, 'zh');
    expect(res.errorCode).toBe('VALIDATION');
    expect(res.issues).toEqual([
      { path: 'account', message: '请输入账号' },
      { path: 'password', message: '请输入密码' },
    ]);
  });

  it('locks the account after 5 wrong passwords for 15 minutes, and logs every attempt', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: PW });
    for (let i = 1; i <= 4; i++) {
      expect(await login({ account: u.account, password: 'wrong' })).toMatchObject({
        errorCode: 'BAD_CREDENTIALS',
        msg: 'Incorrect account or password',
      });
    }
    const fifth = await login({ account: u.account, password: 'wrong' });
    expect(fifth).toMatchObject({ errorCode: 'ACCOUNT_LOCKED' });
    expect(fifth.msg).toContain('15 minutes');
    // The right password is refused while locked.
    const sixth = await login({ account: u.account, password: PW });
    expect(sixth.errorCode).toBe('ACCOUNT_LOCKED');
    // 15 minutes later (clock moved by moving the lock end) the right password works.
    await t.db
      .update(appUser)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(appUser.id, u.id));
    const ok = await login({ account: u.account, password: PW });
    expect(ok.success).toBe(true);
    expect(ok.data.redirectTo).toMatch(/\/oauth2\/auth\/[\w-]+$/);
    const logs = await t.db.select().from(loginLog).where(eq(loginLog.userId, u.id)).orderBy(desc(loginLog.id));
    expect(logs.map((l) => l.reason)).toEqual([
      null,
      'LOCKED',
      'BAD_PASSWORD',
      'BAD_PASSWORD',
      'BAD_PASSWORD',
      'BAD_PASSWORD',
      'BAD_PASSWORD',
    ]);
    expect(logs[0]).toMatchObject({ success: true, method: 'password', schoolId: t.schoolId, ip: '127.0.0.1' });
    const [after] = await t.db.select().from(appUser).where(eq(appUser.id, u.id));
    expect(after.failedLogins).toBe(0);
    expect(after.lockedUntil).toBeNull();
  });

  it('answers an unknown account exactly like a wrong password, lock included', async () => {
    for (let i = 1; i <= 4; i++) {
      expect((await login({ account: 'nobody-here', password: 'x' })).errorCode).toBe('BAD_CREDENTIALS');
    }
    const fifth = await login({ account: 'nobody-here', password: 'x' });
    expect(fifth.errorCode).toBe('ACCOUNT_LOCKED');
    expect(fifth.msg).toContain('15 minutes');
  });

  it('does one full password check for a locked, an unknown and a password-less account, like a wrong password', async () => {
    const locked = await buildUser(t.db, t.schoolId, { password: PW });
    await t.db
      .update(appUser)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(appUser.id, locked.id));
    const noPassword = await buildUser(t.db, t.schoolId);
    const wrong = await buildUser(t.db, t.schoolId, { password: PW });
    const cases = [
      [locked.account, 'ACCOUNT_LOCKED'],
      ['nobody-at-all', 'BAD_CREDENTIALS'],
      [noPassword.account, 'BAD_CREDENTIALS'],
      [wrong.account, 'BAD_CREDENTIALS'],
    ];
    for (const [account, errorCode] of cases) {
      const check = vi.mocked(verifyPassword);
      check.mockClear();
      expect((await login({ account, password: 'Guess#2026' })).errorCode).toBe(errorCode);
      // One scrypt check against a real stored hash (a dummy one when the account has none to check).
      expect(check).toHaveBeenCalledTimes(1);
      expect(check.mock.calls[0][1]).toMatch(/^scrypt\$/);
      await expect(check.mock.results[0].value).resolves.toBe(false);
    }
  });

  it("shows failures of unknown accounts and wrong picture codes to the top-level unit's administrators", async () => {
    await login({ account: 'ghost-account', password: 'Guess#2026' });
    t.app.config.loginCaptcha = true;
    try {
      const wrong = await login({ account: 'captcha-typo', password: PW, captchaId: 'gone', captcha: 'abcd' });
      expect(wrong.errorCode).toBe('CAPTCHA_INVALID');
    } finally {
      t.app.config.loginCaptcha = false;
    }
    const list = await t.post(`${P}/Log/GetLoginLogList`, { Success: false, SearchKey: 'ghost-account' });
    expect(list.json.data.List).toEqual([expect.objectContaining({ account: 'ghost-account', reason: 'NO_USER' })]);
    const captcha = await t.post(`${P}/Log/GetLoginLogList`, { Success: false, SearchKey: 'captcha-typo' });
    expect(captcha.json.data.List).toEqual([expect.objectContaining({ reason: 'BAD_CAPTCHA', ip: '127.0.0.1' })]);
    // A school under the top-level unit does not see them.
    const child = await buildSchool(t.db, { parentId: t.schoolId });
    const childAdmin = await buildUser(t.db, child, { permissions: ['sys.log.login'] });
    const theirs = await t.post(
      `${P}/Log/GetLoginLogList`,
      { Success: false },
      { token: childAdmin.token, schoolId: child },
    );
    expect(theirs.json.data.Total).toBe(0);
  });

  it('asks for the school code when the account exists in several schools', async () => {
    const other = await buildSchool(t.db, { code: 'north' });
    const a = await buildUser(t.db, t.schoolId, { account: 'twin', password: PW });
    await buildUser(t.db, other, { account: 'twin', password: 'Other#2026' });
    expect(await login({ account: 'twin', password: PW })).toMatchObject({ errorCode: 'SCHOOL_REQUIRED' });
    expect((await login({ account: 'twin', password: PW, schoolCode: 'nope' })).errorCode).toBe('SCHOOL_NOT_FOUND');
    expect((await login({ account: 'twin', password: PW, schoolCode: 'north' })).errorCode).toBe('BAD_CREDENTIALS');
    expect((await login({ account: 'twin', password: 'Other#2026', schoolCode: 'north' })).success).toBe(true);
    expect((await login({ account: 'TWIN', password: PW, schoolCode: 'demo' })).success).toBe(true);
    expect(a.id).toBeGreaterThan(0);
  });

  it('refuses a disabled account only once the password is right', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: PW });
    await t.db.update(appUser).set({ state: 0 }).where(eq(appUser.id, u.id));
    expect((await login({ account: u.account, password: 'wrong' })).errorCode).toBe('BAD_CREDENTIALS');
    expect((await login({ account: u.account, password: PW })).errorCode).toBe('ACCOUNT_DISABLED');
  });

  it('refuses an unknown or used sign-in session', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: PW });
    const post = async (uid: string) =>
      (await t.post(`${P}/Home/Login`, { uid, account: u.account, password: PW, ...(await solved()) }, { token: null }))
        .json;
    expect((await post('nope')).errorCode).toBe('SESSION_EXPIRED');
    const { uid } = await startSignIn(t);
    expect((await post(uid)).success).toBe(true);
    expect((await post(uid)).errorCode).toBe('SESSION_EXPIRED');
  });

  it('with the picture code off, asks for it after a failed sign-in on the account or from the address', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: PW });
    const from = async (ip: string, body: Record<string, unknown>) => {
      const { uid } = await startSignIn(t);
      const res = await t.inject({
        method: 'POST',
        url: `${P}/Home/Login`,
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
        payload: { uid, account: u.account, ...body },
      });
      return res.json();
    };
    const asked = { path: 'captcha', message: 'Please enter the verification code' };
    expect((await from('10.9.0.1', { password: 'Wrong#1' })).errorCode).toBe('BAD_CREDENTIALS');
    // Same account, same address: the code is asked before the password is even looked at.
    expect((await from('10.9.0.1', { password: PW })).issues).toEqual([asked]);
    // Same account from another address: asked too.
    expect((await from('10.9.0.2', { password: PW })).issues).toEqual([asked]);
    // Another account from the failing address: asked too.
    expect((await from('10.9.0.1', { account: 'someone-else', password: 'x' })).issues).toEqual([asked]);
    // A wrong code is used up and logged; the right one lets the sign-in through, and after it the account is free.
    expect((await from('10.9.0.2', { password: PW, captchaId: 'nope', captcha: 'abcd' })).errorCode).toBe(
      'CAPTCHA_INVALID',
    );
    expect((await from('10.9.0.2', { password: PW, ...(await solved()) })).success).toBe(true);
    expect((await from('10.9.0.3', { password: PW })).success).toBe(true);
  });

  describe('with the picture code on', () => {
    const captcha = async () => {
      const res = await t.get(`${P}/Home/ImageCaptCha`, { v: Math.random() }, { token: null });
      const [row] = await t.db.select().from(loginCaptcha).where(eq(loginCaptcha.id, res.json.data.captchaId));
      return { ...res.json.data, answer: row.answer as string };
    };

    it('serves a PNG picture and requires the right answer, once', async () => {
      t.app.config.loginCaptcha = true;
      try {
        const u = await buildUser(t.db, t.schoolId, { password: PW });
        const c = await captcha();
        expect(c.image).toMatch(/^data:image\/png;base64,/);
        const png = Buffer.from(c.image.split(',')[1], 'base64');
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([150, 50]);
        // Drawn afresh each time: no two pictures of the same code are alike, and the answer is not in the file.
        expect(c.answer).toMatch(/^[2-79a-z]{4}$/);
        expect(png.toString('latin1').toLowerCase()).not.toContain(c.answer);
        const cfg = await t.get(`${P}/WebPlat/GetPlatConfig`, {}, { token: null });
        expect(cfg.json.data.captcha).toBe(true);

        const missing = await login({ account: u.account, password: PW, captchaId: '', captcha: '' });
        expect(missing.issues).toEqual([{ path: 'captcha', message: 'Please enter the verification code' }]);
        const wrong = await login({ account: u.account, password: PW, captchaId: c.captchaId, captcha: 'zzzz' });
        expect(wrong.errorCode).toBe('CAPTCHA_INVALID');
        // The code was used up by the wrong try: the right answer no longer works with it.
        const reused = await login({ account: u.account, password: PW, captchaId: c.captchaId, captcha: c.answer });
        expect(reused.errorCode).toBe('CAPTCHA_INVALID');
        const fresh = await captcha();
        const ok = await login({
          account: u.account,
          password: PW,
          captchaId: fresh.captchaId,
          captcha: fresh.answer.toUpperCase(),
        });
        expect(ok.success).toBe(true);
        const expired = await captcha();
        await t.db
          .update(loginCaptcha)
          .set({ expiresAt: new Date(Date.now() - 1) })
          .where(eq(loginCaptcha.id, expired.captchaId));
        const late = await login({
          account: u.account,
          password: PW,
          captchaId: expired.captchaId,
          captcha: expired.answer,
        });
        expect(late.errorCode).toBe('CAPTCHA_INVALID');
      } finally {
        t.app.config.loginCaptcha = false;
      }
    });
  });
});
