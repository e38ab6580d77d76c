import { P } from '@shuyuan/contracts/common/paths';
import { formatBarcode } from '@shuyuan/contracts/printing/barcode';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/password.ts';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { shelf, shelfPosition } from '../basic/shelf.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { barcodeRule } from '../printing/printing.table.ts';
import { resourceAccess } from './resource-auth.ts';
import { fixtures } from './test-fixtures.ts';

const t = useTestApp();
const f = () => fixtures(t.db, t.schoolId);
const copyOf = async (barcode: string) =>
  (
    await t.db
      .select()
      .from(copy)
      .where(and(eq(copy.schoolId, t.schoolId), eq(copy.barcode, barcode)))
  )[0];
const byBarcode = (res: { json: any }) =>
  Object.fromEntries([...res.json.data.List].reverse().map((r: any) => [r.barcode, r])) as Record<string, any>;

describe('transfers', () => {
  it('transfers a list to another branch location, refuses copies on loan, and records the transfer', async () => {
    const fx = f();
    const b1 = await fx.branch('总馆');
    const b2 = await fx.branch('分馆');
    const from = await fx.location(b1.id, '书库');
    const to = await fx.location(b2.id, '阅览室');
    const rec = await fx.record({ title: '活着' });
    const [a, b, c] = await fx.copies(rec.id, 3, { branchId: b1.id, locationId: from.id });
    await fx.lend(c, t.adminId);
    const res = await t.post(`${P}/Literature/AllocationV2`, {
      barcodes: [a.barcode, b.barcode, c.barcode],
      toLocationId: to.id,
      remark: 'term start',
    });
    expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    expect(res.json.data).toMatchObject({ okCount: 2, badCount: 1 });
    expect(byBarcode(res)[c.barcode].reason).toBe('This copy is on loan (or on its way back)');
    expect(await copyOf(a.barcode)).toMatchObject({ branchId: b2.id, locationId: to.id, version: 1 });
    expect((await copyOf(c.barcode)).locationId).toBe(from.id);

    const again = await t.post(`${P}/Literature/AllocationV2`, { barcodes: [a.barcode], toLocationId: to.id });
    expect(again.json.data.List[0].reason).toBe('This copy is already there');

    const recs = await t.post(`${P}/Literature/GetAllocationRecords`, { batchNo: res.json.data.batchNo });
    expect(recs.json.data.Total).toBe(2);
    expect(recs.json.data.List[0]).toMatchObject({
      title: '活着',
      fromBranch: '总馆',
      fromLocation: '书库',
      toBranch: '分馆',
      toLocation: '阅览室',
      remark: 'term start',
    });
    const xlsx = await t.inject({
      method: 'POST',
      url: `${P}/Holdings/ExportAllocationRecords`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
      payload: { batchNo: res.json.data.batchNo },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const theirs = await t.post(`${P}/Literature/GetAllocationRecords`, {}, { token: admin2.token, schoolId: other });
    expect(theirs.json.data.Total).toBe(0);
    const cross = await t.post(
      `${P}/Literature/AllocationV2`,
      { barcodes: [b.barcode], toLocationId: from.id },
      {
        token: admin2.token,
        schoolId: other,
      },
    );
    expect(cross.json.issues?.[0]).toMatchObject({ path: 'toLocationId' });
  });

  it('transfers scanned copies one by one in one session batch; needs the allocate permission', async () => {
    const fx = f();
    const br = await fx.branch();
    const to = await fx.location(br.id);
    const rec = await fx.record();
    const [a, b] = await fx.copies(rec.id, 2);
    const first = await t.post(`${P}/Literature/BarCodeAllocation`, { barcode: a.barcode, toLocationId: to.id });
    expect(first.json.data).toMatchObject({ ok: true, barcode: a.barcode });
    const batchNo = first.json.data.batchNo;
    const second = await t.post(`${P}/Literature/BarCodeAllocation`, {
      barcode: b.barcode,
      toLocationId: to.id,
      batchNo,
    });
    expect(second.json.data).toMatchObject({ ok: true, batchNo });
    const unknown = await t.post(`${P}/Literature/BarCodeAllocation`, { barcode: 'ZZZ', toLocationId: to.id, batchNo });
    expect(unknown.json.data).toMatchObject({ ok: false, reason: 'No copy of this library has this barcode' });
    expect((await t.post(`${P}/Literature/GetAllocationRecords`, { batchNo })).json.data.Total).toBe(2);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['allocation-scan'] });
    const denied = await t.post(
      `${P}/Literature/BarCodeAllocation`,
      { barcode: a.barcode, toLocationId: to.id },
      { token: viewer.token },
    );
    expect(denied.status).toBe(403);
  });

  it("picks copies by condition and moves them by id; another school's ids are not touched", async () => {
    const fx = f();
    const br = await fx.branch();
    const from = await fx.location(br.id, '旧库');
    const to = await fx.location(br.id, '新库');
    const rec = await fx.record({ classNo: 'TP311' });
    const [a, b] = await fx.copies(rec.id, 2, { branchId: br.id, locationId: from.id });
    const found = await t.post(`${P}/Holdings/FindCopies`, { filter: { locationId: from.id } });
    expect(found.json.data.Total).toBe(2);
    expect(found.json.data.List[0]).toMatchObject({ location: '旧库' });
    const other = await buildSchool(t.db);
    const ob = await fixtures(t.db, other).branch();
    const theirRec = await fixtures(t.db, other).record();
    const [theirs] = await fixtures(t.db, other).copies(theirRec.id, 1, { branchId: ob.id });
    const res = await t.post(`${P}/Literature/UpdateCollectionLocation`, {
      ids: [a.id, b.id, theirs.id],
      toLocationId: to.id,
    });
    expect(res.json.data.okCount).toBe(2);
    expect(res.json.data.List).toHaveLength(2);
    expect((await copyOf(b.barcode)).locationId).toBe(to.id);
    const [still] = await t.db.select().from(copy).where(eq(copy.id, theirs.id));
    expect(still.locationId).toBeNull();
  });
});

describe('labels and shelf positions', () => {
  it('replaces barcodes: a new barcode in use or listed twice is refused, the others written', async () => {
    const fx = f();
    const rec = await fx.record();
    const [a, b, c] = await fx.copies(rec.id, 3);
    const pairs = [
      { from: a.barcode, to: 'NEW001' },
      { from: b.barcode, to: c.barcode },
      { from: c.barcode, to: 'NEW001' },
    ];
    const pre = await t.post(`${P}/Holdings/LabelConvert`, { pairs });
    const p = byBarcode(pre);
    expect(p[a.barcode].ok).toBe(true);
    expect(p[b.barcode].reason).toBe(`The new label ${c.barcode} is already in use`);
    expect(p[c.barcode].reason).toBe('The new label NEW001 is listed twice');
    expect(await copyOf('NEW001')).toBeUndefined();
    const done = await t.post(`${P}/Holdings/LabelConvert`, { pairs, apply: true });
    expect(done.json.data.okCount).toBe(1);
    expect(await copyOf('NEW001')).toMatchObject({ id: a.id, version: 1 });
    const rfid = await t.post(`${P}/Holdings/LabelConvert`, {
      kind: 'rfid',
      pairs: [{ from: b.barcode, to: 'E200AA' }],
      apply: true,
    });
    expect(rfid.json.data.okCount).toBe(1);
    expect((await copyOf(b.barcode)).rfid).toBe('E200AA');
  });

  it('places copies on a shelf position and lists what is on the shelf', async () => {
    const fx = f();
    const br = await fx.branch();
    const loc = await fx.location(br.id);
    const elsewhere = await fx.location(br.id);
    const [sh] = await t.db
      .insert(shelf)
      .values({ schoolId: t.schoolId, locationId: loc.id, code: 'S1', barcode: 'SH1' })
      .returning();
    const [pos] = await t.db
      .insert(shelfPosition)
      .values({ schoolId: t.schoolId, shelfId: sh.id, code: 'S1-1-2', barcode: 'POS12', layer: 1, column: 2 })
      .returning();
    const rec = await fx.record({ title: '围城' });
    const [a, b] = await fx.copies(rec.id, 2, { locationId: loc.id });
    const [c] = await fx.copies(rec.id, 1, { locationId: elsewhere.id });
    const res = await t.post(`${P}/Literature/ShelfNumber`, {
      position: 'POS12',
      barcodes: [a.barcode, b.barcode, c.barcode],
    });
    expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    expect(res.json.data.okCount).toBe(2);
    expect(byBarcode(res)[c.barcode].reason).toBe('This copy belongs to another location; transfer it first');
    const items = await t.post(`${P}/Literature/GetShelfItem`, { shelfId: sh.id });
    expect(items.json.data.Total).toBe(2);
    expect(items.json.data.List[0]).toMatchObject({ title: '围城', position: 'S1-1-2' });
    await t.post(`${P}/Holdings/Unshelve`, { barcodes: [a.barcode] });
    expect((await t.post(`${P}/Literature/GetShelfItem`, { positionId: pos.id })).json.data.Total).toBe(1);
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const cross = await t.post(
      `${P}/Literature/GetShelfItem`,
      { positionId: pos.id },
      { token: admin2.token, schoolId: other },
    );
    expect(cross.json.issues?.[0]).toMatchObject({ path: 'position' });
  });
});

describe("typed or scanned barcodes are checked against the school's barcode rule", () => {
  it('answers the rule message for a malformed barcode and "not found" only for a well-formed one', async () => {
    const fx = f();
    const br = await fx.branch();
    const loc = await fx.location(br.id);
    const [sh] = await t.db
      .insert(shelf)
      .values({ schoolId: t.schoolId, locationId: loc.id, code: 'R1', barcode: 'SHR1' })
      .returning();
    await t.db
      .insert(shelfPosition)
      .values({ schoolId: t.schoolId, shelfId: sh.id, code: 'R1-1-1', barcode: 'POSR11', layer: 1, column: 1 })
      .returning();
    const rec = await fx.record();
    const [a] = await fx.copies(rec.id, 1, { locationId: loc.id });
    await t.db
      .insert(barcodeRule)
      .values({ schoolId: t.schoolId, kind: 'book', prefix: 'S', length: 9, checkDigit: true });
    try {
      const good = formatBarcode('S', 42, 7, true); // well-formed, but no such copy
      const badCheck = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
      const prefix = 'The barcode must start with S';
      const length = 'The barcode must be 9 characters long';
      const notFound = 'No copy of this library has this barcode';
      const checkMsg = /check digit/i;

      const list = await t.post(`${P}/Literature/AllocationV2`, {
        barcodes: [a.barcode, 'X123', 'S12', badCheck, good],
        toLocationId: loc.id,
      });
      const r = byBarcode(list);
      expect(r.X123.reason).toBe(prefix);
      expect(r.S12.reason).toBe(length);
      expect(r[badCheck].reason).toMatch(checkMsg);
      expect(r[good].reason).toBe(notFound);

      const scan = await t.post(`${P}/Literature/BarCodeAllocation`, { barcode: 'X123', toLocationId: loc.id });
      expect(scan.json.data).toMatchObject({ ok: false, reason: prefix });
      const zh = await t.post(
        `${P}/Literature/BarCodeAllocation`,
        { barcode: 'X123', toLocationId: loc.id },
        { lang: 'zh' },
      );
      expect(zh.json.data.reason).toBe('条码前缀应为 S');

      const shelved = await t.post(`${P}/Literature/ShelfNumber`, {
        position: 'POSR11',
        barcodes: [a.barcode, 'S12', good],
      });
      expect(shelved.json.data.okCount).toBe(1);
      expect(byBarcode(shelved).S12.reason).toBe(length);
      expect(byBarcode(shelved)[good].reason).toBe(notFound);
      const off = await t.post(`${P}/Holdings/Unshelve`, { barcodes: [badCheck] });
      expect(off.json.data.List[0].reason).toMatch(checkMsg);

      const edit = await t.post(`${P}/Literature/itemsbatchpreview`, {
        barcodes: ['X123', good],
        set: { shelfMark: 'A' },
      });
      expect(byBarcode(edit).X123.reason).toBe(prefix);
      expect(byBarcode(edit)[good].reason).toBe(notFound);

      const del = await t.post(`${P}/Holdings/DeleteCopiesPreview`, { barcodes: ['S12', good] });
      expect(byBarcode(del).S12.reason).toBe(length);
      expect(byBarcode(del)[good].reason).toBe(notFound);

      const label = await t.post(`${P}/Holdings/LabelConvert`, {
        kind: 'barcode',
        pairs: [{ from: 'X123', to: good }],
        apply: false,
      });
      expect(label.json.data.List[0].reason).toBe(prefix);
    } finally {
      await t.db.delete(barcodeRule).where(eq(barcodeRule.schoolId, t.schoolId));
    }
  });
});

describe('lookups', () => {
  it('duplicate check by ISBN (either form) and by title + author', async () => {
    const fx = f();
    const r = await fx.record({ title: '红楼梦人物论', author: '王昆仑', isbn: '9787108009821' });
    await fx.copies(r.id, 2);
    const res = await t.post(`${P}/Holdings/DuplicateCheck`, {
      lines: ['7-108-00982-X', '红楼梦 人物论, 王昆仑', '不存在的书', '', '7-108-00982-1'],
    });
    expect(res.json.data).toMatchObject({ Total: 4, held: 2 });
    const [byIsbn, byTitle, none, wrong] = res.json.data.List;
    expect(wrong).toMatchObject({ by: 'isbn', held: false, invalidIsbn: true });
    expect(byIsbn).toMatchObject({ by: 'isbn', held: true, copies: 2 });
    expect(byTitle).toMatchObject({ by: 'title', held: true, records: [{ id: r.id }] });
    expect(none).toMatchObject({ held: false, copies: 0 });
  });

  it('lists ISBNs of a batch, marks them reported, and filters by the mark', async () => {
    const fx = f();
    const batch = await fx.batch();
    const r1 = await fx.record({ isbn: '9787020002207' });
    const r2 = await fx.record({ isbn: '9787544253994' });
    const r3 = await fx.record({ isbn: '' });
    for (const r of [r1, r2, r3]) await fx.copies(r.id, 1, { batchId: batch.id });
    const list = await t.post(`${P}/Holdings/IsbnList`, { batchId: batch.id });
    expect(list.json.data.Total).toBe(2);
    const mark = await t.post(`${P}/Holdings/IsbnMark`, { ids: [r1.id] });
    expect(mark.json.data.count).toBe(1);
    const left = await t.post(`${P}/Holdings/IsbnList`, { batchId: batch.id, reported: 'no' });
    expect(left.json.data.List.map((x: any) => x.id)).toEqual([r2.id]);
    await t.post(`${P}/Holdings/IsbnMark`, { query: { batchId: batch.id } });
    expect((await t.post(`${P}/Holdings/IsbnList`, { batchId: batch.id, reported: 'yes' })).json.data.Total).toBe(2);
  });

  it('call number lookup: book numbers in use and the next free one', async () => {
    const fx = f();
    await fx.record({ classNo: 'I313.45', bookNo: '1', title: 'A' });
    await fx.record({ classNo: 'I313.45', bookNo: '7', title: 'B' });
    await fx.record({ classNo: 'I313.45', bookNo: '7', title: 'C' });
    await fx.record({ classNo: 'I313.9', bookNo: '2' });
    const res = await t.post(`${P}/Holdings/CallNumberSearch`, { classNo: 'i313.45' });
    expect(res.json.data).toMatchObject({ classNo: 'I313.45', usedCount: 2, maxBookNo: 7, nextFree: 8, Total: 2 });
    expect(res.json.data.List[1]).toMatchObject({ bookNo: '7', records: 2, titles: ['B', 'C'] });
    const prefix = await t.post(`${P}/Holdings/CallNumberSearch`, { classNo: 'I313' });
    expect(prefix.json.data.Total).toBe(3);
  });
});

describe('resource access and batch password reset', () => {
  it('keeps access rules per branch; the most specific rule decides', async () => {
    const fx = f();
    const br = await fx.branch();
    const loc = await fx.location(br.id);
    const add = await t.post(`${P}/Holdings/AddResourceAuth`, { branchId: br.id, canView: true, canLend: false });
    expect(add.json.code, JSON.stringify(add.json)).toBe(0);
    await t.post(`${P}/Holdings/AddResourceAuth`, {
      branchId: br.id,
      locationId: loc.id,
      canView: false,
      canLend: false,
    });
    const scope = new Scope(t.schoolId);
    expect(await resourceAccess(t.db, scope, { branchId: br.id, resourceTypeId: null, locationId: null })).toEqual({
      canView: true,
      canLend: false,
    });
    expect(await resourceAccess(t.db, scope, { branchId: br.id, resourceTypeId: null, locationId: loc.id })).toEqual({
      canView: false,
      canLend: false,
    });
    expect(await resourceAccess(t.db, scope, { branchId: null, resourceTypeId: null, locationId: null })).toEqual({
      canView: true,
      canLend: true,
    });
    const dup = await t.post(`${P}/Holdings/AddResourceAuth`, { branchId: br.id });
    expect(dup.json.code).not.toBe(0);
    const list = await t.post(`${P}/Holdings/GetResourceAuthList`, { branchId: br.id });
    expect(list.json.data.Total).toBe(2);
  });

  it('the desk refuses a copy its branch may not lend, and lends the others', async () => {
    const fx = f();
    const br = await fx.branch();
    const closedLoc = await fx.location(br.id);
    const openLoc = await fx.location(br.id);
    await t.post(`${P}/Holdings/AddResourceAuth`, { branchId: br.id, locationId: closedLoc.id, canLend: false });
    const rec = await fx.record();
    // Store 2: copies in circulation (the fixture's copies are still being catalogued, store 1).
    const [kept] = await fx.copies(rec.id, 1, { branchId: br.id, locationId: closedLoc.id, storeType: 2 });
    const [lendable] = await fx.copies(rec.id, 1, { branchId: br.id, locationId: openLoc.id, storeType: 2 });
    const [reader] = await t.db
      .insert(appUser)
      .values({ schoolId: t.schoolId, account: `R${Date.now()}`, name: 'Reader', identity: 'student' })
      .returning();
    const refused = await t.post(
      `${P}/Circulation/LiteratureCirc`,
      { readerBarcode: reader.account, barcode: kept.barcode },
      { lang: 'en' },
    );
    expect(refused.json).toMatchObject({
      success: false,
      errorCode: 'NOT_LENDABLE',
      msg: 'This copy may not be lent (resource access settings)',
    });
    const ok = await t.post(`${P}/Circulation/LiteratureCirc`, {
      readerBarcode: reader.account,
      barcode: lendable.barcode,
    });
    expect(ok.json.success, ok.json.msg).toBe(true);
  });

  it("resets a class's reader passwords by rule, never staff, and answers the new passwords", async () => {
    const [g] = await t.db
      .insert(grade)
      .values({ schoolId: t.schoolId, name: `G${Date.now()}` })
      .returning();
    const [cls] = await t.db
      .insert(schoolClass)
      .values({ schoolId: t.schoolId, gradeId: g.id, name: '1班' })
      .returning();
    const mk = (account: string, identity: string, classId: number | null) =>
      t.db.insert(appUser).values({ schoolId: t.schoolId, account, name: account, identity, classId }).returning();
    await mk('S20260001', 'student', cls.id);
    await mk('S20260002', 'student', cls.id);
    await mk('T900', 'staff', cls.id);
    const res = await t.post(`${P}/Holdings/ResetPasswords`, {
      classIds: [cls.id],
      accounts: ['NOBODY'],
      rule: 'accountTail',
    });
    expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    expect(res.json.data).toMatchObject({ count: 2, missing: ['NOBODY'] });
    expect(res.json.data.List[0]).toMatchObject({ account: 'S20260001', password: '260001', className: '1班' });
    const [u] = await t.db.select().from(appUser).where(eq(appUser.account, 'S20260001'));
    expect(await verifyPassword('260001', u.passwordHash)).toBe(true);
    const [staff] = await t.db.select().from(appUser).where(eq(appUser.account, 'T900'));
    expect(staff.passwordHash).toBeNull();
    const short = await t.post(`${P}/Holdings/ResetPasswords`, { classIds: [cls.id], rule: 'fixed', fixed: '123' });
    expect(short.json.issues).toEqual([{ path: 'fixed', message: 'The password must be more than 6 digits' }]);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['batchpsw'] });
    const denied = await t.post(
      `${P}/Holdings/ResetPasswords`,
      { classIds: [cls.id], rule: 'account' },
      { token: viewer.token },
    );
    expect(denied.status).toBe(403);
  });
});
