import { P } from '@shuyuan/contracts/common/paths';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { loan } from './circulation.table.ts';
import { addClosedDays, addDays, getEffectiveRule, schoolToday } from './rules.service.ts';
import { addRule, makeCopies, makeReader, setOverdueMode } from './test-fixtures.ts';

const t = useTestApp();
let scope: Scope;
const BORROW = `${P}/Circulation/LiteratureCirc`;
const RETURN = `${P}/Circulation/LiteratureReturn`;
const borrow = (readerBarcode: string, barcode: string, lang: 'zh' | 'en' = 'en') =>
  t.post(BORROW, { readerBarcode, barcode }, { lang });

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  // Identities without a built-in rule get their own limits here: 'other' 3 books, 'parent' 2 books.
  await addRule(t.db, scope, { identity: 'other', maxLoans: 3, loanDays: 10 });
  await addRule(t.db, scope, { identity: 'parent', maxLoans: 2 });
});

describe('borrowing at the desk', () => {
  it('lends up to the limit and refuses the fourth with OVER_LIMIT in Chinese and English', async () => {
    const r = await makeReader(t.db, scope, { identity: 'other' });
    const books = await makeCopies(t.db, scope, 4);
    for (const b of books.slice(0, 3)) {
      const res = await borrow(r.account, b);
      expect(res.json.success, JSON.stringify(res.json)).toBe(true);
      expect(res.json.data.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const en = await borrow(r.account, books[3]);
    expect(en.json).toMatchObject({
      success: false,
      errorCode: 'OVER_LIMIT',
      msg: 'The reader has 3 loans, the limit is 3',
    });
    const zh = await borrow(r.account, books[3], 'zh');
    expect(zh.json.msg).toBe('已借 3 册，达到借阅上限 3 册');
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, books[0]));
    expect(c.circState).toBe('borrowed');
    const list = await t.post(`${P}/Circulation/GetUserBorrowing`, { readerBarcode: r.account, Page: 1, Rows: 2 });
    expect(list.json.data.Total).toBe(3);
    expect(list.json.data.List).toHaveLength(2);
    const limit = await t.post(`${P}/Circulation/GetUserBorrowLimitV2`, { readerBarcode: r.account });
    expect(limit.json.data).toMatchObject({ open: 3, overdue: 0, remaining: 0, rule: { maxLoans: 3, loanDays: 10 } });
    const info = await t.post(`${P}/Literature/GetCircUserInfoByBarCode`, { readerBarcode: r.account });
    expect(info.json.data).toMatchObject({ account: r.account, phone: '138****5678', openLoans: 3 });
  });

  it('gives each refusal its own code', async () => {
    const r = await makeReader(t.db, scope);
    const [b1, b2, b3] = await makeCopies(t.db, scope, 3);
    expect((await borrow(r.account, 'NO-SUCH')).json.errorCode).toBe('COPY_NOT_FOUND');
    expect((await borrow('NO-READER', b1)).json.errorCode).toBe('READER_NOT_FOUND');
    expect((await borrow(r.account, b1)).json.success).toBe(true);
    expect((await borrow(r.account, b1)).json.errorCode).toBe('COPY_ON_LOAN');
    await t.db.update(copy).set({ circState: 'lost' }).where(eq(copy.barcode, b2));
    expect((await borrow(r.account, b2)).json.errorCode).toBe('COPY_NOT_AVAILABLE');
    const expired = await makeReader(t.db, scope, { validUntil: '2020-01-01' });
    const ex = await borrow(expired.account, b3, 'zh');
    expect(ex.json).toMatchObject({ errorCode: 'READER_EXPIRED', msg: '读者证已于 2020-01-01 过期' });
    const disabled = await makeReader(t.db, scope, { state: 0 });
    expect((await borrow(disabled.account, b3)).json.errorCode).toBe('READER_DISABLED');
    // Overdue refusal only under the mode 'unified-refusal'.
    await t.db.update(loan).set({ dueDate: '2020-01-01' }).where(eq(loan.userId, r.id));
    expect((await borrow(r.account, b3)).json.success).toBe(true);
    await t.post(RETURN, { barcode: b3 });
    await setOverdueMode(t.db, scope, 'unified-refusal');
    try {
      const od = await borrow(r.account, b3);
      expect(od.json).toMatchObject({
        errorCode: 'OVERDUE_REFUSED',
        msg: 'The reader has 1 overdue loans and cannot borrow',
      });
    } finally {
      await setOverdueMode(t.db, scope, 'unified-lendable');
    }
  });

  it('takes an overdue copy back, reports the overdue days and frees the copy', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    await borrow(r.account, b);
    const today = await schoolToday(t.db, scope);
    await t.db
      .update(loan)
      .set({ dueDate: addDays(today, -4) })
      .where(eq(loan.userId, r.id));
    const res = await t.post(RETURN, { barcode: b });
    expect(res.json.data).toMatchObject({ overdueDays: 4, reader: { account: r.account } });
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, b));
    expect(c.circState).toBe('available');
    expect((await t.post(RETURN, { barcode: b })).json.errorCode).toBe('LOAN_NOT_FOUND');
  });

  it('renews up to max_renewals from the due date', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const lent = await borrow(r.account, b);
    const renewed = await t.post(`${P}/Circulation/RenewLoan`, { barcode: b });
    expect(renewed.json.data).toMatchObject({ renewals: 1, dueDate: addDays(lent.json.data.dueDate, 15) });
    expect((await t.post(`${P}/Circulation/RenewLoan`, { barcode: b })).json.errorCode).toBe('RENEW_LIMIT');
  });
});

describe('concurrency', () => {
  it('two desks lending the same copy at the same moment: exactly one succeeds', async () => {
    const [a, b] = [await makeReader(t.db, scope), await makeReader(t.db, scope)];
    const [book] = await makeCopies(t.db, scope, 1);
    const res = await Promise.all([borrow(a.account, book), borrow(b.account, book)]);
    expect(res.filter((x) => x.json.success)).toHaveLength(1);
    expect(res.find((x) => !x.json.success)!.json.errorCode).toBe('COPY_ON_LOAN');
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, book));
    const open = await t.db
      .select()
      .from(loan)
      .where(and(eq(loan.copyId, c.id), isNull(loan.returnedAt)));
    expect(open).toHaveLength(1);
  });

  it('two desks taking back the same copy at the same moment: one returns it, the other finds no loan', async () => {
    const r = await makeReader(t.db, scope);
    const [warm, book] = await makeCopies(t.db, scope, 2);
    // A return first: the next ones take the one-statement way (quick-return.ts), whose locks queue the two desks.
    for (const b of [warm, book]) expect((await borrow(r.account, b)).json.success).toBe(true);
    expect((await t.post(RETURN, { barcode: warm })).json.success).toBe(true);
    const res = await Promise.all([t.post(RETURN, { barcode: book }), t.post(RETURN, { barcode: book })]);
    expect(res.filter((x) => x.json.success)).toHaveLength(1);
    expect(res.find((x) => !x.json.success)!.json.errorCode).toBe('LOAN_NOT_FOUND');
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, book));
    expect(c.circState).toBe('available');
    const loans = await t.db.select().from(loan).where(eq(loan.copyId, c.id));
    expect(loans.map((l) => l.returnedAt !== null)).toEqual([true]);
  });

  it('parallel borrows of one reader with a limit of 2 never exceed it', async () => {
    const r = await makeReader(t.db, scope, { identity: 'parent' });
    const books = await makeCopies(t.db, scope, 5);
    const res = await Promise.all(books.map((b) => borrow(r.account, b)));
    expect(res.filter((x) => x.json.success)).toHaveLength(2);
    expect(res.filter((x) => x.json.errorCode === 'OVER_LIMIT')).toHaveLength(3);
    const open = await t.db
      .select()
      .from(loan)
      .where(and(eq(loan.userId, r.id), isNull(loan.returnedAt)));
    expect(open).toHaveLength(2);
  });
});

describe('rules and calendar', () => {
  it('the most specific rule wins; ties go to identity over location', async () => {
    await addRule(t.db, scope, { locationId: 77, maxLoans: 7 });
    await addRule(t.db, scope, { identity: 'teacher', locationId: 77, maxLoans: 1 });
    const rule = (identity: string, locationId: number | null) =>
      getEffectiveRule(t.db, scope, { identity, groupId: null, resourceTypeId: null, locationId });
    expect((await rule('teacher', 77)).maxLoans).toBe(1);
    expect((await rule('teacher', null)).maxLoans).toBe(10);
    expect((await rule('student', 77)).maxLoans).toBe(5);
    expect((await rule('nobody', 77)).maxLoans).toBe(7);
    expect((await rule('nobody', 5)).maxLoans).toBe(5);
    // Through the desk: a teacher at location 77 may hold only one book.
    const teacher = await makeReader(t.db, scope, { identity: 'teacher' });
    const books = await makeCopies(t.db, scope, 2, 77);
    expect((await borrow(teacher.account, books[0])).json.success).toBe(true);
    expect((await borrow(teacher.account, books[1])).json.errorCode).toBe('OVER_LIMIT');
  });

  it('a due date on a closed day moves to the next open day', async () => {
    const today = await schoolToday(t.db, scope);
    await addClosedDays(t.db, scope, [addDays(today, 30), addDays(today, 31)]);
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const res = await borrow(r.account, b);
    expect(res.json.data.dueDate).toBe(addDays(today, 32));
  });

  it('refuses callers without the desk permission and seeds rules for new schools lazily', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['surrency.borrow'] });
    const [b] = await makeCopies(t.db, scope, 1);
    const r = await makeReader(t.db, scope);
    const res = await t.post(BORROW, { readerBarcode: r.account, barcode: b }, { token: viewer.token });
    expect(res.json.success).toBe(false);
    const desk = await buildUser(t.db, t.schoolId, { permissions: ['surrency.borrow:borrow'] });
    expect((await t.post(BORROW, { readerBarcode: r.account, barcode: b }, { token: desk.token })).json.success).toBe(
      true,
    );
    const other = new Scope(t.schoolId + 999);
    expect(
      (
        await getEffectiveRule(t.db, other, {
          identity: 'student',
          groupId: null,
          resourceTypeId: null,
          locationId: null,
        })
      ).maxLoans,
    ).toBe(5);
  });
});
