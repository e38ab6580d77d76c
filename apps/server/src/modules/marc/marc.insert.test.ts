import { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, useTestApp } from '../../test/helper.ts';
import { createRecords } from '../catalogue/catalogue.service.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { recordDocument } from '../catalogue/record-document.ts';
import { FIXTURES } from '../search/lib/fixtures.test-data.ts';
import { buildSearchDocument, type SearchDocument, searchVectorSql, searchVectorText } from '../search/lib/document.ts';
import { insertRecordsWithCopies } from './marc.copies.ts';
import { insertRecords, joinedTexts, recordsInsert } from './marc.insert.ts';

const t = useTestApp();

/** Values that an array literal must quote or escape, and every kind of column. */
const ROWS = [
  {
    title: 'He said "hi" \\ {braces}, commas',
    author: 'NULL',
    parallelTitle: '',
    subjects: ['a "quoted" subject', 'back\\slash', '{x,y}', 'NULL', ''],
    price: 23.45,
    pubYear: 2008,
    pages: 300,
    recommended: true,
    readingLevel: '三至四年级',
    summary: '长篇小说。\nSecond line\ttab',
    isbn: '9787536692930',
    classNo: 'I247.5',
    bookNo: '12',
    marc: { leader: '00000nam a2200000 a 4500', fields: [{ tag: '245', value: 'x "y" \\ z' }] },
  },
  { title: '三体', subjects: [], marc: undefined },
  { title: 'Ω ≠ 𝄞 emoji 📚', price: 0, pubYear: 0, pages: 0 },
].map((r) => RecordCreate.parse(r));

const {
  id: _id,
  schoolId: _s,
  createdAt: _c,
  updatedAt: _u,
  search: _search,
  ...cols
} = getTableColumns(catalogueRecord);

async function stored(schoolId: number) {
  return t.db
    .select({ ...cols, search: sql<string>`${catalogueRecord.search}::text` })
    .from(catalogueRecord)
    .where(eq(catalogueRecord.schoolId, schoolId))
    .orderBy(asc(catalogueRecord.id));
}

describe('insertRecords (the import batch INSERT)', () => {
  it('writes exactly what createRecords writes, search vector included, ids in order', async () => {
    const a = await buildSchool(t.db);
    const b = await buildSchool(t.db);
    const docs = ROWS.map((r) => recordDocument(r));
    const viaService = await createRecords(t.db, new Scope(a), ROWS, docs);
    const list = ROWS.map((row, i) => ({
      row,
      doc: docs[i],
      marcJson: row.marc === undefined ? null : JSON.stringify(row.marc),
    }));
    const ids = await t.db.transaction((tx) => insertRecords(tx, new Scope(b), list));
    expect(ids).toHaveLength(3);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const mine = await stored(b);
    expect(mine.map((r) => r.title)).toEqual(ROWS.map((r) => r.title));
    expect(await stored(b)).toEqual(await stored(a));
    expect(viaService).toHaveLength(3);
    const [first] = await t.db
      .select({ id: catalogueRecord.id, title: catalogueRecord.title })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.id, ids[0]));
    expect(first.title).toBe(ROWS[0].title);
  });

  it('sends the MARC and the match keys joined by a separator none of them holds; NULLs kept, one row alone too', async () => {
    const b = await buildSchool(t.db);
    const keys = [['t:\u001ea"b', 'x\u001fy\ue000z'], ['t:{,}'], []];
    const list = ROWS.map((row, i) => ({
      row,
      doc: recordDocument(row),
      marcJson: row.marc === undefined ? null : JSON.stringify(row.marc),
      matchKeys: keys[i],
    }));
    await t.db.transaction((tx) => insertRecords(tx, new Scope(b), list));
    await t.db.transaction((tx) => insertRecords(tx, new Scope(b), [list[1]]));
    const rows = await t.db
      .select({ marc: catalogueRecord.marc, keys: catalogueRecord.matchKeys })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.schoolId, b))
      .orderBy(asc(catalogueRecord.id));
    expect(rows.map((r) => r.keys)).toEqual([...keys, keys[1]]);
    expect(rows.map((r) => r.marc ?? null)).toEqual([...ROWS, ROWS[1]].map((r) => r.marc ?? null));
  });
});

describe('insertRecordsWithCopies (records and their copies in one statement)', () => {
  const list = () =>
    ROWS.map((row) => ({ row, doc: recordDocument(row), marcJson: row.marc ? JSON.stringify(row.marc) : null }));
  const copies = async (schoolId: number) =>
    t.db
      .select({ recordId: copy.recordId, barcode: copy.barcode, callNo: copy.callNo, storeType: copy.storeType })
      .from(copy)
      .where(eq(copy.schoolId, schoolId))
      .orderBy(asc(copy.id));

  it('puts each copy on its record (given by its place in the list), in the order planned', async () => {
    const s = await buildSchool(t.db);
    const scope = new Scope(s);
    const rows = [
      { recordId: 3, barcode: 'W-3a', callNo: 'X/3' },
      { recordId: 1, barcode: 'W-1a', callNo: 'X/1' },
      { recordId: 3, barcode: 'W-3b', callNo: '' },
    ].map((r) => scope.values(r));
    const records = list();
    const ids = await t.db.transaction((tx) =>
      insertRecordsWithCopies(tx, records, recordsInsert(scope, records), rows),
    );
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect((await stored(s)).map((r) => r.title)).toEqual(ROWS.map((r) => r.title));
    expect(await copies(s)).toEqual([
      { recordId: ids[2], barcode: 'W-3a', callNo: 'X/3', storeType: 1 },
      { recordId: ids[0], barcode: 'W-1a', callNo: 'X/1', storeType: 1 },
      { recordId: ids[2], barcode: 'W-3b', callNo: '', storeType: 1 },
    ]);
  });

  it('writes nothing when the database refuses a copy (a barcode in use)', async () => {
    const s = await buildSchool(t.db);
    const scope = new Scope(s);
    const records = list();
    const first = [scope.values({ recordId: 1, barcode: 'TAKEN' })];
    await t.db.transaction((tx) => insertRecordsWithCopies(tx, records, recordsInsert(scope, records), first));
    const again = [scope.values({ recordId: 2, barcode: 'FREE' }), scope.values({ recordId: 3, barcode: 'TAKEN' })];
    await expect(
      t.db.transaction((tx) => insertRecordsWithCopies(tx, records, recordsInsert(scope, records), again)),
    ).rejects.toThrow();
    expect(await stored(s)).toHaveLength(3);
    expect((await copies(s)).map((c) => c.barcode)).toEqual(['TAKEN']);
  });
});

describe('joinedTexts', () => {
  it('picks a separator no value holds, NULL as the empty string, and refuses an empty value', () => {
    expect(joinedTexts(['a', null, 'b'])).toEqual({ text: 'a\u001e\u001eb', sep: '\u001e' });
    expect(joinedTexts(['a\u001e', 'b\u001f'])).toEqual({ text: 'a\u001e\ue000b\u001f', sep: '\ue000' });
    expect(joinedTexts([null])).toEqual({ text: '', sep: '\u001e' });
    expect(() => joinedTexts(['a', ''])).toThrow();
  });
});

/** Documents of every shape: the search fixtures, traditional Chinese, codes, numbers the parser reads as floats. */
function documents(): SearchDocument[] {
  const docs = FIXTURES.map((f) => buildSearchDocument(f));
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const alphabet = 'e0123456789abxz';
  const token = () => Array.from({ length: 1 + rnd(7) }, () => alphabet[rnd(alphabet.length)]).join('');
  for (let i = 0; i < 200; i++) {
    const words = Array.from({ length: 1 + rnd(12) }, token).join(' ');
    docs.push(
      buildSearchDocument({
        title: `${['紅樓夢', '三体', 'Java编程思想', '第3卷'][i % 4]} ${words}`,
        author: i % 3 ? '曹雪芹' : '',
        subjects: [words, '章回小说--清代'],
        isbn: i % 5 ? '978-7-02-000220-7' : '',
        publisher: i % 7 ? '人民文学出版社' : '',
        callNumber: `I24${i % 10}.5/${i}`,
        other: [words, i % 11 ? 'A classic novel 15' : '3e3e', i % 13 ? '' : 'Déjà vu Ω 𠀀 かな'],
      }),
    );
  }
  docs.push({ A: '', B: '', C: '', D: '' }, { A: 'a', B: '', C: 'a b', D: 'b a' });
  return docs;
}

describe('searchVectorText', () => {
  it('reads as the vector the database computes, or is null and the database computes it', async () => {
    const docs = documents();
    const texts = docs.map(searchVectorText);
    expect(texts.filter((v) => v === null).length).toBeGreaterThan(0);
    expect(texts.filter((v) => v !== null).length).toBeGreaterThan(docs.length / 3);
    const col = (k: keyof SearchDocument) => JSON.stringify(docs.map((d) => d[k]));
    const rows = (
      await t.db.execute(
        sql`select u.v::tsvector::text as mine, ${searchVectorSql({ A: sql`u.a`, B: sql`u.b`, C: sql`u.c`, D: sql`u.d` } as unknown as SearchDocument)}::text as theirs
          from unnest(array(select json_array_elements_text(${JSON.stringify(texts)}::json)),
            array(select json_array_elements_text(${col('A')}::json)), array(select json_array_elements_text(${col('B')}::json)),
            array(select json_array_elements_text(${col('C')}::json)), array(select json_array_elements_text(${col('D')}::json)))
            with ordinality as u(v, a, b, c, d, n) order by u.n`,
      )
    ).rows as { mine: string | null; theirs: string }[];
    expect(rows).toHaveLength(docs.length);
    rows.forEach((r, i) => {
      if (texts[i] !== null) expect({ i, vector: r.mine }).toEqual({ i, vector: r.theirs });
    });
  });
});
