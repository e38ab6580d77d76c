import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { fixtures } from '../holdings/test-fixtures.ts';
import { resourceType } from '../basic/branch.table.ts';
import { barcodeRule } from '../printing/printing.table.ts';
import { copy } from './catalogue.table.ts';
import { keptSearchTuning } from './kept-search.ts';

const t = useTestApp();
const CODE = 'resource-mana.resource.catalog';
const ADD = `${P}/Literature/AddItemsCatalogueInfo`;
const SEARCH = `${P}/Catalogue/SearchRecords`;
const COPIES = `${P}/Literature/AddItemsCollectionInfo`;

const titlesOf = (res: { json: any }) => res.json.data.List.map((r: { title: string }) => r.title);

async function addRecord(body: Record<string, unknown>, opts = {}) {
  const res = await t.post(ADD, body, opts);
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data.id as number;
}

describe('catalogue records', () => {
  it('creates a Chinese record and finds it by word, pinyin initials and ISBN-10; facets count it', async () => {
    await addRecord({ title: '平凡的世界', author: '路遥', language: 'chi' });
    const id = await addRecord({
      title: '红楼梦人物论',
      author: '王昆仑',
      isbn: '9787108009821',
      publisher: '生活·读书·新知三联书店',
      pubYear: 1983,
      classNo: 'I207.411',
      language: 'chi',
      price: '12.50',
    });
    expect(titlesOf(await t.post(SEARCH, { SearchKey: '红楼梦' }))).toContain('红楼梦人物论');
    expect(titlesOf(await t.post(SEARCH, { SearchKey: 'hlm' }))).toEqual(['红楼梦人物论']);
    const byIsbn10 = await t.post(SEARCH, { SearchKey: '7-108-00982-X' });
    expect(byIsbn10.json.data.List.map((r: { id: number }) => r.id)).toEqual([id]);
    const byField = await t.post(SEARCH, { SearchKey: '710800982x', field: 'isbn' });
    expect(byField.json.data.List).toMatchObject([{ id, priceFen: 1250, pubYear: 1983 }]);
    const facets = (await t.post(SEARCH, { SearchKey: 'hlm' })).json.data.Facets;
    expect(facets.classLetter).toEqual([{ value: 'I', count: 1 }]);
    expect(facets.year).toEqual([{ value: 1983, count: 1 }]);
    const none = await t.post(SEARCH, { SearchKey: 'hlm', facets: { year: 1999 } });
    expect(none.json.data.Total).toBe(0);
  });

  it('counts facets over the whole hit list: records per copy location and state, not copies', async () => {
    const scope = new Scope(t.schoolId);
    const fx = fixtures(t.db, t.schoolId);
    const loc = await fx.location((await fx.branch()).id);
    const a = await addRecord({ title: '浮士德 第一部', language: 'ger', pubYear: 2001 });
    const b = await addRecord({ title: '浮士德 第二部', language: 'ger', pubYear: 2001 });
    const c = await addRecord({ title: '浮士德研究', language: 'chi', pubYear: 2010 });
    await t.db
      .insert(copy)
      .values([
        scope.values({ recordId: a, barcode: `FA${Date.now()}1`, locationId: loc.id }),
        scope.values({ recordId: a, barcode: `FA${Date.now()}2`, locationId: loc.id, circState: 'borrowed' }),
        scope.values({ recordId: b, barcode: `FA${Date.now()}3`, locationId: loc.id }),
        scope.values({ recordId: c, barcode: `FA${Date.now()}4` }),
      ]);
    const res = await t.post(SEARCH, { SearchKey: '浮士德', Rows: 1 });
    const { Total, Facets, List } = res.json.data;
    expect(List).toHaveLength(1);
    expect(Total).toBe(3);
    expect(Facets.language).toEqual([
      { value: 'ger', count: 2 },
      { value: 'chi', count: 1 },
    ]);
    expect(Facets.year).toEqual([
      { value: 2001, count: 2 },
      { value: 2010, count: 1 },
    ]);
    expect(Facets.location).toEqual(
      expect.arrayContaining([
        { value: loc.id, count: 2 },
        { value: null, count: 1 },
      ]),
    );
    expect(Facets.state).toEqual([
      { value: 'available', count: 3 },
      { value: 'borrowed', count: 1 },
    ]);
    const picked = await t.post(SEARCH, { SearchKey: '浮士德', facets: { locationId: loc.id, state: 'borrowed' } });
    expect(picked.json.data.List.map((r: { id: number }) => r.id)).toEqual([a]);
  });

  it('facets by resource type and sorts by title and by call number', async () => {
    const scope = new Scope(t.schoolId);
    const [book, av] = await t.db
      .insert(resourceType)
      .values([
        scope.values({ name: '图书', code: `BK${Date.now()}` }),
        scope.values({ name: '音像', code: `AV${Date.now()}` }),
      ])
      .returning({ id: resourceType.id });
    const ids = {
      c: await addRecord({ title: '长江 C', classNo: 'K928.42', bookNo: '10', resourceTypeId: book.id }),
      a: await addRecord({ title: '长江 A', classNo: 'K928.42', bookNo: '9', resourceTypeId: book.id }),
      b: await addRecord({ title: '长江 B', classNo: 'I207', bookNo: '2', resourceTypeId: av.id }),
    };
    const res = await t.post(SEARCH, { SearchKey: '长江' });
    expect(res.json.data.Facets.resourceType).toEqual([
      { value: book.id, count: 2 },
      { value: av.id, count: 1 },
    ]);
    const picked = await t.post(SEARCH, { SearchKey: '长江', facets: { resourceTypeId: av.id } });
    expect(titlesOf(picked)).toEqual(['长江 B']);
    expect(titlesOf(await t.post(SEARCH, { SearchKey: '长江', sort: 'title' }))).toEqual([
      '长江 A',
      '长江 B',
      '长江 C',
    ]);
    // Call numbers as the shelves order them: I before K, book number 9 before 10.
    const byCall = await t.post(SEARCH, { SearchKey: '长江', sort: 'callNo' });
    expect(byCall.json.data.List.map((r: { id: number }) => r.id)).toEqual([ids.b, ids.a, ids.c]);
    const bad = await t.post(SEARCH, { SearchKey: '长江', sort: 'price' });
    expect(bad.json.code).not.toBe(0);
  });

  it('sorts by year, newest first and no year last; a kept broad answer holds only while the catalogue is unchanged', async () => {
    const scope = new Scope(t.schoolId);
    const ids = {
      old: await addRecord({ title: '黄河故事 一', pubYear: 2001 }),
      newA: await addRecord({ title: '黄河故事 二', pubYear: 2015 }),
      none: await addRecord({ title: '黄河故事 三' }),
      newB: await addRecord({ title: '黄河故事 四', pubYear: 2015 }),
    };
    const byYear = async (body: Record<string, unknown> = {}) => {
      const res = await t.post(SEARCH, { SearchKey: 'huanghe', sort: 'year', ...body });
      expect(res.json.code, JSON.stringify(res.json)).toBe(0);
      return res.json.data;
    };
    const order = [ids.newB, ids.newA, ids.old, ids.none];
    const idsOf = (d: { List: { id: number }[] }) => d.List.map((r) => r.id);
    const tuning = { ...keptSearchTuning };
    keptSearchTuning.minHits = 1; // every answer is broad here
    try {
      expect(idsOf(await byYear())).toEqual(order);
      // Asked again (kept, or found again when another test was writing meanwhile): the same answer, by page too.
      const again = await byYear();
      expect(idsOf(again)).toEqual(order);
      expect(again.Total).toBe(4);
      expect(idsOf(await byYear({ Page: 2, Rows: 2 }))).toEqual([ids.old, ids.none]);
      // A record, a copy and a copy's state written since: the next answer has them.
      const newest = await addRecord({ title: '黄河故事 五', pubYear: 2020 });
      expect(idsOf(await byYear())).toEqual([newest, ...order]);
      await t.db.insert(copy).values(scope.values({ recordId: ids.old, barcode: `HH${Date.now()}` }));
      expect((await byYear()).Facets.state).toEqual([{ value: 'available', count: 1 }]);
      await t.db.update(copy).set({ circState: 'lost' }).where(eq(copy.recordId, ids.old));
      expect((await byYear()).Facets.state).toEqual([{ value: 'lost', count: 1 }]);
    } finally {
      Object.assign(keptSearchTuning, tuning);
    }
  });

  it('searches one field: author by a 2-character name or a single character, Latin words from their start, class and call numbers by their start', async () => {
    const a = await addRecord({ title: '呼兰河传', author: '萧红', classNo: 'I246.5', bookNo: '33' });
    const b = await addRecord({
      title: 'Harry Potter and the Goblet of Fire',
      author: 'Rowling, J. K.',
      classNo: 'i561.84',
    });
    await t.post(COPIES, { recordId: a, count: 1, barcodes: [`FS${Date.now()}`], callNo: 'I246.5/33' });
    const ids = async (body: Record<string, unknown>) =>
      (await t.post(SEARCH, { Rows: 50, ...body })).json.data.List.map((r: { id: number }) => r.id);
    expect(await ids({ SearchKey: '萧红', field: 'author' })).toContain(a);
    expect(await ids({ SearchKey: '红', field: 'author' })).toContain(a);
    expect(await ids({ SearchKey: '萧红', field: 'title' })).not.toContain(a);
    expect(await ids({ SearchKey: 'rowl', field: 'author' })).toContain(b);
    expect(await ids({ SearchKey: 'goblet', field: 'title' })).toEqual([b]);
    expect(await ids({ SearchKey: 'I561', field: 'classNo' })).toEqual([b]);
    expect(await ids({ SearchKey: 'i246.5', field: 'callNo' })).toEqual([a]);
    expect(await ids({ SearchKey: '246', field: 'callNo' })).toEqual([]);
  });

  it('keeps what an update does not send: the stored MARC and cover stay, null clears a number', async () => {
    const marc = {
      leader: '00000nam a2200000 a 4500',
      fields: [{ tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: '边城' }] }],
    };
    const id = await addRecord({
      title: '边城',
      author: '沈从文',
      coverUrl: 'https://covers.example.org/biancheng.jpg',
      summary: '湘西小城',
      subjects: ['中篇小说'],
      pubYear: 2005,
      price: '18.00',
      marc,
    });
    const upd = await t.post(`${P}/Catalogue/UpdateRecord`, { id, title: '边城（插图本）', price: null });
    expect(upd.json.code, JSON.stringify(upd.json)).toBe(0);
    const full = (await t.post(`${P}/Catalogue/GetRecord`, { id })).json.data;
    expect(full).toMatchObject({
      title: '边城（插图本）',
      author: '沈从文',
      coverUrl: 'https://covers.example.org/biancheng.jpg',
      summary: '湘西小城',
      subjects: ['中篇小说'],
      pubYear: 2005,
      priceFen: null,
      marc,
    });
    expect(titlesOf(await t.post(SEARCH, { SearchKey: '插图本' }))).toEqual(['边城（插图本）']);
    const empty = await t.post(`${P}/Catalogue/UpdateRecord`, { id, title: '' }, { lang: 'en' });
    expect(empty.json.issues).toEqual([{ path: 'title', message: 'Please enter the title' }]);
  });

  it('stores the statement of responsibility and an uploaded cover; both are found and kept', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'sy-cover';
    const payload = Buffer.concat([
      // A cover is a public image: the public search site shows it to anyone.
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ncover\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.inject({
      method: 'POST',
      url: `${P}/upload/post`,
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${t.adminToken}`,
        schoolid: String(t.schoolId),
      },
    });
    const coverUrl = up.json().data.url as string;
    expect(coverUrl).toMatch(/^\/files\/uploads\/\d+\/public\/.+\.png$/);
    const id = await addRecord({ title: '小王子', responsibility: '(法)圣埃克苏佩里著 ; 马振骋译', coverUrl });
    expect(titlesOf(await t.post(SEARCH, { SearchKey: '马振骋' }))).toEqual(['小王子']);
    await t.post(`${P}/Catalogue/UpdateRecord`, { id, title: '小王子（插图版）' });
    const full = (await t.post(`${P}/Catalogue/GetRecord`, { id })).json.data;
    expect(full).toMatchObject({ responsibility: '(法)圣埃克苏佩里著 ; 马振骋译', coverUrl });
    expect((await t.inject({ method: 'GET', url: coverUrl })).statusCode).toBe(200);
  });

  it('updates a record and its search document together', async () => {
    const id = await addRecord({ title: 'Old title' });
    const upd = await t.post(`${P}/Catalogue/UpdateRecord`, { id, title: '围城', author: '钱钟书' });
    expect(upd.json.code).toBe(0);
    expect((await t.post(SEARCH, { SearchKey: 'Old title' })).json.data.Total).toBe(0);
    expect(titlesOf(await t.post(SEARCH, { SearchKey: 'qzs' }))).toEqual(['围城']);
    // The editor opens the whole record; result rows carry only the list columns.
    const full = await t.post(`${P}/Catalogue/GetRecord`, { id });
    expect(full.json.data).toMatchObject({ id, title: '围城', author: '钱钟书' });
    expect(full.json.data).not.toHaveProperty('search');
  });

  it('reports a bad ISBN and a price that is not a number, in zh and en', async () => {
    const body = { title: 'x', isbn: '978-7-108-00982-0', price: 'abc' };
    const zh = await t.post(ADD, body, { lang: 'zh' });
    expect(zh.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'isbn', message: 'ISBN 格式或校验位不正确' },
        { path: 'price', message: '价格应为不小于 0 的数字（元）' },
      ]),
    );
    const en = await t.post(ADD, { ...body, title: '' }, { lang: 'en' });
    expect(en.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Please enter the title' },
        { path: 'isbn', message: 'The ISBN is not valid (format or check digit)' },
        { path: 'price', message: 'The price must be a number (yuan) of 0 or more' },
      ]),
    );
  });
});

describe('copies', () => {
  it('adds copies all or none: a duplicate barcode adds nothing and is named', async () => {
    const recordId = await addRecord({ title: '三体', classNo: 'I247.5', bookNo: '12' });
    const first = await t.post(COPIES, { recordId, count: 1, barcodes: ['T0001'] });
    expect(first.json.code).toBe(0);
    const dup = await t.post(COPIES, { recordId, count: 3, barcodes: ['T0002', 'T0001', 'T0003'] }, { lang: 'en' });
    expect(dup.json.errorCode).toBe('DUPLICATE');
    expect(dup.json.issues).toEqual([{ path: 'barcodes', message: 'The barcode T0001 is already in use' }]);
    const list = await t.post(`${P}/Literature/GetItemsCollection`, { recordId });
    expect(list.json.data.Total).toBe(1);
    expect(list.json.data.List[0]).toMatchObject({ barcode: 'T0001', callNo: 'I247.5/12', circState: 'available' });
    // Barcodes are found from the search box and by field.
    expect(titlesOf(await t.post(SEARCH, { SearchKey: 'T0001' }))).toEqual(['三体']);
    expect(titlesOf(await t.post(SEARCH, { SearchKey: 'T0001', field: 'barcode' }))).toEqual(['三体']);
  });

  it('checks barcodes against the rule and generates the next ones from it', async () => {
    const recordId = await addRecord({ title: '生成条码' });
    const rule = { prefix: 'G', length: 6, checkDigit: false };
    const bad = await t.post(COPIES, { recordId, count: 1, barcodes: ['X00001'], rule }, { lang: 'en' });
    expect(bad.json.issues).toEqual([{ path: 'barcodes.0', message: 'The barcode must start with G' }]);
    expect((await t.post(COPIES, { recordId, count: 1, barcodes: ['G00041'], rule })).json.code).toBe(0);
    const gen = await t.post(COPIES, { recordId, count: 2, rule });
    expect(gen.json.data.List.map((c: { barcode: string }) => c.barcode)).toEqual(['G00042', 'G00043']);
  });

  it('without a rule, both add-copy paths number copies by the default rule, after the highest in use', async () => {
    await t.db.delete(barcodeRule).where(eq(barcodeRule.schoolId, t.schoolId));
    const recordId = await addRecord({ title: '默认条码' });
    expect((await t.post(COPIES, { recordId, count: 1, barcodes: ['00000136'] })).json.code).toBe(0);
    // The cataloguing form sends no rule; the older dialog sent { prefix: '' } (it gave "137").
    const form = await t.post(COPIES, { recordId, count: 1 });
    expect(form.json.data.List.map((c: { barcode: string }) => c.barcode)).toEqual(['00000137']);
    const dialog = await t.post(COPIES, { recordId, count: 1, rule: { prefix: '' } });
    expect(dialog.json.data.List.map((c: { barcode: string }) => c.barcode)).toEqual(['00000138']);
    // The printing screens' generator gives the same next number.
    expect((await t.post(`${P}/Printing/NextBarcodes`, { count: 1 })).json.data).toEqual(['00000139']);
  });

  it('a school created on the company screen starts with the default barcode rule', async () => {
    const res = await t.post(`${P}/Organiza/AddSchool`, {
      code: 'newbc',
      name: '新学校',
      address: '新路 1 号',
      learningPeriod: 'primary',
      adminAccount: 'newbcadmin',
      adminPassword: 'Str0ng!pass',
      adminName: '管理员',
    });
    expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    const rules = await t.db.select().from(barcodeRule).where(eq(barcodeRule.schoolId, res.json.data.id));
    expect(rules).toMatchObject([{ kind: 'book', prefix: '', length: 8, checkDigit: false }]);
  });

  it('a rule with no numbers left refuses generated copies with the reason under the barcodes', async () => {
    await t.db.delete(barcodeRule).where(eq(barcodeRule.schoolId, t.schoolId));
    await t.db.insert(barcodeRule).values({ schoolId: t.schoolId, kind: 'book', prefix: 'F', length: 2 });
    const recordId = await addRecord({ title: '号码用完' });
    expect((await t.post(COPIES, { recordId, count: 1, barcodes: ['F9'] })).json.code).toBe(0);
    const full = await t.post(COPIES, { recordId, count: 1 }, { lang: 'en' });
    expect(full.json.issues).toEqual([
      { path: 'barcodes', message: 'The barcode rule (prefix F, length 2) has no numbers left; change the rule' },
    ]);
    await t.db.delete(barcodeRule).where(eq(barcodeRule.schoolId, t.schoolId));
  });

  it('concurrent additions of the same barcode: exactly one succeeds', async () => {
    const recordId = await addRecord({ title: '并发' });
    const results = await Promise.all([0, 1, 2].map(() => t.post(COPIES, { recordId, count: 1, barcodes: ['RACE1'] })));
    expect(results.filter((r) => r.json.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.json.errorCode === 'DUPLICATE')).toHaveLength(2);
  });

  it('changes circulation state only along allowed moves', async () => {
    const recordId = await addRecord({ title: '状态' });
    const add = await t.post(COPIES, { recordId, count: 1, barcodes: ['S0001'] });
    const id = add.json.data.List[0].id;
    const move = (to: string) => t.post(`${P}/Catalogue/ChangeCopyState`, { id, to }, { lang: 'en' });
    const refused = await move('returned-not-received');
    expect(refused.json.errorCode).toBe('COPY_STATE_REFUSED');
    expect(refused.json.msg).toContain('"available" to "returned-not-received"');
    expect((await move('lost')).json.data).toMatchObject({ circState: 'lost', version: 1 });
    expect((await move('borrowed')).json.errorCode).toBe('COPY_STATE_REFUSED');
    expect((await move('available')).json.data).toMatchObject({ circState: 'available', version: 2 });
    expect((await move('locked')).json.data).toMatchObject({ circState: 'locked', version: 3 });
    expect((await move('available')).json.data).toMatchObject({ circState: 'available', version: 4 });
    const byState = await t.post(SEARCH, { SearchKey: '状态', facets: { state: 'available' } });
    expect(byState.json.data.Total).toBe(1);
  });

  it('never moves a copy into or out of a loan state by hand: no loan without a loan row', async () => {
    const recordId = await addRecord({ title: '手工借出' });
    const add = await t.post(COPIES, { recordId, count: 1, barcodes: ['S0101'] });
    const id = add.json.data.List[0].id;
    const move = (to: string, lang: 'en' | 'zh' = 'en') =>
      t.post(`${P}/Catalogue/ChangeCopyState`, { id, to }, { lang });
    const borrow = await move('borrowed');
    expect(borrow.json.errorCode).toBe('COPY_STATE_LOAN');
    expect(borrow.json.msg).toBe(
      '"On loan" comes only from a loan or a reservation at the circulation desk; it cannot be set by hand',
    );
    const hold = await move('reserved', 'zh');
    expect(hold.json.errorCode).toBe('COPY_STATE_LOAN');
    expect(hold.json.msg).toBe('“已预约”只能由借书或预约产生，不能手工设置');
    // A copy circulation put on loan stays there until it is returned at the desk.
    await t.db.update(copy).set({ circState: 'borrowed' }).where(eq(copy.id, id));
    for (const to of ['available', 'lost']) {
      const r = await move(to);
      expect(r.json.errorCode).toBe('COPY_STATE_LOAN');
      expect(r.json.msg).toContain('This copy is "On loan": circulation manages that state');
    }
    const list = await t.post(`${P}/Literature/GetItemsCollection`, { recordId });
    expect(list.json.data.List[0]).toMatchObject({ circState: 'borrowed', version: 0 });
  });
});

describe('tenancy and access', () => {
  it('school B cannot see or change school A records or copies', async () => {
    const recordId = await addRecord({ title: '甲校专属书' });
    const add = await t.post(COPIES, { recordId, count: 1, barcodes: ['A0001'] });
    const copyId = add.json.data.List[0].id;
    const schoolB = await buildSchool(t.db);
    const b = await buildUser(t.db, schoolB, { permissions: [CODE, `${CODE}:add`, `${CODE}:edit`] });
    const as = { token: b.token, schoolId: schoolB };
    expect((await t.post(SEARCH, { SearchKey: '甲校专属书' }, as)).json.data.Total).toBe(0);
    expect((await t.post(`${P}/Literature/GetItemsCollection`, { recordId }, as)).json.data.Total).toBe(0);
    const upd = await t.post(`${P}/Catalogue/UpdateRecord`, { id: recordId, title: '改' }, as);
    expect(upd.json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${P}/Catalogue/GetRecord`, { id: recordId }, as)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(COPIES, { recordId, count: 1, barcodes: ['B1'] }, as)).json.errorCode).toBe('NOT_FOUND');
    const st = await t.post(`${P}/Catalogue/ChangeCopyState`, { id: copyId, to: 'lost' }, as);
    expect(st.json.errorCode).toBe('NOT_FOUND');
    // The same barcode is free in another school.
    const own = await addRecord({ title: '乙校书' }, as);
    expect((await t.post(COPIES, { recordId: own, count: 1, barcodes: ['A0001'] }, as)).json.code).toBe(0);
    expect(titlesOf(await t.post(SEARCH, { SearchKey: '甲校专属书' }))).toEqual(['甲校专属书']);
  });

  it('needs the catalogue permissions: viewing does not allow adding', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: [CODE] });
    expect((await t.post(SEARCH, {}, { token: viewer.token })).json.code).toBe(0);
    const add = await t.post(ADD, { title: 'x' }, { token: viewer.token });
    expect(add.status).toBe(403);
  });
});
