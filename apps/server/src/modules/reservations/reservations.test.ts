import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { addDays, schoolToday } from '../circulation/rules.service.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { reservation } from './reservation.table.ts';
import { expireHolds } from './reservations.service.ts';

const t = useTestApp();
let scope: Scope;
const C = `${P}/Circulation`;
const borrow = (readerBarcode: string, barcode: string) => t.post(`${C}/LiteratureCirc`, { readerBarcode, barcode });
const giveBack = (barcode: string) => t.post(`${C}/LiteratureReturn`, { barcode });
const reserve = (readerBarcode: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
  t.post(`${C}/AddReservation`, { readerBarcode, ...body }, { lang });
const state = async (barcode: string) =>
  (await t.db.select({ s: copy.circState }).from(copy).where(eq(copy.barcode, barcode)))[0].s;
const recordOf = async (barcode: string) =>
  (await t.db.select({ r: copy.recordId }).from(copy).where(eq(copy.barcode, barcode)))[0].r;
const row = async (id: number) => (await t.db.select().from(reservation).where(eq(reservation.id, id)))[0];

beforeAll(() => {
  scope = new Scope(t.schoolId);
});

describe('reservation queue and hold shelf', () => {
  it('queues readers for a title on loan, holds the returned copy for the first and lends it only to them', async () => {
    const [b1] = await makeCopies(t.db, scope, 1);
    const recordId = await recordOf(b1);
    const owner = await makeReader(t.db, scope);
    const first = await makeReader(t.db, scope, { name: '张三' });
    const second = await makeReader(t.db, scope);
    expect((await borrow(owner.account, b1)).json.success).toBe(true);

    const r1 = await reserve(first.account, { recordId });
    expect(r1.json.data).toMatchObject({ state: 'waiting', queuePosition: 1 });
    const r2 = await reserve(second.account, { recordId });
    expect(r2.json.data).toMatchObject({ state: 'waiting', queuePosition: 2 });
    expect(await state(b1)).toBe('reserving');

    const dup = await reserve(first.account, { recordId });
    expect(dup.json).toMatchObject({ errorCode: 'RESERVATION_EXISTS' });
    const mine = await reserve(owner.account, { recordId }, 'zh');
    expect(mine.json.errorCode).toBe('ALREADY_ON_LOAN');
    expect(mine.json.msg).toContain('正在借阅');
    // Someone waits: the loan cannot be renewed.
    const renew = await t.post(`${C}/RenewLoan`, { barcode: b1 });
    expect(renew.json.errorCode).toBe('RESERVATION_WAITING');

    const back = await giveBack(b1);
    expect(back.json.success).toBe(true);
    const today = await schoolToday(t.db, scope);
    expect(back.json.data.hold).toMatchObject({ name: '张三', readerId: first.id });
    expect(back.json.data.hold.until > today).toBe(true);
    expect(await state(b1)).toBe('reserved');
    expect((await row(r1.json.data.id)).state).toBe('ready');

    const other = await borrow(second.account, b1);
    expect(other.json.errorCode).toBe('RESERVED_FOR_OTHER');
    expect(other.json.msg).toContain('hold shelf for another reader');
    const lent = await borrow(first.account, b1);
    expect(lent.json.success).toBe(true);
    const done = await row(r1.json.data.id);
    expect(done).toMatchObject({ state: 'collected', loanId: lent.json.data.loanId });
    // The second reader still waits, now first in the queue; the copy on loan is 'reserving' again.
    expect(await state(b1)).toBe('reserving');
    const list = await t.post(`${C}/GetReservationList`, { recordId, state: 'waiting' });
    expect(list.json.data.List).toHaveLength(1);
    expect(list.json.data.List[0]).toMatchObject({ readerAccount: second.account, queuePosition: 1 });
  });

  it('holds a copy on the shelf at once, hold days from the school setting', async () => {
    const [b1, b2] = await makeCopies(t.db, scope, 2);
    const r = await makeReader(t.db, scope);
    const res = await reserve(r.account, { barcode: b2 });
    const today = await schoolToday(t.db, scope);
    expect(res.json.data).toMatchObject({ state: 'ready', barcode: b2, holdUntil: addDays(today, 3) });
    expect(await state(b2)).toBe('reserved');
    expect(await state(b1)).toBe('available');
    // Cancelled: the copy goes back to the shelf.
    const c = await t.post(`${C}/CancelReservation`, { id: res.json.data.id });
    expect(c.json.data.state).toBe('cancelled');
    expect(await state(b2)).toBe('available');
    expect((await t.post(`${C}/CancelReservation`, { id: res.json.data.id })).json.errorCode).toBe('RESERVATION_STATE');
  });

  it('expires holds past their last day: the copy goes to the next reader, then back to the shelf', async () => {
    const [b1] = await makeCopies(t.db, scope, 1);
    const recordId = await recordOf(b1);
    const [a, b, owner] = [await makeReader(t.db, scope), await makeReader(t.db, scope), await makeReader(t.db, scope)];
    await borrow(owner.account, b1);
    const ra = (await reserve(a.account, { recordId })).json.data.id;
    const rb = (await reserve(b.account, { recordId })).json.data.id;
    await giveBack(b1);
    expect((await row(ra)).state).toBe('ready');
    await t.db.update(reservation).set({ holdUntil: '2020-01-01' }).where(eq(reservation.id, ra));
    expect(await expireHolds(t.app, t.schoolId)).toBe(1);
    expect((await row(ra)).state).toBe('expired');
    expect((await row(rb)).state).toBe('ready');
    expect(await state(b1)).toBe('reserved');
    await t.db.update(reservation).set({ holdUntil: '2020-01-01' }).where(eq(reservation.id, rb));
    await expireHolds(t.app, t.schoolId);
    expect((await row(rb)).state).toBe('expired');
    expect(await state(b1)).toBe('available');
    const expired = await t.post(`${C}/GetReservationList`, { recordId, state: 'expired' });
    expect(expired.json.data.Total).toBe(2);
  });

  it('marks a waiting reservation ready by hand with a copy from the shelf', async () => {
    const [b1, b2] = await makeCopies(t.db, scope, 2);
    const recordId = await recordOf(b1);
    const [o1, r] = [await makeReader(t.db, scope), await makeReader(t.db, scope)];
    await borrow(o1.account, b1);
    await t.db.update(copy).set({ circState: 'locked' }).where(eq(copy.barcode, b2));
    const id = (await reserve(r.account, { recordId })).json.data.id;
    expect((await row(id)).state).toBe('waiting');
    expect((await t.post(`${C}/ReservationReady`, { id })).json.errorCode).toBe('NO_COPY_AVAILABLE');
    // The locked copy is released (catalogue screen): no desk command ran, the librarian puts it aside.
    await t.db.update(copy).set({ circState: 'available' }).where(eq(copy.barcode, b2));
    const ready = await t.post(`${C}/ReservationReady`, { id, barcode: b2 });
    expect(ready.json.data).toMatchObject({ state: 'ready', barcode: b2 });
    expect(await state(b2)).toBe('reserved');
    expect(await state(b1)).toBe('borrowed');
    expect((await t.post(`${C}/ReservationReady`, { id })).json.errorCode).toBe('RESERVATION_STATE');
  });

  it('checks input, permissions and keeps schools apart', async () => {
    const r = await makeReader(t.db, scope);
    const bad = await t.post(`${C}/AddReservation`, { readerBarcode: r.account }, { lang: 'zh' });
    expect(bad.json.issues[0]).toMatchObject({ path: 'recordId', message: '请选择要预约的图书' });
    expect((await reserve('NOBODY', { recordId: 1 })).json.errorCode).toBe('READER_NOT_FOUND');
    expect((await reserve(r.account, { recordId: 999999 })).json.errorCode).toBe('RECORD_NOT_FOUND');
    const [b1] = await makeCopies(t.db, scope, 1);
    const id = (await reserve(r.account, { barcode: b1 })).json.data.id;

    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['reservation'] });
    expect((await t.post(`${C}/GetReservationList`, {}, { token: viewer.token })).json.code).toBe(0);
    expect((await t.post(`${C}/CancelReservation`, { id }, { token: viewer.token })).status).toBe(403);
    expect(
      (await t.post(`${C}/AddReservation`, { readerBarcode: r.account, barcode: b1 }, { token: viewer.token })).status,
    ).toBe(403);

    const other = await buildSchool(t.db);
    const them = await buildUser(t.db, other, { permissions: ['reservation', 'reservation:cancel'] });
    const theirs = await t.post(`${C}/GetReservationList`, {}, { token: them.token, schoolId: other });
    expect(theirs.json.data.Total).toBe(0);
    const cancel = await t.post(`${C}/CancelReservation`, { id }, { token: them.token, schoolId: other });
    expect(cancel.json.errorCode).toBe('NOT_FOUND');
    expect((await row(id)).state).toBe('ready');
  });

  it('a holder who borrows another copy of the title frees the held one for the next reader', async () => {
    const [c1, c2] = await makeCopies(t.db, scope, 2);
    const recordId = await recordOf(c1);
    await t.db.update(copy).set({ circState: 'locked' }).where(eq(copy.barcode, c2));
    const [a, b] = [await makeReader(t.db, scope), await makeReader(t.db, scope)];
    const ra = await reserve(a.account, { recordId });
    expect(ra.json.data).toMatchObject({ state: 'ready', barcode: c1 });
    const rb = await reserve(b.account, { recordId });
    expect(rb.json.data.state).toBe('waiting');
    await t.db.update(copy).set({ circState: 'available' }).where(eq(copy.barcode, c2));
    expect((await borrow(a.account, c2)).json.success).toBe(true);
    expect((await row(ra.json.data.id)).state).toBe('collected');
    expect(await row(rb.json.data.id)).toMatchObject({ state: 'ready', copyId: expect.any(Number) });
    expect(await state(c1)).toBe('reserved');
    expect((await borrow(a.account, c1)).json.errorCode).toBe('RESERVED_FOR_OTHER');
    expect((await borrow(b.account, c1)).json.success).toBe(true);
  });

  it('reserves any copy of a scanned copy’s title', async () => {
    const [b1, b2] = await makeCopies(t.db, scope, 2);
    const [o1, o2, r] = [await makeReader(t.db, scope), await makeReader(t.db, scope), await makeReader(t.db, scope)];
    await borrow(o1.account, b1);
    await borrow(o2.account, b2);
    const res = await reserve(r.account, { barcode: b1, anyCopy: true });
    expect(res.json.data.state).toBe('waiting');
    // The other copy comes back first and fills it.
    const back = await giveBack(b2);
    expect(back.json.data.hold).toMatchObject({ readerId: r.id, reservationId: res.json.data.id });
  });
});

describe('reserving by title at the desk', () => {
  it('finds the title by words or ISBN and reserves it; the first copy returned is held for the reader', async () => {
    const [b1, b2] = await makeCopies(t.db, scope, 2);
    const recordId = await recordOf(b1);
    await t.db
      .update(catalogueRecord)
      .set({ title: '小王子（预约测试版）', isbn: '978-7-02-004294-1' })
      .where(eq(catalogueRecord.id, recordId));
    const r1 = await makeReader(t.db, scope);
    const r2 = await makeReader(t.db, scope);
    const keeper = await makeReader(t.db, scope, { name: '等书的人' });
    expect((await borrow(r1.account, b1)).json.success).toBe(true);
    expect((await borrow(r2.account, b2)).json.success).toBe(true);

    const byWords = await t.post(`${C}/FindReservableTitles`, { key: '预约测试' });
    expect(byWords.json.data).toEqual([
      expect.objectContaining({ recordId, title: '小王子（预约测试版）', copies: 2, available: 0, waiting: 0 }),
    ]);
    const byIsbn = await t.post(`${C}/FindReservableTitles`, { key: '9787020042941' });
    expect(byIsbn.json.data.map((x: any) => x.recordId)).toEqual([recordId]);
    const empty = await t.post(`${C}/FindReservableTitles`, { key: ' ' }, { lang: 'en' });
    expect(empty.json.issues).toEqual([{ path: 'key', message: 'Please enter a title or an ISBN' }]);

    const placed = await reserve(keeper.account, { recordId });
    expect(placed.json.data).toMatchObject({ state: 'waiting', queuePosition: 1 });
    expect((await t.post(`${C}/FindReservableTitles`, { key: '预约测试' })).json.data[0].waiting).toBe(1);
    // Whichever copy comes back first fills the title reservation.
    const back = await giveBack(b2);
    expect(back.json.data.hold).toMatchObject({ readerId: keeper.id });
    expect(await row(placed.json.data.id)).toMatchObject({ state: 'ready' });
    expect(await state(b2)).toBe('reserved');

    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['reservation'] });
    expect((await t.post(`${C}/FindReservableTitles`, { key: '小王子' }, { token: viewer.token })).status).toBe(403);
  });
});
