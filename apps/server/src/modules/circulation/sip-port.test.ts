import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { Scope } from '../../platform/tenancy.ts';
import { parseMessage } from '../../sip2/protocol/codec.ts';
import { type Sip2Server, startSip2Server } from '../../sip2/server.ts';
import { createSipAccount } from '../../sip2/sip-account.service.ts';
import { SipTestClient, withChecksum } from '../../sip2/test-client.ts';
import { useTestApp } from '../../test/helper.ts';
import { makeCopies, makeReader } from './test-fixtures.ts';

const t = useTestApp();
let sip: Sip2Server;
const PW = 'Kiosk#2026';
const DATE = '20260301    101500';

beforeAll(async () => {
  await createSipAccount(t.db, new Scope(t.schoolId), { login: 'circ-kiosk', password: PW, lang: 'en' });
  sip = await startSip2Server(t.app, { port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => sip?.close());

async function signedIn(): Promise<SipTestClient> {
  const c = await SipTestClient.connect(sip.port);
  expect(await c.request(withChecksum(`9300CNcirc-kiosk|CO${PW}|`, 0))).toMatch(/^941/);
  return c;
}

describe('SIP2 through the desk commands', () => {
  it('checks out over TCP, the desk sees the loan, a second checkout is refused, checkin returns it', async () => {
    const scope = new Scope(t.schoolId);
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const c = await signedIn();
    const out = parseMessage((await c.request(`11YN${DATE}${DATE}AO|AA${r.account}|AB${b}|AC|`))!);
    expect(out.code).toBe('12');
    expect(out.fixed).toMatchObject({ ok: '1', desensitize: 'Y' });
    expect(out.fields.find(([k]) => k === 'AH')?.[1]).toBeTruthy();
    const loans = await t.post(`${P}/Circulation/GetUserBorrowing`, { readerBarcode: r.account });
    expect(loans.json.data.List).toMatchObject([{ barcode: b, via: 'sip2' }]);

    const again = parseMessage((await c.request(`11YN${DATE}${DATE}AO|AA${r.account}|AB${b}|AC|`))!);
    expect(again.fixed.ok).toBe('0');
    expect(again.fields.find(([k]) => k === 'AF')?.[1]).toMatch(
      new RegExp(`^The copy ${b} is already on loan to this reader \\(due \\d{4}-\\d{2}-\\d{2}\\)$`),
    );

    const item = parseMessage((await c.request(`17${DATE}AO|AB${b}|`))!);
    expect(item.fixed.circulationStatus).toBe('04');

    const back = parseMessage((await c.request(`09N${DATE}${DATE}AP|AO|AB${b}|AC|`))!);
    expect(back.fixed.ok).toBe('1');
    expect(back.fields).toContainEqual(['AA', r.account]);
    const after = await t.post(`${P}/Circulation/GetUserBorrowing`, { readerBarcode: r.account });
    expect(after.json.data.Total).toBe(0);
    c.end();
  });

  it('answers patron status for a known and an unknown reader', async () => {
    const r = await makeReader(t.db, new Scope(t.schoolId));
    const c = await signedIn();
    const known = parseMessage((await c.request(`23001${DATE}AO|AA${r.account}|AC|`))!);
    expect(known.fields).toContainEqual(['BL', 'Y']);
    expect(known.fields).toContainEqual(['AE', `Reader ${r.account}`]);
    const unknown = parseMessage((await c.request(`23001${DATE}AO|AANOBODY|AC|`))!);
    expect(unknown.fields).toContainEqual(['BL', 'N']);
    c.end();
  });
});
