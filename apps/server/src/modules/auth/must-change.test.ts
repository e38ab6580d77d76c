import { P } from '@shuyuan/contracts/common/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/password.ts';
import { Scope } from '../../platform/tenancy.ts';
import { parseMessage } from '../../sip2/protocol/codec.ts';
import { type Sip2Server, startSip2Server } from '../../sip2/server.ts';
import { createSipAccount } from '../../sip2/sip-account.service.ts';
import { SipTestClient, withChecksum } from '../../sip2/test-client.ts';
import { choosePassword, useTestApp } from '../../test/helper.ts';
import { makeCopies } from '../circulation/test-fixtures.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { school } from '../school/school.table.ts';
import { seedSchool } from '../school/school.seed.ts';
import { signIn } from './oidc-test-client.ts';
import { issueAccessToken } from './tokens.ts';
import { appUser } from './user.table.ts';

const t = useTestApp();
const USER_GET = '/micro/basic/v2/open/user/get';
const UPDATE = '/micro/basic/open/user/updatePassword';
const R = `${P}/Readers`;
const PW = 'Given#2026pw';

const flagOf = async (account: string) =>
  (
    await t.db
      .select()
      .from(appUser)
      .where(and(eq(appUser.schoolId, t.schoolId), eq(appUser.account, account)))
  )[0].mustChangePassword;
const change = (token: string, oldPassword: string, newPassword: string, lang: 'zh' | 'en' = 'en') =>
  t.post(UPDATE, { oldPassword, newPassword, confirmPassword: newPassword }, { token, lang });

describe('a password not chosen by its owner must be changed at the first sign-in', () => {
  it('a reader created with a password signs in and is refused everything but the allowed routes, in their language', async () => {
    const add = await t.post(`${R}/AddReader`, { account: 'MC-R1', name: '王同学', identity: 'student', password: PW });
    expect(add.json.code, JSON.stringify(add.json)).toBe(0);
    expect(await flagOf('MC-R1')).toBe(true);
    const { tokens } = await signIn(t, 'MC-R1', PW);
    const token = tokens.access_token;

    // Any other route: a generic 403 envelope, the message in the caller's language.
    for (const [url, lang, text] of [
      [`${P}/Opac/MyLoans`, 'en', 'Your password was set by someone else: please change it before going on'],
      [`${P}/WebPlat/Authorization`, 'zh', '您的密码由他人设置，请先修改密码再继续使用'],
      [`${P}/sys/SchoolLoginToken`, 'en', 'please change it'],
    ] as const) {
      const res = await t.post(url, url.includes('SchoolLogin') ? { schoolId: t.schoolId } : {}, { token, lang });
      expect(res.status, url).toBe(403);
      expect(res.json).toMatchObject({ success: false, errorCode: 'PASSWORD_CHANGE_REQUIRED' });
      expect(res.json.msg).toContain(text);
    }
    // Public routes answer as to anyone (the token counts for nothing there).
    const config = await t.get(`${P}/WebPlat/GetPlatConfig`, undefined, { token });
    expect(config.json.code).toBe(0);
    // The current user says so (the screens show the change-password form), with the rules that apply.
    const me = await t.get(USER_GET, undefined, { token });
    expect(me.json.data).toMatchObject({ account: 'MC-R1', mustChangePassword: true, passwordPolicy: false });
    // The language switch answers.
    expect((await t.post(`${P}/WebPlat/Language`, { lang: 'zh' }, { token })).json.code).toBe(0);

    // The new password must differ from the old one; a wrong old one is refused; neither clears the flag.
    const same = await change(token, PW, PW);
    expect(same.json.issues).toEqual([
      { path: 'newPassword', message: 'The new password must differ from the old one' },
    ]);
    const sameZh = await change(token, PW, PW, 'zh');
    expect(sameZh.json.issues).toEqual([{ path: 'newPassword', message: '新密码不能与原密码相同' }]);
    const wrongOld = await change(token, 'not-it', 'Mine#2026');
    expect(wrongOld.json.issues[0].path).toBe('oldPassword');
    expect(await flagOf('MC-R1')).toBe(true);

    // The change clears it: the token is revoked (signed out everywhere), the new password opens everything.
    const done = await change(token, PW, 'Mine#2026');
    expect(done.json).toMatchObject({ code: 0, msg: 'Password is changed, please log in again' });
    expect(await flagOf('MC-R1')).toBe(false);
    expect((await t.get(USER_GET, undefined, { token })).status).toBe(401);
    const again = await signIn(t, 'MC-R1', 'Mine#2026');
    const loans = await t.post(`${P}/Opac/MyLoans`, { Page: 1, Rows: 10 }, { token: again.tokens.access_token });
    expect(loans.json.code, JSON.stringify(loans.json)).toBe(0);
    expect((await t.get(USER_GET, undefined, { token: again.tokens.access_token })).json.data.mustChangePassword).toBe(
      false,
    );
  });

  it('sign-out (EndSession) answers a flagged user and revokes the token', async () => {
    await t.post(`${R}/AddReader`, { account: 'MC-R2', name: '李同学', identity: 'student', password: PW });
    const { tokens } = await signIn(t, 'MC-R2', PW);
    const out = await t.get(`${P}/WebPlat/EndSession`, undefined, { token: tokens.access_token });
    expect(out.json.code, JSON.stringify(out.json)).toBe(0);
    expect((await t.get(USER_GET, undefined, { token: tokens.access_token })).status).toBe(401);
  });

  it('a reader without a password, an edit that keeps the password: no flag; an edit typing one: flag', async () => {
    const add = await t.post(`${R}/AddReader`, { account: 'MC-R3', name: '赵同学', identity: 'student' });
    expect(await flagOf('MC-R3')).toBe(false);
    const row = (await t.post(`${R}/GetReader`, { id: add.json.data.id })).json.data;
    expect((await t.post(`${R}/UpdateReader`, { ...row, name: '赵同学2' })).json.code).toBe(0);
    expect(await flagOf('MC-R3')).toBe(false);
    expect((await t.post(`${R}/UpdateReader`, { ...row, password: PW })).json.code).toBe(0);
    expect(await flagOf('MC-R3')).toBe(true);
  });

  it('staff resets and the batch reset (every rule, "password = account" too) set the flag', async () => {
    const token = (
      await t.post(`${P}/Role/AddStaffUser`, {
        account: 'mc-clerk',
        name: '馆员',
        password: PW,
        roleId: (await t.post(`${P}/Role/AddRole`, { name: 'mc' })).json.data.id,
      })
    ).json.data;
    expect(await flagOf('mc-clerk')).toBe(true);
    const first = await issueAccessToken(t.db, { userId: token.id });
    await choosePassword(t, first, PW);
    expect(await flagOf('mc-clerk')).toBe(false);
    const reset = await t.post(`${P}/Role/ResetUserPassword`, { userId: token.id, password: 'Reset#2026pw' });
    expect(reset.json.code).toBe(0);
    expect(await flagOf('mc-clerk')).toBe(true);

    const [g] = await t.db.insert(grade).values({ schoolId: t.schoolId, name: 'MC年级' }).returning();
    const [cls] = await t.db
      .insert(schoolClass)
      .values({ schoolId: t.schoolId, gradeId: g.id, name: 'MC班' })
      .returning();
    for (const account of ['MC-S1', 'MC-S2'])
      await t.post(`${R}/AddReader`, { account, name: account, identity: 'student', classId: cls.id });
    for (const rule of ['account', 'accountTail', 'random', 'fixed'] as const) {
      await t.db.update(appUser).set({ mustChangePassword: false }).where(eq(appUser.classId, cls.id));
      const res = await t.post(`${P}/Holdings/ResetPasswords`, {
        classIds: [cls.id],
        accounts: [],
        rule,
        ...(rule === 'fixed' ? { fixed: 'Fixed#2026' } : {}),
      });
      expect(res.json.data?.count, JSON.stringify(res.json)).toBe(2);
      expect([await flagOf('MC-S1'), await flagOf('MC-S2')], rule).toEqual([true, true]);
    }
    // "password = account": the reader signs in with the account, and must choose another.
    await t.post(`${P}/Holdings/ResetPasswords`, { classIds: [cls.id], accounts: [], rule: 'account' });
    const { tokens } = await signIn(t, 'MC-S1', 'MC-S1');
    expect((await t.post(`${P}/Opac/MyLoans`, {}, { token: tokens.access_token })).json.errorCode).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
    expect((await change(tokens.access_token, 'MC-S1', 'MC-S1')).json.issues[0].path).toBe('newPassword');
  });

  it('the generated first administrator must change the password; one from ADMIN_PASSWORD need not', async () => {
    const rollback = new Error('rollback');
    for (const adminPassword of [undefined, 'Chosen#2026pw']) {
      const notices: string[] = [];
      await t.db
        .transaction(async (tx) => {
          // A first start on this database: the demo school's code is free again inside the transaction.
          await tx.update(school).set({ code: 'demo-before' }).where(eq(school.code, 'demo'));
          await seedSchool(tx, { firstRun: true, notices, config: { ...t.app.config, adminPassword } });
          const [s] = await tx.select().from(school).where(eq(school.code, 'demo'));
          const [admin] = await tx
            .select()
            .from(appUser)
            .where(and(eq(appUser.schoolId, s.id), eq(appUser.account, 'admin')));
          expect(admin.mustChangePassword).toBe(!adminPassword);
          if (adminPassword) expect(await verifyPassword(adminPassword, admin.passwordHash)).toBe(true);
          throw rollback;
        })
        .catch((e) => {
          if (e !== rollback) throw e;
        });
      expect(notices.join('\n')).toMatch(
        adminPassword ? /ADMIN_PASSWORD/ : /Sign in as admin \/ \S+ .*must be changed at the first sign-in/,
      );
    }
  });
});

describe('SIP2 and the desk check a flagged reader password as before', () => {
  let sip: Sip2Server;
  let c: SipTestClient;
  const KIOSK = 'Kiosk#2026mc';
  const DATE = '20260301    101500';
  beforeAll(async () => {
    await createSipAccount(t.db, new Scope(t.schoolId), { login: 'mc-kiosk', password: KIOSK, lang: 'en' });
    sip = await startSip2Server(t.app, { port: 0, host: '127.0.0.1' });
    c = await SipTestClient.connect(sip.port);
    expect(await c.request(withChecksum(`9300CNmc-kiosk|CO${KIOSK}|`, 0))).toMatch(/^941/);
  }, 60_000);
  afterAll(async () => {
    c?.end();
    await sip?.close();
  });

  it('a self-check machine lends with the PIN the school gave (the reader changes it at the next sign-in)', async () => {
    await t.post(`${R}/AddReader`, { account: 'MC-SIP', name: '钱同学', identity: 'student', password: PW });
    expect(await flagOf('MC-SIP')).toBe(true);
    const [book] = await makeCopies(t.db, new Scope(t.schoolId), 1);
    const status = parseMessage((await c.request(`23001${DATE}AO|AA${'MC-SIP'}|AC|AD${PW}|`)) as string);
    expect(status.fields.filter(([k]) => k === 'CQ').map(([, v]) => v)).toEqual(['Y']);
    const out = parseMessage((await c.request(`11NN${DATE}${DATE}AO|AAMC-SIP|AB${book}|AC|AD${PW}|`)) as string);
    expect(out.fixed.ok).toBe('1');
    // At the desk too, the reader's password verifies the loan.
    const verify = await t.post(`${P}/readers/checkverify`, { readerBarcode: 'MC-SIP', password: PW });
    expect(verify.json.code, JSON.stringify(verify.json)).toBe(0);
    expect(await flagOf('MC-SIP')).toBe(true);
  });
});
