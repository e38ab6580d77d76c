import { P } from '@shuyuan/contracts/common/paths';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { storeUpload } from '../upload/upload.service.ts';
import { loan } from './circulation.table.ts';
import { addDays, schoolToday } from './rules.service.ts';
import { addRule, makeCopies, makeReader } from './test-fixtures.ts';

const t = useTestApp();
let scope: Scope;
let today: string;

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  today = await schoolToday(t.db, scope);
  await addRule(t.db, scope, { identity: 'other', maxLoans: 3 });
});

/** Puts copies on loan to a reader directly (fast set-up for big batches). */
async function lendDirect(barcodes: string[], userId: number, dueDate: string) {
  const rows = await t.db.select().from(copy).where(inArray(copy.barcode, barcodes));
  await t.db.update(copy).set({ circState: 'borrowed' }).where(inArray(copy.barcode, barcodes));
  await t.db
    .insert(loan)
    .values(rows.map((c) => scope.values({ copyId: c.id, recordId: c.recordId, userId, dueDate, via: 'desk' })));
}

describe('batch return', () => {
  it('500 copies with 3 bad barcodes: returns 497 and lists the 3 with their reasons', {
    timeout: 240_000,
  }, async () => {
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 498);
    await lendDirect(books.slice(0, 497), r.id, addDays(today, -2));
    const notOnLoan = books[497];
    const list = [
      ...books.slice(0, 200),
      'NOPE-A',
      ...books.slice(200, 400),
      notOnLoan,
      ...books.slice(400, 497),
      'NOPE-B',
    ];
    expect(list).toHaveLength(500);
    const res = await t.post(`${P}/Circulation/batchreturn`, { barcodes: list });
    expect(res.json.data).toMatchObject({ total: 500, succeeded: 497, failed: 3 });
    const bad = res.json.data.results.filter((x: { ok: boolean }) => !x.ok);
    expect(bad).toEqual([
      expect.objectContaining({ line: 201, barcode: 'NOPE-A', errorCode: 'COPY_NOT_FOUND' }),
      expect.objectContaining({ line: 402, barcode: notOnLoan, message: `The copy ${notOnLoan} is not on loan` }),
      expect.objectContaining({ line: 500, barcode: 'NOPE-B', message: 'No copy has the barcode NOPE-B' }),
    ]);
    expect(res.json.data.results[0]).toMatchObject({ ok: true, overdueDays: 2, readerBarcode: r.account });
    const open = await t.db
      .select()
      .from(loan)
      .where(and(eq(loan.userId, r.id), isNull(loan.returnedAt)));
    expect(open).toHaveLength(0);
    const back = await t.db
      .select()
      .from(copy)
      .where(inArray(copy.barcode, books.slice(0, 497)));
    expect(back.every((c) => c.circState === 'available')).toBe(true);
  });

  it('takes a file (one barcode a line, header and blank lines ignored)', async () => {
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 2);
    await lendDirect(books, r.id, addDays(today, 5));
    const up = await storeUpload(t.app, t.schoolId, 'ret.txt', Buffer.from(`barcode\n${books[0]}\n\n${books[1]}\r\n`));
    const res = await t.post(`${P}/Circulation/batchreturn`, { fileUrl: up.url });
    expect(res.json.data).toMatchObject({ total: 2, succeeded: 2, failed: 0 });
    const empty = await t.post(`${P}/Circulation/batchreturn`, { barcodes: [] }, { lang: 'zh' });
    expect(empty.json.success).toBe(false);
    expect(empty.json.issues?.[0]?.message).toBe('请填写条码或上传文件');
  });
});

describe('batch borrow', () => {
  it('one reader, many copies: lends up to the limit, each refusal with its reason', async () => {
    const r = await makeReader(t.db, scope, { identity: 'other' });
    const books = await makeCopies(t.db, scope, 4);
    const res = await t.post(`${P}/Circulation/batchcirc`, {
      readerBarcode: r.account,
      barcodes: [books[0], 'NOPE-C', books[1], books[2], books[3]],
    });
    expect(res.json.data).toMatchObject({ total: 5, succeeded: 3, failed: 2 });
    expect(res.json.data.results.map((x: { ok: boolean; errorCode?: string }) => x.errorCode ?? 'ok')).toEqual([
      'ok',
      'COPY_NOT_FOUND',
      'ok',
      'ok',
      'OVER_LIMIT',
    ]);
    const [l] = await t.db.select().from(loan).where(eq(loan.userId, r.id)).limit(1);
    expect(l.via).toBe('batch');
  });

  it('a class list file (reader | copy per row, xlsx): good rows lent, bad rows listed', async () => {
    const [a, b] = [await makeReader(t.db, scope), await makeReader(t.db, scope)];
    const books = await makeCopies(t.db, scope, 3);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('class');
    ws.addRows([
      ['读者证号', '图书条码'],
      [a.account, books[0]],
      [b.account, books[1]],
      ['NO-SUCH-READER', books[2]],
      [b.account, books[0]],
    ]);
    const up = await storeUpload(t.app, t.schoolId, 'class.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const res = await t.post(`${P}/Circulation/batchcirc`, { fileUrl: up.url }, { lang: 'zh' });
    expect(res.json.data).toMatchObject({ total: 4, succeeded: 2, failed: 2 });
    expect(res.json.data.results[2]).toMatchObject({ line: 4, errorCode: 'READER_NOT_FOUND', ok: false });
    expect(res.json.data.results[3]).toMatchObject({ line: 5, message: `馆藏 ${books[0]} 已借出` });
  });

  it('pairs of reader and copy', async () => {
    const [a, b] = [await makeReader(t.db, scope), await makeReader(t.db, scope)];
    const books = await makeCopies(t.db, scope, 2);
    const res = await t.post(`${P}/Circulation/batchcirc`, {
      items: [
        { readerBarcode: a.account, barcode: books[0] },
        { readerBarcode: b.account, barcode: books[1] },
        { readerBarcode: '', barcode: 'X' },
      ],
    });
    expect(res.json.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect(res.json.data.results[2].message).toBe('This line has no reader barcode');
  });
});

describe('deferred return', () => {
  it('pushes an overdue loan back with a reason, at most twice, logged', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    await lendDirect([b], r.id, addDays(today, -3));
    const items = await t.post(`${P}/Circulation/GetDeferredItem`, { readerBarcode: r.account });
    expect(items.json.data).toMatchObject([{ barcode: b, overdueDays: 3, deferrals: 0 }]);
    const loanId = items.json.data[0].loanId;
    const first = await t.post(`${P}/Circulation/DeferredReturn`, { loanId, days: 10, reason: 'Sick leave' });
    expect(first.json.data).toMatchObject({ newDueDate: addDays(today, 7), deferrals: 1, overdueDays: 0 });
    const [l] = await t.db.select().from(loan).where(eq(loan.id, loanId));
    expect(l.dueDate).toBe(addDays(today, 7));
    const tooLong = await t.post(`${P}/Circulation/DeferredReturn`, { loanId, days: 31, reason: 'x' }, { lang: 'zh' });
    expect(tooLong.json.issues).toEqual([{ path: 'days', message: '延期天数须为 1–30 天' }]);
    const noReason = await t.post(`${P}/Circulation/DeferredReturn`, { loanId, days: 3, reason: ' ' });
    expect(noReason.json.issues).toEqual([{ path: 'reason', message: 'Please give the reason for the deferral' }]);
    expect((await t.post(`${P}/Circulation/DeferredReturn`, { loanId, days: 2, reason: 'Trip' })).json.success).toBe(
      true,
    );
    const third = await t.post(`${P}/Circulation/DeferredReturn`, { loanId, days: 2, reason: 'Again' });
    expect(third.json).toMatchObject({
      errorCode: 'DEFER_LIMIT',
      msg: 'This loan was already deferred 2 times; no more deferrals allowed',
    });
    const log = await t.post(`${P}/Circulation/GetDeferralRecords`, { SearchKey: b });
    expect(log.json.data.Total).toBe(2);
    expect(log.json.data.List[1]).toMatchObject({ reason: 'Sick leave', days: 10, oldDueDate: addDays(today, -3) });
    await t.post(`${P}/Circulation/LiteratureReturn`, { barcode: b });
    const gone = await t.post(`${P}/Circulation/DeferredReturn`, { loanId, days: 2, reason: 'Late' });
    expect(gone.json.errorCode).toBe('LOAN_NOT_FOUND');
  });

  it('lists every open loan with filters (overdue only, reader)', async () => {
    const r = await makeReader(t.db, scope, { name: 'Zhang Filter' });
    const books = await makeCopies(t.db, scope, 2);
    await lendDirect([books[0]], r.id, addDays(today, -1));
    await lendDirect([books[1]], r.id, addDays(today, 9));
    const all = await t.post(`${P}/Circulation/GetAllBorrowing`, { SearchKey: 'Zhang Filter' });
    expect(all.json.data.Total).toBe(2);
    const overdue = await t.post(`${P}/Circulation/GetAllBorrowing`, { SearchKey: r.account, overdueOnly: true });
    expect(overdue.json.data.List).toMatchObject([{ barcode: books[0], overdueDays: 1, readerName: 'Zhang Filter' }]);
  });
});
