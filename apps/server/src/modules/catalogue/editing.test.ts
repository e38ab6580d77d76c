import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { resourceType } from '../basic/branch.table.ts';
import { copyCircInfo } from './record-rules.service.ts';

const t = useTestApp();
const L = `${P}/Literature`;
const SAVE = `${L}/SaveEditingConfig`;

async function ok(url: string, body: unknown, opts = {}) {
  const res = await t.post(url, body, opts);
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data;
}
const config = async () => ok(`${L}/GetEditingConfig`, {});
const save = async (patch: Record<string, unknown>) => ok(SAVE, { ...(await config()), ...patch });
const types = async () => (await ok(`${P}/Basic/GetResourceTypeList`, { Rows: 50 })).List;

describe('editing settings (/book-editing-rule)', () => {
  it('GetAFI asks for the AFI first (zh/en), then answers the saved values', async () => {
    const en = await t.post(`${P}/Config/GetAFI`, {}, { lang: 'en' });
    expect(en.json).toMatchObject({
      errorCode: 'AFI_NOT_SET',
      msg: 'Please set the initial value of AFI in the editing setting first',
    });
    const zh = await t.post(`${P}/Config/GetAFI`, {}, { lang: 'zh' });
    expect(zh.json.msg).toBe('请先在编目设置中设置 AFI 初始值');
    const bad = await t.post(SAVE, { ...(await config()), afi: 'XYZ' }, { lang: 'en' });
    expect(bad.json.issues).toEqual([{ path: 'afi', message: 'AFI is two hex digits, e.g. 07' }]);
    await save({ afi: '07', afiLoaned: 'c2' });
    expect(await ok(`${P}/Config/GetAFI`, {})).toEqual({ afi: '07', afiLoaned: 'C2' });
  });

  it('new copies take the default location, store type and call number format; records the default type', async () => {
    const branch = await ok(`${P}/Basic/AddBranch`, { name: '编目分馆', code: 'BED1' });
    const loc = await ok(`${P}/Basic/AddLocation`, { name: '流通书库', code: 'LT1', branchId: branch.id });
    const [book] = await types();
    await save({
      defaultBranchId: branch.id,
      defaultLocationId: loc.id,
      defaultStoreType: 2,
      defaultResourceTypeId: book.id,
      callNoSeparator: '/',
      extraSeparator: ':',
    });
    const rec = await ok(`${L}/AddItemsCatalogueInfo`, { title: '鲁迅全集', classNo: 'I210.1', bookNo: '1' });
    const added = await ok(`${L}/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 1,
      barcodes: ['E0001'],
      additionalNo: '2',
    });
    expect(added.List[0].callNo).toBe('I210.1/1:2');
    const c = await ok(`${L}/getcollectioninfo`, { id: added.List[0].id });
    expect(c).toMatchObject({ locationId: loc.id, branchId: branch.id, storeType: 2, resourceTypeId: book.id });
    const cataloguer = await buildUser(t.db, t.schoolId, { permissions: ['book-editing'] });
    const opts = await ok(`${P}/Catalogue/GetEditingOptions`, {}, { token: cataloguer.token });
    expect(opts.locations).toContainEqual({ id: loc.id, name: '流通书库', branchId: branch.id });
    // What circulation reads to pick a loan rule.
    expect(await copyCircInfo(t.db, c.id, new Scope(t.schoolId))).toMatchObject({
      resourceTypeId: book.id,
      locationId: loc.id,
    });
    await save({ defaultBranchId: null, defaultLocationId: null, defaultStoreType: 1, defaultResourceTypeId: null });
  });

  it("refuses another school's branch, location or resource type by field", async () => {
    const schoolB = await buildSchool(t.db);
    const [foreign] = await t.db
      .insert(resourceType)
      .values({ schoolId: schoolB, name: '乙校图书', code: 'bk' })
      .returning({ id: resourceType.id });
    const res = await t.post(SAVE, { ...(await config()), defaultResourceTypeId: foreign.id }, { lang: 'en' });
    expect(res.json.issues).toEqual([{ path: 'defaultResourceTypeId', message: 'This resource type does not exist' }]);
    const rec = await t.post(`${L}/AddItemsCatalogueInfo`, { title: 'x', resourceTypeId: foreign.id }, { lang: 'en' });
    expect(rec.json.issues).toEqual([{ path: 'resourceTypeId', message: 'This resource type does not exist' }]);
  });

  it('required fields are checked on save, each under its field', async () => {
    await save({ requiredFields: ['isbn', 'price'] });
    const res = await t.post(`${L}/AddItemsCatalogueInfo`, { title: '缺项' }, { lang: 'en' });
    expect(res.json.issues).toEqual([
      { path: 'isbn', message: 'The cataloguing settings require this field' },
      { path: 'price', message: 'The cataloguing settings require this field' },
    ]);
    await ok(`${L}/AddItemsCatalogueInfo`, { title: '齐全', isbn: '9787020002207', price: 10 });
    // The duplicate warning of /book-editing finds it by either ISBN form.
    const dups = await ok(`${P}/Catalogue/RecordsByIsbn`, { isbn: '7-02-000220-X' });
    expect(dups).toMatchObject([{ title: '齐全', isbn: '9787020002207', copies: 0 }]);
    await save({ requiredFields: [] });
  });

  it('only the rule screen may change the settings', async () => {
    const cataloguer = await buildUser(t.db, t.schoolId, { permissions: ['book-editing', 'book-editing:add'] });
    const res = await t.post(SAVE, await config(), { token: cataloguer.token });
    expect(res.status).toBe(403);
    expect((await t.post(`${L}/GetEditingConfig`, {}, { token: cataloguer.token })).json.code).toBe(0);
  });
});

describe('book numbers on the cataloguing screen', () => {
  it('suggests the next 种次号 above those in the catalogue, reserves it on save, pads it to the rule', async () => {
    await save({ bookNumberRule: 'sequence', bookNumberLength: 3 });
    await ok(`${L}/AddItemsCatalogueInfo`, { title: '旧书', classNo: 'K825', bookNo: '7' });
    const hint = await ok(`${L}/GetItemListNumCalculate`, { classNo: 'k 825' });
    expect(hint).toMatchObject({ rule: 'sequence', bookNo: '008', number: 8 });
    const saved = await Promise.all(
      ['甲', '乙'].map((title) => ok(`${L}/AddItemsCatalogueInfo`, { title, classNo: 'K825', bookNoAuto: true })),
    );
    expect(saved.map((s) => s.bookNo).sort()).toEqual(['008', '009']);
    const same = await ok(`${L}/GetEqualIndexNumItem`, { classNo: 'K825', bookNo: '008' });
    expect(same).toHaveLength(1);
    // Lock: hold the number shown on the form; unlock gives the hold up (more in classification/book-number-lock.test.ts).
    const lock = await ok(`${P}/Catalogue/LockBookNumber`, { classNo: 'K825', bookNo: '010' });
    expect(lock).toMatchObject({ number: 10, bookNo: '010' });
    expect(await ok(`${P}/Catalogue/UnlockBookNumber`, { classNo: 'K825', bookNo: '010' })).toEqual({ released: true });
  });

  it('author numbers under the author rule', async () => {
    await save({ bookNumberRule: 'author' });
    const hint = await ok(`${L}/GetItemListNumCalculate`, { classNo: 'I242.4', author: '曹雪芹 著' });
    expect(hint).toMatchObject({ rule: 'author', bookNo: 'CXQ', sameCount: 0 });
    const rec = await ok(`${L}/AddItemsCatalogueInfo`, {
      title: '红楼梦',
      author: '曹雪芹',
      classNo: 'I242.4',
      bookNoAuto: true,
    });
    expect(rec.bookNo).toBe('CXQ');
    expect((await ok(`${L}/GetItemListNumCalculate`, { classNo: 'I242.4', author: '曹雪芹' })).sameCount).toBe(1);
    await save({ bookNumberRule: 'sequence', bookNumberLength: null });
  });
});

describe('acceptance batches (/batch)', () => {
  it('adds batches with unique numbers, totals their copies, refuses deleting one with copies', async () => {
    const B = `${P}/Catalogue`;
    const batch = await ok(`${B}/AddBatch`, {
      batchNo: 'PC2026-01',
      acceptedOn: '2026-09-01',
      bookseller: '新华书店',
      discountRate: 0.75,
      priceFen: 10000,
    });
    const dup = await t.post(`${B}/AddBatch`, { batchNo: 'pc2026-01' }, { lang: 'en' });
    expect(dup.json.errorCode).toBe('DUPLICATE');
    const rec = await ok(`${L}/AddItemsCatalogueInfo`, { title: '批次书' });
    await ok(`${L}/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 2,
      barcodes: ['PC01', 'PC02'],
      batchId: batch.id,
      unitPrice: 20,
      discountPrice: 15,
    });
    // Without a discounted price, the batch's rate gives it: 20.00 × 0.75 = 15.00.
    await ok(`${L}/AddItemsCollectionInfo`, {
      recordId: rec.id,
      count: 1,
      barcodes: ['PC03'],
      batchId: batch.id,
      unitPrice: 20,
    });
    const list = await ok(`${B}/GetBatchList`, { SearchKey: '新华' });
    expect(list.List[0]).toMatchObject({
      batchNo: 'PC2026-01',
      discountRate: 0.75,
      copies: 3,
      records: 1,
      unitTotalFen: 6000,
      discountTotalFen: 4500,
    });
    const del = await t.post(`${B}/DeleteBatch`, { ids: [batch.id] }, { lang: 'en' });
    expect(del.json.msg).toBe('This batch still has copies and cannot be deleted');
    expect((await ok(`${L}/GetItemsCollection`, { batchId: batch.id })).Total).toBe(3);
    const schoolB = await buildSchool(t.db);
    const b = await buildUser(t.db, schoolB, { permissions: ['batch'] });
    expect((await t.post(`${B}/GetBatchList`, {}, { token: b.token, schoolId: schoolB })).json.data.Total).toBe(0);
  });
});
