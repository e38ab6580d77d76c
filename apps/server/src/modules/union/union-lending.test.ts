import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { resourceAuth } from '../holdings/holdings.table.ts';
import { makeLocation, makeRecord } from '../opac/test-fixtures.ts';
import { makeUnion, type UnionSchool, unionSchool } from './test-fixtures.ts';
import { unionLoan } from './union-lending.table.ts';

const t = useTestApp();
let a: UnionSchool; // owner: lends its copies
let b: UnionSchool; // borrower
let c: UnionSchool; // a member that shares its catalogue only
let outsider: UnionSchool;
let unionId: number;
let shelfA: { locationId: number; branchId: number };
let readerB: { id: number; account: string };

const state = async (barcode: string) =>
  (await t.db.select({ s: copy.circState }).from(copy).where(eq(copy.barcode, barcode)))[0].s;
const loanRow = async (id: number) => (await t.db.select().from(unionLoan).where(eq(unionLoan.id, id)))[0];
const tasks = async (s: UnionSchool) => (await s.call('GetLendingTasks', { unionId })).json.data;
let n = 0;
/** A title of A on its shared shelf with `copies` copies. */
async function titleOfA(copies = 1, loc = shelfA) {
  n += 1;
  const title = `联盟图书${n}`;
  return { title, ...(await makeRecord(t.db, new Scope(a.id), { title, author: '作者' }, Array(copies).fill(loc))) };
}

beforeAll(async () => {
  a = await unionSchool(t, 'lend-a');
  b = await unionSchool(t, 'lend-b');
  c = await unionSchool(t, 'lend-c');
  outsider = await unionSchool(t, 'lend-x');
  ({ unionId } = await makeUnion(a, [b, c], 'Lending union'));
  shelfA = await makeLocation(t.db, new Scope(a.id), 'Shelf A');
  const saved = await a.call('SaveSharing', { unionId, share: 'lending', locationIds: null, resourceTypeIds: null });
  expect(saved.json.code).toBe(0);
  readerB = await makeReader(t.db, new Scope(b.id), { name: '王小明' });
});

describe('union lending by request', () => {
  it('walks requested → transit → hold shelf → lent → returned → home, the copy showing where it is', async () => {
    const rec = await titleOfA(1);
    const asked = await b.call('RequestLoan', { unionId, recordId: rec.id, readerBarcode: readerB.account });
    expect(asked.json.code, JSON.stringify(asked.json)).toBe(0);
    const id = asked.json.data.id;
    expect(
      (await tasks(a)).toDispatch.map((l: any) => [l.title, l.readerName, l.readerCard, l.borrowerSchoolName]),
    ).toEqual([['联盟图书1', '王小明', readerB.account, 'lend-b School']]);
    expect((await tasks(b)).borrowedOut.map((l: any) => l.id)).toEqual([id]);
    // The owner's copy stays on its shelf until dispatched.
    expect(await state(rec.barcodes[0])).toBe('available');

    const sent = await a.call('Dispatch', { loanId: id, barcode: rec.barcodes[0] });
    expect(sent.json.code, JSON.stringify(sent.json)).toBe(0);
    expect(await state(rec.barcodes[0])).toBe('borrowed');
    expect((await tasks(a)).away.map((l: any) => [l.state, l.borrowerSchoolName])).toEqual([
      ['transit', 'lend-b School'],
    ]);
    expect((await tasks(b)).arriving.map((l: any) => l.barcode)).toEqual([rec.barcodes[0]]);
    // The owner's own desk cannot lend it meanwhile.
    const local = await t.post(
      `${P}/Circulation/LiteratureCirc`,
      { readerBarcode: (await makeReader(t.db, new Scope(a.id))).account, barcode: rec.barcodes[0] },
      { token: a.token, schoolId: a.id },
    );
    expect(local.json.errorCode).toBe('COPY_ON_LOAN');

    expect((await b.call('Receive', { loanId: id })).json.data.state).toBe('shelf');
    expect((await tasks(b)).onShelf.map((l: any) => l.id)).toEqual([id]);
    const lent = await b.call('LendHeld', { loanId: id });
    expect(lent.json.data.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const row = await loanRow(id);
    expect(row).toMatchObject({ state: 'lent', dueDate: lent.json.data.dueDate });
    expect(row.requestedBy && row.dispatchedBy && row.receivedBy && row.lentBy).toBeTruthy();

    const back = await b.call('ReturnLoan', { barcode: rec.barcodes[0] });
    expect(back.json.data).toMatchObject({ state: 'returned', atOwner: false });
    expect((await tasks(b)).toSendHome.map((l: any) => l.id)).toEqual([id]);
    expect((await b.call('SendHome', { loanId: id })).json.data.state).toBe('homebound');
    expect((await tasks(a)).comingHome.map((l: any) => l.id)).toEqual([id]);
    expect(await state(rec.barcodes[0])).toBe('borrowed');
    const home = await a.call('ReturnLoan', { barcode: rec.barcodes[0] });
    expect(home.json.data).toMatchObject({ state: 'back', atOwner: true });
    expect(await state(rec.barcodes[0])).toBe('available');
    expect((await loanRow(id)).backAt).not.toBeNull();
  });

  it('cancelled by the borrower, refused by the owner, only before dispatch; wrong steps are refused in both languages', async () => {
    const rec = await titleOfA(1);
    const ask = async () =>
      (await b.call('RequestLoan', { unionId, recordId: rec.id, readerBarcode: readerB.account })).json;
    const first = await ask();
    const again = await ask();
    expect(again.errorCode).toBe('UNION_ALREADY_ASKED');
    expect(again.msg).toBe(`The reader has already asked for ${rec.title}`);
    expect((await b.call('CancelRequest', { loanId: first.data.id })).json.data.state).toBe('cancelled');
    const second = await ask();
    const refused = await a.call('RefuseRequest', { loanId: second.data.id, reason: 'Being repaired' });
    expect(refused.json.data.state).toBe('refused');
    expect((await loanRow(second.data.id)).reason).toBe('Being repaired');
    const late = await a.call('Dispatch', { loanId: second.data.id, barcode: rec.barcodes[0] });
    expect(late.json.errorCode).toBe('UNION_LOAN_STATE');
    expect(late.json.msg).toBe('This union loan is "refused": that step does not apply');
    const zh = await a.call('Dispatch', { loanId: second.data.id, barcode: rec.barcodes[0] }, 'zh');
    expect(zh.json.msg).toBe('该联盟借阅当前为“已拒绝”，不能这样操作');
    // The borrower cannot dispatch, the owner cannot cancel: another school's side answers NOT_FOUND.
    const third = await ask();
    expect((await b.call('Dispatch', { loanId: third.data.id, barcode: rec.barcodes[0] })).json.errorCode).toBe(
      'NOT_FOUND',
    );
    expect((await a.call('CancelRequest', { loanId: third.data.id })).json.errorCode).toBe('NOT_FOUND');
    // A copy of another title is not what was asked for.
    const other = await titleOfA(1);
    const wrong = await a.call('Dispatch', { loanId: third.data.id, barcode: other.barcodes[0] });
    expect(wrong.json.errorCode).toBe('UNION_WRONG_COPY');
    expect(await state(other.barcodes[0])).toBe('available');
    await b.call('CancelRequest', { loanId: third.data.id });
  });
});

describe('union lending at the desk', () => {
  it("the owner lends to another school's reader by school and card; only name and card cross; return at the owner", async () => {
    const rec = await titleOfA(1);
    const who = await a.call('DeskReader', { unionId, readerSchoolId: b.id, readerBarcode: readerB.account });
    expect(Object.keys(who.json.data).sort()).toEqual(['card', 'name', 'rule', 'unionLoans']);
    expect(who.json.data).toMatchObject({ name: '王小明', card: readerB.account });
    const lent = await a.call('DeskLend', {
      unionId,
      readerSchoolId: b.id,
      readerBarcode: readerB.account,
      barcode: rec.barcodes[0],
    });
    expect(lent.json.code, JSON.stringify(lent.json)).toBe(0);
    expect(await state(rec.barcodes[0])).toBe('borrowed');
    // The owner's copy list names the school the copy is at.
    const copies = await t.post(
      `${P}/Literature/GetItemsCollection`,
      { recordId: rec.id },
      { token: a.token, schoolId: a.id },
    );
    expect(copies.json.data.List.map((x: any) => [x.circState, x.awayAt])).toEqual([['borrowed', 'lend-b School']]);
    const recs = await b.call('GetLoanRecords', { direction: 'borrowed', state: 'lent' });
    expect(recs.json.data.List.map((l: any) => [l.title, l.via, l.ownerSchoolName])).toContainEqual([
      rec.title,
      'desk',
      'lend-a School',
    ]);
    const home = await a.call('ReturnLoan', { barcode: rec.barcodes[0] });
    expect(home.json.data.state).toBe('back');
    expect(await state(rec.barcodes[0])).toBe('available');
    const row = await loanRow(lent.json.data.id);
    expect(row.returnedSchoolId).toBe(a.id);
  });

  it('the ordinary return desk of either school sends a union-lent copy to the union return screen', async () => {
    const rec = await titleOfA(1);
    const lent = await a.call('DeskLend', {
      unionId,
      readerSchoolId: b.id,
      readerBarcode: readerB.account,
      barcode: rec.barcodes[0],
    });
    expect(lent.json.code).toBe(0);
    const desk = (s: UnionSchool, lang: 'en' | 'zh') =>
      t.post(`${P}/Circulation/DeskReturn`, { barcode: rec.barcodes[0] }, { token: s.token, schoolId: s.id, lang });
    const atOwner = await desk(a, 'zh');
    expect(atOwner.json.code).not.toBe(0);
    expect(atOwner.json.msg).toBe(`馆藏 ${rec.barcodes[0]} 是联盟互借图书（lend-b School）：请在“联盟还书”中归还`);
    const atBorrower = await desk(b, 'en');
    expect(atBorrower.json.msg).toBe(
      `The copy ${rec.barcodes[0]} is on a union loan (lend-a School): take it back on Union → Return`,
    );
    // A school outside the loan learns nothing: the same barcode is simply unknown there.
    const elsewhere = await desk(c, 'en');
    expect(elsewhere.json.msg).not.toContain('union');
    // Nothing moved: the union return screen still closes the loan.
    expect(await state(rec.barcodes[0])).toBe('borrowed');
    expect((await a.call('ReturnLoan', { barcode: rec.barcodes[0] })).json.data.state).toBe('back');
    expect(await state(rec.barcodes[0])).toBe('available');
  });

  it('returned at the borrowing school, sent home, received', async () => {
    const rec = await titleOfA(1);
    const lent = await a.call('DeskLend', {
      unionId,
      readerSchoolId: b.id,
      readerBarcode: readerB.account,
      barcode: rec.barcodes[0],
    });
    expect((await b.call('ReturnLoan', { barcode: rec.barcodes[0] })).json.data.state).toBe('returned');
    expect((await b.call('SendHome', { loanId: lent.json.data.id })).json.data.state).toBe('homebound');
    expect((await a.call('ReceiveHome', { loanId: lent.json.data.id })).json.data.state).toBe('back');
    expect(await state(rec.barcodes[0])).toBe('available');
  });

  it('refuses own readers, unknown cards, a member that does not lend, and a copy on loan', async () => {
    const rec = await titleOfA(1);
    const own = await a.call('DeskLend', {
      unionId,
      readerSchoolId: a.id,
      readerBarcode: 'x',
      barcode: rec.barcodes[0],
    });
    expect(own.json.errorCode).toBe('UNION_OWN_READER');
    const unknown = await a.call('DeskReader', { unionId, readerSchoolId: b.id, readerBarcode: 'NOPE' }, 'zh');
    expect(unknown.json).toMatchObject({ errorCode: 'READER_NOT_FOUND', msg: '未找到读者 NOPE' });
    // C shares its catalogue only: it cannot lend at its desk either.
    const cLends = await c.call('DeskLend', {
      unionId,
      readerSchoolId: b.id,
      readerBarcode: readerB.account,
      barcode: 'any',
    });
    expect(cLends.json).toMatchObject({
      errorCode: 'UNION_NOT_LENDING',
      msg: 'lend-c School does not lend to the union',
    });
    const outside = await a.call('DeskReader', { unionId, readerSchoolId: outsider.id, readerBarcode: 'x' });
    expect(outside.json.errorCode).toBe('UNION_NOT_MEMBER');
    const empty = await a.call('DeskLend', { unionId, readerSchoolId: b.id, readerBarcode: '', barcode: '' }, 'zh');
    expect(empty.json.issues.map((i: any) => i.message).sort()).toEqual(['请扫描或输入条码', '请输入读者证号']);
  });
});

describe('union lending rules', () => {
  it("the union's limit, then the home school's limit counting union loans; overdue union loans block", async () => {
    const rule = await a.call('SaveLoanRule', { unionId, maxLoans: 2, loanDays: 14 });
    expect(rule.json.code).toBe(0);
    expect((await c.call('SaveLoanRule', { unionId, maxLoans: 9, loanDays: 14 })).json.errorCode).toBe('UNION_ROLE');
    const r = await makeReader(t.db, new Scope(b.id));
    const books = [await titleOfA(1), await titleOfA(1), await titleOfA(1)];
    const ask = (i: number) => b.call('RequestLoan', { unionId, recordId: books[i].id, readerBarcode: r.account });
    expect((await ask(0)).json.code).toBe(0);
    const lent = await a.call('DeskLend', {
      unionId,
      readerSchoolId: b.id,
      readerBarcode: r.account,
      barcode: books[1].barcodes[0],
    });
    expect(lent.json.data.dueDate).toBeDefined();
    const over = await ask(2);
    expect(over.json).toMatchObject({
      errorCode: 'UNION_LIMIT',
      msg: 'The reader already has 2 union loans or requests (the union allows 2)',
    });
    await a.call('SaveLoanRule', { unionId, maxLoans: 10, loanDays: 14 });
    // The student's own rule allows 5: 3 loans at home + 2 in the union reach it.
    const sb = new Scope(b.id);
    for (const bc of await makeCopies(t.db, sb, 3)) {
      const res = await t.post(
        `${P}/Circulation/LiteratureCirc`,
        { readerBarcode: r.account, barcode: bc },
        {
          token: b.token,
          schoolId: b.id,
        },
      );
      expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    }
    const home = await ask(2);
    expect(home.json).toMatchObject({
      errorCode: 'OVER_LIMIT',
      msg: "The reader has 5 loans at home and in the union: their school's limit is 5",
    });
    // An overdue union loan blocks the next one.
    await t.db.update(unionLoan).set({ dueDate: '2020-01-01' }).where(eq(unionLoan.id, lent.json.data.id));
    const late = await a.call('DeskReader', { unionId, readerSchoolId: b.id, readerBarcode: r.account });
    expect(late.json.errorCode).toBe('UNION_OVERDUE');
    const recs = await a.call('GetLoanRecords', { direction: 'lent', overdueOnly: true });
    expect(recs.json.data.List.map((l: any) => [l.id, l.overdueDays > 0])).toEqual([[lent.json.data.id, true]]);
  });

  it('a copy in a location the owner does not share, or not lendable by its rules, is not lent', async () => {
    const sa = new Scope(a.id);
    const store = await makeLocation(t.db, sa, 'Closed store');
    const reference = await makeLocation(t.db, sa, 'Reference');
    await t.db.insert(resourceAuth).values({ schoolId: a.id, locationId: reference.locationId, canLend: false });
    await a.call('SaveSharing', {
      unionId,
      share: 'lending',
      locationIds: [shelfA.locationId, reference.locationId],
      resourceTypeIds: null,
    });
    const hidden = await titleOfA(1, store);
    const ref = await titleOfA(1, reference);
    const r = await makeReader(t.db, new Scope(b.id));
    const askHidden = await b.call('RequestLoan', { unionId, recordId: hidden.id, readerBarcode: r.account });
    expect(askHidden.json.errorCode).toBe('NOT_FOUND');
    const askRef = await b.call('RequestLoan', { unionId, recordId: ref.id, readerBarcode: r.account });
    expect(askRef.json.errorCode).toBe('UNION_NO_COPY');
    for (const bc of [hidden.barcodes[0], ref.barcodes[0]]) {
      const desk = await a.call('DeskLend', { unionId, readerSchoolId: b.id, readerBarcode: r.account, barcode: bc });
      expect(desk.json.errorCode, bc).toBe('UNION_NOT_SHARED');
      expect(await state(bc)).toBe('available');
    }
    await a.call('SaveSharing', { unionId, share: 'lending', locationIds: null, resourceTypeIds: null });
  });
});

describe('safety', () => {
  it('a school outside the union, and a member without the permission, are refused on every lending endpoint', async () => {
    const rec = await titleOfA(1);
    const asked = await b.call('RequestLoan', { unionId, recordId: rec.id, readerBarcode: readerB.account });
    const loanId = asked.json.data.id;
    const calls: [string, Record<string, unknown>, string][] = [
      ['RequestLoan', { unionId, recordId: rec.id, readerBarcode: 'x' }, 'UNION_NOT_MEMBER'],
      ['DeskReader', { unionId, readerSchoolId: b.id, readerBarcode: readerB.account }, 'UNION_NOT_MEMBER'],
      ['DeskLend', { unionId, readerSchoolId: b.id, readerBarcode: readerB.account, barcode: 'x' }, 'UNION_NOT_MEMBER'],
      ['GetLoanRule', { unionId }, 'UNION_NOT_MEMBER'],
      ['GetLendingTasks', { unionId }, 'UNION_NOT_MEMBER'],
      ['GetLoanRecords', { unionId }, 'UNION_NOT_MEMBER'],
      ['GetLendingBalance', { unionId }, 'UNION_NOT_MEMBER'],
      ['Dispatch', { loanId, barcode: rec.barcodes[0] }, 'NOT_FOUND'],
      ['CancelRequest', { loanId }, 'NOT_FOUND'],
      ['RefuseRequest', { loanId }, 'NOT_FOUND'],
      ['Receive', { loanId }, 'NOT_FOUND'],
      ['LendHeld', { loanId }, 'NOT_FOUND'],
      ['SendHome', { loanId }, 'NOT_FOUND'],
      ['ReceiveHome', { loanId }, 'NOT_FOUND'],
      ['ReturnLoan', { barcode: rec.barcodes[0] }, 'UNION_NOT_ON_LOAN'],
    ];
    for (const [action, body, code] of calls) {
      const res = await outsider.call(action, body);
      expect(res.json.errorCode, action).toBe(code);
      expect(JSON.stringify(res.json.data ?? null), action).not.toContain('王小明');
    }
    const all = await outsider.call('GetLoanRecords', {});
    expect(all.json.data.Total).toBe(0);
    expect((await outsider.call('GetLendingTasks', {})).json.data.toDispatch).toEqual([]);
    // A member with the search screen only: 403 on every lending action.
    const clerk = await buildUser(t.db, b.id, { permissions: ['union.search'] });
    for (const [action, body] of calls) {
      const res = await t.post(`${P}/Union/${action}`, body, { token: clerk.token, schoolId: b.id });
      expect(res.status, action).toBe(403);
    }
    await b.call('CancelRequest', { loanId });
  });
});

describe('concurrency', () => {
  it("the owner's desk and a union desk loan of one copy at once: exactly one wins", async () => {
    const rec = await titleOfA(1);
    const local = await makeReader(t.db, new Scope(a.id));
    const r = await makeReader(t.db, new Scope(b.id));
    const res = await Promise.all([
      t.post(
        `${P}/Circulation/LiteratureCirc`,
        { readerBarcode: local.account, barcode: rec.barcodes[0] },
        { token: a.token, schoolId: a.id },
      ),
      a.call('DeskLend', { unionId, readerSchoolId: b.id, readerBarcode: r.account, barcode: rec.barcodes[0] }),
    ]);
    expect(res.filter((x) => x.json.success)).toHaveLength(1);
    expect(res.find((x) => !x.json.success)!.json.errorCode).toBe('COPY_ON_LOAN');
  });

  it('two requests dispatched with the same copy at once: one wins, the other is refused', async () => {
    const rec = await titleOfA(1);
    const r1 = await makeReader(t.db, new Scope(b.id));
    const r2 = await makeReader(t.db, new Scope(c.id));
    const q1 = await b.call('RequestLoan', { unionId, recordId: rec.id, readerBarcode: r1.account });
    const q2 = await c.call('RequestLoan', { unionId, recordId: rec.id, readerBarcode: r2.account });
    const res = await Promise.all([
      a.call('Dispatch', { loanId: q1.json.data.id, barcode: rec.barcodes[0] }),
      a.call('Dispatch', { loanId: q2.json.data.id, barcode: rec.barcodes[0] }),
    ]);
    expect(res.filter((x) => x.json.success)).toHaveLength(1);
    expect(res.find((x) => !x.json.success)!.json.errorCode).toBe('COPY_ON_LOAN');
    const rows = await t.db
      .select()
      .from(unionLoan)
      .where(eq(unionLoan.copyId, await copyId(rec.barcodes[0])));
    expect(rows.map((x) => x.state)).toEqual(['transit']);
  });
});

const copyId = async (barcode: string) =>
  (await t.db.select({ id: copy.id }).from(copy).where(eq(copy.barcode, barcode)))[0].id;

describe('records and balance', () => {
  it('counts loans by lending × borrowing school for the period, and each school’s balance', async () => {
    const bal = await b.call('GetLendingBalance', { unionId });
    expect(bal.json.code, JSON.stringify(bal.json)).toBe(0);
    const ab = bal.json.data.rows.find((x: any) => x.ownerSchoolId === a.id && x.borrowerSchoolId === b.id);
    const lentToB = await t.db.select().from(unionLoan).where(eq(unionLoan.borrowerSchoolId, b.id));
    const got = lentToB.filter((l) => l.lentAt !== null);
    expect(ab).toMatchObject({ loans: got.length, open: got.filter((l) => l.state === 'lent').length });
    const schoolA = bal.json.data.schools.find((s: any) => s.schoolId === a.id);
    expect(schoolA.lent).toBeGreaterThanOrEqual(got.length);
    expect(schoolA.balance).toBe(schoolA.lent - schoolA.borrowed);
    const future = await b.call('GetLendingBalance', { unionId, from: '2999-01-01' });
    expect(future.json.data.rows).toEqual([]);
    const file = await t.inject({
      method: 'POST',
      url: `${P}/Union/ExportLoanRecords`,
      headers: { authorization: `Bearer ${a.token}`, schoolid: String(a.id), 'accept-language': 'en' },
      payload: { direction: 'lent', state: 'back' },
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(4).value).toBe('Title');
    const backs = await a.call('GetLoanRecords', { direction: 'lent', state: 'back', Rows: 100 });
    expect(sheet.rowCount - 1).toBe(backs.json.data.Total);
    expect(sheet.getRow(2).getCell(9).value).toBe('back home');
  });
});
