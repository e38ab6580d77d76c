import { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, useTestApp } from '../../test/helper.ts';
import { createRecords } from '../catalogue/catalogue.service.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { recordDocument } from '../catalogue/record-document.ts';
import { insertRecords } from './marc.insert.ts';

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
});
