import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sip2Log } from '../modules/logs/sip2-log.table.ts';
import { school } from '../modules/school/school.table.ts';
import { Scope } from '../platform/tenancy.ts';
import { useTestApp } from '../test/helper.ts';
import { verifyChecksum } from './protocol/checksum.ts';
import { parseMessage } from './protocol/codec.ts';
import { registerCirculationPort } from './port.ts';
import { type Sip2Server, startSip2Server } from './server.ts';
import { createSipAccount } from './sip-account.service.ts';
import { SipTestClient, withChecksum } from './test-client.ts';

const t = useTestApp();
let sip: Sip2Server;
let schoolCode: string;
const PW = 'Kiosk#2026';
const DATE = '20260301    101500';

beforeAll(async () => {
  // These tests cover the server without circulation; the circulation module registers its port on load.
  registerCirculationPort(undefined);
  const scope = new Scope(t.schoolId);
  await createSipAccount(t.db, scope, { login: 'kiosk-zh', password: PW, locationCode: 'HALL' });
  await createSipAccount(t.db, scope, { login: 'kiosk-en', password: PW, lang: 'en' });
  await createSipAccount(t.db, scope, { login: 'kiosk-off', password: PW, enabled: false });
  [{ code: schoolCode }] = await t.db.select({ code: school.code }).from(school).where(eq(school.id, t.schoolId));
  sip = await startSip2Server(t.app, { port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => sip?.close());

async function signedIn(login = 'kiosk-zh'): Promise<SipTestClient> {
  const c = await SipTestClient.connect(sip.port);
  expect(await c.request(withChecksum(`9300CN${login}|CO${PW}|CPDESK-7|`, 0))).toMatch(/^941AY0AZ[0-9A-F]{4}$/);
  return c;
}

describe('SIP2 login and status', () => {
  it('accepts a good login and answers with a valid checksum and the same sequence number', async () => {
    const c = await SipTestClient.connect(sip.port);
    c.send(withChecksum(`9300CNkiosk-zh|CO${PW}|`, 3));
    const raw = await c.nextBytes();
    expect(raw!.toString()).toMatch(/^941AY3AZ/);
    expect(verifyChecksum(raw!)).toBe('ok');
    c.end();
  });

  it('refuses a wrong password, an unknown login and a disabled account, and closes after three failures', async () => {
    const c = await SipTestClient.connect(sip.port);
    expect(await c.request('9300CNkiosk-zh|COwrong-pw|')).toBe('940');
    expect(await c.request(`9300CNnobody|CO${PW}|`)).toBe('940');
    expect(await c.request(`9300CNkiosk-off|CO${PW}|`)).toBe('940');
    await c.closed;
    expect(c.isClosed).toBe(true);
  });

  it('keeps a signed-in connection signed in after a failed 93', async () => {
    const c = await signedIn('kiosk-en');
    expect(await c.request('9300CNkiosk-en|COwrong-pw|')).toBe('940');
    // Still the school's connection: 99 names the school, circulation messages are answered, not closed.
    const status = parseMessage((await c.request('9900302.00'))!);
    expect(status.fields).toContainEqual(['AO', schoolCode]);
    const p = parseMessage((await c.request(`23001${DATE}AO|AAP1|AC|`))!);
    expect(p.code).toBe('24');
    expect(c.isClosed).toBe(false);
    c.end();
  });

  it('answers 99 before login without a school, and closes on anything else before login', async () => {
    const c = await SipTestClient.connect(sip.port);
    const status = parseMessage((await c.request('9900302.00'))!);
    expect(status.code).toBe('98');
    expect(status.fields).toContainEqual(['AO', '']);
    c.send(`11YN${DATE}${DATE}AO|AAP1|ABI1|AC|`);
    expect(await c.next()).toBeNull();
    expect(c.isClosed).toBe(true);
  });

  it('answers 99 after login with the ACS status of the school', async () => {
    const c = await signedIn();
    const raw = (await c.request(withChecksum('9900302.00', 1)))!;
    const m = parseMessage(raw);
    expect(m.code).toBe('98');
    expect(m.fixed).toMatchObject({ onlineStatus: 'Y', checkinOk: 'N', checkoutOk: 'N', protocolVersion: '2.00' });
    expect(m.fixed.dateTimeSync).toMatch(/^\d{8} {4}\d{6}$/);
    expect(m.fields).toContainEqual(['AO', schoolCode]);
    // Block patron, patron enable and renew all are answered; fee paid, item status update and hold are not.
    expect(m.fields).toContainEqual(['BX', 'YYYYYYYYYNYNYNYY']);
    expect(m.fields).toContainEqual(['AN', 'DESK-7']);
    expect(m.sequence).toBe('1');
    c.end();
  });

  it('ends a patron session with 36 and keeps the connection for the next patron', async () => {
    const c = await signedIn();
    const m = parseMessage((await c.request(`35${DATE}AO${schoolCode}|AAP100|`))!);
    expect(m.code).toBe('36');
    expect(m.fixed.endSession).toBe('Y');
    expect(m.fields).toContainEqual(['AA', 'P100']);
    expect((await c.request('9900302.00'))!.slice(0, 2)).toBe('98');
    c.end();
  });
});

describe('SIP2 error detection', () => {
  it('asks for a resend on a bad checksum, resends its last answer on 97, and closes after too many errors', async () => {
    const c = await signedIn();
    const status = await c.request(withChecksum('9900302.00', 2));
    expect(await c.request('9900302.00AY2AZ0000')).toBe('96AZFEF6');
    // 97: the machine lost our answer; it gets the last real answer again (never a 96).
    expect(await c.request('97AZFEF5')).toBe(status);
    expect(await c.request('9900302.00AY3AZ0000')).toBe('96AZFEF6');
    expect(await c.request('9900302.00AY4AZ0000')).toBe('96AZFEF6');
    expect(await c.request('9900302.00AY5AZ0000')).toBe('96AZFEF6');
    expect(await c.request('9900302.00AY6AZ0000')).toBeNull();
    expect(c.isClosed).toBe(true);
  });

  it('answers 96 to a malformed message with a good checksum', async () => {
    const c = await signedIn();
    expect(await c.request(withChecksum('11YN2026', 1))).toBe('96AZFEF6');
    c.end();
  });
});

describe('SIP2 hostile input', () => {
  it('closes on garbage and on binary noise', async () => {
    const a = await SipTestClient.connect(sip.port);
    expect(await a.request('GET / HTTP/1.1')).toBeNull();
    const b = await SipTestClient.connect(sip.port);
    b.writeRaw(Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x0d]));
    expect(await b.next()).toBeNull();
  });

  it('closes on a huge line without a terminator, and keeps serving others', async () => {
    const c = await SipTestClient.connect(sip.port);
    c.writeRaw(Buffer.alloc(9000, 0x41));
    await c.closed;
    const d = await signedIn();
    expect((await d.request('9900302.00'))!.slice(0, 2)).toBe('98');
    d.end();
  });

  it('closes idle connections after the configured timeout', async () => {
    const quick = await startSip2Server(t.app, { port: 0, host: '127.0.0.1', idleTimeoutMs: 200 });
    try {
      const c = await SipTestClient.connect(quick.port);
      const started = Date.now();
      await c.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    } finally {
      await quick.close();
    }
  });
});

describe('SIP2 circulation without a circulation service', () => {
  it('refuses a checkout with 12 ok=0, no desensitize and the screen message in the account language', async () => {
    const zh = await signedIn('kiosk-zh');
    const m = parseMessage((await zh.request(withChecksum(`11YN${DATE}${DATE}AO${schoolCode}|AAP1|ABB0001|AC|`, 5)))!);
    expect(m.code).toBe('12');
    expect(m.fixed).toMatchObject({ ok: '0', renewalOk: 'N', magneticMedia: 'U', desensitize: 'N' });
    expect(m.fields).toContainEqual(['AB', 'B0001']);
    expect(m.fields).toContainEqual(['AF', '服务暂不可用，请到服务台办理']);
    const en = await signedIn('kiosk-en');
    const e = parseMessage((await en.request(`11YN${DATE}${DATE}AO|AAP1|ABB0001|`))!);
    expect(e.fields).toContainEqual(['AF', 'Service unavailable, please go to the desk']);
    zh.end();
    en.end();
  });

  it('answers 23, 63, 09, 17, 29, 01, 25 and 65 with their refusals and claims nothing about the patron or item', async () => {
    const c = await signedIn('kiosk-en');
    const p = parseMessage((await c.request(`23001${DATE}AO|AAP1|AC|AD1234|`))!);
    expect(p.code).toBe('24');
    expect(p.fixed.patronStatus).toBe(`YYYY${' '.repeat(10)}`);
    expect(p.fields.find(([f]) => f === 'BL')).toBeUndefined();
    const i = parseMessage((await c.request(`63001${DATE}  Y       AO|AAP1|`))!);
    expect(i.code).toBe('64');
    expect(i.fixed.chargedItemsCount).toBe('    ');
    const ci = parseMessage((await c.request(`09N${DATE}${DATE}APHALL|AO|ABB1|AC|`))!);
    expect(ci.fixed).toMatchObject({ ok: '0', resensitize: 'N', alert: 'Y' });
    const it17 = parseMessage((await c.request(`17${DATE}AO|ABB1|`))!);
    expect(it17.fixed).toMatchObject({ circulationStatus: '01', securityMarker: '00', feeType: '01' });
    const r = parseMessage((await c.request(`29NN${DATE}${DATE}AO|AAP1|ABB1|`))!);
    expect(r.fixed).toMatchObject({ ok: '0', renewalOk: 'N', desensitize: 'N' });
    // 01, 25 and 65 are answered too (a machine that ignores BX must not hang), claiming nothing.
    const b = parseMessage((await c.request(`01N${DATE}AO|ALstolen|AAP1|AC|`))!);
    expect(b.code).toBe('24');
    expect(b.fixed.patronStatus).toBe(`YYYY${' '.repeat(10)}`);
    const e = parseMessage((await c.request(`25${DATE}AO|AAP1|AC|AD1234|`))!);
    expect(e.code).toBe('26');
    expect(e.fixed.patronStatus).toBe(`YYYY${' '.repeat(10)}`);
    const all = parseMessage((await c.request(`65${DATE}AO|AAP1|AC|`))!);
    expect(all.code).toBe('66');
    expect(all.fixed).toMatchObject({ ok: '0', renewedCount: '0000', unrenewedCount: '0000' });
    expect(all.fields).toContainEqual(['AF', 'Service unavailable, please go to the desk']);
    c.end();
  });
});

describe('SIP2 log', () => {
  it('writes every exchange with passwords masked', async () => {
    const c = await signedIn();
    await c.request('9900302.00');
    c.end();
    await sip.close();
    sip = await startSip2Server(t.app, { port: 0, host: '127.0.0.1' });
    const rows = await t.db
      .select()
      .from(sip2Log)
      .where(and(eq(sip2Log.schoolId, t.schoolId), eq(sip2Log.command, '93')));
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(r.request).not.toContain(PW);
      expect(r.request).toMatch(/CN\*\*\*\|CO\*\*\*\|/);
    }
    expect(rows.some((r) => r.success && r.response?.startsWith('941') && r.terminal === 'DESK-7')).toBe(true);
    expect(rows.some((r) => !r.success && r.response === '940')).toBe(true);
    const [checkout] = await t.db
      .select()
      .from(sip2Log)
      .where(and(eq(sip2Log.schoolId, t.schoolId), eq(sip2Log.command, '11'), like(sip2Log.response, '12%')))
      .limit(1);
    expect(checkout).toMatchObject({ success: false });
    expect(checkout.response).toMatch(/^120NUN/);
    // Hostile input before any login belongs to no school (school 0); control bytes are stored escaped.
    const noise = await t.db
      .select()
      .from(sip2Log)
      .where(and(eq(sip2Log.schoolId, 0), eq(sip2Log.command, '??')));
    expect(noise.map((r) => r.request)).toContain('\\x16\\x03\\x01\\x02\\x00');
  });
});
