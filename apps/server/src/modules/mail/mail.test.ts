import { P } from '@shuyuan/contracts/common/paths';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { mailConfig } from './mail-config.table.ts';

const t = useTestApp();
const M = `${P}/Mail`;
const PORT = 2525 + (process.env.TEST_DATABASE_URL ? 1 : 0);
const received: { from: string; to: string[]; data: string; user?: string }[] = [];
let server: SMTPServer;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === 'library' && auth.password === 's3cret!') return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (c) => {
        data += c.toString();
      });
      stream.on('end', () => {
        received.push({
          from: (session.envelope.mailFrom as any).address,
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: session.user as string,
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(PORT, '127.0.0.1', () => r()));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const cfg = {
  host: '127.0.0.1',
  port: PORT,
  secure: false,
  user: 'library',
  from: 'library@school.test',
  fromName: '图书馆',
};

describe('e-mail', () => {
  it('refuses a test mail before setup', async () => {
    const r = await t.post(`${M}/SendTestMail`, { to: 'a@b.test' });
    expect(r.json.errorCode).toBe('MAIL_NOT_CONFIGURED');
  });

  it('stores the password without ever returning it, and the test mail arrives', async () => {
    const saved = await t.post(`${M}/SaveMailConfig`, { ...cfg, password: 's3cret!' });
    expect(saved.json.data).toMatchObject({ host: '127.0.0.1', hasPassword: true, configured: true });
    expect(JSON.stringify(saved.json)).not.toContain('s3cret');
    const view = await t.post(`${M}/GetMailConfig`, {});
    expect(JSON.stringify(view.json)).not.toContain('s3cret');
    // The database holds it encrypted (key outside the database: DATA_DIR/secret.key or SECRET_KEY).
    const [row] = await t.db.select({ password: mailConfig.password }).from(mailConfig);
    expect(row.password).toMatch(/^enc1:/);
    expect(row.password).not.toContain('s3cret');
    // Saving again without a password keeps the stored one.
    await t.post(`${M}/SaveMailConfig`, { ...cfg, fromName: 'Library' });
    const r = await t.post(`${M}/SendTestMail`, { to: 'teacher@school.test' });
    expect(r.json.code).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'library@school.test', to: ['teacher@school.test'], user: 'library' });
    expect(received[0].data).toContain('Subject: Shuyuan test mail');
  });

  it('reports the SMTP server refusal', async () => {
    await t.post(`${M}/SaveMailConfig`, { ...cfg, password: 'wrong' });
    const r = await t.post(`${M}/SendTestMail`, { to: 'teacher@school.test' });
    expect(r.json.errorCode).toBe('MAIL_SEND_FAILED');
    expect(r.json.msg).toContain('Invalid username or password');
  });

  it('validates and checks permissions', async () => {
    const bad = await t.post(`${M}/SaveMailConfig`, { ...cfg, host: '', from: 'nope' });
    expect(bad.json.issues.map((i: any) => i.path).sort()).toEqual(['from', 'host']);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['email'] });
    expect((await t.post(`${M}/GetMailConfig`, {}, { token: viewer.token })).json.code).toBe(0);
    expect((await t.post(`${M}/SaveMailConfig`, cfg, { token: viewer.token })).status).toBe(403);
    expect((await t.post(`${M}/SendTestMail`, { to: 'a@b.test' }, { token: viewer.token })).status).toBe(403);
  });
});
