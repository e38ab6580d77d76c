import { P } from '@shuyuan/contracts/common/paths';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/password.ts';
import { Scope } from '../../platform/tenancy.ts';
import { parseMessage, type SipMessage } from '../../sip2/protocol/codec.ts';
import { type Sip2Server, startSip2Server } from '../../sip2/server.ts';
import { createSipAccount } from '../../sip2/sip-account.service.ts';
import { SipTestClient, withChecksum } from '../../sip2/test-client.ts';
import { useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { fine } from '../losses/loss.table.ts';
import { loan } from './circulation.table.ts';
import { addDays, schoolToday } from './rules.service.ts';
import { addRule, makeCopies, makeReader, setOverdueMode, setSetting } from './test-fixtures.ts';

const t = useTestApp();
let sip: Sip2Server;
let c: SipTestClient;
const PW = 'Kiosk#2026';
const DATE = '20260301    101500';
const C = `${P}/Circulation`;
const scope = () => new Scope(t.schoolId);

beforeAll(async () => {
  await createSipAccount(t.db, new Scope(t.schoolId), { login: 'circ-kiosk', password: PW, lang: 'en' });
  sip = await startSip2Server(t.app, { port: 0, host: '127.0.0.1' });
  c = await signedIn();
}, 60_000);
afterAll(async () => {
  c?.end();
  await sip?.close();
});

async function signedIn(): Promise<SipTestClient> {
  const client = await SipTestClient.connect(sip.port);
  expect(await client.request(withChecksum(`9300CNcirc-kiosk|CO${PW}|`, 0))).toMatch(/^941/);
  return client;
}

async function send(line: string): Promise<SipMessage> {
  const answer = await c.request(line);
  expect(answer).toBeTruthy();
  return parseMessage(answer as string);
}
const field = (m: SipMessage, code: string) => m.fields.find(([k]) => k === code)?.[1];
const fields = (m: SipMessage, code: string) => m.fields.filter(([k]) => k === code).map(([, v]) => v);
/** A school day as a SIP date (noon, local). */
const sipDay = (day: string) => `${day.replaceAll('-', '')}    120000`;

const checkout = (patron: string, item: string, opts: { pw?: string; policy?: string; nb?: string } = {}) =>
  send(
    `11${opts.policy ?? 'N'}${opts.nb ? 'Y' : 'N'}${DATE}${opts.nb ?? DATE}AO|AA${patron}|AB${item}|AC|${opts.pw === undefined ? '' : `AD${opts.pw}|`}`,
  );
const checkin = (item: string, returnDate?: string) =>
  send(`09${returnDate ? 'Y' : 'N'}${DATE}${returnDate ?? DATE}AP|AO|AB${item}|AC|`);
const renew = (patron: string, item: string, pw?: string) =>
  send(`29NN${DATE}${DATE}AO|AA${patron}|AB${item}|AC|${pw === undefined ? '' : `AD${pw}|`}`);
const patronInfo = (patron: string, summary = '          ', pw?: string) =>
  send(`63001${DATE}${summary}AO|AA${patron}|AC|${pw === undefined ? '' : `AD${pw}|`}`);
const openLoans = async (readerId: number) =>
  t.db
    .select()
    .from(loan)
    .where(and(eq(loan.userId, readerId), isNull(loan.returnedAt)));

describe('SIP2 through the desk commands', () => {
  it('checks out over TCP, the desk sees the loan, a second checkout is refused, checkin returns it', async () => {
    const r = await makeReader(t.db, scope());
    const [b] = await makeCopies(t.db, scope(), 1);
    const out = await checkout(r.account, b);
    expect(out.code).toBe('12');
    expect(out.fixed).toMatchObject({ ok: '1', desensitize: 'Y' });
    expect(field(out, 'AH')).toBeTruthy();
    const loans = await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account });
    expect(loans.json.data.List).toMatchObject([{ barcode: b, via: 'sip2' }]);

    const again = await checkout(r.account, b);
    expect(again.fixed.ok).toBe('0');
    expect(field(again, 'AF')).toMatch(
      new RegExp(`^The copy ${b} is already on loan to this reader \\(due \\d{4}-\\d{2}-\\d{2}\\)$`),
    );

    const item = await send(`17${DATE}AO|AB${b}|`);
    expect(item.fixed.circulationStatus).toBe('04');

    const back = await checkin(b);
    expect(back.fixed).toMatchObject({ ok: '1', alert: 'N' });
    expect(back.fields).toContainEqual(['AA', r.account]);
    const after = await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account });
    expect(after.json.data.Total).toBe(0);
  });

  it('answers patron status for a known and an unknown reader', async () => {
    const r = await makeReader(t.db, scope());
    const known = await send(`23001${DATE}AO|AA${r.account}|AC|`);
    expect(known.fields).toContainEqual(['BL', 'Y']);
    expect(known.fields).toContainEqual(['AE', `Reader ${r.account}`]);
    const unknown = await send(`23001${DATE}AO|AANOBODY|AC|`);
    expect(unknown.fields).toContainEqual(['BL', 'N']);
    // As Koha and Evergreen answer: charge, renewal, recall and hold privileges denied.
    expect(unknown.fixed.patronStatus).toBe(`YYYY${' '.repeat(10)}`);
    const unknownInfo = await patronInfo('NOBODY');
    expect(unknownInfo.fixed.patronStatus).toBe(`YYYY${' '.repeat(10)}`);
    expect(unknownInfo.fields).toContainEqual(['BL', 'N']);
    expect(field(unknown, 'AF')).toBe('No reader has the barcode NOBODY');
    const out = await checkout('NOBODY', (await makeCopies(t.db, scope(), 1))[0]);
    expect(out.fixed).toMatchObject({ ok: '0', desensitize: 'N' });
    expect(field(out, 'AF')).toBe('No reader has the barcode NOBODY');
  });

  it('refuses a reader whose card is reported lost, as the desk does, and says so in 24', async () => {
    const r = await makeReader(t.db, scope(), { cardLost: true });
    const [b] = await makeCopies(t.db, scope(), 1);
    const out = await checkout(r.account, b);
    expect(out.fixed.ok).toBe('0');
    expect(field(out, 'AF')).toBe('Currently unable to borrow books using physical cards');
    const desk = await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: b });
    expect(desk.json.errorCode).toBe('CARD_LOST');
    const status = await send(`23001${DATE}AO|AA${r.account}|AC|`);
    // Charge privileges denied (position 1), card reported lost (position 5).
    expect(status.fixed.patronStatus.slice(0, 5)).toBe('Y   Y');
    expect(await openLoans(r.id)).toHaveLength(0);
  });

  it('under overdue mode unified refusal an overdue loan refuses 11 and shows in 24, as at the desk', async () => {
    const r = await makeReader(t.db, scope());
    const [b1, b2] = await makeCopies(t.db, scope(), 2);
    expect((await checkout(r.account, b1)).fixed.ok).toBe('1');
    const today = await schoolToday(t.db, scope());
    await t.db
      .update(loan)
      .set({ dueDate: addDays(today, -2) })
      .where(and(eq(loan.userId, r.id), isNull(loan.returnedAt)));
    await setOverdueMode(t.db, scope(), 'unified-refusal');
    try {
      const out = await checkout(r.account, b2);
      expect(out.fixed.ok).toBe('0');
      expect(field(out, 'AF')).toBe('The reader has 1 overdue loans and cannot borrow');
      const desk = await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: b2 });
      expect(desk.json.errorCode).toBe('OVERDUE_REFUSED');
      const status = await send(`23001${DATE}AO|AA${r.account}|AC|`);
      // Charge privileges denied (position 1), too many items overdue (position 7).
      expect(status.fixed.patronStatus.slice(0, 7)).toBe('Y     Y');
      expect(field(status, 'AF')).toBe('The reader has 1 overdue loans and cannot borrow');
    } finally {
      await setOverdueMode(t.db, scope(), 'unified-lendable');
    }
    expect((await checkout(r.account, b2)).fixed.ok).toBe('1');
  });

  it("renews (29) a loan, the desk sees the new due date, the rule's renewal limit refuses the next", async () => {
    const r = await makeReader(t.db, scope());
    const [b] = await makeCopies(t.db, scope(), 1);
    const due = field(await checkout(r.account, b), 'AH') as string;
    const once = await renew(r.account, b);
    expect(once.code).toBe('30');
    expect(once.fixed).toMatchObject({ ok: '1', renewalOk: 'Y' });
    const desk = await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account });
    const newDue = desk.json.data.List[0].dueDate as string;
    // Students renew for 15 days from the current due date.
    expect(field(once, 'AH')?.slice(0, 8)).toBe(newDue.replaceAll('-', ''));
    expect(newDue).toBe(addDays(`${due.slice(0, 4)}-${due.slice(4, 6)}-${due.slice(6, 8)}`, 15));
    const twice = await renew(r.account, b);
    expect(twice.fixed).toMatchObject({ ok: '0', renewalOk: 'N' });
    expect(field(twice, 'AF')).toBe('Renewed 1 times already; no more renewals allowed');
    // Another reader cannot renew someone else's loan.
    const other = await makeReader(t.db, scope());
    expect((await renew(other.account, b)).fixed.ok).toBe('0');
    // SC renewal policy Y: checking out a copy the patron already has renews it (here: over the limit, refused).
    const policy = await checkout(r.account, b, { policy: 'Y' });
    expect(policy.fixed.ok).toBe('0');
  });

  it("uses the reader's permission group rule: limits equal the desk's GetUserBorrowLimitV2, over the limit refused", async () => {
    const group = 7001;
    await addRule(t.db, scope(), { permissionGroupId: group, maxLoans: 2, loanDays: 10 });
    const r = await makeReader(t.db, scope(), { permissionGroupId: group });
    const books = await makeCopies(t.db, scope(), 3);
    const limit = (await t.post(`${C}/GetUserBorrowLimitV2`, { readerBarcode: r.account })).json.data;
    expect(limit.rule.maxLoans).toBe(2);
    const info = await patronInfo(r.account);
    expect(field(info, 'CB')).toBe('0002');
    expect((await checkout(r.account, books[0])).fixed.ok).toBe('1');
    expect((await checkout(r.account, books[1])).fixed.ok).toBe('1');
    const third = await checkout(r.account, books[2]);
    expect(third.fixed).toMatchObject({ ok: '0', desensitize: 'N' });
    expect(field(third, 'AF')).toBe('The reader has 2 loans, the limit is 2');
    const status = await send(`23001${DATE}AO|AA${r.account}|AC|`);
    // Charge privileges denied (position 1) and too many items charged (position 6).
    expect(status.fixed.patronStatus[0]).toBe('Y');
    expect(status.fixed.patronStatus[5]).toBe('Y');
    expect(field(status, 'AF')).toBe('The reader has 2 loans, the limit is 2');
    expect(await openLoans(r.id)).toHaveLength(2);
  });

  it('checks the patron password: wrong AD refuses 11 and 29 in the patron language; the school setting requires it', async () => {
    const r = await makeReader(t.db, scope(), { passwordHash: await hashPassword('Pupil#123'), lang: 'zh' });
    const [b1, b2] = await makeCopies(t.db, scope(), 2);
    const wrong = await checkout(r.account, b1, { pw: 'nope' });
    expect(wrong.fixed.ok).toBe('0');
    expect(field(wrong, 'AF')).toBe('读者密码错误');
    expect(fields(await send(`23001${DATE}AO|AA${r.account}|AC|ADnope|`), 'CQ')).toEqual(['N']);
    expect(fields(await send(`23001${DATE}AO|AA${r.account}|AC|ADPupil#123|`), 'CQ')).toEqual(['Y']);
    // Without the setting a machine that asks no password lends.
    expect(fields(await send(`23001${DATE}AO|AA${r.account}|AC|`), 'CQ')).toEqual([]);
    expect((await checkout(r.account, b1)).fixed.ok).toBe('1');
    expect((await renew(r.account, b1, 'nope')).fixed.ok).toBe('0');

    await setSetting(t.db, scope(), 'circ.borrowVerify', true);
    try {
      const missing = await checkout(r.account, b2);
      expect(missing.fixed.ok).toBe('0');
      expect(field(missing, 'AF')).toBe('本校借书需要读者密码，请输入密码');
      expect((await renew(r.account, b1)).fixed.ok).toBe('0');
      expect(fields(await send(`63001${DATE}          AO|AA${r.account}|AC|`), 'CQ')).toEqual(['N']);
      // A wrong password: CQ N and no item list naming the patron's loans.
      const wrongInfo = await send(`63001${DATE}  Y       AO|AA${r.account}|AC|ADx|`);
      expect(fields(wrongInfo, 'CQ')).toEqual(['N']);
      expect(fields(wrongInfo, 'AU')).toEqual([]);
      expect((await checkout(r.account, b2, { pw: 'Pupil#123' })).fixed.ok).toBe('1');
      expect((await renew(r.account, b1, 'Pupil#123')).fixed.ok).toBe('1');
    } finally {
      await setSetting(t.db, scope(), 'circ.borrowVerify', false);
    }
  });

  it('remembers a verified PIN on the connection only: a wrong PIN is still refused, a changed password ends it', async () => {
    const r = await makeReader(t.db, scope(), { passwordHash: await hashPassword('Pupil#123'), lang: 'en' });
    const books = await makeCopies(t.db, scope(), 4);
    expect(fields(await patronInfo(r.account, '          ', 'Pupil#123'), 'CQ')).toEqual(['Y']);
    expect((await checkout(r.account, books[0], { pw: 'Pupil#123' })).fixed.ok).toBe('1');
    // Verified a moment ago on this connection, yet a wrong PIN is refused.
    const wrong = await checkout(r.account, books[1], { pw: 'Pupil#124' });
    expect(wrong.fixed.ok).toBe('0');
    expect(field(wrong, 'AF')).toBe('Wrong reader password');
    expect((await checkout(r.account, books[1], { pw: 'Pupil#123' })).fixed.ok).toBe('1');
    // The reader changes the password: the PIN this connection verified no longer lends, the new one does.
    await t.db
      .update(appUser)
      .set({ passwordHash: await hashPassword('Pupil#456') })
      .where(eq(appUser.id, r.id));
    expect((await checkout(r.account, books[2], { pw: 'Pupil#123' })).fixed.ok).toBe('0');
    expect((await checkout(r.account, books[2], { pw: 'Pupil#456' })).fixed.ok).toBe('1');
    // Another machine (connection) checks the PIN itself.
    const other = await signedIn();
    try {
      const line = `11NN${DATE}${DATE}AO|AA${r.account}|AB${books[3]}|AC|ADPupil#123|`;
      expect(parseMessage((await other.request(line)) as string).fixed.ok).toBe('0');
    } finally {
      other.end();
    }
  });

  it('refuses a copy on loan to another reader and lets exactly one of the desk and the machine lend a copy', async () => {
    const [a, b] = [await makeReader(t.db, scope()), await makeReader(t.db, scope())];
    const [x, y] = await makeCopies(t.db, scope(), 2);
    expect((await checkout(a.account, x)).fixed.ok).toBe('1');
    const taken = await checkout(b.account, x);
    expect(taken.fixed).toMatchObject({ ok: '0', desensitize: 'N' });
    expect(field(taken, 'AF')).toBe(`The copy ${x} is already on loan`);

    const [desk, machine] = await Promise.all([
      t.post(`${C}/LiteratureCirc`, { readerBarcode: a.account, barcode: y }),
      checkout(b.account, y),
    ]);
    const wins = [desk.json.success, machine.fixed.ok === '1'];
    expect(wins.filter(Boolean)).toHaveLength(1);
    const open = await t.db
      .select()
      .from(loan)
      .innerJoin(copy, eq(copy.id, loan.copyId))
      .where(and(eq(copy.barcode, y), isNull(loan.returnedAt)));
    expect(open).toHaveLength(1);
    expect(open[0].loan.userId).toBe(desk.json.success ? a.id : b.id);
    if (desk.json.success) expect(field(machine, 'AF')).toBe(`The copy ${y} is already on loan`);
    else expect(desk.json.errorCode).toBe('COPY_ON_LOAN');
  });

  it('63 reports counts, limits, fees and the item list asked for from real loans, holds and losses', async () => {
    const r = await makeReader(t.db, scope(), { identity: 'teacher' });
    const books = await makeCopies(t.db, scope(), 3);
    for (const b of books) expect((await checkout(r.account, b)).fixed.ok).toBe('1');
    // One loan overdue.
    const today = await schoolToday(t.db, scope());
    const [late] = await t.db.select({ id: copy.id }).from(copy).where(eq(copy.barcode, books[0]));
    await t.db
      .update(loan)
      .set({ dueDate: addDays(today, -3) })
      .where(and(eq(loan.copyId, late.id), isNull(loan.returnedAt)));
    // A hold on the shelf for the reader, a reservation still waiting, an unpaid loss of 12.50 yuan.
    const [shelf] = await makeCopies(t.db, scope(), 1);
    expect((await t.post(`${C}/AddReservation`, { readerBarcode: r.account, barcode: shelf })).json.data.state).toBe(
      'ready',
    );
    const other = await makeReader(t.db, scope());
    const [busy] = await makeCopies(t.db, scope(), 1);
    expect((await checkout(other.account, busy)).fixed.ok).toBe('1');
    const [rec] = await t.db.select({ recordId: copy.recordId }).from(copy).where(eq(copy.barcode, busy));
    expect(
      (await t.post(`${C}/AddReservation`, { readerBarcode: r.account, recordId: rec.recordId })).json.data.state,
    ).toBe('waiting');
    const loss = await t.post(`${P}/Loss/RegisterLoss`, { barcode: books[2], compensationFen: 1250 });
    expect(loss.json.success).toBe(true);
    // And an unpaid overdue fine of 3.00 yuan for a copy returned late: fees are 12.50 + 3.00.
    await t.db.insert(fine).values(
      scope().values({
        fineNo: `FK-sip-${r.id}`,
        loanId: 990000 + r.id,
        readerId: r.id,
        copyId: 0,
        barcode: 'LATE-SIP-1',
        title: 'Late book',
        dueDate: addDays(today, -10),
        returnDay: addDays(today, -2),
        overdueDays: 8,
        graceDays: 2,
        chargedDays: 6,
        dayFen: 50,
        capFen: 0,
        amountFen: 300,
      }),
    );

    const info = await patronInfo(r.account, 'Y         ');
    expect(info.fixed).toMatchObject({
      holdItemsCount: '0001',
      overdueItemsCount: '0001',
      chargedItemsCount: '0002',
      fineItemsCount: '0002',
      recallItemsCount: '0000',
      unavailableHoldsCount: '0001',
    });
    expect(field(info, 'CB')).toBe('0010');
    expect(field(info, 'BV')).toBe('15.50');
    expect(field(info, 'BH')).toBe('CNY');
    expect(fields(info, 'AS')).toEqual([shelf]);
    const charged = await patronInfo(r.account, '  Y       ');
    expect(fields(charged, 'AU').sort()).toEqual([books[0], books[1]].sort());
    const overdue = await patronInfo(r.account, ' Y        ');
    expect(fields(overdue, 'AT')).toEqual([books[0]]);
    const fines = await patronInfo(r.account, '   Y      ');
    expect(fields(fines, 'AV')).toEqual([books[2], 'LATE-SIP-1']);
    const ranged = await send(`63001${DATE}  Y       AO|AA${r.account}|AC|BP2|BQ2|`);
    expect(fields(ranged, 'AU')).toHaveLength(1);
    const status = await send(`23001${DATE}AO|AA${r.account}|AC|`);
    expect(field(status, 'BV')).toBe('15.50');

    // 17: the waiting reservation is the busy copy's hold queue; its due date is the loan's.
    const item = await send(`17${DATE}AO|AB${busy}|`);
    expect(field(item, 'CF')).toBe('1');
    const [l] = await t.db
      .select({ due: loan.dueDate })
      .from(loan)
      .innerJoin(copy, eq(copy.id, loan.copyId))
      .where(and(eq(copy.barcode, busy), isNull(loan.returnedAt)));
    expect(field(item, 'AH')?.slice(0, 8)).toBe(l.due.replaceAll('-', ''));

    // Checkin of the busy copy: the reservation waits for it → alert, hold shelf message, CV 01.
    const back = await checkin(busy);
    expect(back.fixed).toMatchObject({ ok: '1', alert: 'Y' });
    expect(field(back, 'CV')).toBe('01');
    expect(field(back, 'AF')).toBe(`Put on the hold shelf for Reader ${r.account} (${r.account})`);
    expect(field(back, 'AA')).toBe(other.account);
    const shelfState = await t.db.select({ s: copy.circState }).from(copy).where(eq(copy.barcode, busy));
    expect(shelfState[0].s).toBe('reserved');
    expect((await send(`17${DATE}AO|AB${busy}|`)).fixed.circulationStatus).toBe('08');
  });

  it('no block (offline): a checkout over the limit and a renewal past the limit are recorded with the machine due dates; an offline return counts overdue days to its return date', async () => {
    await addRule(t.db, scope(), { permissionGroupId: 7002, maxLoans: 1 });
    const r = await makeReader(t.db, scope(), { permissionGroupId: 7002 });
    const [b1, b2] = await makeCopies(t.db, scope(), 2);
    expect((await checkout(r.account, b1)).fixed.ok).toBe('1');
    expect((await checkout(r.account, b2)).fixed.ok).toBe('0');
    const today = await schoolToday(t.db, scope());
    const nb = addDays(today, 7);
    const offline = await checkout(r.account, b2, { nb: sipDay(nb) });
    expect(offline.fixed.ok).toBe('1');
    const desk = await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account });
    expect(desk.json.data.List.find((x: { barcode: string }) => x.barcode === b2)?.dueDate).toBe(nb);
    // Reported twice (the machine resends after a lost answer): still ok, still one loan.
    expect((await checkout(r.account, b2, { nb: sipDay(nb) })).fixed.ok).toBe('1');
    expect(await openLoans(r.id)).toHaveLength(2);
    // An offline renewal past the renewal limit (1) is recorded with the machine's new due date.
    expect((await renew(r.account, b2)).fixed.ok).toBe('1');
    expect((await renew(r.account, b2)).fixed.ok).toBe('0');
    const later = addDays(today, 30);
    const nbRenew = await send(`29NY${DATE}${sipDay(later)}AO|AA${r.account}|AB${b2}|AC|`);
    expect(nbRenew.fixed).toMatchObject({ ok: '1', renewalOk: 'Y' });
    const renewed = await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account });
    expect(renewed.json.data.List.find((x: { barcode: string }) => x.barcode === b2)).toMatchObject({
      dueDate: later,
      renewals: 2,
    });

    // b1 fell due 10 days ago; the machine took it back 8 days ago while offline: 2 days overdue.
    const [c1] = await t.db.select({ id: copy.id }).from(copy).where(eq(copy.barcode, b1));
    await t.db
      .update(loan)
      .set({ dueDate: addDays(today, -10) })
      .where(and(eq(loan.copyId, c1.id), isNull(loan.returnedAt)));
    const back = await checkin(b1, sipDay(addDays(today, -8)));
    expect(back.fixed.ok).toBe('1');
    expect(field(back, 'AF')).toBe('Returned, 2 days overdue');
    const [closed] = await t.db.select({ at: loan.returnedAt }).from(loan).where(eq(loan.copyId, c1.id));
    expect(closed.at?.getTime()).toBeLessThan(Date.now() - 7 * 86_400_000);
  });

  it("BI cancel undoes only the patron's own checkout", async () => {
    const [a, b] = [await makeReader(t.db, scope()), await makeReader(t.db, scope())];
    const [x] = await makeCopies(t.db, scope(), 1);
    expect((await checkout(a.account, x)).fixed.ok).toBe('1');
    const foreign = await send(`11NN${DATE}${DATE}AO|AA${b.account}|AB${x}|AC|BIY|`);
    expect(foreign.fixed.ok).toBe('0');
    expect(await openLoans(a.id)).toHaveLength(1);
    const own = await send(`11NN${DATE}${DATE}AO|AA${a.account}|AB${x}|AC|BIY|`);
    expect(own.fixed).toMatchObject({ ok: '1', desensitize: 'N' });
    expect(await openLoans(a.id)).toHaveLength(0);
  });

  it('01 blocks the card (24 says so, the desk refuses it), 25 with the password lifts the block, not a loss reported at the desk', async () => {
    const r = await makeReader(t.db, scope(), { passwordHash: await hashPassword('Pupil#123') });
    const [b] = await makeCopies(t.db, scope(), 1);
    const blocked = await send(`01Y${DATE}AO|ALCard used by someone else|AA${r.account}|AC|`);
    expect(blocked.code).toBe('24');
    // Charge privileges denied (1), card reported lost (5).
    expect(blocked.fixed.patronStatus.slice(0, 5)).toBe('Y   Y');
    expect(field(blocked, 'AF')).toBe('Your card has been blocked; please go to the desk');
    expect((await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: b })).json.errorCode).toBe(
      'CARD_LOST',
    );
    expect((await checkout(r.account, b)).fixed.ok).toBe('0');
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, r.id));
    expect(row).toMatchObject({ cardLost: true, cardBlockedBy: 'card retained: Card used by someone else' });

    // Patron enable with a wrong password changes nothing.
    const wrong = await send(`25${DATE}AO|AA${r.account}|AC|ADnope|`);
    expect(wrong.code).toBe('26');
    expect(wrong.fixed.patronStatus[4]).toBe('Y');
    expect(field(wrong, 'AF')).toBe('Wrong reader password');
    const enabled = await send(`25${DATE}AO|AA${r.account}|AC|ADPupil#123|`);
    expect(enabled.fixed.patronStatus).toBe(' '.repeat(14));
    expect(enabled.fields).toContainEqual(['BL', 'Y']);
    expect(enabled.fields).toContainEqual(['CQ', 'Y']);
    expect(field(enabled, 'AF')).toBe('Your card can be used again');
    expect((await checkout(r.account, b, { pw: 'Pupil#123' })).fixed.ok).toBe('1');

    // A card reported lost at the desk stays blocked: only the desk re-issues it.
    expect((await t.post(`${P}/Readers/ReportCardLost`, { id: r.id })).json.success).toBe(true);
    const stays = await send(`25${DATE}AO|AA${r.account}|AC|ADPupil#123|`);
    expect(stays.fixed.patronStatus[4]).toBe('Y');
    expect(field(stays, 'AF')).toBe('Your card was reported lost; please go to the desk for a new one');
    // Unknown patron: privileges denied, BL N.
    const nobody = await send(`01N${DATE}AO|AANOBODY|AC|`);
    expect(nobody.fixed.patronStatus).toBe(`YYYY${' '.repeat(10)}`);
    expect(nobody.fields).toContainEqual(['BL', 'N']);
  });

  it('65 renews every loan the rules allow and lists the renewed and the unrenewed copies', async () => {
    const r = await makeReader(t.db, scope());
    const books = await makeCopies(t.db, scope(), 3);
    for (const b of books) expect((await checkout(r.account, b)).fixed.ok).toBe('1');
    // One copy renewed already (students: one renewal), one waited for by another reader.
    expect((await renew(r.account, books[0])).fixed.ok).toBe('1');
    const other = await makeReader(t.db, scope());
    const [rec] = await t.db.select({ recordId: copy.recordId }).from(copy).where(eq(copy.barcode, books[1]));
    const other2 = await makeCopies(t.db, scope(), 1);
    expect(other2).toHaveLength(1);
    const held = await t.post(`${C}/AddReservation`, { readerBarcode: other.account, barcode: books[1] });
    expect(held.json.data.state).toBe('waiting');
    expect(rec.recordId).toBeGreaterThan(0);

    const all = await send(`65${DATE}AO|AA${r.account}|AC|`);
    expect(all.code).toBe('66');
    expect(all.fixed).toMatchObject({ ok: '1', renewedCount: '0001', unrenewedCount: '0002' });
    expect(fields(all, 'BM')).toEqual([books[2]]);
    expect(fields(all, 'BN').sort()).toEqual([books[0], books[1]].sort());
    expect(field(all, 'AF')).toMatch(/^1 renewed, 2 not renewed \(/);
    const desk = await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account });
    const renewals = Object.fromEntries(
      desk.json.data.List.map((l: { barcode: string; renewals: number }) => [l.barcode, l.renewals]),
    );
    expect(renewals).toEqual({ [books[0]]: 1, [books[1]]: 0, [books[2]]: 1 });
    // Unknown patron or wrong password: ok 0, nothing renewed.
    const nobody = await send(`65${DATE}AO|AANOBODY|AC|`);
    expect(nobody.fixed).toMatchObject({ ok: '0', renewedCount: '0000', unrenewedCount: '0000' });
    expect(field(nobody, 'AF')).toBe('No reader has the barcode NOBODY');
  });

  it('64 sends the hold limit (BZ) and the overdue limit (CA) the school applies', async () => {
    const r = await makeReader(t.db, scope());
    const plain = await patronInfo(r.account);
    expect(field(plain, 'BZ')).toBeUndefined();
    expect(field(plain, 'CA')).toBeUndefined();
    await setSetting(t.db, scope(), 'circ.maxReservations', 1);
    await setOverdueMode(t.db, scope(), 'unified-refusal');
    try {
      const limited = await patronInfo(r.account);
      expect(field(limited, 'BZ')).toBe('0001');
      expect(field(limited, 'CA')).toBe('0001');
      // The reservation limit is the desk's too.
      const [a] = await makeCopies(t.db, scope(), 1);
      const [b] = await makeCopies(t.db, scope(), 1);
      expect((await t.post(`${C}/AddReservation`, { readerBarcode: r.account, barcode: a })).json.success).toBe(true);
      const over = await t.post(`${C}/AddReservation`, { readerBarcode: r.account, barcode: b });
      expect(over.json.errorCode).toBe('RESERVATION_LIMIT');
      expect(over.json.msg).toBe('The reader has 1 reservations; the limit is 1');
    } finally {
      await setSetting(t.db, scope(), 'circ.maxReservations', 0);
      await setOverdueMode(t.db, scope(), 'unified-lendable');
    }
  });

  it('10 sends the permanent location, 29 names a loan of another reader, 18 shows the hold shelf with its pickup date', async () => {
    const [loc] = await t.db
      .insert(location)
      .values(scope().values({ branchId: 1, name: 'Reading room', code: `RR${Date.now() % 100000}` }))
      .returning();
    const [a, b] = [await makeReader(t.db, scope()), await makeReader(t.db, scope())];
    const [x] = await makeCopies(t.db, scope(), 1, loc.id);
    expect((await checkout(a.account, x)).fixed.ok).toBe('1');
    const foreign = await renew(b.account, x);
    expect(foreign.fixed.ok).toBe('0');
    expect(field(foreign, 'AF')).toBe(`The copy ${x} is on loan to another reader`);
    const back = await checkin(x);
    expect(back.fixed.ok).toBe('1');
    expect(field(back, 'AQ')).toBe('Reading room');

    // Reserved while on the shelf: it waits on the hold shelf for b until the hold date.
    const held = await t.post(`${C}/AddReservation`, { readerBarcode: b.account, barcode: x });
    expect(held.json.data.state).toBe('ready');
    const item = await send(`17${DATE}AO|AB${x}|`);
    expect(item.fixed.circulationStatus).toBe('08');
    expect(field(item, 'CF')).toBe('1');
    expect(field(item, 'CM')?.slice(0, 8)).toBe((held.json.data.holdUntil as string).replaceAll('-', ''));
    expect(field(item, 'AQ')).toBe('Reading room');
  });
});
