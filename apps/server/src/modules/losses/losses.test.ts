import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { loanConversion } from '../circ-records/circ-records.table.ts';
import { ledgerEntry } from './loss.table.ts';

const t = useTestApp();
let scope: Scope;
const L = `${P}/Loss`;
const C = `${P}/Circulation`;
const copyRow = async (barcode: string) => (await t.db.select().from(copy).where(eq(copy.barcode, barcode)))[0];
const ledgerOf = async (ref: string) =>
  (await t.db.select().from(ledgerEntry).where(eq(ledgerEntry.ref, ref))).map((e) => [e.kind, e.amountFen]);

beforeAll(() => {
  scope = new Scope(t.schoolId);
});

describe('lost items', () => {
  it('requires a compensation amount, in Chinese and English', async () => {
    const [b] = await makeCopies(t.db, scope, 1);
    const zh = await t.post(`${L}/RegisterLoss`, { barcode: b }, { lang: 'zh' });
    expect(zh.json.issues).toEqual([{ path: 'compensationFen', message: '请填写赔偿金额' }]);
    const en = await t.post(`${L}/RegisterLoss`, { barcode: b, compensationFen: -5 });
    expect(en.json.issues).toEqual([{ path: 'compensationFen', message: 'The compensation amount is not valid' }]);
    expect((await copyRow(b)).circState).toBe('available');
  });

  it('converts a loan to lost, takes the compensation, then retrieves with a refund', async () => {
    const [b] = await makeCopies(t.db, scope, 1);
    const r = await makeReader(t.db, scope);
    const lent = await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: b });
    const info = await t.post(`${L}/GetCopyForLoss`, { barcode: b });
    expect(info.json.data.loan).toMatchObject({ readerAccount: r.account });

    const reg = await t.post(`${L}/RegisterLoss`, { barcode: b, compensationFen: 3550, note: 'left on the bus' });
    expect(reg.json.data).toMatchObject({ state: 'not_compensated', loanClosed: true });
    expect(reg.json.data.orderNo).toMatch(/^PC\d{8}\d{6}$/);
    expect(await copyRow(b)).toMatchObject({ circState: 'lost', storeType: 6 });
    const [l] = await t.db.select().from(loan).where(eq(loan.id, lent.json.data.loanId));
    expect(l.returnedAt).not.toBeNull();
    // The closed loan is recorded as converted to lost, with the note as its reason (as /loan conversions do).
    const conv = await t.db.select().from(loanConversion).where(eq(loanConversion.loanId, l.id));
    expect(conv.map((c) => [c.kind, c.reason])).toEqual([['lost', 'left on the bus']]);
    expect((await t.post(`${L}/RegisterLoss`, { barcode: b, compensationFen: 1 })).json.errorCode).toBe('ALREADY_LOST');
    // Scanning the lost copy at the desk does not lend it.
    expect((await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: b })).json.success).toBe(false);

    const id = reg.json.data.id;
    const refundFirst = await t.post(`${L}/RetrieveLoss`, { id, option: 'retrieve_and_refund' });
    expect(refundFirst.json.errorCode).toBe('LOSS_STATE');
    const pay = await t.post(`${L}/PayCompensation`, { id, payMethod: 'cash' });
    expect(pay.json.data.state).toBe('compensated');
    expect((await t.post(`${L}/PayCompensation`, { id })).json.errorCode).toBe('LOSS_STATE');
    const two = await t.post(`${L}/RetrieveLoss`, { ids: [id, id + 1], option: 'retrieve_and_refund' }, { lang: 'en' });
    expect(two.json).toMatchObject({ errorCode: 'ONE_AT_A_TIME', msg: 'Retrieve only one lost item at a time' });

    const back = await t.post(`${L}/RetrieveLoss`, { id, option: 'retrieve_and_refund' });
    expect(back.json.data).toMatchObject({ state: 'retrieved', refundFen: 3550 });
    expect(await copyRow(b)).toMatchObject({ circState: 'available', storeType: 2 });
    expect(await ledgerOf(reg.json.data.orderNo)).toEqual([
      ['compensation', 3550],
      ['refund', -3550],
    ]);
    const rec = await t.post(`${L}/GetLoss`, { id });
    expect(rec.json.data).toMatchObject({
      state: 'retrieved',
      option: 'retrieve_and_refund',
      readerAccount: r.account,
      payMethod: 'cash',
    });
  });

  it('pays from the deposit when it covers the amount; found again by barcode keeps the money', async () => {
    const [b] = await makeCopies(t.db, scope, 1);
    const r = await makeReader(t.db, scope, { deposit: 2000 });
    const low = await t.post(`${L}/RegisterLoss`, {
      barcode: b,
      readerBarcode: r.account,
      compensationFen: 2500,
      paid: true,
      payMethod: 'deposit',
    });
    expect(low.json.errorCode).toBe('DEPOSIT_TOO_LOW');
    expect((await copyRow(b)).circState).toBe('available'); // nothing half-written
    const ok = await t.post(`${L}/RegisterLoss`, {
      barcode: b,
      readerBarcode: r.account,
      compensationFen: 1500,
      paid: true,
      payMethod: 'deposit',
    });
    expect(ok.json.data.state).toBe('compensated');
    const [u] = await t.db.select({ deposit: appUser.deposit }).from(appUser).where(eq(appUser.id, r.id));
    expect(u.deposit).toBe(500);
    expect(await ledgerOf(ok.json.data.orderNo)).toEqual([
      ['deposit', -1500],
      ['compensation', 1500],
    ]);

    const open = await t.post(`${L}/GetLossByBarcode`, { barcode: b });
    expect(open.json.data).toMatchObject({ orderNo: ok.json.data.orderNo, state: 'compensated' });
    const found = await t.post(`${L}/FoundLoss`, { barcode: b, option: 'retrieve_after_logout' });
    expect(found.json.data).toMatchObject({ state: 'retrieved', refundFen: 0 });
    expect((await copyRow(b)).circState).toBe('available');
    expect((await t.post(`${L}/FoundLoss`, { barcode: b, option: 'retrieve_after_logout' })).json.errorCode).toBe(
      'NOT_LOST',
    );
    const orders = await t.post(`${L}/GetCompensationOrderList`, { readerBarcode: r.account });
    expect(orders.json.data.List.map((o: any) => o.orderNo)).toEqual([ok.json.data.orderNo]);
    const ledger = await t.post(`${L}/GetLedgerEntryList`, { readerBarcode: r.account });
    expect(ledger.json.data.Total).toBe(2);
  });

  it('a copy on the hold shelf lost: the reader waits again; found again: it goes straight back to them', async () => {
    const [b] = await makeCopies(t.db, scope, 1);
    const r = await makeReader(t.db, scope);
    const res = await t.post(`${C}/AddReservation`, { readerBarcode: r.account, barcode: b });
    expect(res.json.data.state).toBe('ready');
    const [{ recordId }] = await t.db.select({ recordId: copy.recordId }).from(copy).where(eq(copy.barcode, b));
    const other = await makeReader(t.db, scope);
    const title = await t.post(`${C}/AddReservation`, { readerBarcode: other.account, recordId });
    expect(title.json.data.state).toBe('waiting');
    const reg = await t.post(`${L}/RegisterLoss`, { barcode: b, compensationFen: 0 });
    expect(reg.json.success).toBe(true);
    const [copyLevel] = await t.db.select().from(reservation).where(eq(reservation.id, res.json.data.id));
    expect(copyLevel.state).toBe('cancelled'); // that very copy is gone
    const found = await t.post(`${L}/FoundLoss`, { barcode: b, option: 'retrieve_after_logout' });
    expect(found.json.data.hold).toMatchObject({ readerId: other.id });
    expect((await copyRow(b)).circState).toBe('reserved');
  });

  it('lost reader cards: report, cancel, re-issue; permissions and isolation', async () => {
    const r = await makeReader(t.db, scope, { name: '王小明' });
    expect((await t.post(`${L}/ReportCardLost`, { id: r.id })).json.data.cardLost).toBe(true);
    expect((await t.post(`${L}/ReportCardLost`, { id: r.id })).json.errorCode).toBe('CARD_STATE');
    const lost = await t.post(`${L}/GetCardList`, { card: 'lost', SearchKey: '王小明' });
    expect(lost.json.data.List).toEqual([expect.objectContaining({ id: r.id, cardLost: true })]);
    expect((await t.post(`${L}/CancelCardLost`, { id: r.id })).json.data.cardLost).toBe(false);
    await t.post(`${L}/ReportCardLost`, { id: r.id });
    expect((await t.post(`${L}/ReissueCard`, { id: r.id, cardRfid: 'E200-NEW' })).json.data.cardLost).toBe(false);
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, r.id));
    expect(u).toMatchObject({ cardLost: false, cardRfid: 'E200-NEW' });

    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['loss', 'loss-record', 'loss-handling'] });
    expect((await t.post(`${L}/GetCardList`, {}, { token: viewer.token })).json.code).toBe(0);
    expect((await t.post(`${L}/ReportCardLost`, { id: r.id }, { token: viewer.token })).status).toBe(403);
    expect((await t.post(`${L}/GetLossList`, {}, { token: viewer.token })).json.code).toBe(0);
    const [b] = await makeCopies(t.db, scope, 1);
    const reg = await t.post(`${L}/RegisterLoss`, { barcode: b, compensationFen: 100 }, { token: viewer.token });
    expect(reg.status).toBe(403);
    expect((await t.post(`${L}/PayCompensation`, { id: 1 }, { token: viewer.token })).status).toBe(403);

    const s2 = await buildSchool(t.db);
    const them = await buildUser(t.db, s2, { permissions: ['*'] });
    const as = { token: them.token, schoolId: s2 };
    expect((await t.post(`${L}/GetLossList`, {}, as)).json.data.Total).toBe(0);
    expect((await t.post(`${L}/ReportCardLost`, { id: r.id }, as)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${L}/RegisterLoss`, { barcode: b, compensationFen: 100 }, as)).json.errorCode).toBe(
      'COPY_NOT_FOUND',
    );
    const mine = await t.post(`${L}/GetLossList`, {});
    expect(
      (await t.post(`${L}/RetrieveLoss`, { id: mine.json.data.List[0].id, option: 'retrieve_after_logout' }, as)).json
        .errorCode,
    ).toBe('NOT_FOUND');
  });
});
