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
