import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { makeCopies, makeReader } from './test-fixtures.ts';

const t = useTestApp();
let scope: Scope;
const C = `${P}/Circulation`;

beforeAll(() => {
  scope = new Scope(t.schoolId);
});

describe("the desks' reader lists", () => {
  it('lists the copies waiting on the hold shelf for the reader at the lending desk', async () => {
    const r = await makeReader(t.db, scope);
    const other = await makeReader(t.db, scope);
    const [book] = await makeCopies(t.db, scope, 1);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, book));
    expect((await t.post(`${C}/GetReaderHolds`, { readerBarcode: r.account })).json.data).toEqual([]);
    const res = await t.post(`${C}/AddReservation`, { readerBarcode: r.account, recordId: c.recordId });
    expect(res.json.data).toMatchObject({ state: 'ready', barcode: book });
    const holds = await t.post(`${C}/GetReaderHolds`, { readerBarcode: r.account });
    expect(holds.json.data).toEqual([
      expect.objectContaining({ barcode: book, holdUntil: res.json.data.holdUntil, title: expect.any(String) }),
    ]);
    expect((await t.post(`${C}/GetReaderHolds`, { readerBarcode: other.account })).json.data).toEqual([]);
    // Collected: no longer waiting.
    expect((await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: book })).json.success).toBe(true);
    expect((await t.post(`${C}/GetReaderHolds`, { readerBarcode: r.account })).json.data).toEqual([]);
  });

  it("lets the return desk list the reader's open loans, and nobody else", async () => {
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 2);
    for (const b of books) await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: b });
    await t.post(`${C}/LiteratureReturn`, { barcode: books[0] });
    const returner = await buildUser(t.db, t.schoolId, { permissions: ['return', 'return:return'] });
    const list = await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account }, { token: returner.token });
    expect(list.json.data.List.map((l: { barcode: string }) => l.barcode)).toEqual([books[1]]);
    const stranger = await buildUser(t.db, t.schoolId, { permissions: ['renew'] });
    expect(
      (await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account }, { token: stranger.token })).status,
    ).toBe(403);
    expect((await t.post(`${C}/GetReaderHolds`, { readerBarcode: r.account }, { token: returner.token })).status).toBe(
      403,
    );
  });
});

describe("the desk's one-request scans", () => {
  it('answers the card scan with the reader, their limits, loans and holds, as the three panel calls do', async () => {
    const r = await makeReader(t.db, scope);
    const [held] = await makeCopies(t.db, scope, 1);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, held));
    await t.post(`${C}/AddReservation`, { readerBarcode: r.account, recordId: c.recordId });
    const [other] = await makeCopies(t.db, scope, 1);
    await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: other });
    const scan = (await t.post(`${C}/DeskReader`, { readerBarcode: r.account })).json.data;
    expect(scan.reader).toEqual(
      (await t.post(`${P}/Literature/GetCircUserInfoByBarCode`, { readerBarcode: r.account })).json.data,
    );
    expect(scan.limit).toEqual((await t.post(`${C}/GetUserBorrowLimitV2`, { readerBarcode: r.account })).json.data);
    expect(scan.loans).toEqual(
      (await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account, Page: 1, Rows: 100 })).json.data.List,
    );
    expect(scan.holds.map((h: { barcode: string }) => h.barcode)).toEqual([held]);
    expect(scan.limit).toMatchObject({ open: 1, remaining: 4 });
    const unknown = await t.post(`${C}/DeskReader`, { readerBarcode: 'NOBODY-1' });
    expect(unknown.json).toMatchObject({ success: false, errorCode: 'READER_NOT_FOUND' });
  });

  it('answers a loan with the panel as it is after it: one more loan, the collected hold gone', async () => {
    const r = await makeReader(t.db, scope);
    const [held] = await makeCopies(t.db, scope, 1);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, held));
    await t.post(`${C}/AddReservation`, { readerBarcode: r.account, recordId: c.recordId });
    const res = (await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: held })).json;
    expect(res.success).toBe(true);
    expect(res.data).toMatchObject({ barcode: held, openLoans: 1, reader: { account: r.account } });
    expect(res.data.panel.limit).toMatchObject({ open: 1, remaining: 4, rule: { maxLoans: 5 } });
    expect(res.data.panel.loans.map((l: { barcode: string }) => l.barcode)).toEqual([held]);
    expect(res.data.panel.holds).toEqual([]);
    expect(res.data.panel.limit).toEqual(
      (await t.post(`${C}/GetUserBorrowLimitV2`, { readerBarcode: r.account })).json.data,
    );
    // A refusal is the same as LiteratureCirc's.
    const again = (await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: held })).json;
    expect(again).toMatchObject({ success: false, errorCode: 'COPY_ON_LOAN' });
  });

  it("answers a return with the reader's other loans, and a renewal with the reader's loans", async () => {
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 2);
    for (const b of books) await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: b });
    const renewed = (await t.post(`${C}/DeskRenew`, { barcode: books[1] })).json.data;
    expect(renewed).toMatchObject({ barcode: books[1], renewals: 1 });
    expect(renewed.panel.loans.find((l: { barcode: string }) => l.barcode === books[1])).toMatchObject({
      dueDate: renewed.dueDate,
      renewals: 1,
      readerAccount: r.account,
    });
    const back = (await t.post(`${C}/DeskReturn`, { barcode: books[0] })).json.data;
    expect(back).toMatchObject({ barcode: books[0], overdueDays: 0, reader: { account: r.account } });
    expect(back.panel.loans.map((l: { barcode: string }) => l.barcode)).toEqual([books[1]]);
    const returner = await buildUser(t.db, t.schoolId, { permissions: ['return', 'return:return'] });
    expect(
      (await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: books[0] }, { token: returner.token }))
        .status,
    ).toBe(403);
  });
});
