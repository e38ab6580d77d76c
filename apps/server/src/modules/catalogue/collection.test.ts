import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { loan } from '../circulation/circulation.table.ts';
import { fixtures } from '../holdings/test-fixtures.ts';
import { barcodeRule } from '../printing/printing.table.ts';
import { copy } from './catalogue.table.ts';

const t = useTestApp();
const L = `${P}/Literature`;
const COPIES = `${L}/AddItemsCollectionInfo`;
const LIST = `${L}/GetItemsCollection`;
const EDIT = `${L}/updatecollectioninfo`;

async function ok(url: string, body: unknown, opts = {}) {
  const res = await t.post(url, body, opts);
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data;
}
async function record(title: string, extra: Record<string, unknown> = {}, opts = {}) {
  return (await ok(`${L}/AddItemsCatalogueInfo`, { title, ...extra }, opts)).id as number;
}
async function copies(recordId: number, barcodes: string[], extra: Record<string, unknown> = {}, opts = {}) {
  const d = await ok(COPIES, { recordId, count: barcodes.length, barcodes, ...extra }, opts);
  return d.List.map((c: { id: number }) => c.id) as number[];
}
/** Loan states come from circulation, never from a manual move: tests put a copy in one directly. */
const setState = (id: number, circState: string) => t.db.update(copy).set({ circState }).where(eq(copy.id, id));
const getCopy = (id: number) => ok(`${L}/getcollectioninfo`, { id });
async function editBody(id: number, patch: Record<string, unknown>) {
  const c = await getCopy(id);
  return {
    id,
    version: c.version,
    barcode: c.barcode,
    callNo: c.callNo,
    storeType: c.storeType,
    locationId: c.locationId,
    branchId: c.branchId,
    ...patch,
  };
}

describe('copy list (/collection)', () => {
  it('filters copies, totals their prices, finds one by barcode or RFID and lists warnings', async () => {
    const branch = await ok(`${P}/Basic/AddBranch`, { name: '编目测试馆', code: 'CATT' });
    const loc = await ok(`${P}/Basic/AddLocation`, { name: '二楼书库', code: 'F2', branchId: branch.id });
    const a = await record('三国演义', { author: '罗贯中', classNo: 'I242.4', bookNo: '3' });
    const b = await record('水浒传', { author: '施耐庵', classNo: 'I242.4', bookNo: '4' });
    await copies(a, ['C0001', 'C0002'], { locationId: loc.id, unitPrice: 30.5 });
    const [b1] = await copies(b, ['C0003'], { unitPrice: 12 });

    const byLoc = await ok(LIST, { locationId: loc.id });
    expect(byLoc.Total).toBe(2);
    expect(byLoc.List[0]).toMatchObject({ title: '三国演义', locationName: '二楼书库', callNo: 'I242.4/3' });
    expect((await ok(LIST, { SearchKey: '水浒', searchType: 'title' })).List.map((c: any) => c.barcode)).toEqual([
      'C0003',
    ]);
    expect((await ok(LIST, { SearchKey: 'I242.4/3' })).Total).toBe(2);
    const sums = await ok(`${L}/GetItemsSumPrice`, { classNo: 'I242' });
    expect(sums).toEqual({ copies: 3, records: 2, unitTotalFen: 7300, discountTotalFen: 0 });

    await ok(`${P}/Catalogue/BindRfid`, { copyId: b1, rfid: 'e004a1b2c3d4' });
    expect((await ok(`${L}/GetBookToBarCodeORfid`, { code: 'E004A1B2C3D4' })).barcode).toBe('C0003');
    expect((await ok(`${L}/GetBookToBarCodeORfid`, { code: 'C0001' })).title).toBe('三国演义');
    const none = await t.post(`${L}/GetBookToBarCodeORfid`, { code: 'NOPE' }, { lang: 'en' });
    expect(none.json).toMatchObject({ errorCode: 'NOT_FOUND', msg: 'No copy has this barcode' });

    const warn = await ok(`${L}/GetWarningList`, { kind: 'noLocation' });
    expect(warn.List.map((c: any) => c.barcode)).toEqual(['C0003']);
    expect(warn.Counts).toMatchObject({ noLocation: 1, noRfid: 2, noPrice: 0 });
    const rec = await ok(`${L}/GetCollectionToCatalogue`, { barcode: 'C0002' });
    expect(rec).toMatchObject({ id: a, title: '三国演义' });
    expect((await ok(`${L}/GetBarCodeList`, { recordId: a })).map((c: any) => c.barcode)).toEqual(['C0001', 'C0002']);
  });

  it('edits a copy: a barcode in use or against the rule is refused under the field; store moves are checked', async () => {
    const r = await record('围城');
    const [c1] = await copies(r, ['W0001', 'W0002']);
    const dup = await t.post(EDIT, await editBody(c1, { barcode: 'W0002' }), { lang: 'en' });
    expect(dup.json.issues).toEqual([{ path: 'barcode', message: 'The barcode W0002 is already in use' }]);
    await t.db.insert(barcodeRule).values({ schoolId: t.schoolId, kind: 'book', prefix: 'W', length: 5 });
    const bad = await t.post(EDIT, await editBody(c1, { barcode: 'X0009' }), { lang: 'en' });
    expect(bad.json.issues).toEqual([{ path: 'barcode', message: 'The barcode must start with W' }]);
    const okEdit = await ok(EDIT, await editBody(c1, { barcode: 'W0009', unitPrice: 25, storeType: 2 }));
    expect(okEdit).toMatchObject({ barcode: 'W0009', version: 1 });
    expect(await getCopy(c1)).toMatchObject({ barcode: 'W0009', unitPriceFen: 2500, storeType: 2 });
    // A stale form (old version) is refused rather than overwriting the newer change.
    const stale = await t.post(EDIT, { ...(await editBody(c1, {})), version: 0 });
    expect(stale.json.errorCode).toBe('CONFLICT');
    // Inventory check (9) is the stocktake's; a copy on loan cannot change its store.
    const toInv = await t.post(EDIT, await editBody(c1, { storeType: 9 }), { lang: 'en' });
    expect(toInv.json.issues[0]).toEqual({
      path: 'storeType',
      message: 'A copy cannot move from "Circulation" to "Inventory check"',
    });
    await setState(c1, 'borrowed');
    const weedOnLoan = await t.post(EDIT, await editBody(c1, { storeType: 3 }), { lang: 'zh' });
    expect(weedOnLoan.json.issues[0].message).toBe('馆藏 W0009 在借或已预约，不能改变库类型');
    await t.db.delete(barcodeRule);
    // Generated barcodes follow the school's rule (printing), once it exists.
    await t.db.insert(barcodeRule).values({ schoolId: t.schoolId, kind: 'book', prefix: 'G', length: 6 });
    const gen = await ok(COPIES, { recordId: r, count: 3 });
    expect(gen.List.map((c: any) => c.barcode)).toEqual(['G00001', 'G00002', 'G00003']);
    await t.db.delete(barcodeRule);
  });

  it("a copy placed in a location is in that location's branch", async () => {
    const fx = fixtures(t.db, t.schoolId);
    const br = await fx.branch();
    const loc = await fx.location(br.id);
    const [id] = await copies(await record('分馆的书'), [`BR${Date.now()}`], { locationId: loc.id });
    expect(await getCopy(id)).toMatchObject({ locationId: loc.id, branchId: br.id });
  });

  it('never deletes a copy on loan; deleting a record takes its copies', async () => {
    const r = await record('活着');
    const [lent, free] = await copies(r, ['H0001', 'H0002']);
    await setState(lent, 'borrowed');
    const refused = await t.post(`${L}/DeleteItemsCollectionInfo`, { ids: [lent, free] }, { lang: 'en' });
    expect(refused.json).toMatchObject({
      errorCode: 'COPY_ON_LOAN',
      msg: 'These copies are on loan or held for a reader and cannot be deleted: H0001',
    });
    expect((await ok(LIST, { recordId: r })).Total).toBe(2);
    const whole = await t.post(`${L}/DeleteBookAllRecords`, { ids: [r] });
    expect(whole.json.errorCode).toBe('COPY_ON_LOAN');
    // An open loan row refuses too, whatever the copy's state says.
    const [open] = await t.db
      .insert(loan)
      .values({ schoolId: t.schoolId, copyId: free, recordId: r, userId: 1, dueDate: '2030-01-01' })
      .returning({ id: loan.id });
    const byLoan = await t.post(`${L}/DeleteItemsCollectionInfo`, { ids: [free] });
    expect(byLoan.json.errorCode).toBe('COPY_ON_LOAN');
    await t.db.update(loan).set({ returnedAt: new Date() }).where(eq(loan.id, open.id));
    expect(await ok(`${L}/DeleteItemsCollectionInfo`, { ids: [free] })).toEqual({ count: 1 });
    await setState(lent, 'available');
    expect(await ok(`${L}/DeleteBookAllRecords`, { ids: [r] })).toEqual({ records: 1, copies: 1 });
    expect((await t.post(`${P}/Catalogue/GetRecord`, { id: r })).json.errorCode).toBe('NOT_FOUND');
  });

  it('binds an RFID tag to one copy only', async () => {
    const r = await record('边城');
    const [c1, c2] = await copies(r, ['R0001', 'R0002']);
    const bound = await ok(`${P}/Catalogue/BindRfid`, { copyId: c1, rfid: 'E0040000AA' });
    expect(bound).toMatchObject({ barcode: 'R0001', rfid: 'E0040000AA', afi: '' });
    const taken = await t.post(`${P}/Catalogue/BindRfid`, { copyId: c2, rfid: 'e0040000aa' }, { lang: 'en' });
    expect(taken.json.issues).toEqual([{ path: 'rfid', message: 'This tag is bound to copy R0001; unbind it first' }]);
    await ok(`${P}/Catalogue/UnbindRfid`, { copyId: c1 });
    expect((await ok(`${P}/Catalogue/BindRfid`, { copyId: c2, rfid: 'E0040000AA' })).barcode).toBe('R0002');
  });

  it('updates many copies at once, all or none', async () => {
    const r = await record('家');
    const ids = await copies(r, ['M0001', 'M0002']);
    expect(await ok(`${L}/UpdateItemsCollectionInfo`, { ids, storeType: 2, shelfMark: 'A-01' })).toEqual({ count: 2 });
    await setState(ids[0], 'borrowed');
    const refused = await t.post(`${L}/UpdateItemsCollectionInfo`, { ids, storeType: 5 });
    expect(refused.json.issues.map((i: any) => i.path)).toEqual(['M0001']);
    expect((await getCopy(ids[1])).storeType).toBe(2);
  });
});

describe('export with chosen columns', () => {
  it('lists the columns and writes an xlsx of the filtered copies with exactly those columns', async () => {
    const cols = await ok(`${P}/Download/ColumnScreen`, { type: 'collection' }, { lang: 'en' });
    expect(cols.find((c: any) => c.key === 'barcode')).toEqual({ key: 'barcode', label: 'Barcode', default: true });
    const r = await record('骆驼祥子', { author: '老舍' });
    await copies(r, ['X0001', 'X0002'], { unitPrice: 9.9 });
    const start = await ok(
      `${P}/DownloadV2/Collection`,
      {
        recordId: r,
        columns: ['title', 'barcode', 'unitPrice', 'storeType'],
      },
      { lang: 'zh' },
    );
    const job = await taskDone(t, start.DataID);
    expect(job, JSON.stringify(job)).toMatchObject({ State: 2, DataCount: 2 });
    const file = await t.inject({
      method: 'GET',
      url: job.ResultFile,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const rows = wb.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((row: any) => row.slice(1));
    expect(rows).toEqual([
      ['题名', '条码', '单价（元）', '库类型'],
      ['骆驼祥子', 'X0002', 9.9, '流通库'],
      ['骆驼祥子', 'X0001', 9.9, '流通库'],
    ]);
    const bad = await t.post(`${P}/DownloadV2/Collection`, { columns: ['nope'] }, { lang: 'en' });
    expect(bad.json.issues).toEqual([{ path: 'columns', message: 'No such columns: nope' }]);
  });
});

describe('tenancy and permissions', () => {
  it("another school never sees, edits, binds or exports this school's copies", async () => {
    const r = await record('甲校馆藏');
    const [c] = await copies(r, ['T0001']);
    const schoolB = await buildSchool(t.db);
    const b = await buildUser(t.db, schoolB, {
      permissions: ['collection', 'collection:edit', 'collection:delete', 'collection:export'],
    });
    const as = { token: b.token, schoolId: schoolB };
    expect((await t.post(LIST, { SearchKey: 'T0001' }, as)).json.data.Total).toBe(0);
    expect((await t.post(`${L}/GetBookToBarCodeORfid`, { code: 'T0001' }, as)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${L}/getcollectioninfo`, { id: c }, as)).json.errorCode).toBe('NOT_FOUND');
    const edit = await t.post(EDIT, { id: c, version: 0, barcode: 'T9', storeType: 1 }, as);
    expect(edit.json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${L}/DeleteItemsCollectionInfo`, { ids: [c] }, as)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${P}/Catalogue/BindRfid`, { copyId: c, rfid: 'AA' }, as)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${L}/GetItemsSumPrice`, {}, as)).json.data.copies).toBe(0);
    expect((await t.post(`${P}/DownloadV2/Collection`, { columns: ['barcode'] }, as)).json.code).toBe(0);
    expect((await getCopy(c)).barcode).toBe('T0001');
  });

  it('a viewer of /collection cannot edit, delete or export', async () => {
    const r = await record('权限书');
    const [c] = await copies(r, ['P0001']);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['collection'] });
    const as = { token: viewer.token };
    expect((await t.post(LIST, {}, as)).json.code).toBe(0);
    expect((await t.post(EDIT, await editBody(c, {}), as)).status).toBe(403);
    expect((await t.post(`${L}/DeleteItemsCollectionInfo`, { ids: [c] }, as)).status).toBe(403);
    expect((await t.post(`${P}/DownloadV2/Collection`, { columns: ['barcode'] }, as)).status).toBe(403);
    expect((await t.post(`${L}/DeleteBookAllRecords`, { ids: [r] }, as)).status).toBe(403);
    const stranger = await buildUser(t.db, t.schoolId, { permissions: ['semester'] });
    expect((await t.post(LIST, {}, { token: stranger.token })).status).toBe(403);
  });
});
