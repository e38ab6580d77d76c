import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { resourceType } from '../basic/branch.table.ts';
import { borrowRange } from '../circulation-rules/borrow-range.table.ts';
import { barcodeRule } from '../printing/printing.table.ts';
import { loan } from './circulation.table.ts';
import { addDays, schoolToday } from './rules.service.ts';
import { addRule, makeCopies, makeReader, setOverdueMode, setSetting } from './test-fixtures.ts';
import { hashPassword } from '../../platform/password.ts';

const t = useTestApp();
let scope: Scope;
const BORROW = `${P}/Circulation/LiteratureCirc`;
type Lang = 'zh' | 'en';
const borrow = (readerBarcode: string, barcode: string, lang: Lang = 'en', extra: object = {}) =>
  t.post(BORROW, { readerBarcode, barcode, ...extra }, { lang });
/** The refusal in both languages: [errorCode, en msg, zh msg]. */
async function refusal(readerBarcode: string, barcode: string) {
  const en = (await borrow(readerBarcode, barcode, 'en')).json;
  const zh = (await borrow(readerBarcode, barcode, 'zh')).json;
  expect(en.success).toBe(false);
  expect(zh.errorCode).toBe(en.errorCode);
  return [en.errorCode, en.msg, zh.msg];
}
const setState = (barcode: string, set: Partial<typeof copy.$inferInsert>) =>
  t.db.update(copy).set(set).where(eq(copy.barcode, barcode));

beforeAll(() => {
  scope = new Scope(t.schoolId);
});

describe('every refusal of the desk says why, in Chinese and English', () => {
  it('unknown copy, and a wrong check digit reported as such', async () => {
    const r = await makeReader(t.db, scope);
    expect(await refusal(r.account, 'NOPE-1')).toEqual([
      'COPY_NOT_FOUND',
      'No copy has the barcode NOPE-1',
      '未找到条码为 NOPE-1 的馆藏',
    ]);
    // With a check-digit rule, 12345678 is well formed (body 1234567 → 8) and 12345670 is a typing error.
    await t.db.insert(barcodeRule).values(scope.values({ kind: 'book', prefix: '', length: 0, checkDigit: true }));
    try {
      expect((await borrow(r.account, '12345678')).json.errorCode).toBe('COPY_NOT_FOUND');
      const bad = (await borrow(r.account, '12345670')).json;
      expect(bad.errorCode).toBe('BARCODE_CHECK_DIGIT');
      expect(bad.msg).toBe('Wrong barcode check digit, please check for a typing error');
    } finally {
      await t.db.delete(barcodeRule).where(eq(barcodeRule.schoolId, t.schoolId));
    }
  });

  it('already on loan: to someone else, or to this very reader', async () => {
    const [a, b] = [await makeReader(t.db, scope), await makeReader(t.db, scope)];
    const [book] = await makeCopies(t.db, scope, 1);
    const lent = await borrow(a.account, book);
    expect(lent.json.success).toBe(true);
    expect(await refusal(b.account, book)).toEqual([
      'COPY_ON_LOAN',
      `The copy ${book} is already on loan`,
      `馆藏 ${book} 已借出`,
    ]);
    const [, en, zh] = await refusal(a.account, book);
    expect(en).toBe(`The copy ${book} is already on loan to this reader (due ${lent.json.data.dueDate})`);
    expect(zh).toBe(`馆藏 ${book} 已借给该读者（应还日期 ${lent.json.data.dueDate}）`);
  });

  it('reserved for someone else, lost, locked, weeded', async () => {
    const r = await makeReader(t.db, scope);
    const [res, lost, locked, weeded] = await makeCopies(t.db, scope, 4);
    await setState(res, { circState: 'reserved' });
    await setState(lost, { circState: 'lost' });
    await setState(locked, { circState: 'locked' });
    await setState(weeded, { storeType: 3 });
    expect(await refusal(r.account, res)).toEqual([
      'RESERVED_FOR_OTHER',
      `The copy ${res} is reserved for another reader`,
      `馆藏 ${res} 已为其他读者预约保留`,
    ]);
    expect(await refusal(r.account, lost)).toEqual([
      'COPY_NOT_AVAILABLE',
      `The copy ${lost} is registered as lost`,
      `馆藏 ${lost} 已登记丢失，不能借出`,
    ]);
    expect((await refusal(r.account, locked))[1]).toBe(`The copy ${locked} is locked and cannot be lent`);
    // Scanned at the return desk, a lost copy answers its own code (the desk offers lost-and-found) and
    // stays lost: nothing is written.
    const back = await t.post(`${P}/Circulation/LiteratureReturn`, { barcode: lost });
    expect(back.json.errorCode).toBe('COPY_LOST');
    expect(back.json.msg).toBe(
      `The copy ${lost} is registered as lost, not on loan; if it turned up, use Lost and found`,
    );
    const backZh = await t.post(`${P}/Circulation/LiteratureReturn`, { barcode: lost }, { lang: 'zh' });
    expect(backZh.json.msg).toBe(`馆藏 ${lost} 已登记遗失，不能按还书处理；如已找回，请在“遗失找回”中办理`);
    const [still] = await t.db.select().from(copy).where(eq(copy.barcode, lost));
    expect(still.circState).toBe('lost');
    expect(await refusal(r.account, weeded)).toEqual([
      'COPY_WEEDED',
      `The copy ${weeded} has been weeded`,
      `馆藏 ${weeded} 已剔除，不能借出`,
    ]);
  });

  it("a copy outside the circulation store is refused with its store's own reason, lent and reserved alike", async () => {
    const cases: [number, string, string][] = [
      [
        1,
        'is still in the cataloguing store, not yet in circulation; it cannot be lent or reserved',
        '仍在编目库，尚未移送流通库，不能借阅或预约',
      ],
      [
        4,
        'is only a recommended purchase (not yet in the collection); it cannot be lent or reserved',
        '属于荐购库（尚未入藏），不能借阅或预约',
      ],
      [5, 'is in the turnover store; it cannot be lent or reserved', '在周转库，不能借阅或预约'],
      [
        6,
        'is in the lost store; it cannot be lent or reserved — if it turned up, use Lost and found',
        '在丢失库，不能借阅或预约；如已找回，请在“遗失找回”中办理',
      ],
      [8, 'is for in-library reading only; it cannot be lent or reserved', '属于阅览库，仅限馆内阅览，不能外借或预约'],
      [
        9,
        'is in an inventory check; it cannot be lent or reserved until the check ends',
        '正在清点（盘点库），清点结束前不能借阅或预约',
      ],
    ];
    for (const [store, en, zh] of cases) {
      const r = await makeReader(t.db, scope);
      const [book] = await makeCopies(t.db, scope, 1);
      await setState(book, { storeType: store });
      expect(await refusal(r.account, book), `store ${store}`).toEqual([
        'COPY_STORE_REFUSED',
        `The copy ${book} ${en}`,
        `馆藏 ${book} ${zh}`,
      ]);
      // Reserving that very copy says the same.
      for (const lang of ['en', 'zh'] as const) {
        const res = await t.post(
          `${P}/Circulation/AddReservation`,
          { readerBarcode: r.account, barcode: book },
          { lang },
        );
        expect(res.json.errorCode, `store ${store}`).toBe('COPY_STORE_REFUSED');
        expect(res.json.msg).toBe(lang === 'en' ? `The copy ${book} ${en}` : `馆藏 ${book} ${zh}`);
      }
      // A title whose only copy is in such a store cannot be reserved either, and nothing was lent.
      const [c] = await t.db.select().from(copy).where(eq(copy.barcode, book));
      const title = await t.post(`${P}/Circulation/AddReservation`, { readerBarcode: r.account, recordId: c.recordId });
      expect(title.json.errorCode).toBe('NOT_RESERVABLE');
      expect(c.circState).toBe('available');
      // Moved to the circulation store, the same copy lends.
      await setState(book, { storeType: 2 });
      expect((await borrow(r.account, book)).json.success, `store ${store} → 2`).toBe(true);
    }
  });

  it('reader unknown, expired, disabled, card reported lost', async () => {
    const [book] = await makeCopies(t.db, scope, 1);
    expect(await refusal('NO-READER', book)).toEqual([
      'READER_NOT_FOUND',
      'No reader has the barcode NO-READER',
      '未找到读者 NO-READER',
    ]);
    const expired = await makeReader(t.db, scope, { validUntil: '2021-03-01' });
    expect(await refusal(expired.account, book)).toEqual([
      'READER_EXPIRED',
      'The reader card expired on 2021-03-01',
      '读者证已于 2021-03-01 过期',
    ]);
    const disabled = await makeReader(t.db, scope, { state: 0 });
    expect((await refusal(disabled.account, book))[0]).toBe('READER_DISABLED');
    const lostCard = await makeReader(t.db, scope, { cardLost: true, cardRfid: 'RF-LOST-1' });
    expect(await refusal('RF-LOST-1', book)).toEqual([
      'CARD_LOST',
      'Currently unable to borrow books using physical cards',
      '读者证已挂失，暂时无法使用实体卡借书',
    ]);
    expect((await refusal(lostCard.account, book))[0]).toBe('CARD_LOST');
  });

  it('over the limit of the permission group; resource type rules', async () => {
    const r = await makeReader(t.db, scope, { permissionGroupId: 4101 });
    await addRule(t.db, scope, { permissionGroupId: 4101, maxLoans: 1 });
    const [b1, b2] = await makeCopies(t.db, scope, 2);
    expect((await borrow(r.account, b1)).json.success).toBe(true);
    expect(await refusal(r.account, b2)).toEqual([
      'OVER_LIMIT',
      'The reader has 1 loans, the limit is 1',
      '已借 1 册，达到借阅上限 1 册',
    ]);
    // Students borrow a resource type for 3 days only: the record's type picks the rule.
    const s = await makeReader(t.db, scope);
    await addRule(t.db, scope, { identity: 'student', resourceTypeId: 4102, loanDays: 3, maxLoans: 5 });
    const [mag] = await makeCopies(t.db, scope, 1);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, mag));
    await t.db.update(catalogueRecord).set({ resourceTypeId: 4102 }).where(eq(catalogueRecord.id, c.recordId));
    const lent = await borrow(s.account, mag);
    expect(lent.json.data.dueDate).toBe(addDays(await schoolToday(t.db, scope), 3));
  });

  it('a resource type limit counts all loans, or only that type with the combined limit off', async () => {
    await addRule(t.db, scope, { identity: 'student', resourceTypeId: 4104, maxLoans: 1 });
    const r = await makeReader(t.db, scope);
    const [plain1, plain2] = await makeCopies(t.db, scope, 2);
    const [dvd1, dvd2] = await makeCopies(t.db, scope, 2);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, dvd1));
    await t.db.update(catalogueRecord).set({ resourceTypeId: 4104 }).where(eq(catalogueRecord.id, c.recordId));
    await borrow(r.account, plain1);
    await borrow(r.account, plain2);
    expect((await borrow(r.account, dvd1)).json.errorCode).toBe('OVER_LIMIT');
    await setSetting(t.db, scope, 'circ.combinedLimit', false);
    try {
      expect((await borrow(r.account, dvd1)).json.success).toBe(true);
      expect(await refusal(r.account, dvd2)).toEqual([
        'OVER_LIMIT',
        'The reader has 1 loans, the limit is 1',
        '已借 1 册，达到借阅上限 1 册',
      ]);
    } finally {
      await setSetting(t.db, scope, 'circ.combinedLimit', true);
    }
  });

  it('the borrow limit lists the limit of each resource type that has its own rule', async () => {
    const [journals] = await t.db
      .insert(resourceType)
      .values(scope.values({ name: '期刊', enName: 'Journals', code: `J${Date.now()}` }))
      .returning();
    const teacher = await makeReader(t.db, scope, { identity: 'teacher' });
    const limitOf = async (account: string) =>
      (await t.post(`${P}/Circulation/GetUserBorrowLimitV2`, { readerBarcode: account })).json.data;
    // Without rules per type, only the reader's rule.
    const before = await limitOf(teacher.account);
    expect(before.byType).toEqual([]);
    await addRule(t.db, scope, { identity: 'teacher', resourceTypeId: journals.id, maxLoans: 2, loanDays: 7 });
    const [plain] = await makeCopies(t.db, scope, 1);
    const [journal] = await makeCopies(t.db, scope, 1);
    const [c] = await t.db.select().from(copy).where(eq(copy.barcode, journal));
    await t.db.update(catalogueRecord).set({ resourceTypeId: journals.id }).where(eq(catalogueRecord.id, c.recordId));
    await borrow(teacher.account, plain);
    await borrow(teacher.account, journal);
    const after = await limitOf(teacher.account);
    expect(after).toMatchObject({ open: 2, rule: { maxLoans: before.rule.maxLoans }, combined: true });
    // Combined limit (default): the journal limit counts every open loan.
    expect(after.byType).toEqual([
      {
        resourceTypeId: journals.id,
        name: '期刊',
        enName: 'Journals',
        rule: expect.objectContaining({ maxLoans: 2, loanDays: 7 }),
        open: 2,
        remaining: 0,
      },
    ]);
    await setSetting(t.db, scope, 'circ.combinedLimit', false);
    try {
      expect((await limitOf(teacher.account)).byType[0]).toMatchObject({ open: 1, remaining: 1 });
    } finally {
      await setSetting(t.db, scope, 'circ.combinedLimit', true);
    }
    // A student's limits do not list the teachers' journal rule.
    const student = await makeReader(t.db, scope);
    const types = (await limitOf(student.account)).byType.map((x: { resourceTypeId: number }) => x.resourceTypeId);
    expect(types).not.toContain(journals.id);
  });

  it('overdue under the refusal modes: unified refusal, single processing by rule, unified lendable', async () => {
    const r = await makeReader(t.db, scope, { identity: 'other' });
    await addRule(t.db, scope, { identity: 'other', maxLoans: 9, overdueLendAllowed: false });
    const [b1, b2] = await makeCopies(t.db, scope, 2);
    await borrow(r.account, b1);
    await t.db.update(loan).set({ dueDate: '2021-01-04' }).where(eq(loan.userId, r.id));
    try {
      await setOverdueMode(t.db, scope, 'unified-refusal');
      expect(await refusal(r.account, b2)).toEqual([
        'OVERDUE_REFUSED',
        'The reader has 1 overdue loans and cannot borrow',
        '读者有 1 册超期未还，不能借书',
      ]);
      await setOverdueMode(t.db, scope, 'single');
      expect((await refusal(r.account, b2))[0]).toBe('OVERDUE_REFUSED');
      const student = await makeReader(t.db, scope);
      const [b3, b4] = await makeCopies(t.db, scope, 2);
      await borrow(student.account, b3);
      await t.db.update(loan).set({ dueDate: '2021-01-04' }).where(eq(loan.userId, student.id));
      // Students' built-in rule allows lending with an overdue loan under single processing.
      expect((await borrow(student.account, b4)).json.success).toBe(true);
      await setOverdueMode(t.db, scope, 'unified-lendable');
      expect((await borrow(r.account, b2)).json.success).toBe(true);
    } finally {
      await setOverdueMode(t.db, scope, 'unified-lendable');
    }
  });

  it('outside the borrowing range of the reader group', async () => {
    await t.db.insert(borrowRange).values(scope.values({ permissionGroupId: 4103, locationIds: [31] }));
    const r = await makeReader(t.db, scope, { permissionGroupId: 4103 });
    const [inside] = await makeCopies(t.db, scope, 1, 31);
    const [outside] = await makeCopies(t.db, scope, 1, 32);
    expect(await refusal(r.account, outside)).toEqual([
      'NOT_IN_RANGE',
      `The copy ${outside} is outside this reader's borrowing range`,
      `馆藏 ${outside} 不在该读者的借阅范围内`,
    ]);
    expect((await borrow(r.account, inside)).json.success).toBe(true);
  });

  it('a copy scanned by its RFID tag lends like its barcode', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    await setState(b, { rfid: 'E2000017' });
    const res = await borrow(r.account, 'E2000017');
    expect(res.json.data).toMatchObject({ barcode: b });
  });
});

describe('reader verification before lending', () => {
  afterAll(() => setSetting(t.db, scope, 'circ.borrowVerify', false));

  it('asks for the reader password when the school setting says so', async () => {
    const r = await makeReader(t.db, scope, { passwordHash: await hashPassword('reader#1') });
    const other = await makeReader(t.db, scope, { passwordHash: await hashPassword('other#1') });
    const [b1, b2] = await makeCopies(t.db, scope, 2);
    expect((await t.post(`${P}/config/isneedverify`)).json.data).toEqual({ needVerify: false });
    expect((await borrow(r.account, b1)).json.success).toBe(true);

    await setSetting(t.db, scope, 'circ.borrowVerify', true);
    expect((await t.post(`${P}/config/isneedverify`)).json.data).toEqual({ needVerify: true });
    const none = await borrow(r.account, b2, 'zh');
    expect(none.json).toMatchObject({ errorCode: 'VERIFY_FAILED', msg: '本校借书需要读者验证，请先输入读者密码' });
    const wrong = await t.post(`${P}/readers/checkverify`, { readerBarcode: r.account, password: 'nope' });
    expect(wrong.json).toMatchObject({ errorCode: 'VERIFY_FAILED', msg: 'Wrong reader password' });
    const ok = await t.post(`${P}/readers/checkverify`, { readerBarcode: r.account, password: 'reader#1' });
    expect(ok.json.data.reader).toMatchObject({ account: r.account });
    const theirs = await t.post(`${P}/readers/checkverify`, { readerBarcode: other.account, password: 'other#1' });
    // Another reader's verification does not open this reader's loans; a forged one neither.
    expect((await borrow(r.account, b2, 'en', { verifyToken: theirs.json.data.verifyToken })).json.errorCode).toBe(
      'VERIFY_FAILED',
    );
    const forged = `${ok.json.data.verifyToken.split('.').slice(0, 2).join('.')}.AAAA`;
    expect((await borrow(r.account, b2, 'en', { verifyToken: forged })).json.errorCode).toBe('VERIFY_FAILED');
    expect((await borrow(r.account, b2, 'en', { verifyToken: ok.json.data.verifyToken })).json.success).toBe(true);
    const noPw = await makeReader(t.db, scope);
    const np = await t.post(`${P}/readers/checkverify`, { readerBarcode: noPw.account, password: 'x' });
    expect(np.json.msg).toBe('This reader has no password to verify; set one in reader management first');
  });
});

describe('isolation and permissions', () => {
  it("another school neither sees nor returns this school's loans", async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    await borrow(r.account, b);
    const other = await buildSchool(t.db);
    const u = await buildUser(t.db, other, { permissions: ['*'] });
    const as = { token: u.token, schoolId: other };
    const all = await t.post(`${P}/Circulation/GetAllBorrowing`, { SearchKey: b }, as);
    expect(all.json.data.Total).toBe(0);
    expect((await t.post(`${P}/Circulation/LiteratureReturn`, { barcode: b }, as)).json.errorCode).toBe(
      'COPY_NOT_FOUND',
    );
    // The desk's statements are built once, with the school as a value: another school's scans find nothing here.
    expect((await t.post(`${P}/Circulation/DeskReader`, { readerBarcode: r.account }, as)).json.errorCode).toBe(
      'READER_NOT_FOUND',
    );
    const stranger = await makeReader(t.db, new Scope(other));
    expect(
      (await t.post(`${P}/Circulation/DeskBorrow`, { readerBarcode: stranger.account, barcode: b }, as)).json.errorCode,
    ).toBe('COPY_NOT_FOUND');
    const batch = await t.post(`${P}/Circulation/batchreturn`, { barcodes: [b] }, as);
    expect(batch.json.data).toMatchObject({ succeeded: 0, failed: 1 });
    const mine = await t.post(`${P}/Circulation/GetAllBorrowing`, { SearchKey: b });
    expect(mine.json.data.List).toMatchObject([{ barcode: b, readerAccount: r.account, overdueDays: 0 }]);
  });

  it('each desk command needs its own permission', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['surrency.borrow', 'deferred-return'] });
    const as = { token: viewer.token };
    const calls: [string, object][] = [
      [`${P}/Circulation/batchcirc`, { readerBarcode: 'x', barcodes: ['y'] }],
      [`${P}/Circulation/batchreturn`, { barcodes: ['y'] }],
      [`${P}/Circulation/DeferredReturn`, { loanId: 1, days: 3, reason: 'ill' }],
      [`${P}/readers/checkverify`, { readerBarcode: 'x', password: 'y' }],
    ];
    for (const [url, body] of calls) expect((await t.post(url, body, as)).status, url).toBe(403);
    expect((await t.post(`${P}/Circulation/GetAllBorrowing`, {}, as)).json.success).toBe(true);
  });
});
