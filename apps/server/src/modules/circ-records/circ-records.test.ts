import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { addDays, schoolToday } from '../circulation/rules.service.ts';
import { addRule, makeCopies, makeReader, setOverdueMode } from '../circulation/test-fixtures.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { weedingRecord } from '../stocktake/stocktake.table.ts';

const t = useTestApp();
let scope: Scope;
let classId: number;
let studentA: { id: number; account: string };
let studentB: { id: number; account: string };
let books: string[];
const C = `${P}/Circulation`;
const CR = `${P}/CircRecords`;

const borrow = async (readerBarcode: string, barcode: string) => {
  const r = await t.post(`${C}/LiteratureCirc`, { readerBarcode, barcode });
  expect(r.json.success, JSON.stringify(r.json)).toBe(true);
  return r.json.data.loanId as number;
};

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  const [g] = await t.db
    .insert(grade)
    .values(scope.values({ name: 'Records Grade 3' }))
    .returning();
  const [c] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g.id, name: 'Records 3-1' }))
    .returning();
  classId = c.id;
  studentA = await makeReader(t.db, scope, { classId, name: 'Alice Records' });
  studentB = await makeReader(t.db, scope, { name: 'Bob Records' });
  books = await makeCopies(t.db, scope, 5);
  await borrow(studentA.account, books[0]);
  const overdueLoan = await borrow(studentA.account, books[1]);
  await borrow(studentB.account, books[2]);
  // Make one loan 10 days overdue.
  const today = await schoolToday(t.db, scope);
  await t.db
    .update(loan)
    .set({ dueDate: addDays(today, -10) })
    .where(eq(loan.id, overdueLoan));
  await t.post(`${C}/LiteratureReturn`, { barcode: books[2] });
});

describe('/br-records and /no-return', () => {
  it('lists loans with reader, class and grade, filtered by class, state and title', async () => {
    const all = await t.post(`${C}/GetCircRecord`, { classId });
    expect(all.json.data.Total).toBe(2);
    expect(all.json.data.List[0]).toMatchObject({
      readerName: 'Alice Records',
      className: 'Records 3-1',
      gradeName: 'Records Grade 3',
    });
    const overdue = await t.post(`${C}/GetCircRecord`, { state: 'overdue', reader: 'alice' });
    expect(overdue.json.data.List).toHaveLength(1);
    expect(overdue.json.data.List[0]).toMatchObject({ barcode: books[1], state: 'overdue', overdueDays: 10 });
    const returned = await t.post(`${C}/GetCircRecord`, { state: 'returned', reader: 'Bob' });
    expect(returned.json.data.List[0]).toMatchObject({ barcode: books[2], state: 'returned' });
    expect(returned.json.data.List[0].returnedAt).toBeTruthy();
    const bad = await t.post(`${C}/GetCircRecord`, { from: '2026/01/01' });
    expect(bad.json.success).toBe(false);
  });

  it('no-return lists open loans only and the overdue ones with days overdue', async () => {
    const open = await t.post(`${CR}/GetNoReturnList`, { reader: 'Records' });
    expect(open.json.data.List.map((l: any) => l.barcode).sort()).toEqual([books[0], books[1]].sort());
    const over = await t.post(`${CR}/GetNoReturnList`, { state: 'overdue', minOverdueDays: 5 });
    expect(over.json.data.List.map((l: any) => l.barcode)).toEqual([books[1]]);
  });

  it('exports the filtered records as a background job', async () => {
    const ex = await t.post(`${P}/downloadV2/circrecord`, { reader: 'Records' });
    expect(ex.json.success, JSON.stringify(ex.json)).toBe(true);
    expect(ex.json.data.FileName).toMatch(/^Loan records-\d+\.xlsx$/);
    expect(await jobState(ex.json.data.DataID)).toBe(2);
  });

  it('shows one record and the histories of a copy and a reader', async () => {
    const list = await t.post(`${C}/GetCircRecord`, { barcode: books[2] });
    const id = list.json.data.List[0].id;
    const one = await t.post(`${CR}/GetLoanRecord`, { id });
    expect(one.json.data).toMatchObject({ id, account: studentB.account, barcode: books[2] });
    const item = await t.post(`${CR}/GetItemHistory`, { barcode: books[2] });
    expect(item.json.data.Total).toBe(1);
    const reader = await t.post(`${C}/GetBorrowHistory`, { readerBarcode: studentA.account });
    expect(reader.json.data.Total).toBe(2);
    const none = await t.post(`${C}/GetBorrowHistory`, { readerBarcode: 'nobody-here' }, { lang: 'zh' });
    expect(none.json).toMatchObject({ success: false, msg: '读者不存在' });
  });

  it('another school sees none of these loans; a user without the screen is refused', async () => {
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const list = await t.post(`${C}/GetCircRecord`, {}, { token: admin2.token, schoolId: other });
    expect(list.json.data.Total).toBe(0);
    const someId = (await t.post(`${C}/GetCircRecord`, {})).json.data.List[0].id;
    const one = await t.post(`${CR}/GetLoanRecord`, { id: someId }, { token: admin2.token, schoolId: other });
    expect(one.json.success).toBe(false);
    const conv = await t.post(`${C}/LiteratureReviews`, { id: someId }, { token: admin2.token, schoolId: other });
    expect(conv.json.success).toBe(false);
    const nobody = await buildUser(t.db, t.schoolId, { permissions: ['br-records'] });
    expect((await t.post(`${CR}/GetNoReturnList`, {}, { token: nobody.token })).status).toBe(403);
    expect((await t.post(`${P}/downloadV2/circrecord`, {}, { token: nobody.token })).status).toBe(403);
  });
});

describe('conversions of a loan', () => {
  it('converts to returned with a reason: loan closed, copy available, listed in the conversion records', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const id = await borrow(r.account, b);
    const res = await t.post(`${C}/LiteratureReviews`, { id, reason: 'Found on the shelf' });
    expect(res.json.success, JSON.stringify(res.json)).toBe(true);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, b));
    expect(c.circState).toBe('available');
    const again = await t.post(`${C}/LiteratureReviews`, { id }, { lang: 'en' });
    expect(again.json).toMatchObject({ success: false, msg: 'This loan is already returned or converted' });
    const recs = await t.post(`${C}/GetRetrieveRecords`, { kind: 'returned' });
    expect(recs.json.data.List[0]).toMatchObject({ loanId: id, reason: 'Found on the shelf', barcode: b });
    const one = await t.post(`${CR}/GetLoanRecord`, { id });
    expect(one.json.data.conversion).toMatchObject({ kind: 'returned', reason: 'Found on the shelf' });
  });

  it('converts to weeding: reason required, copy goes to store 3 and never lends again', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const id = await borrow(r.account, b);
    const noReason = await t.post(`${C}/BorrowingBookWeeding`, { id, reason: '' }, { lang: 'zh' });
    expect(noReason.json.success).toBe(false);
    expect(noReason.json.issues[0].message).toBe('请填写剔旧原因');
    const ok = await t.post(`${C}/BorrowingBookReviews`, { id, to: 'weeding', reason: 'Pages torn out' });
    expect(ok.json.success, JSON.stringify(ok.json)).toBe(true);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, b));
    expect(c.storeType).toBe(3);
    // …and the weeding ledger has it, as for any weeded copy.
    const [w] = await t.db.select().from(weedingRecord).where(eq(weedingRecord.copyId, c.id));
    expect(w).toMatchObject({ barcode: b, reason: 'Pages torn out', prevStore: 2 });
    const lend = await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: b });
    expect(lend.json).toMatchObject({ success: false, errorCode: 'COPY_WEEDED' });
  });

  it('converts to lost through loss registration: compensation required, copy lost, loss recorded', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const id = await borrow(r.account, b);
    const none = await t.post(`${C}/BorrowingBookReviews`, { id, to: 'lost' }, { lang: 'en' });
    expect(none.json.issues[0]).toMatchObject({
      path: 'compensationFen',
      message: 'Please enter the compensation amount',
    });
    const ok = await t.post(`${C}/BorrowingBookReviews`, {
      id,
      to: 'lost',
      compensationFen: 2500,
      reason: 'Lost on a trip',
    });
    expect(ok.json.success, JSON.stringify(ok.json)).toBe(true);
    expect(ok.json.data.orderNo).toBeTruthy();
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, b));
    expect(c).toMatchObject({ circState: 'lost', storeType: 6 });
    const one = await t.post(`${CR}/GetLoanRecord`, { id });
    expect(one.json.data).toMatchObject({ state: 'returned', conversion: { kind: 'lost', reason: 'Lost on a trip' } });
  });

  it('needs return:return / weeding:weed / loss-register:add for the conversions', async () => {
    const u = await buildUser(t.db, t.schoolId, { permissions: ['br-records'] });
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const id = await borrow(r.account, b);
    const res = await t.post(`${C}/BorrowingBookReviews`, { id, to: 'weeding', reason: 'x' }, { token: u.token });
    expect(res.status).toBe(403);
    expect((await t.post(`${C}/LiteratureReviews`, { id }, { token: u.token })).status).toBe(403);
    const lost = await t.post(`${C}/BorrowingBookReviews`, { id, to: 'lost', compensationFen: 1 }, { token: u.token });
    expect(lost.status).toBe(403);
  });
});

describe('parents', () => {
  it('links parents to a student; parents see only their own children', async () => {
    const mum = await buildUser(t.db, t.schoolId, { identity: 'parent', permissions: [] });
    const other = await buildUser(t.db, t.schoolId, { identity: 'parent', permissions: [] });
    const link = await t.post('/micro/basic/open/StudentParents/updateStudentParents', {
      studentId: studentA.id,
      parents: [{ parentId: mum.id, relation: 'mother' }],
    });
    expect(link.json.success, JSON.stringify(link.json)).toBe(true);
    expect(link.json.data.List[0]).toMatchObject({
      studentName: 'Alice Records',
      parentId: mum.id,
      relation: 'mother',
    });

    const mine = await t.post(`${C}/GetKinBorrowing`, { parentId: other.id }, { token: mum.token });
    expect(mine.json.data.List.map((l: any) => l.userId)).toEqual([studentA.id, studentA.id]);
    expect(mine.json.data.List[0].parents).toEqual([{ name: `User ${mum.account}`, relation: 'mother' }]);
    // Another parent asking for Alice (even naming her) gets nothing.
    const notMine = await t.post(`${C}/GetKinBorrowRecords`, { studentId: studentA.id }, { token: other.token });
    expect(notMine.json.data.Total).toBe(0);
    // A teacher without the screens is refused.
    const teacher = await buildUser(t.db, t.schoolId, { identity: 'teacher', permissions: [] });
    expect((await t.post(`${C}/GetKinBorrowing`, {}, { token: teacher.token })).status).toBe(403);

    const staff = await t.post(`${CR}/GetParentNoReturnList`, { parent: mum.account });
    expect(staff.json.data.Total).toBe(2);
  });

  it('refuses a non-student or non-parent, changing nothing', async () => {
    const teacher = await buildUser(t.db, t.schoolId, { identity: 'teacher', permissions: [] });
    const bad = await t.post(
      '/micro/basic/open/StudentParents/updateStudentParents',
      { studentId: studentA.id, parents: [{ parentId: teacher.id }] },
      { lang: 'en' },
    );
    expect(bad.json.success).toBe(false);
    expect(bad.json.issues[0]).toMatchObject({
      path: 'parents.0.parentId',
      message: 'Please choose a reader whose identity is parent',
    });
    const links = await t.post(`${CR}/GetStudentParentList`, { studentId: studentA.id });
    expect(links.json.data.Total).toBe(1);
  });
});

describe('overdue reviews (single processing)', () => {
  it('refuses a reader with an overdue loan; once the review is processed the reader borrows again', async () => {
    await setOverdueMode(t.db, scope, 'single');
    try {
      // This identity's rule does not lend while a loan is overdue (the rule single processing consults).
      await addRule(t.db, scope, { identity: 'other', maxLoans: 9, overdueLendAllowed: false });
      const r = await makeReader(t.db, scope, { name: 'Olga Overdue', identity: 'other' });
      const [late, next, other] = await makeCopies(t.db, scope, 3);
      const id = await borrow(r.account, late);
      const today = await schoolToday(t.db, scope);
      await t.db
        .update(loan)
        .set({ dueDate: addDays(today, -3) })
        .where(eq(loan.id, id));
      const refused = await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: next }, { lang: 'en' });
      expect(refused.json).toMatchObject({
        errorCode: 'OVERDUE_REFUSED',
        msg: 'The reader has 1 overdue loans and cannot borrow',
      });
      // Listed as pending on /no-return.
      const pending = await t.post(`${CR}/GetNoReturnList`, { reader: r.account, review: 'pending' });
      expect(pending.json.data.List.map((l: { id: number }) => l.id)).toEqual([id]);
      expect(pending.json.data.List[0].review).toBeNull();

      // Abandoning needs a reason and still blocks.
      const noReason = await t.post(`${C}/OverdueReviews`, { ids: [id], state: 'abandoned' }, { lang: 'en' });
      expect(noReason.json.success).toBe(false);
      expect(JSON.stringify(noReason.json)).toContain('Please give the reason for abandoning');
      const abandoned = await t.post(`${C}/OverdueReviews`, { ids: [id], state: 'abandoned', reason: 'Unreachable' });
      expect(abandoned.json.success, JSON.stringify(abandoned.json)).toBe(true);
      const still = await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: next });
      expect(still.json.errorCode).toBe('OVERDUE_REFUSED');

      const done = await t.post(`${C}/OverdueReviews`, { ids: [id], state: 'processed', reason: 'Fine paid' });
      expect(done.json.data).toEqual({ reviewed: 1, state: 'processed' });
      expect((await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: next })).json.success).toBe(
        true,
      );
      // The loan is still open and overdue, shown as processed with reason and operator.
      const one = await t.post(`${CR}/GetLoanRecord`, { id });
      expect(one.json.data).toMatchObject({
        state: 'overdue',
        conversion: null,
        review: { state: 'processed', reason: 'Fine paid', operatorName: expect.any(String) },
      });
      const processed = await t.post(`${CR}/GetNoReturnList`, { reader: r.account, review: 'processed' });
      expect(processed.json.data.List.map((l: { id: number }) => l.id)).toEqual([id]);
      // Both reviews are in the conversion log, newest first.
      const log = await t.post(`${C}/GetRetrieveRecords`, {});
      expect(
        log.json.data.List.filter((c: { loanId: number }) => c.loanId === id).map(
          (c: { kind: string; reason: string }) => [c.kind, c.reason],
        ),
      ).toEqual([
        ['overdue-processed', 'Fine paid'],
        ['overdue-abandoned', 'Unreachable'],
      ]);

      // Sent back to pending, it blocks again; under unified refusal a processed overdue still blocks.
      await t.post(`${C}/OverdueReviews`, { ids: [id], state: 'pending' });
      expect((await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: other })).json.errorCode).toBe(
        'OVERDUE_REFUSED',
      );
      await t.post(`${C}/OverdueReviews`, { ids: [id], state: 'processed' });
      await setOverdueMode(t.db, scope, 'unified-refusal');
      expect((await t.post(`${C}/LiteratureCirc`, { readerBarcode: r.account, barcode: other })).json.errorCode).toBe(
        'OVERDUE_REFUSED',
      );
    } finally {
      await setOverdueMode(t.db, scope, 'unified-lendable');
    }
  });

  it('reviews only open overdue loans, of this school, with the no-return handle permission', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const id = await borrow(r.account, b);
    const notYet = await t.post(`${C}/OverdueReviews`, { ids: [id], state: 'processed' }, { lang: 'zh' });
    expect(notYet.json).toMatchObject({
      errorCode: 'OVERDUE_NOT_OPEN',
      msg: `馆藏 ${b} 的借阅未超期或已归还，无需逾期处理`,
    });
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['no-return'] });
    const res = await t.post(`${C}/OverdueReviews`, { ids: [id], state: 'processed' }, { token: viewer.token });
    expect(res.status).toBe(403);
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const foreign = await t.post(
      `${C}/OverdueReviews`,
      { ids: [id], state: 'processed' },
      { token: admin2.token, schoolId: other },
    );
    expect(foreign.json.errorCode).toBe('LOAN_NOT_FOUND');
  });
});

/** Waits for a background export to finish; returns its final state (2 = done). */
/** The State a task ends in (2 done, 3 failed, 4 stopped). */
async function jobState(dataId: number, token?: string) {
  return (await taskDone(t, dataId, { token })).State;
}

describe('/search-records and the histories by partial input', () => {
  it('searches the records by reader, title, dates and state with paging, and exports them', async () => {
    const searcher = await buildUser(t.db, t.schoolId, { permissions: ['search-records', 'search-records:export'] });
    const as = { token: searcher.token };
    const [rec] = await t.db
      .select({ title: catalogueRecord.title })
      .from(catalogueRecord)
      .innerJoin(copy, eq(copy.recordId, catalogueRecord.id))
      .where(eq(copy.barcode, books[1]));
    const part = rec.title.slice(5);
    const byTitle = await t.post(`${C}/GetCircRecord`, { title: part, reader: 'alice rec' }, as);
    expect(byTitle.json.data.List.map((l: { barcode: string }) => l.barcode).sort()).toEqual(
      [books[0], books[1]].sort(),
    );
    const overdue = await t.post(`${C}/GetCircRecord`, { title: part, reader: 'alice rec', state: 'overdue' }, as);
    expect(overdue.json.data.List.map((l: { barcode: string }) => l.barcode)).toEqual([books[1]]);
    const today = await schoolToday(t.db, scope);
    const inRange = await t.post(
      `${C}/GetCircRecord`,
      { reader: 'Records', from: today, to: today, state: 'returned' },
      as,
    );
    expect(inRange.json.data.List.map((l: { barcode: string }) => l.barcode)).toEqual([books[2]]);
    const before = await t.post(`${C}/GetCircRecord`, { reader: 'Records', to: addDays(today, -1) }, as);
    expect(before.json.data.Total).toBe(0);
    const paged = await t.post(`${C}/GetCircRecord`, { reader: 'Records', Page: 2, Rows: 2 }, as);
    expect(paged.json.data).toMatchObject({ Total: 3 });
    expect(paged.json.data.List).toHaveLength(1);
    const ex = await t.post(`${P}/downloadV2/circrecord`, { reader: 'Records', state: 'open' }, as);
    expect(ex.json.success, JSON.stringify(ex.json)).toBe(true);
    expect(await jobState(ex.json.data.DataID, searcher.token)).toBe(2);
    // Without the export function the list is shown but not exported.
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['search-records'] });
    expect((await t.post(`${C}/GetCircRecord`, {}, { token: viewer.token })).json.success).toBe(true);
    expect((await t.post(`${P}/downloadV2/circrecord`, {}, { token: viewer.token })).status).toBe(403);
  });

  it('picks a title by part of its name (or a barcode) and a reader by part of the name, and exports both histories', async () => {
    const [rec] = await t.db
      .select({ id: catalogueRecord.id, title: catalogueRecord.title })
      .from(catalogueRecord)
      .innerJoin(copy, eq(copy.recordId, catalogueRecord.id))
      .where(eq(copy.barcode, books[1]));
    const byPart = await t.post(`${CR}/PickRecords`, { key: rec.title.slice(-4).toUpperCase() });
    expect(byPart.json.data).toEqual([{ id: rec.id, title: rec.title, author: '', copies: 5 }]);
    const byBarcode = await t.post(`${CR}/PickRecords`, { key: books[1] });
    expect(byBarcode.json.data.map((r: { id: number }) => r.id)).toEqual([rec.id]);
    const history = await t.post(`${CR}/GetItemHistory`, { recordId: rec.id });
    expect(history.json.data.Total).toBe(3);

    const readers = await t.post(`${CR}/PickReaders`, { key: 'alice' });
    expect(readers.json.data).toEqual([
      { id: studentA.id, account: studentA.account, name: 'Alice Records', className: 'Records Grade 3Records 3-1' },
    ]);
    const own = await t.post(`${C}/GetBorrowHistory`, { readerId: studentA.id });
    expect(own.json.data.Total).toBe(2);

    const ex1 = await t.post(`${CR}/ExportItemHistory`, { recordId: rec.id });
    expect(ex1.json.data.FileName).toMatch(/^Item loan history-\d+\.xlsx$/);
    expect(await jobState(ex1.json.data.DataID)).toBe(2);
    const ex2 = await t.post(`${CR}/ExportReaderHistory`, { readerId: studentA.id, state: 'open' }, { lang: 'zh' });
    expect(ex2.json.data.FileName).toMatch(/^读者借阅历史-\d+\.xlsx$/);
    expect(await jobState(ex2.json.data.DataID)).toBe(2);
    const noExport = await buildUser(t.db, t.schoolId, {
      permissions: ['books-borrow-history', 'readers-borrow-history'],
    });
    expect((await t.post(`${CR}/ExportItemHistory`, { recordId: rec.id }, { token: noExport.token })).status).toBe(403);
    expect(
      (await t.post(`${CR}/ExportReaderHistory`, { readerId: studentA.id }, { token: noExport.token })).status,
    ).toBe(403);
    expect((await t.post(`${CR}/PickReaders`, { key: 'alice' }, { token: noExport.token })).json.data).toHaveLength(1);
  });
});
