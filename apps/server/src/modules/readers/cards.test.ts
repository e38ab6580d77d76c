import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { ledgerEntry } from '../losses/loss.table.ts';

const t = useTestApp();
/** A valid-until date a year ahead (a past one is refused). */
const VALID = `${new Date().getFullYear() + 1}-07-31`;
const R = `${P}/Readers`;

describe('card desk', () => {
  it('finds a reader by RFID, barcode or name; issues a card with a deposit that reaches the ledger', async () => {
    const scope = new Scope(t.schoolId);
    const r = await makeReader(t.db, scope, { name: '林小雨', cardRfid: 'E004AA01' });
    expect((await t.post(`${R}/FindCardReaders`, { key: 'E004AA01' })).json.data.List[0].id).toBe(r.id);
    expect((await t.post(`${R}/FindCardReaders`, { key: r.account.toLowerCase() })).json.data.List[0].id).toBe(r.id);
    expect((await t.post(`${R}/FindCardReaders`, { key: '小雨' })).json.data.List.map((x: any) => x.id)).toContain(
      r.id,
    );

    const issued = await t.post(`${R}/IssueCard`, { id: r.id, validUntil: VALID, deposit: 50 });
    expect(issued.json.success, issued.json.msg).toBe(true);
    expect(issued.json.data).toMatchObject({ validUntil: VALID, deposit: 50, cardLost: false });
    expect(issued.json.data.processedAt).toBeTruthy();
    const ledger = await t.db
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.schoolId, t.schoolId), eq(ledgerEntry.readerId, r.id)));
    expect(ledger).toEqual([expect.objectContaining({ kind: 'deposit', amountFen: 5000 })]);
  });

  it('refuses an RFID bound to another reader, naming them', async () => {
    const scope = new Scope(t.schoolId);
    const a = await makeReader(t.db, scope, { name: 'Alice', cardRfid: 'E004BB02' });
    const b = await makeReader(t.db, scope);
    const r = await t.post(`${R}/IssueCard`, { id: b.id, validUntil: VALID, cardRfid: 'E004BB02' }, { lang: 'en' });
    expect(r.json.issues).toEqual([
      expect.objectContaining({ path: 'cardRfid', message: `This RFID card is already bound to Alice (${a.account})` }),
    ]);
  });

  it("refuses a card that would already be expired, in the caller's language, and changes nothing", async () => {
    const scope = new Scope(t.schoolId);
    const r = await makeReader(t.db, scope);
    const res = await t.post(`${R}/IssueCard`, { id: r.id, validUntil: '2020-01-31', deposit: 20 }, { lang: 'en' });
    expect(res.json.success).toBe(false);
    expect(res.json.issues).toEqual([
      expect.objectContaining({ path: 'validUntil', message: 'The valid-until date cannot be before today' }),
    ]);
    const after = await t.post(`${R}/GetReader`, { id: r.id });
    expect(after.json.data.deposit).toBe(0);
    expect(after.json.data.validUntil).not.toBe('2020-01-31');
  });

  it('pays a deposit back, never more than held and never while books are on loan', async () => {
    const scope = new Scope(t.schoolId);
    const r = await makeReader(t.db, scope);
    await t.post(`${R}/IssueCard`, { id: r.id, validUntil: VALID, deposit: 30 });
    const tooMuch = await t.post(`${R}/RefundDeposit`, { id: r.id, amount: 31 }, { lang: 'en' });
    expect(tooMuch.json.msg).toBe('The refund is more than the deposit (30 yuan)');
    const [b] = await makeCopies(t.db, scope, 1);
    const lent = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: r.account, barcode: b });
    expect(lent.json.success, lent.json.msg).toBe(true);
    const onLoan = await t.post(`${R}/RefundDeposit`, { id: r.id, amount: 10 }, { lang: 'zh' });
    expect(onLoan.json.msg).toBe('读者还有未归还的图书，不能退押金');
    await t.post(`${P}/Circulation/LiteratureReturn`, { barcode: b });
    const ok = await t.post(`${R}/RefundDeposit`, { id: r.id, amount: 30 });
    expect(ok.json.data.deposit).toBe(0);
  });

  it('keeps to the school and the permission', async () => {
    const other = await buildSchool(t.db);
    const stranger = await makeReader(t.db, new Scope(other));
    const foreign = await t.post(`${R}/IssueCard`, { id: stranger.id, validUntil: VALID });
    expect(foreign.json).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    expect((await t.post(`${R}/FindCardReaders`, { key: stranger.account })).json.data.List).toEqual([]);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['resource-mana.resource.user-transfer'] });
    const r = await makeReader(t.db, new Scope(t.schoolId));
    expect(
      (await t.post(`${R}/FindCardReaders`, { key: r.account }, { token: viewer.token })).json.data.List,
    ).toHaveLength(1);
    expect((await t.post(`${R}/IssueCard`, { id: r.id, validUntil: VALID }, { token: viewer.token })).status).toBe(403);
  });
});
