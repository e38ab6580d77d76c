import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { loan } from '../circulation/circulation.table.ts';
import { catalogueRecord, copy } from './catalogue.table.ts';

const t = useTestApp();
const L = `${P}/Literature`;
const GROUPS = `${P}/Catalogue/DuplicateGroups`;

async function ok(url: string, body: unknown, opts = {}) {
  const res = await t.post(url, body, opts);
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data;
}
const record = async (title: string, extra: Record<string, unknown> = {}, opts = {}) =>
  (await ok(`${L}/AddItemsCatalogueInfo`, { title, ...extra }, opts)).id as number;
const copies = (recordId: number, barcodes: string[], opts = {}) =>
  ok(`${L}/AddItemsCollectionInfo`, { recordId, count: barcodes.length, barcodes }, opts);
/** The groups holding `id`, as lists of record ids. */
const groupsOf = async (id: number, body: Record<string, unknown> = {}, opts = {}) =>
  ((await ok(GROUPS, { Rows: 500, ...body }, opts)).List as { records: { id: number }[]; keys: unknown[] }[])
    .filter((g) => g.records.some((r) => r.id === id))
    .map((g) => ({ ids: g.records.map((r) => r.id), keys: g.keys }));

describe('duplicate check (/record-duplicates)', () => {
  it('lists records sharing a key side by side, by kind; punctuation and case of the title do not matter', async () => {
    const a = await record('The Wind in the Willows', { author: 'Grahame, Kenneth', pubYear: 1908 });
    const b = await record('wind in the willows!', { author: 'GRAHAME, KENNETH.', pubYear: 1908 });
    const c = await record('柳林风声', { isbn: '9787020002207' });
    const d = await record('柳林风声（插图本）', { isbn: '9787020002207' });
    expect(await groupsOf(a)).toEqual([
      { ids: [a, b], keys: [{ kind: 'tay', value: 'windinthewillows / grahamekenneth / 1908' }] },
    ]);
    expect(await groupsOf(c)).toEqual([{ ids: [c, d], keys: [{ kind: 'isbn', value: '9787020002207' }] }]);
    expect(await groupsOf(a, { kind: 'isbn' })).toEqual([]);
    const page = await ok(GROUPS, { kind: 'isbn', Rows: 500 });
    const shown = page.List.find((g: any) => g.records[0].id === c).records;
    expect(shown.map((r: any) => [r.title, r.isbn, r.copies])).toEqual([
      ['柳林风声', '9787020002207', 0],
      ['柳林风声（插图本）', '9787020002207', 0],
    ]);
  });

  it('merges two records in one transaction: copies and loans move to the kept record', async () => {
    const keep = await record('Merge kept', { isbn: '9780306406157' });
    const drop = await record('Merge dropped', { isbn: '0-306-40615-2' });
    await copies(keep, ['DUP-1']);
    await copies(drop, ['DUP-2', 'DUP-3']);
    const [c2] = await t.db.select().from(copy).where(eq(copy.barcode, 'DUP-2'));
    await t.db.insert(loan).values({
      schoolId: t.schoolId,
      copyId: c2.id,
      recordId: drop,
      userId: 1,
      dueDate: '2099-01-01',
    });
    expect(await groupsOf(keep)).toEqual([{ ids: [keep, drop], keys: [{ kind: 'isbn', value: '9780306406157' }] }]);
    expect(await ok(`${P}/Catalogue/MergeRecords`, { keepId: keep, dropIds: [drop] })).toEqual({ copies: 2 });
    const moved = await t.db
      .select({ barcode: copy.barcode, recordId: copy.recordId })
      .from(copy)
      .where(eq(copy.recordId, keep));
    expect(moved.map((m) => m.barcode).sort()).toEqual(['DUP-1', 'DUP-2', 'DUP-3']);
    expect((await t.db.select().from(loan).where(eq(loan.copyId, c2.id)))[0].recordId).toBe(keep);
    expect(await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.id, drop))).toEqual([]);
    expect(await groupsOf(keep)).toEqual([]);
    const same = await t.post(`${P}/Catalogue/MergeRecords`, { keepId: keep, dropIds: [keep] }, { lang: 'en' });
    expect(same.json.issues[0].message).toBe('Choose different records (the record kept cannot also be merged away)');
  });

  it('"not duplicates" takes a pair off the list', async () => {
    const a = await record('Annual report', { author: 'Library', pubYear: 2020 });
    const b = await record('Annual Report.', { author: 'library', pubYear: 2020 });
    expect((await groupsOf(a)).map((g) => g.ids)).toEqual([[a, b]]);
    await ok(`${P}/Catalogue/NotDuplicates`, { ids: [b, a] });
    expect(await groupsOf(a)).toEqual([]);
  });

  it("keeps schools apart and needs the screen's permissions", async () => {
    const other = await buildSchool(t.db);
    const viewer = await buildUser(t.db, other, { permissions: ['record-duplicates'] });
    const as = { token: viewer.token, schoolId: other };
    const admin = await buildUser(t.db, other, { permissions: ['resource-mana.resource.catalog:add'] });
    const mine = await record('Isolated title', { isbn: '9787536692930' });
    const b1 = await record('Isolated title', { isbn: '9787536692930' }, { token: admin.token, schoolId: other });
    expect(await groupsOf(mine)).toEqual([]);
    expect(await groupsOf(b1, {}, as)).toEqual([]);
    const b2 = await record('Isolated title', { isbn: '9787536692930' }, { token: admin.token, schoolId: other });
    expect((await groupsOf(b1, {}, as)).map((g) => g.ids)).toEqual([[b1, b2]]);
    const refused = await t.post(`${P}/Catalogue/MergeRecords`, { keepId: b1, dropIds: [b2] }, as);
    expect(refused.status).toBe(403);
    const foreign = await t.post(`${P}/Catalogue/MergeRecords`, { keepId: mine, dropIds: [b1] });
    expect(foreign.json.errorCode).toBe('NOT_FOUND');
  });
});
