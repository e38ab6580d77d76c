import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { BOOK_NUMBER_LOCK_MINUTES } from './book-number.service.ts';
import { bookNumberLock } from './book-number.table.ts';

/** Book-number locks over HTTP (LockBookNumber / UnlockBookNumber and the record save), spec §3 /book-editing. */
const t = useTestApp();
const L = `${P}/Literature`;
const LOCK = `${P}/Catalogue/LockBookNumber`;
const UNLOCK = `${P}/Catalogue/UnlockBookNumber`;
const ADD = `${L}/AddItemsCatalogueInfo`;
const NEXT = `${L}/GetItemListNumCalculate`;

const cataloguer = () => buildUser(t.db, t.schoolId, { permissions: ['book-editing:add', 'book-editing'] });
const as = (u: { token: string }) => ({ token: u.token, lang: 'en' as const });
async function ok(url: string, body: unknown, opts = {}) {
  const res = await t.post(url, body, opts);
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data;
}
async function rule(patch: Record<string, unknown>) {
  const config = await ok(`${L}/GetEditingConfig`, {});
  await ok(`${L}/SaveEditingConfig`, { ...config, ...patch });
}
const lockedMsg = (bookNo: string) =>
  `Book number ${bookNo} is locked by another cataloguer; choose another (a lock lapses after ${BOOK_NUMBER_LOCK_MINUTES} minutes)`;

describe('book-number locks', () => {
  it('refuses a lock when no book number is shown (BOOK_NUMBER_NONE)', async () => {
    const a = await cataloguer();
    const res = await t.post(LOCK, { classNo: 'K825' }, as(a));
    expect(res.json).toMatchObject({
      errorCode: 'BOOK_NUMBER_NONE',
      msg: 'A book number cannot be locked when none exists',
    });
    const zh = await t.post(LOCK, { classNo: 'K825', bookNo: '  ' }, { token: a.token, lang: 'zh' });
    expect(zh.json.msg).toBe('还没有书次号，不能锁定');
  });

  it('sequence rule: holds the number shown; others are not offered it and cannot save it; save releases it', async () => {
    await rule({ bookNumberRule: 'sequence', bookNumberLength: 3 });
    const [a, b] = [await cataloguer(), await cataloguer()];
    await ok(ADD, { title: '旧书', classNo: 'K826', bookNo: '7' });
    const shown = await ok(NEXT, { classNo: 'K826' }, as(a));
    expect(shown.bookNo).toBe('008');
    const lock = await ok(LOCK, { classNo: 'K826', bookNo: shown.bookNo }, as(a));
    expect(lock).toMatchObject({ bookNo: '008', number: 8 });
    const minutes = (Date.parse(lock.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(BOOK_NUMBER_LOCK_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(BOOK_NUMBER_LOCK_MINUTES);

    // A still sees her number; B is offered the next free one.
    expect((await ok(NEXT, { classNo: 'K826' }, as(a))).bookNo).toBe('008');
    expect((await ok(NEXT, { classNo: 'k 826' }, as(b))).bookNo).toBe('009');
    // B typing A's number by hand is refused, with a message that says why.
    const clash = await t.post(ADD, { title: '乙', classNo: 'K 826', bookNo: '008' }, as(b));
    expect(clash.json).toMatchObject({ errorCode: 'BOOK_NUMBER_LOCKED', msg: lockedMsg('008') });
    const taken = await t.post(LOCK, { classNo: 'K826', bookNo: '008' }, as(b));
    expect(taken.json).toMatchObject({ errorCode: 'BOOK_NUMBER_LOCKED', msg: lockedMsg('008') });
    // B's automatic number steps over the held one.
    expect((await ok(ADD, { title: '丙', classNo: 'K826', bookNoAuto: true }, as(b))).bookNo).toBe('009');
    // A saves with her number: allowed, and the lock is gone.
    expect((await ok(ADD, { title: '甲', classNo: 'K826', bookNo: '008' }, as(a))).bookNo).toBe('008');
    const left = await t.db.select().from(bookNumberLock).where(eq(bookNumberLock.classCode, 'K826'));
    expect(left).toHaveLength(0);
  });

  it('unlock gives the number up; a lock lapses after the documented time', async () => {
    const [a, b] = [await cataloguer(), await cataloguer()];
    await ok(LOCK, { classNo: 'TP31', bookNo: '001' }, as(a));
    expect(await ok(UNLOCK, { classNo: 'TP31', bookNo: '001' }, as(b))).toEqual({ released: false });
    expect(await ok(UNLOCK, { classNo: 'TP31', bookNo: '001' }, as(a))).toEqual({ released: true });
    await ok(LOCK, { classNo: 'TP31', bookNo: '001' }, as(b));
    expect((await t.post(ADD, { title: 'x', classNo: 'TP31', bookNo: '001' }, as(a))).json.errorCode).toBe(
      'BOOK_NUMBER_LOCKED',
    );
    // The lock was taken longer ago than the lapse time: it no longer counts.
    await t.db
      .update(bookNumberLock)
      .set({ lockedAt: new Date(Date.now() - (BOOK_NUMBER_LOCK_MINUTES + 1) * 60_000) })
      .where(eq(bookNumberLock.classCode, 'TP31'));
    expect((await ok(ADD, { title: 'x', classNo: 'TP31', bookNo: '001' }, as(a))).bookNo).toBe('001');
  });

  it('concurrent locks of one number: exactly one cataloguer wins', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => cataloguer()));
    const res = await Promise.all(users.map((u) => t.post(LOCK, { classNo: 'I247.5', bookNo: '012' }, as(u))));
    const won = res.filter((r) => r.json.code === 0);
    expect(won).toHaveLength(1);
    expect(res.filter((r) => r.json.errorCode === 'BOOK_NUMBER_LOCKED')).toHaveLength(5);
    const rows = await t.db.select().from(bookNumberLock).where(eq(bookNumberLock.classCode, 'I247.5'));
    expect(rows).toHaveLength(1);
  });

  it('concurrent automatic numbers never hand out a held number', async () => {
    await rule({ bookNumberRule: 'sequence', bookNumberLength: null });
    const [a, b] = [await cataloguer(), await cataloguer()];
    await ok(LOCK, { classNo: 'O4', bookNo: '2' }, as(a));
    await ok(LOCK, { classNo: 'O4', bookNo: '4' }, as(b));
    const c = await cataloguer();
    const saved = await Promise.all(
      Array.from({ length: 5 }, (_, i) => ok(ADD, { title: `t${i}`, classNo: 'O4', bookNoAuto: true }, as(c))),
    );
    expect(saved.map((s) => Number(s.bookNo)).sort((x, y) => x - y)).toEqual([1, 3, 5, 6, 7]);
  });

  it('author rule: Lock holds the author number shown, not a sequence number', async () => {
    await rule({ bookNumberRule: 'author' });
    const [a, b] = [await cataloguer(), await cataloguer()];
    const shown = await ok(NEXT, { classNo: 'I242.4', author: '曹雪芹 著' }, as(a));
    expect(shown).toMatchObject({ rule: 'author', bookNo: 'CXQ' });
    const lock = await ok(LOCK, { classNo: 'I242.4', bookNo: shown.bookNo }, as(a));
    expect(lock).toMatchObject({ bookNo: 'CXQ', number: null });
    const clash = await t.post(ADD, { title: '红楼梦', author: '曹雪芹', classNo: 'I242.4', bookNoAuto: true }, as(b));
    expect(clash.json).toMatchObject({ errorCode: 'BOOK_NUMBER_LOCKED', msg: lockedMsg('CXQ') });
    // Another class is free; A's own save goes through and releases the hold.
    await ok(ADD, { title: '红楼梦', author: '曹雪芹', classNo: 'I242.5', bookNoAuto: true }, as(b));
    expect(
      (await ok(ADD, { title: '红楼梦', author: '曹雪芹', classNo: 'I242.4', bookNoAuto: true }, as(a))).bookNo,
    ).toBe('CXQ');
    await ok(ADD, { title: '红楼梦 2', author: '曹雪芹', classNo: 'I242.4', bookNoAuto: true }, as(b));
    await rule({ bookNumberRule: 'sequence' });
  });
});
