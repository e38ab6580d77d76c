import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { resourceAuth } from '../holdings/holdings.table.ts';
import { broadSearchTuning } from './broad-search.ts';
import { makeLocation, makeRecord } from './test-fixtures.ts';

/**
 * Broad public searches keep their ranked page ids, count and facets for a minute (broad-search.ts); here a
 * "broad" search is one of 3 hits or more, so a small library shows what readers would see at 100k records.
 */
const t = useTestApp();
const S = `${P}/Search`;
let scope: Scope;
const saved = { ...broadSearchTuning };
const pub = (body: Record<string, unknown>) => t.post(`${S}/Catalogue`, body, { token: null, schoolId: t.schoolId });
const search = async (body: Record<string, unknown>) => {
  const res = await pub({ Page: 1, Rows: 20, ...body });
  expect(res.json.success).toBe(true);
  return res.json.data;
};
let hall: { branchId: number; locationId: number };
let annex: { branchId: number; locationId: number };
let first: { id: number; barcodes: string[] };
let annexOnly: { id: number; barcodes: string[] };

beforeAll(async () => {
  Object.assign(broadSearchTuning, { minHits: 3, ttlMs: 60_000 });
  scope = new Scope(t.schoolId);
  hall = await makeLocation(t.db, scope, '少儿借阅室');
  annex = await makeLocation(t.db, scope, '分馆书库');
  first = await makeRecord(t.db, scope, { title: '天文学入门', author: '张明' }, [hall]);
  await makeRecord(t.db, scope, { title: '天文学简史', author: '李华' }, [hall]);
  annexOnly = await makeRecord(t.db, scope, { title: '天文学十讲', author: '王强' }, [annex]);
  await makeRecord(t.db, scope, { title: '地理入门', author: '赵刚' }, [hall]);
});
afterAll(() => Object.assign(broadSearchTuning, saved));

describe('broad public searches kept for a minute', () => {
  it('answers a repeated broad search from what it kept, with each copy’s availability read afresh', async () => {
    const before = await search({ SearchKey: '天文学' });
    expect(before.Total).toBe(3);
    const row = (d: any) => d.List.find((x: any) => x.id === first.id);
    expect(row(before).available).toBe(1);
    // Lent meanwhile: the kept answer's page still shows the copy as it is now.
    await t.db.update(copy).set({ circState: CircState.BORROWED }).where(eq(copy.barcode, first.barcodes[0]));
    const after = await search({ SearchKey: '天文学' });
    expect(row(after).available).toBe(0);
    expect(row(after).copies).toBe(1);
    expect(after.List.map((x: any) => x.id)).toEqual(before.List.map((x: any) => x.id));
    // The count and facets are those kept (the minute's trade-off, README): available now still counts it.
    expect(after.Facets.available[0].count).toBe(before.Facets.available[0].count);
    await t.db.update(copy).set({ circState: CircState.AVAILABLE }).where(eq(copy.barcode, first.barcodes[0]));
  });

  it('keeps a record catalogued meanwhile out of a kept broad answer for at most the minute, never out of a narrow one', async () => {
    await search({ SearchKey: '天文学', field: 'title' });
    await makeRecord(t.db, scope, { title: '天文学图说', author: '周宁' }, [hall]);
    expect((await search({ SearchKey: '天文学', field: 'title' })).Total).toBe(3);
    // A narrow search (below the broad size) is always exact.
    expect((await search({ SearchKey: '天文学图说' })).Total).toBe(1);
    broadSearchTuning.ttlMs = 0;
    expect((await search({ SearchKey: '天文学', field: 'title' })).Total).toBe(4);
    broadSearchTuning.ttlMs = 60_000;
  });

  it('applies a rule that hides a location at once, kept answers or not', async () => {
    const shown = await search({ SearchKey: '天文学', sort: 'title' });
    expect(shown.List.map((x: any) => x.id)).toContain(annexOnly.id);
    expect(shown.Facets.location.map((f: any) => f.label)).toContain('分馆书库');
    await t.db
      .insert(resourceAuth)
      .values(scope.values({ locationId: annex.locationId, canView: false, canLend: true }));
    const hidden = await search({ SearchKey: '天文学', sort: 'title' });
    expect(hidden.List.map((x: any) => x.id)).not.toContain(annexOnly.id);
    expect(hidden.Facets.location.map((f: any) => f.label)).not.toContain('分馆书库');
    expect(hidden.Total).toBe(shown.Total - 1);
    await t.db.delete(resourceAuth).where(eq(resourceAuth.locationId, annex.locationId));
  });

  it('drops a record deleted meanwhile from the kept page, and pages on from the same count', async () => {
    const p1 = await search({ SearchKey: '天文学', sort: 'new', Rows: 2 });
    expect(p1.List).toHaveLength(2);
    const p2 = await search({ SearchKey: '天文学', sort: 'new', Rows: 2, Page: 2 });
    expect(p2.Total).toBe(p1.Total);
    expect(p2.List.map((x: any) => x.id)).not.toContain(p1.List[0].id);
    const gone = p1.List[0].id;
    await t.db.delete(copy).where(eq(copy.recordId, gone));
    await t.db.execute(`delete from catalogue_record where id = ${Number(gone)}`);
    const again = await search({ SearchKey: '天文学', sort: 'new', Rows: 2 });
    expect(again.List.map((x: any) => x.id)).toEqual([p1.List[1].id]);
  });

  it('never shares a school’s kept answer with another school', async () => {
    const mine = await search({ SearchKey: '天文学' });
    expect(mine.Total).toBeGreaterThanOrEqual(3);
    const other = await buildSchool(t.db);
    const theirs = await makeRecord(t.db, new Scope(other), { title: '天文学概论', author: '孙力' }, [
      await makeLocation(t.db, new Scope(other), '阅览室'),
    ]);
    const res = await t.post(
      `${S}/Catalogue`,
      { SearchKey: '天文学', Page: 1, Rows: 20 },
      { token: null, schoolId: other },
    );
    expect(res.json.data.Total).toBe(1);
    expect(res.json.data.List.map((x: any) => x.id)).toEqual([theirs.id]);
    expect(res.json.data.Facets.location.map((f: any) => f.label)).toEqual(['阅览室']);
  });

  it('keeps the library in figures for the minute, and counts afresh once a rule hides copies', async () => {
    const stat = async () => (await t.post(`${S}/Statfile`, {}, { token: null, schoolId: t.schoolId })).json.data;
    const before = await stat();
    await makeRecord(t.db, scope, { title: '星空观察' }, [hall, hall]);
    expect((await stat()).copies).toBe(before.copies);
    await t.db
      .insert(resourceAuth)
      .values(scope.values({ locationId: annex.locationId, canView: false, canLend: true }));
    // 2 copies more in the hall, the annex's one hidden.
    expect((await stat()).copies).toBe(before.copies + 2 - 1);
  });
});
