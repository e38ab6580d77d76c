import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../platform/tenancy.ts';
import { useTestApp } from '../test/helper.ts';
import type { CheckoutRequest, CirculationPort, SipContext } from './port.ts';
import { parseSipDate } from './protocol/date.ts';
import { parseMessage } from './protocol/codec.ts';
import { decode } from './protocol/charset.ts';
import { verifyChecksum } from './protocol/checksum.ts';
import { type Sip2Server, startSip2Server } from './server.ts';
import { createSipAccount } from './sip-account.service.ts';
import { SipTestClient, withChecksum } from './test-client.ts';

/**
 * The server's side of the CirculationPort contract: requests reach the port in SIP terms and its answers reach
 * the machine. The port here is a recording test double; the circulation module supplies the real one.
 */
const t = useTestApp();
const PW = 'Kiosk#2026';
const DATE = '20260301    101500';
const calls: { ctx: SipContext; req: CheckoutRequest }[] = [];
let failNext = false;

const port: CirculationPort = {
  patronStatus: async (_ctx, req) => ({ valid: req.patronId === 'P1', name: '张三', status: {}, passwordOk: true }),
  patronInfo: async () => {
    throw new Error('not used');
  },
  checkout: async (ctx, req) => {
    if (failNext) {
      failNext = false;
      throw new Error('database down');
    }
    calls.push({ ctx, req });
    return {
      ok: true,
      renewalOk: false,
      desensitize: true,
      title: '红楼梦',
      dueDate: new Date('2026-03-31T15:59:59Z'),
    };
  },
  checkin: async () => ({ ok: true, resensitize: true, alert: false, title: '红楼梦', patronId: 'P1' }),
  itemInfo: async (_ctx, req) => ({
    found: true,
    circulationStatus: '04',
    title: `红楼梦 ${req.itemId}`,
    holdQueueLength: 2,
  }),
  renew: async () => ({ ok: false, renewalOk: false, desensitize: false, screenMessage: '已达续借次数' }),
  blockPatron: async (_ctx, req) => ({
    valid: true,
    name: '张三',
    status: { chargePrivilegesDenied: true, cardReportedLost: true },
    screenMessage: req.cardRetained ? `卡已收回：${req.message}` : req.message,
  }),
  enablePatron: async () => ({ valid: false, status: {}, screenMessage: '未找到读者' }),
  renewAll: async () => ({ ok: true, renewed: ['B1', 'B2'], unrenewed: ['B3'], screenMessage: '已续借 2 册' }),
};

let sip: Sip2Server;
beforeAll(async () => {
  await createSipAccount(t.db, new Scope(t.schoolId), {
    login: 'gbk1',
    password: PW,
    charset: 'gbk',
    locationCode: 'L1',
  });
  sip = await startSip2Server(t.app, { port: 0, host: '127.0.0.1', circulation: port });
}, 60_000);
afterAll(async () => sip?.close());

describe('SIP2 through a circulation port (GBK machine)', () => {
  it('passes a checkout to the port and sends its answer in GBK with a valid checksum', async () => {
    const c = await SipTestClient.connect(sip.port);
    expect(await c.request(withChecksum(`9300CNgbk1|CO${PW}|`, 0))).toMatch(/^941/);
    c.send(withChecksum(`11YN${DATE}${DATE}AO|AAP1|ABB0001|AC|BOY|`, 1, 'gbk'));
    const raw = (await c.nextBytes())!;
    expect(verifyChecksum(raw)).toBe('ok');
    const m = parseMessage(decode(raw, 'gbk'));
    expect(m.fixed).toMatchObject({ ok: '1', desensitize: 'Y' });
    expect(m.fields).toContainEqual(['AJ', '红楼梦']);
    expect(m.fields).toContainEqual(['AH', '20260331    235959']);
    expect(calls.at(-1)!.req).toMatchObject({
      patronId: 'P1',
      itemId: 'B0001',
      renewalAllowed: true,
      feeAcknowledged: true,
    });
    expect(calls.at(-1)!.ctx).toMatchObject({ schoolId: t.schoolId, terminal: 'L1', lang: 'zh' });
    expect(calls.at(-1)!.req.nbDueDate?.getTime()).toBe(parseSipDate(DATE, 'Asia/Shanghai')!.getTime());
    // The port fails: the machine gets the refusal with the system-error message, the connection lives on.
    failNext = true;
    const f = parseMessage((await c.request(`11YN${DATE}${DATE}AO|AAP1|ABB0002|`, 'gbk'))!);
    expect(f.fixed).toMatchObject({ ok: '0', desensitize: 'N' });
    expect(f.fields).toContainEqual(['AF', '系统出错，请到服务台办理']);
    const s = parseMessage((await c.request('9900302.00', 'gbk'))!);
    expect(s.fixed).toMatchObject({ checkinOk: 'Y', checkoutOk: 'Y' });
    c.end();
  });

  it('answers patron status, checkin, item information and renew from the port', async () => {
    const c = await SipTestClient.connect(sip.port);
    await c.request(`9300CNgbk1|CO${PW}|`);
    const p = parseMessage((await c.request(`23019${DATE}AO|AAP1|AD1|`, 'gbk'))!);
    expect(p.fields).toEqual(
      expect.arrayContaining([
        ['AE', '张三'],
        ['BL', 'Y'],
        ['CQ', 'Y'],
      ]),
    );
    const ci = parseMessage((await c.request(`09N${DATE}${DATE}AP|AO|ABB0001|`, 'gbk'))!);
    expect(ci.fixed).toMatchObject({ ok: '1', resensitize: 'Y', alert: 'N' });
    expect(ci.fields).toContainEqual(['AA', 'P1']);
    const i = parseMessage((await c.request(`17${DATE}AO|ABB0001|`, 'gbk'))!);
    expect(i.fixed.circulationStatus).toBe('04');
    expect(i.fields).toContainEqual(['CF', '2']);
    // A GBK machine's own Chinese text reaches the port decoded, and the checksum covers its GBK bytes.
    c.send(withChecksum(`17${DATE}AO|AB馆藏-甲|`, 2, 'gbk'));
    const gbk = parseMessage(decode((await c.nextBytes())!, 'gbk'));
    expect(gbk.fields).toContainEqual(['AJ', '红楼梦 馆藏-甲']);
    const r = parseMessage((await c.request(`29NN${DATE}${DATE}AO|AAP1|ABB0001|`, 'gbk'))!);
    expect(r.fixed.ok).toBe('0');
    expect(r.fields).toContainEqual(['AF', '已达续借次数']);
    c.end();
  });

  it('answers block patron (24), patron enable (26) and renew all (66 with both lists)', async () => {
    const c = await SipTestClient.connect(sip.port);
    await c.request(`9300CNgbk1|CO${PW}|`);
    const b = parseMessage((await c.request(withChecksum(`01Y${DATE}AO|AL卡被冒用|AAP1|AC|`, 1, 'gbk'), 'gbk'))!);
    expect(b.code).toBe('24');
    // Charge privileges denied (1), card reported lost (5).
    expect(b.fixed.patronStatus.slice(0, 5)).toBe('Y   Y');
    expect(b.fields).toContainEqual(['AF', '卡已收回：卡被冒用']);
    // An unknown patron: charge, renewal, recall and hold privileges denied, BL N.
    const e = parseMessage((await c.request(`25${DATE}AO|AAP9|AC|AD1|`, 'gbk'))!);
    expect(e.code).toBe('26');
    expect(e.fixed.patronStatus).toBe(`YYYY${' '.repeat(10)}`);
    expect(e.fields).toContainEqual(['BL', 'N']);
    const all = parseMessage((await c.request(`65${DATE}AO|AAP1|AC|`, 'gbk'))!);
    expect(all.code).toBe('66');
    expect(all.fixed).toMatchObject({ ok: '1', renewedCount: '0002', unrenewedCount: '0001' });
    expect(all.fields.filter(([f]) => f === 'BM')).toEqual([
      ['BM', 'B1'],
      ['BM', 'B2'],
    ]);
    expect(all.fields).toContainEqual(['BN', 'B3']);
    c.end();
  });
});
