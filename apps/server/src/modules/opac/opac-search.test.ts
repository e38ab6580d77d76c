import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { shelf, shelfPosition } from '../basic/shelf.table.ts';
import { makeReader, setSetting } from '../circulation/test-fixtures.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { copyShelf, resourceAuth } from '../holdings/holdings.table.ts';
import { makeLocation, makeRecord } from './test-fixtures.ts';
import { eq } from 'drizzle-orm';

const t = useTestApp();
const S = `${P}/Search`;
let scope: Scope;
/** An anonymous reader of the public site: no token, the school chosen by its code. */
const pub = (url: string, body: unknown = {}, opts: { schoolId?: number | null; lang?: 'zh' | 'en' } = {}) =>
  t.post(url, body, {
    token: null,
    schoolId: opts.schoolId === undefined ? t.schoolId : opts.schoolId,
    lang: opts.lang,
  });

let hall: { branchId: number; locationId: number };
let store: { branchId: number; locationId: number };
let dream: { id: number; barcodes: string[] };
let secret: { id: number; barcodes: string[] };

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  hall = await makeLocation(t.db, scope, '少儿借阅室', { mapUrl: '/files/map.png', x: 30, y: 40 });
  store = await makeLocation(t.db, scope, '密集书库');
  dream = await makeRecord(
    t.db,
    scope,
    {
      title: '红楼梦',
      author: '曹雪芹',
      publisher: '人民文学出版社',
      pubYear: 2008,
      isbn: '9787020002207',
      classNo: 'I242.4',
      bookNo: '1',
      subjects: ['章回小说'],
      series: '中国古典文学读本丛书',
      language: 'chi',
    },
    [
      { ...hall, callNo: 'I242.4/1' },
      { ...hall, callNo: 'I242.4/1' },
      { ...store, callNo: 'I242.4/1' },
    ],
  );
  await makeRecord(t.db, scope, { title: '红楼梦人物论', author: '王昆仑', pubYear: 1983, classNo: 'I207.411' }, [
    { ...hall },
  ]);
  await makeRecord(t.db, scope, { title: '石头记', author: '曹雪芹', pubYear: 1990, classNo: 'I242.4' }, [{ ...hall }]);
  await makeRecord(
    t.db,
    scope,
    {
      title: 'Harry Potter and the Goblet of Fire',
      author: 'J. K. Rowling',
      pubYear: 2000,
      language: 'eng',
      classNo: 'I561.84',
    },
    [{ ...hall }],
  );
  // Only in the closed stack, which the rules hide from the public below.
  secret = await makeRecord(t.db, scope, { title: '内部资料汇编', author: '档案室', classNo: 'Z1' }, [{ ...store }]);
  await t.db.insert(resourceAuth).values(scope.values({ locationId: store.locationId, canView: false, canLend: true }));
});

describe('public search site (anonymous)', () => {
  it('finds by Chinese word, pinyin initials and ISBN with facets over the hit list', async () => {
    const word = await pub(`${S}/Catalogue`, { SearchKey: '红楼梦' });
    expect(word.json.success).toBe(true);
    const titles = word.json.data.List.map((x: any) => x.title);
    expect(titles[0]).toBe('红楼梦');
    expect(titles).toContain('红楼梦人物论');
    const f = word.json.data.Facets;
    expect(f.author.map((x: any) => x.value)).toEqual(expect.arrayContaining(['曹雪芹', '王昆仑']));
    expect(f.location).toEqual([{ value: hall.locationId, count: 2, label: '少儿借阅室' }]);
    expect(f.available[0].count).toBe(2);

    const initials = (await pub(`${S}/Catalogue`, { SearchKey: 'hlm' })).json.data.List.map((x: any) => x.title);
    expect(initials.sort()).toEqual(['红楼梦', '红楼梦人物论']);
    const isbn = await pub(`${S}/Catalogue`, { SearchKey: '978-7-02-000220-7', field: 'isbn' });
    expect(isbn.json.data.List.map((x: any) => x.title)).toEqual(['红楼梦']);
    const subject = await pub(`${S}/Catalogue`, { SearchKey: '章回', field: 'subject' });
    expect(subject.json.data.List.map((x: any) => x.title)).toEqual(['红楼梦']);
    const series = await pub(`${S}/Catalogue`, { SearchKey: '古典文学', field: 'series' });
    expect(series.json.data.List.map((x: any) => x.title)).toEqual(['红楼梦']);
    const cls = await pub(`${S}/Catalogue`, { SearchKey: 'I242', field: 'classNo', sort: 'year' });
    expect(cls.json.data.List.map((x: any) => x.title)).toEqual(['红楼梦', '石头记']);
  });

  it('narrows by facets: author, year, and copies on the shelf now', async () => {
    const byAuthor = await pub(`${S}/Catalogue`, { SearchKey: '', facets: { author: '曹雪芹' }, sort: 'title' });
    expect(byAuthor.json.data.List.map((x: any) => x.title).sort()).toEqual(['石头记', '红楼梦']);
    const byYear = await pub(`${S}/Catalogue`, { SearchKey: '红楼梦', facets: { year: 1983 } });
    expect(byYear.json.data.List.map((x: any) => x.title)).toEqual(['红楼梦人物论']);
    const hit = (await pub(`${S}/Catalogue`, { SearchKey: '红楼梦', field: 'title' })).json.data.List.find(
      (x: any) => x.title === '红楼梦',
    );
    // The closed stack's copy is hidden: 2 copies, not 3.
    expect(hit).toMatchObject({ copies: 2, available: 2 });
  });

  it('combines advanced search lines with and / or / not and a year range', async () => {
    const q = (body: unknown) => pub(`${S}/ComplexCatalogue`, body).then((r) => r.json);
    const and = await q({
      lines: [
        { field: 'author', text: '曹雪芹' },
        { op: 'not', field: 'title', text: '石头记' },
      ],
    });
    expect(and.data.List.map((x: any) => x.title)).toEqual(['红楼梦']);
    const or = await q({
      lines: [
        { field: 'title', text: '石头记' },
        { op: 'or', field: 'author', text: 'Rowling' },
      ],
      sort: 'title',
    });
    expect(or.data.Total).toBe(2);
    const years = await q({ lines: [{ field: 'any', text: '红楼梦' }], yearFrom: 2000, yearTo: 2010 });
    expect(years.data.List.map((x: any) => x.title)).toEqual(['红楼梦']);
    const lang = await q({ lines: [], language: 'eng' });
    expect(lang.data.List.map((x: any) => x.title)).toEqual(['Harry Potter and the Goblet of Fire']);
    const bad = await pub(`${S}/ComplexCatalogue`, { yearFrom: 2010, yearTo: 2000 }, { lang: 'zh' });
    expect(bad.json.issues).toEqual([{ path: 'yearTo', message: '结束年份不能早于开始年份' }]);
  });

  it('shows copies with location, call number, state and due date, never the borrower', async () => {
    const reader = await makeReader(t.db, scope, { name: '李小明' });
    const lent = await t.post(`${P}/Circulation/LiteratureCirc`, {
      readerBarcode: reader.account,
      barcode: dream.barcodes[0],
    });
    expect(lent.json.success).toBe(true);
    // The second copy stands on a shelf position (book positioning).
    const [sh] = await t.db
      .insert(shelf)
      .values(scope.values({ locationId: hall.locationId, code: 'A03', barcode: 'SH-A03' }))
      .returning();
    const [pos] = await t.db
      .insert(shelfPosition)
      .values(scope.values({ shelfId: sh.id, code: 'A03-1-2-1', face: 1, layer: 2, column: 1 }))
      .returning();
    const [c2] = await t.db.select().from(copy).where(eq(copy.barcode, dream.barcodes[1]));
    await t.db.insert(copyShelf).values(scope.values({ copyId: c2.id, shelfPositionId: pos.id }));

    const res = await pub(`${S}/Collection`, { id: dream.id });
    const copies = res.json.data;
    expect(copies.map((c: any) => c.barcode).sort()).toEqual([dream.barcodes[0], dream.barcodes[1]].sort());
    const onLoan = copies.find((c: any) => c.barcode === dream.barcodes[0]);
    expect(onLoan.circState).toBe('borrowed');
    expect(onLoan.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const shelved = copies.find((c: any) => c.barcode === dream.barcodes[1]);
    expect(shelved).toMatchObject({
      callNo: 'I242.4/1',
      circState: 'available',
      dueDate: null,
      location: { id: hall.locationId, name: '少儿借阅室', mapUrl: '/files/map.png', x: 30, y: 40 },
      shelf: { shelf: 'A03', position: 'A03-1-2-1', face: 1, layer: 2, column: 1 },
    });
    const text = JSON.stringify(res.json);
    expect(text).not.toContain('李小明');
    expect(text).not.toContain(reader.account);
  });

  it('gives the bibliographic and MARC view with more by the author and in the same class', async () => {
    const d = (await pub(`${S}/CatalogueDetail`, { id: dream.id })).json.data;
    expect(d).toMatchObject({ title: '红楼梦', author: '曹雪芹', isbn: '9787020002207', subjects: ['章回小说'] });
    // The MARC view is in the school's MARC format, CNMARC unless the editing settings say MARC21.
    expect(d.marc.some((f: any) => f.tag === '200' && f.text.includes('$a红楼梦'))).toBe(true);
    expect(d.marc.some((f: any) => f.tag === '245')).toBe(false);
    expect(d.byAuthor.map((x: any) => x.title)).toEqual(['石头记']);
    expect(d.sameClass.map((x: any) => x.title)).toEqual(['石头记']);
  });

  it("shows the MARC view in MARC21 once that is the school's MARC format", async () => {
    const cfg = (await t.post(`${P}/Literature/GetEditingConfig`, {})).json.data;
    expect(cfg.marcFormat).toBe('UNIMARC');
    expect((await t.post(`${P}/Literature/SaveEditingConfig`, { ...cfg, marcFormat: 'MARC21' })).json.code).toBe(0);
    try {
      const d = (await pub(`${S}/CatalogueDetail`, { id: dream.id })).json.data;
      expect(d.marc.find((f: any) => f.tag === '245')).toMatchObject({ ind: '10', text: '$a红楼梦' });
      expect(d.marc.some((f: any) => f.tag === '200')).toBe(false);
    } finally {
      await t.post(`${P}/Literature/SaveEditingConfig`, cfg);
    }
  });

  it('hides what the resource rules hide, and another school’s records', async () => {
    const found = await pub(`${S}/Catalogue`, { SearchKey: '内部资料' });
    expect(found.json.data.Total).toBe(0);
    expect((await pub(`${S}/CatalogueDetail`, { id: secret.id })).json.errorCode).toBe('NOT_FOUND');
    expect((await pub(`${S}/Collection`, { id: secret.id })).json.errorCode).toBe('NOT_FOUND');
    const options = (await pub(`${S}/GetSearchOptions`)).json.data;
    expect(options.locations.map((l: any) => l.name)).toEqual(['少儿借阅室']);

    const other = await buildSchool(t.db);
    const there = await pub(`${S}/CatalogueDetail`, { id: dream.id }, { schoolId: other });
    expect(there.json.errorCode).toBe('NOT_FOUND');
    expect((await pub(`${S}/Catalogue`, { SearchKey: '红楼梦' }, { schoolId: other })).json.data.Total).toBe(0);
  });

  it('needs a school, and says so when the school closed its public site', async () => {
    expect((await pub(`${S}/Catalogue`, {}, { schoolId: null })).json.errorCode).toBe('SCHOOL_REQUIRED');
    expect((await pub(`${S}/Catalogue`, {}, { schoolId: 999999 })).json.errorCode).toBe('SCHOOL_NOT_FOUND');
    const other = await buildSchool(t.db);
    await setSetting(t.db, new Scope(other), 'opac.enabled', false);
    const closed = await pub(`${S}/Catalogue`, {}, { schoolId: other, lang: 'zh' });
    expect(closed.json).toMatchObject({ success: false, errorCode: 'OPAC_CLOSED', msg: '本校的公共检索站未开放' });
  });

  it('browses 中图法 classes with record counts, recommended books and the library in figures', async () => {
    const top = (await pub('/search/classify', {})).json.data;
    const i = top.find((n: any) => n.code === 'I');
    expect(i).toMatchObject({ count: 4, hasChildren: true });
    const z = top.find((n: any) => n.code === 'Z');
    expect(z.count).toBe(0); // the hidden record is not counted
    const under = (await pub('/search/classify', { parent: 'I' })).json.data;
    expect(under.find((n: any) => n.code === 'I2').count).toBe(3);

    await makeRecord(t.db, scope, { title: '小王子', author: '圣埃克苏佩里', recommended: true }, [{ ...hall }]);
    const rec = (await pub(`${S}/Recommend`, { kind: 'picks' })).json.data;
    expect(rec.List.map((x: any) => x.title)).toEqual(['小王子']);

    const stat = (await pub(`${S}/Statfile`)).json.data;
    expect(stat.copies).toBeGreaterThanOrEqual(6);
    expect(stat.available).toBe(stat.copies - 1);
  });

  it('shows what /search-mana sets: welcome line, hot words and home panels; the screen needs its permission', async () => {
    const save = await t.post(`${P}/Config/SaveSettings`, {
      screen: 'search-mana',
      values: { 'opac.welcome': '欢迎来到图书馆', 'opac.hotWords': '红楼梦，三体 哈利波特', 'opac.showFigures': false },
    });
    expect(save.json.success).toBe(true);
    const site = (await pub(`${S}/GetSiteConfig`)).json.data;
    expect(site).toEqual({
      welcome: '欢迎来到图书馆',
      hotWords: ['红楼梦', '三体', '哈利波特'],
      showFigures: false,
      showNewBooks: true,
      showRecommended: true,
    });
    const clerk = await buildUser(t.db, t.schoolId, { permissions: ['basic-config'] });
    const refused = await t.post(`${P}/Config/GetSettingList`, { screen: 'search-mana' }, { token: clerk.token });
    expect(refused.status).toBe(403);
  });
});
