import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { captureSource } from './capture.table.ts';
import { freePort, hasYaz, startFakeSru, startYazZtest } from './sru-fixtures.ts';

const C = `${P}/Capture`;
const t = useTestApp();
const ISBN = '978-7-02-000220-7';

let fake: Awaited<ReturnType<typeof startFakeSru>>;
beforeAll(async () => {
  fake = await startFakeSru();
});
afterAll(async () => {
  await fake?.stop();
});

const source = (over: Record<string, unknown>) =>
  t.post(`${C}/AddSource`, { name: 'src', baseUrl: `http://127.0.0.1:${fake.port}`, database: 'cn', ...over });

async function clearSources() {
  await t.db.delete(captureSource);
}

describe('copy cataloguing: no source configured', () => {
  it('says so clearly in Chinese and English, naming the endpoint', async () => {
    await clearSources();
    const en = await t.post(`${C}/LibraryDataGradDDW`, { isbn: ISBN }, { lang: 'en' });
    expect(en.json.errorCode).toBe('CAPTURE_NO_SOURCE');
    expect(en.json.msg).toContain('No copy-cataloguing source is configured for "Record capture (DDW)"');
    const zh = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN }, { lang: 'zh' });
    expect(zh.json.msg).toContain('未配置“MARC 套录”的套录数据源');
  });

  it('the record form\'s "fill from source" look-ups (reading level, covers) name what is missing', async () => {
    await clearSources();
    const level = await t.post(`${C}/GetLeXile`, { isbn: ISBN }, { lang: 'en' });
    expect(level.json.errorCode).toBe('CAPTURE_NO_SOURCE');
    expect(level.json.msg).toContain('"Lexile reading level"');
    const cover = await t.post(`${C}/ItemsImgGradEng`, { isbn: ISBN }, { lang: 'zh' });
    expect(cover.json.errorCode).toBe('CAPTURE_NO_SOURCE');
    expect(cover.json.msg).toContain('“外文封面”');
  });

  it('refuses an invalid ISBN before asking anyone', async () => {
    const r = await t.post(`${C}/MarcDataGrad`, { isbn: '978-7-02-000220-8' }, { lang: 'zh' });
    expect(r.json.issues[0]).toMatchObject({ path: 'isbn', message: 'ISBN 格式或校验位不正确' });
  });
});

describe.skipIf(!hasYaz)('copy cataloguing against yaz-ztest (SRU, MARCXML)', () => {
  let yaz: Awaited<ReturnType<typeof startYazZtest>>;
  beforeAll(async () => {
    yaz = await startYazZtest();
  });
  afterAll(() => yaz?.stop());

  it('looks an ISBN up and maps the MARC21 record into record fields', async () => {
    await clearSources();
    const add = await source({
      name: 'yaz',
      baseUrl: `http://127.0.0.1:${yaz.port}`,
      database: 'Default',
      isbnIndex: '',
    });
    expect(add.json.code).toBe(0);
    const r = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN });
    expect(r.json.code).toBe(0);
    expect(r.json.data.source.name).toBe('yaz');
    expect(r.json.data.fields).toMatchObject({ title: 'How to program a computer', author: 'Jack Collins' });
    expect(r.json.data.marc.leader).toHaveLength(24);
    const test = await t.post(`${C}/TestSource`, { id: add.json.data.id });
    expect(test.json.data).toMatchObject({ ok: true, title: 'How to program a computer' });
  });

  it('reports an unknown database as a server error', async () => {
    await clearSources();
    await source({ name: 'yaz-bad', baseUrl: `http://127.0.0.1:${yaz.port}`, database: 'NoSuchDb' });
    const r = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN }, { lang: 'en' });
    expect(r.json.errorCode).toBe('CAPTURE_NOT_FOUND');
    expect(r.json.msg).toContain('yaz-bad: ');
  });
});

describe.skipIf(!hasYaz)('copy cataloguing over Z39.50 against yaz-ztest', () => {
  let yaz: Awaited<ReturnType<typeof startYazZtest>>;
  beforeAll(async () => {
    yaz = await startYazZtest();
  });
  afterAll(() => yaz?.stop());
  const z3950 = (over: Record<string, unknown> = {}) =>
    t.post(`${C}/AddSource`, {
      name: 'ztest',
      kind: 'z3950',
      baseUrl: `127.0.0.1:${yaz.port}`,
      database: 'Default',
      recordSchema: 'usmarc',
      ...over,
    });

  it('checks the address form of each kind', async () => {
    const sru = await t.post(`${C}/AddSource`, { name: 'x', baseUrl: 'lx2.loc.gov:210' }, { lang: 'en' });
    expect(sru.json.issues[0]).toMatchObject({ path: 'baseUrl', message: expect.stringContaining('http://') });
    const z = await z3950({ baseUrl: 'http://lx2.loc.gov:210' });
    expect(z.json.issues[0]).toMatchObject({ path: 'baseUrl' });
    const nodb = await z3950({ database: '' });
    expect(nodb.json.issues[0]).toMatchObject({ path: 'database' });
  });

  it('looks an ISBN up over Z39.50 and warns that the record carries another ISBN', async () => {
    await clearSources();
    expect((await z3950()).json.code).toBe(0);
    const r = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN }, { lang: 'en' });
    expect(r.json.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json.data.fields).toMatchObject({ title: 'How to program a computer', author: 'Jack Collins' });
    expect(r.json.data.isbnMismatch).toBe(true);
    expect(r.json.data.warnings[0]).toBe(
      'The record’s ISBN (none) differs from the ISBN asked, 9787020002207: check it is the same edition',
    );
  });

  it('searches by title, author and keyword across sources and lists the candidates side by side', async () => {
    await clearSources();
    await z3950({ name: 'ztest-z3950', sort: 1 });
    await source({ name: 'ztest-sru', baseUrl: `http://127.0.0.1:${yaz.port}`, database: 'Default', sort: 2 });
    const closed = await freePort();
    await z3950({ name: 'down', baseUrl: `127.0.0.1:${closed}`, sort: 3 });
    const r = await t.post(
      `${C}/SearchSources`,
      { title: 'computer', author: 'collins', perSource: 3 },
      { lang: 'en' },
    );
    expect(r.json.code, JSON.stringify(r.json)).toBe(0);
    const { candidates, sources } = r.json.data;
    expect(sources.map((s: { name: string; ok: boolean }) => [s.name, s.ok])).toEqual([
      ['ztest-z3950', true],
      ['ztest-sru', true],
      ['down', false],
    ]);
    expect(sources[2].message).toContain('down: cannot reach the server');
    const z = candidates.filter((c: { source: { name: string } }) => c.source.name === 'ztest-z3950');
    expect(z.length).toBe(3);
    expect(z[0]).toMatchObject({ title: 'How to program a computer', author: 'Jack Collins', isbnMismatch: false });
    expect(z[2].title).toContain('Computer processing of dynamic images');
    expect(z[2]).toMatchObject({ publisher: 'Society of Nuclear Medicine', pubYear: 1974 });
    // The type-1 query of a multi-word keyword ANDs each word; an ISBN search flags every candidate without it.
    const byIsbn = await t.post(`${C}/SearchSources`, { isbn: ISBN, sourceIds: [sources[0].id] });
    expect(byIsbn.json.data.candidates[0].isbnMismatch).toBe(true);
    const none = await t.post(`${C}/SearchSources`, { keyword: 'x' }, { lang: 'en' });
    expect(none.json.data.candidates).toHaveLength(0);
    expect(none.json.data.sources[0]).toMatchObject({ ok: true, total: 0 });
    const empty = await t.post(`${C}/SearchSources`, {}, { lang: 'zh' });
    expect(empty.json.issues[0].message).toBe('请输入 ISBN、题名、责任者或关键词');
  });

  it('reports a Z39.50 diagnostic (unknown database) by its Bib-1 text', async () => {
    await clearSources();
    const add = await z3950({ database: 'NoSuchDb' });
    const test = await t.post(`${C}/TestSource`, { id: add.json.data.id }, { lang: 'en' });
    expect(test.json.data).toMatchObject({ ok: false, message: expect.stringContaining('Database unavailable (109)') });
  });
});

describe('well-known sources', () => {
  it('lists them with whether the school has each, and adds one with one click', async () => {
    await clearSources();
    const list = await t.post(`${C}/GetKnownSources`, {}, { lang: 'zh' });
    const lc = list.json.data.find((k: { key: string }) => k.key === 'loc-lcdb');
    expect(lc).toMatchObject({
      name: '美国国会图书馆（Z39.50）',
      baseUrl: 'lx2.loc.gov:210',
      database: 'LCDB',
      added: false,
      verified: true,
    });
    const add = await t.post(`${C}/AddKnownSource`, { key: 'loc-lcdb' }, { lang: 'en' });
    expect(add.json.code).toBe(0);
    const src = (await t.post(`${C}/GetSource`, { id: add.json.data.id })).json.data;
    expect(src).toMatchObject({
      name: 'Library of Congress (Z39.50)',
      kind: 'z3950',
      enabled: true,
      recordSchema: 'usmarc',
    });
    const again = await t.post(`${C}/AddKnownSource`, { key: 'loc-lcdb' }, { lang: 'en' });
    expect(again.json.msg).toBe('This source has already been added');
    const after = await t.post(`${C}/GetKnownSources`, {});
    expect(after.json.data.find((k: { key: string }) => k.key === 'loc-lcdb').added).toBe(true);
  });
});

describe('copy cataloguing against an SRU server with Chinese records', () => {
  it('skips a source that cannot be reached and takes the next one, in order', async () => {
    await clearSources();
    const closed = await freePort();
    await source({ name: 'down', baseUrl: `http://127.0.0.1:${closed}`, sort: 1 });
    await source({ name: 'cn', sort: 2 });
    const r = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN });
    expect(r.json.data.source.name).toBe('cn');
    expect(r.json.data.fields).toMatchObject({
      title: '红楼梦',
      author: '曹雪芹',
      publisher: '人民文学出版社',
      pubYear: 2019,
      isbn: '9787020002207',
      classNo: 'I242.47',
      price: 59.7,
      readingLevel: '1180L',
      coverUrl: 'https://covers.example.org/9787020002207.jpg',
    });
    // Both ISBN forms are asked for, under the configured index.
    expect(fake.queries.at(-1)).toBe('bath.isbn=9787020002207 or bath.isbn=702000220X');
  });

  it('gives class numbers, reading level and cover', async () => {
    expect((await t.post(`${C}/GetChiIndexNum`, { isbn: ISBN })).json.data).toMatchObject({ classNo: 'I242.47' });
    expect((await t.post(`${C}/GetDwIndexNum`, { isbn: ISBN })).json.data).toMatchObject({ classNo: '895.1348' });
    expect((await t.post(`${C}/GetLeXile`, { isbn: ISBN })).json.data).toMatchObject({ lexile: '1180L' });
    const img = await t.post(`${C}/ItemsImgGradChi`, { isbn: ISBN });
    expect(img.json.data.coverUrl).toBe('https://covers.example.org/9787020002207.jpg');
  });

  it('keeps the source MARC on the record saved from the captured fields', async () => {
    const r = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN });
    const { fields, marc } = r.json.data;
    expect(fields.marc).toEqual(marc);
    const add = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, { ...fields, classNo: 'I242.47' });
    expect(add.json.code, JSON.stringify(add.json)).toBe(0);
    const rec = await t.post(`${P}/Catalogue/GetRecord`, { id: add.json.data.id });
    expect(rec.json.data).toMatchObject({ title: '红楼梦', marc });
    // The MARC editor opens the copied record, not one rebuilt from the fields.
    const ed = await t.post(`${P}/Marc/GetRecord`, { id: add.json.data.id });
    expect(ed.json.data).toMatchObject({ built: false, record: marc });
    await t.db.delete(catalogueRecord).where(eq(catalogueRecord.id, add.json.data.id));
  });

  it('routes a vendor endpoint only to the source tagged with it', async () => {
    await clearSources();
    await source({ name: 'Shanghai', vendors: ['LibraryDataGrad_SHTSG'] });
    const ok = await t.post(`${C}/LibraryDataGrad_SHTSG`, { isbn: ISBN });
    expect(ok.json.data.source.name).toBe('Shanghai');
    const none = await t.post(`${C}/LibraryDataGradZGTSW`, { isbn: ISBN }, { lang: 'en' });
    expect(none.json.errorCode).toBe('CAPTURE_NO_SOURCE');
  });

  it('explains every failure: no records, not SRU, a diagnostic, a timeout', async () => {
    await clearSources();
    await source({ name: 'empty', database: 'empty', sort: 1 });
    await source({ name: 'junk', database: 'junk', sort: 2 });
    await source({ name: 'diag', database: 'diag', sort: 3 });
    await source({ name: 'slow', database: 'slow', sort: 4, timeoutMs: 1000 });
    const en = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN }, { lang: 'en' });
    expect(en.json.msg).toContain('No record found for ISBN 9787020002207');
    expect(en.json.msg).toContain('empty: no records');
    expect(en.json.msg).toContain('junk: the answer is not an SRU or Z39.50 response');
    expect(en.json.msg).toContain('diag: the server reports: Unsupported index: bath.isbn');
    expect(en.json.msg).toContain('slow: the server did not answer in time');
    const zh = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN }, { lang: 'zh' });
    expect(zh.json.msg).toContain('empty: 没有记录');
  });

  it('says when the record has no reading level or cover', async () => {
    await clearSources();
    const closed = await freePort();
    await source({ name: 'only-down', baseUrl: `http://127.0.0.1:${closed}` });
    const r = await t.post(`${C}/GetLeXile`, { isbn: ISBN }, { lang: 'en' });
    expect(r.json.msg).toContain('only-down: cannot reach the server');
  });

  it('finds the school’s own records by ISBN (OurLibrary)', async () => {
    await t.db.insert(catalogueRecord).values({ schoolId: t.schoolId, title: '红楼梦（馆藏）', isbn: '9787020002207' });
    const r = await t.post(`${C}/OurLibrary`, { isbn: '7-02-000220-X' });
    expect(r.json.data.Total).toBe(1);
    expect(r.json.data.List[0]).toMatchObject({ title: '红楼梦（馆藏）', copies: 0 });
  });
});

describe('capture sources: validation, isolation, permissions', () => {
  it('checks the form in the caller language', async () => {
    const r = await source({ baseUrl: 'ftp://x' });
    expect(r.json.issues[0]).toMatchObject({ path: 'baseUrl' });
    const zh = await t.post(`${C}/AddSource`, { name: '', baseUrl: 'http://x' }, { lang: 'zh' });
    expect(zh.json.issues[0].message).toBe('请输入数据源名称');
  });

  it('never shows or uses another school’s sources', async () => {
    await clearSources();
    const mine = await source({ name: 'mine' });
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['*'] });
    const as = { token: admin.token, schoolId: other };
    expect((await t.post(`${C}/GetSourceList`, {}, as)).json.data.Total).toBe(0);
    expect((await t.post(`${C}/GetSource`, { id: mine.json.data.id }, as)).json.code).not.toBe(0);
    expect((await t.post(`${C}/MarcDataGrad`, { isbn: ISBN }, as)).json.errorCode).toBe('CAPTURE_NO_SOURCE');
    const upd = await t.post(`${C}/UpdateSource`, { id: mine.json.data.id, name: 'x', baseUrl: 'http://y' }, as);
    expect(upd.json.code).not.toBe(0);
  });

  it('needs book-editing to look up and book-editing-rule:edit to configure', async () => {
    const cataloguer = await buildUser(t.db, t.schoolId, { permissions: ['book-editing'] });
    const denied = await source({});
    expect(denied.json.code).toBe(0);
    const r = await t.post(`${C}/AddSource`, { name: 'x', baseUrl: 'http://127.0.0.1:1' }, { token: cataloguer.token });
    expect(r.status === 403 || r.json.code !== 0).toBe(true);
    const look = await t.post(`${C}/OurLibrary`, { isbn: ISBN }, { token: cataloguer.token });
    expect(look.json.code).toBe(0);
    const nobody = await buildUser(t.db, t.schoolId, { permissions: [] });
    const n = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN }, { token: nobody.token });
    expect(n.status === 403 || n.json.code !== 0).toBe(true);
  });
});
