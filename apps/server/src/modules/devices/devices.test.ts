import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { startSip2Server } from '../../sip2/server.ts';
import { SipTestClient, withChecksum } from '../../sip2/test-client.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const t = useTestApp();

describe('devices: SIP2 accounts', () => {
  it('adds an account a self-check machine can sign in with; the list never shows the password', async () => {
    const add = await t.post(`${P}/Device/AddSipAccount`, { login: 'kiosk-1', password: 'Kiosk#2026', charset: 'gbk' });
    expect(add.json.success, add.json.msg).toBe(true);
    const list = await t.post(`${P}/Device/GetSipAccountList`, { Page: 1, Rows: 20 });
    const row = list.json.data.List.find((r: any) => r.login === 'kiosk-1');
    expect(row.charset).toBe('gbk');
    expect(JSON.stringify(row)).not.toMatch(/Kiosk#2026|passwordHash|scrypt/);

    const sip = await startSip2Server(t.app, { port: 0, host: '127.0.0.1' });
    try {
      const c = await SipTestClient.connect(sip.port);
      expect(await c.request(withChecksum('9300CNkiosk-1|COKiosk#2026|', 0), 'gbk')).toMatch(/^941/);
      c.end();
      // An edit with an empty password keeps it; a new one replaces it.
      const keep = await t.post(`${P}/Device/UpdateSipAccount`, { ...row, password: '' });
      expect(keep.json.success, keep.json.msg).toBe(true);
      const c2 = await SipTestClient.connect(sip.port);
      expect(await c2.request(withChecksum('9300CNkiosk-1|COKiosk#2026|', 0), 'gbk')).toMatch(/^941/);
      c2.end();
      await t.post(`${P}/Device/UpdateSipAccount`, { ...row, password: 'Other#2026' });
      const c3 = await SipTestClient.connect(sip.port);
      expect(await c3.request(withChecksum('9300CNkiosk-1|COKiosk#2026|', 0), 'gbk')).toMatch(/^940/);
      c3.end();
    } finally {
      await sip.close();
    }
  });

  it('refuses a login another school already uses, and a short password, with field messages', async () => {
    await t.post(`${P}/Device/AddSipAccount`, { login: 'shared-login', password: 'Kiosk#2026' });
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['sys.devices', 'sys.devices:add'] });
    const dup = await t.post(
      `${P}/Device/AddSipAccount`,
      { login: 'shared-login', password: 'Kiosk#2026' },
      { token: admin2.token, schoolId: other, lang: 'en' },
    );
    expect(dup.json.success).toBe(false);
    expect(dup.json.issues[0]).toMatchObject({ path: 'login' });
    expect(dup.json.issues[0].message).toContain('already exists');
    // …and the other school does not see the first school's accounts.
    const list = await t.post(
      `${P}/Device/GetSipAccountList`,
      { Page: 1, Rows: 50 },
      { token: admin2.token, schoolId: other },
    );
    expect(list.json.data.List).toEqual([]);
    const short = await t.post(`${P}/Device/AddSipAccount`, { login: 'k2', password: '123' }, { lang: 'zh' });
    expect(short.json.issues).toEqual([expect.objectContaining({ path: 'password', message: '密码至少6位' })]);
  });

  it('needs the screen permission', async () => {
    const clerk = await buildUser(t.db, t.schoolId, { permissions: ['surrency.borrow'] });
    const r = await t.post(`${P}/Device/GetSipAccountList`, { Page: 1, Rows: 20 }, { token: clerk.token });
    expect(r.status).toBe(403);
  });
});

describe('devices: API clients', () => {
  it('creates a client whose secret is shown once and works at the token endpoint; reset replaces it', async () => {
    const add = await t.post(`${P}/Device/AddClient`, { name: 'Front-door kiosk' });
    expect(add.json.success, add.json.msg).toBe(true);
    const { clientId, clientSecret, id } = add.json.data;
    const token = async (secret: string) =>
      t.inject({
        method: 'POST',
        url: '/oauth2/connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_id=${clientId}&client_secret=${encodeURIComponent(secret)}`,
      });
    expect((await token(clientSecret)).statusCode).toBe(200);
    const list = await t.post(`${P}/Device/GetClientList`, { Page: 1, Rows: 20 });
    const row = list.json.data.List.find((r: any) => r.id === id);
    expect(row.name).toBe('Front-door kiosk');
    expect(JSON.stringify(list.json.data)).not.toContain('secretHash');

    const reset = await t.post(`${P}/Device/ResetClientSecret`, { id });
    expect(reset.json.data.clientSecret).not.toBe(clientSecret);
    expect((await token(clientSecret)).statusCode).not.toBe(200);
    expect((await token(reset.json.data.clientSecret)).statusCode).toBe(200);

    // Disabled: no more tokens.
    await t.post(`${P}/Device/UpdateClient`, { id, name: 'Front-door kiosk', state: 0 });
    expect((await token(reset.json.data.clientSecret)).statusCode).not.toBe(200);
  });

  it('refuses to act as a reader or another school’s account', async () => {
    const other = await buildSchool(t.db);
    const stranger = await buildUser(t.db, other, { permissions: [] });
    const r = await t.post(`${P}/Device/AddClient`, { name: 'x', userId: stranger.id }, { lang: 'en' });
    expect(r.json.issues).toEqual([
      expect.objectContaining({ path: 'userId', message: 'The chosen account is not a staff account of this school' }),
    ]);
  });
});
