import { P } from '@shuyuan/contracts/common/paths';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { reindexStaleRecords } from '../catalogue/catalogue-reindex.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { importMarcAs } from './marc.test-support.ts';

const t = useTestApp();
const FILE = new URL('./fixtures/search-index.mrc', import.meta.url).pathname;

/** Titles the staff search finds for a text (or in one field). */
async function titles(SearchKey: string, field?: string): Promise<string[]> {
  const res = await t.post(`${P}/Marc/FindRecords`, { SearchKey, field, Rows: 50 });
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data.List.map((r: { title: string }) => r.title).sort();
}

describe('search finds what a reader types (issue 14 §1)', () => {
  it('imports the file with display titles and fields without ISBD punctuation', async () => {
    const report = await importMarcAs(t, null, FILE, { createCopies: false });
    expect(report.summary).toMatch(/5/);
    const rows = await t.db
      .select({ title: catalogueRecord.title, author: catalogueRecord.author, publisher: catalogueRecord.publisher })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.schoolId, t.schoolId));
    expect(rows.map((r) => r.title).sort()).toEqual([
      'Flatland : a romance of many dimensions',
      '傲慢与偏见',
      '傲慢與偏見',
      '城南旧事 : 林海音小说选',
      '紅樓夢',
    ]);
    const honglou = rows.find((r) => r.title === '紅樓夢');
    expect(honglou).toMatchObject({ author: '曹雪芹', publisher: '風間書房' });
  });

  it('finds subtitles, variant titles, series, subjects and contents', async () => {
    const flatland = ['Flatland : a romance of many dimensions'];
    expect(await titles('romance of many dimensions')).toEqual(flatland);
    expect(await titles('dover thrift')).toEqual(flatland);
    expect(await titles('geometry fiction')).toEqual(flatland);
    expect(await titles('pointland')).toEqual(flatland);
    expect(await titles('romance', 'title')).toEqual(flatland);
    expect(await titles('林海音小说选')).toEqual(['城南旧事 : 林海音小说选']);
    expect(await titles('中国现代文学名著丛书')).toEqual(['城南旧事 : 林海音小说选']);
  });

  it('finds a record with 880 fields by its vernacular and by its romanised title and author', async () => {
    expect(await titles('红楼梦')).toEqual(['紅樓夢']);
    expect(await titles('hong lou meng')).toEqual(['紅樓夢']);
    expect(await titles('Cao Xueqin')).toEqual(['紅樓夢']);
    expect(await titles('曹雪芹')).toEqual(['紅樓夢']);
    expect(await titles('风间书房')).toEqual(['紅樓夢']);
  });

  it('folds simplified and traditional Chinese in the index and the query', async () => {
    const both = ['傲慢与偏见', '傲慢與偏見'];
    expect(await titles('傲慢与偏见')).toEqual(both);
    expect(await titles('傲慢與偏見')).toEqual(both);
    expect(await titles('偏見', 'title')).toEqual(both);
    expect(await titles('夢')).toEqual(['紅樓夢']);
    expect(await titles('aoman')).toEqual(both);
  });

  it('rebuilds the documents of records indexed by older rules (start-up job)', async () => {
    await t.db.execute(
      sql`update catalogue_record set search = to_tsvector('simple', ''), search_version = 0 where school_id = ${t.schoolId}`,
    );
    expect(await titles('傲慢与偏见')).toEqual([]);
    expect(await reindexStaleRecords(t.db, { batch: 2 })).toBeGreaterThanOrEqual(5);
    expect(await titles('傲慢與偏見')).toEqual(['傲慢与偏见', '傲慢與偏見']);
    expect(await titles('dover thrift')).toEqual(['Flatland : a romance of many dimensions']);
    expect(await reindexStaleRecords(t.db)).toBe(0);
  });
});

describe('import a cataloguer trusts (issue 14 §2)', () => {
  const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

  it("reports what it refused and what it flagged, in the starter's language", async () => {
    const report = await importMarcAs(t, null, fixture('import-cases.mrc'), { createCopies: false });
    expect(report.total).toBeGreaterThanOrEqual(2);
    const failed = report.List.find((r) => r.status === 'failed');
    expect(failed?.reason).toMatch(/Not a bibliographic record/);
    const flagged = report.List.find((r) => r.title === '城南旧事');
    expect(flagged?.reason).toMatch(/looks garbled/);
    const [volumes] = await t.db
      .select({ pages: catalogueRecord.pages, pubYear: catalogueRecord.pubYear })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.title, '三卷本'));
    expect(volumes).toEqual({ pages: null, pubYear: 1975 });
  });

  it('accepts .usmarc and .dat files and recovers their records with a warning', async () => {
    const chars = await importMarcAs(t, null, fixture('character-lengths.usmarc'), { createCopies: false }, 'zh');
    expect(chars.List.map((r) => r.reason).join()).toMatch(/按字符读取/);
    const marc8 = await importMarcAs(t, null, fixture('marc8-labelled-utf8.dat'), { createCopies: false });
    expect(marc8.List.map((r) => r.reason).join()).toMatch(/read as MARC-8/);
    expect(await titles('林海音小说')).toEqual(['城南旧事 : 林海音小说', '城南旧事 : 林海音小说选']);
    expect(await titles('城南旧事', 'title')).toContain('城南旧事');
  });
});
