import { P } from '@shuyuan/contracts/common/paths';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/audit.table.ts';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { closedDay, loan } from '../circulation/circulation.table.ts';
import { addClosedDays, addDays, schoolToday } from '../circulation/rules.service.ts';
import { addRule, makeCopies } from '../circulation/test-fixtures.ts';
import { fine } from './loss.table.ts';

/**
 * Overdue fines (issue 14 §4): charged on return by the loan rule of the reader's group (per open day overdue,
 * after the grace days, up to the cap), paid (cash or deposit) or waived (permission + reason) at the desk, shown
 * to the reader and in the ledger. Every figure below is counted by hand in the comments.
 */
const t = useTestApp();
const C = `${P}/Circulation`;
const F = `${P}/Fine`;
const scope = () => new Scope(t.schoolId);
const GROUP = 9301;
type Reader = Awaited<ReturnType<typeof buildUser>>;
let today: string;

/** A reader of the fined group (a student of permission group 9301), with a token of their own. */
async function finedReader(deposit = 0): Promise<Reader> {
  const r = await buildUser(t.db, t.schoolId, { identity: 'student' });
  await t.db.update(appUser).set({ permissionGroupId: GROUP, deposit }).where(eq(appUser.id, r.id));
  return r;
}

/** Lends a new copy to the reader and moves its due date `daysAgo` days back; answers the barcode. */
async function lateLoan(reader: { account: string }, daysAgo: number): Promise<{ barcode: string; due: string }> {
  const [barcode] = await makeCopies(t.db, scope(), 1);
  const lent = await t.post(`${C}/LiteratureCirc`, { readerBarcode: reader.account, barcode });
  expect(lent.json.success).toBe(true);
  const due = addDays(today, -daysAgo);
  await t.db
    .update(loan)
    .set({ dueDate: due })
    .where(and(eq(loan.schoolId, t.schoolId), isNull(loan.returnedAt), eq(loan.id, lent.json.data.loanId)));
  return { barcode, due };
}

const giveBack = async (barcode: string) => (await t.post(`${C}/DeskReturn`, { barcode }, { lang: 'en' })).json;
const finesOf = async (account: string, token?: string) =>
  (await t.post(`${F}/GetReaderFines`, { readerBarcode: account }, { token, lang: 'en' })).json;

beforeAll(async () => {
  today = await schoolToday(t.db, scope());
  // ¥0.50 a day after 2 free days, at most ¥3.00 a loan, for permission group 9301 only.
  await addRule(t.db, scope(), { permissionGroupId: GROUP, fineDayFen: 50, fineGraceDays: 2, fineCapFen: 300 });
});

describe('charging a fine when a late copy comes back', () => {
  it('counts open days past the due date less the grace days, at the rule’s rate, up to the cap', async () => {
    const r = await finedReader();
    // Due 10 days ago; the library was closed on 3 of the days since (due+2, due+3, due+5):
    // open days overdue = 10 - 3 = 7, charged = 7 - 2 grace = 5, 5 × ¥0.50 = ¥2.50.
    const a = await lateLoan(r, 10);
    await addClosedDays(t.db, scope(), [addDays(a.due, 2), addDays(a.due, 3), addDays(a.due, 5)]);
    const back = await giveBack(a.barcode);
    expect(back.success).toBe(true);
    expect(back.data.overdueDays).toBe(7);
    expect(back.data.fine).toMatchObject({ chargedDays: 5, amountFen: 250 });
    expect(back.data.fine.fineNo).toMatch(new RegExp(`^FK${today.replace(/-/g, '')}\\d{6}$`));

    // Due 30 days ago: the same 3 closed days lie between its due date and today, so 30 - 3 = 27 open days,
    // 27 - 2 = 25 charged, 25 × ¥0.50 = ¥12.50, capped at ¥3.00.
    const b = await lateLoan(r, 30);
    const capped = await giveBack(b.barcode);
    expect(capped.data.overdueDays).toBe(27);
    expect(capped.data.fine).toMatchObject({ chargedDays: 25, amountFen: 300 });

    const listed = await finesOf(r.account);
    expect(listed.data.unpaidFen).toBe(550);
    expect(
      listed.data.fines
        .map((f: any) => [f.barcode, f.overdueDays, f.graceDays, f.chargedDays, f.dayFen, f.amountFen, f.state])
        .sort(),
    ).toEqual(
      [
        [a.barcode, 7, 2, 5, 50, 250, 'unpaid'],
        [b.barcode, 27, 2, 25, 50, 300, 'unpaid'],
      ].sort(),
    );
    // The other tests count from an open calendar.
    await t.db.delete(closedDay).where(eq(closedDay.schoolId, t.schoolId));
  });

  it('charges nothing within the grace days, on time, or under a rule without a fine (the default)', async () => {
    const r = await finedReader();
    const within = await lateLoan(r, 2); // 2 open days overdue (no closed day in the last 2 days), grace 2 → nothing
    expect((await giveBack(within.barcode)).data).toMatchObject({ overdueDays: 2, fine: null });
    const onTime = await lateLoan(r, 0);
    expect((await giveBack(onTime.barcode)).data).toMatchObject({ overdueDays: 0, fine: null });

    // A student outside the group borrows under the built-in student rule: no fine however late.
    const other = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const late = await lateLoan(other, 40);
    const back = await giveBack(late.barcode);
    expect(back.data.overdueDays).toBeGreaterThan(30);
    expect(back.data.fine).toBeNull();
    expect((await finesOf(other.account)).data).toMatchObject({ unpaidFen: 0, fines: [] });
    expect((await finesOf(r.account)).data.fines).toEqual([]);
  });
});

describe('paying and waiving at the desk', () => {
  it('pays in cash: the fines are paid, each is a ledger row, the receipt totals them', async () => {
    const r = await finedReader();
    const a = await lateLoan(r, 5); // 5 open days (no closed day in the last 5), 3 charged, ¥1.50
    const b = await lateLoan(r, 6); // 6 open days, 4 charged, ¥2.00
    await giveBack(a.barcode);
    await giveBack(b.barcode);
    const { fines } = (await finesOf(r.account)).data;
    expect(fines.map((f: any) => f.amountFen).sort()).toEqual([150, 200]);
    // The lending desk's card scan says what is owed (its list is asked for only then).
    const owed = async () => (await t.post(`${C}/DeskReader`, { readerBarcode: r.account })).json.data.fines;
    expect(await owed()).toEqual({ count: 2, unpaidFen: 350 });

    // A desk user who may see fines but not take money.
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['return'] });
    expect((await finesOf(r.account, viewer.token)).data.unpaidFen).toBe(350);
    const ids = fines.map((f: any) => f.id);
    expect((await t.post(`${F}/PayFines`, { ids }, { token: viewer.token })).status).toBe(403);

    const cashier = await buildUser(t.db, t.schoolId, { permissions: ['return', 'return:fine'] });
    const paid = await t.post(`${F}/PayFines`, { ids, payMethod: 'cash' }, { token: cashier.token, lang: 'en' });
    expect(paid.json.success).toBe(true);
    expect(paid.json.data).toMatchObject({ state: 'paid', totalFen: 350, payMethod: 'cash' });
    expect(paid.json.data.reader.account).toBe(r.account);
    expect(paid.json.data.fines).toHaveLength(2);
    const after = (await finesOf(r.account)).data;
    expect(after.unpaidFen).toBe(0);
    expect(await owed()).toEqual({ count: 0, unpaidFen: 0 });
    expect(after.fines.map((f: any) => f.state)).toEqual(['paid', 'paid']);

    // The ledger (compensation orders screen) lists both, kind fine, by fine number.
    const ledger = await t.post(`${P}/Loss/GetLedgerEntryList`, { kind: 'fine', readerBarcode: r.account });
    expect(ledger.json.data.List.map((e: any) => [e.ref, e.amountFen]).sort()).toEqual(
      fines.map((f: any) => [f.fineNo, f.amountFen]).sort(),
    );
    // Paying again is refused with the fine's number.
    const again = await t.post(`${F}/PayFines`, { ids: [ids[0]] }, { lang: 'en' });
    expect(again.json.errorCode).toBe('FINE_STATE');
    expect(again.json.msg).toContain('already paid or waived');
  });

  it('pays from the deposit only when it covers the total', async () => {
    const r = await finedReader(100); // ¥1.00 deposit
    const a = await lateLoan(r, 5); // ¥1.50
    await giveBack(a.barcode);
    const [f] = (await finesOf(r.account)).data.fines;
    const low = await t.post(`${F}/PayFines`, { ids: [f.id], payMethod: 'deposit' }, { lang: 'en' });
    expect(low.json.errorCode).toBe('DEPOSIT_TOO_LOW');
    expect(low.json.msg).toBe('The deposit (1.00) does not cover the fines (1.50)');
    expect((await finesOf(r.account)).data.unpaidFen).toBe(150);

    await t.db.update(appUser).set({ deposit: 1000 }).where(eq(appUser.id, r.id));
    const paid = await t.post(`${F}/PayFines`, { ids: [f.id], payMethod: 'deposit' });
    expect(paid.json.data).toMatchObject({ totalFen: 150, depositFen: 850 });
    const [u] = await t.db.select({ deposit: appUser.deposit }).from(appUser).where(eq(appUser.id, r.id));
    expect(u.deposit).toBe(850);
    const ledger = await t.post(`${P}/Loss/GetLedgerEntryList`, { readerBarcode: r.account });
    expect(ledger.json.data.List.map((e: any) => [e.kind, e.amountFen]).sort()).toEqual([
      ['deposit', -150],
      ['fine', 150],
    ]);
  });

  it('waives only with the permission and a reason, which the fine and the log keep', async () => {
    const r = await finedReader();
    const a = await lateLoan(r, 8); // 8 open days, 6 charged, ¥3.00 (= the cap)
    const back = await giveBack(a.barcode);
    expect(back.data.fine.amountFen).toBe(300);
    const id = back.data.fine.id;

    const cashier = await buildUser(t.db, t.schoolId, { permissions: ['surrency.borrow', 'surrency.borrow:fine'] });
    const refused = await t.post(`${F}/WaiveFines`, { ids: [id], reason: 'Was ill' }, { token: cashier.token });
    expect(refused.status).toBe(403);
    const head = await buildUser(t.db, t.schoolId, { permissions: ['surrency.borrow', 'surrency.borrow:waive'] });
    const noReason = await t.post(`${F}/WaiveFines`, { ids: [id], reason: ' ' }, { token: head.token, lang: 'en' });
    expect(noReason.json.issues).toEqual([{ path: 'reason', message: 'Please give the reason for waiving' }]);

    const waived = await t.post(`${F}/WaiveFines`, { ids: [id], reason: 'Was ill' }, { token: head.token });
    expect(waived.json.data).toMatchObject({ state: 'waived', totalFen: 300, reason: 'Was ill' });
    const [row] = await t.db.select().from(fine).where(eq(fine.id, id));
    expect(row).toMatchObject({ state: 'waived', waiveReason: 'Was ill', settledBy: head.id });
    const [log] = await t.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.schoolId, t.schoolId), eq(operationLog.action, 'fine.waive')));
    expect(JSON.stringify(log)).toContain('Was ill');
    // No money moved for a waiver.
    const ledger = await t.post(`${P}/Loss/GetLedgerEntryList`, { readerBarcode: r.account });
    expect(ledger.json.data.List).toEqual([]);
    // The fines report lists it as waived.
    const list = await t.post(`${F}/GetFineList`, { state: 'waived', readerBarcode: r.account });
    expect(list.json.data.List).toMatchObject([{ fineNo: back.data.fine.fineNo, waiveReason: 'Was ill' }]);
  });
});

describe('the reader sees their fines', () => {
  it('in the personal area: how each was counted, and what is still owed', async () => {
    const r = await finedReader();
    const a = await lateLoan(r, 7); // 7 open days, 5 charged, ¥2.50
    await giveBack(a.barcode);
    const bill = await t.get('/micro/bank/api/platform/PersonalBill/GetUserInfoAndBalance', {}, { token: r.token });
    expect(bill.json.data.finesOwed).toBe('2.50');
    expect(bill.json.data.fines).toMatchObject([
      {
        barcode: a.barcode,
        overdueDays: 7,
        graceDays: 2,
        chargedDays: 5,
        perDay: '0.50',
        amount: '2.50',
        state: 'unpaid',
      },
    ]);
    // A reader cannot look up fines at the desk's endpoint.
    const desk = await t.post(`${F}/GetReaderFines`, { readerBarcode: r.account }, { token: r.token });
    expect(desk.status).toBe(403);
  });
});

describe('the rule screen keeps the fine values', () => {
  it('adds a rule with a fine and reads it back; refuses a negative amount', async () => {
    const add = await t.post(`${P}/CirculationRules/AddLoanRule`, {
      identity: 'parent',
      maxLoans: 5,
      loanDays: 30,
      renewDays: 10,
      maxRenewals: 1,
      fineDayFen: 20,
      fineGraceDays: 3,
      fineCapFen: 500,
    });
    expect(add.json).toMatchObject({ success: true });
    const list = await t.post(`${P}/CirculationRules/GetLoanRuleList`, { identity: 'parent' });
    expect(list.json.data.List).toMatchObject([{ fineDayFen: 20, fineGraceDays: 3, fineCapFen: 500 }]);
    const bad = await t.post(
      `${P}/CirculationRules/AddLoanRule`,
      { identity: 'other', maxLoans: 5, loanDays: 30, renewDays: 0, maxRenewals: 0, fineDayFen: -1 },
      { lang: 'en' },
    );
    expect(bad.json.issues).toEqual([
      { path: 'fineDayFen', message: 'The fine must be 0 or a positive amount (at most 1,000 a day)' },
    ]);
  });
});
