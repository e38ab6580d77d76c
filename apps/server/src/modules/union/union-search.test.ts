import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { resourceAuth } from '../holdings/holdings.table.ts';
import { makeLocation, makeRecord } from '../opac/test-fixtures.ts';
import { makeUnion, type UnionSchool, unionSchool } from './test-fixtures.ts';

const t = useTestApp();
let a: UnionSchool;
let b: UnionSchool;
let outsider: UnionSchool;
let unionId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  a = await unionSchool(t, 'srch-a');
  b = await unionSchool(t, 'srch-b');
  outsider = await unionSchool(t, 'srch-c');
  ({ unionId } = await makeUnion(a, [b], 'Search union'));
  const sa = new Scope(a.id);
  const shelf = await makeLocation(t.db, sa, 'Shelf A');
  const store = await makeLocation(t.db, sa, 'Closed store A');
  const hiddenByRule = await makeLocation(t.db, sa, 'Staff room A');
  const rec = async (s: Scope, loc: { locationId: number; branchId: number }, f: Record<string, unknown>) =>
    (await makeRecord(t.db, s, f as never, [{ ...loc, storeType: 2 }])).id;
  ids.hlmA = await rec(sa, shelf, {
    title: '红楼梦',
    author: '曹雪芹',
    isbn: '9787020002207',
    classNo: 'I242.4',
    subjects: ['章回小说'],
    pubYear: 1996,
  });
  ids.santi = await rec(sa, store, { title: '三体', author: '刘慈欣', isbn: '9787536692930', pubYear: 2008 });
  ids.biancheng = await rec(sa, shelf, {
    title: '边城',
    author: '沈从文',
    classNo: 'I246.5',
    subjects: ['中篇小说', '湘西'],
    pubYear: 2002,
    marc: { leader: '00000nam  2200000   4500', fields: [{ tag: '001', value: 'X1' }] },
  });
  ids.staff = await rec(sa, hiddenByRule, { title: '教师用书 边城导读', author: '某某', pubYear: 2010 });
  await t.db.insert(resourceAuth).values({ schoolId: a.id, locationId: hiddenByRule.locationId, canView: false });
  // A shares its shelf and its staff room (hidden by its own rule), not the closed store.
  const share = await a.call('SaveSharing', {
    unionId,
    share: 'lending',
    locationIds: [shelf.locationId, hiddenByRule.locationId],
    resourceTypeIds: null,
  });
  expect(share.json.code).toBe(0);
  const sb = new Scope(b.id);
  const shelfB = await makeLocation(t.db, sb, 'Shelf B');
  ids.hlmB = await rec(sb, shelfB, { title: '红楼梦', author: '曹雪芹', isbn: '7-02-000220-X', pubYear: 1996 });
  const sc = new Scope(outsider.id);
  await rec(sc, await makeLocation(t.db, sc, 'Shelf C'), { title: '红楼梦', author: '曹雪芹', pubYear: 1990 });
});

const search = (s: UnionSchool, body: Record<string, unknown>, action = 'Search') =>
  s.call(action, { unionId, ...body });

describe('union search', () => {
  it('one hit per title with holdings per school; pinyin and facets as the own search', async () => {
    const res = await search(b, { SearchKey: '红楼梦' });
    expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    expect(res.json.data.Total).toBe(1);
    const hit = res.json.data.List[0];
    expect(hit.title).toBe('红楼梦');
    expect(hit.holdings.map((h: any) => [h.schoolName, h.copies, h.available, h.lends])).toEqual([
      ['srch-a School', 1, 1, true],
      ['srch-b School', 1, 1, false],
    ]);
    expect(res.json.data.Facets.school.map((f: any) => f.label).sort()).toEqual(['srch-a School', 'srch-b School']);
    const pinyin = await search(b, { SearchKey: 'hlm' });
    expect(pinyin.json.data.List.map((h: any) => h.title)).toEqual(['红楼梦']);
    const bySchool = await search(b, { SearchKey: '红楼梦', facets: { schoolId: b.id } });
    expect(bySchool.json.data.List[0].holdings.map((h: any) => h.schoolName)).toEqual(['srch-b School']);
  });

  it('hides copies in locations a member does not share and those its resource rules hide', async () => {
    expect((await search(b, { SearchKey: '三体' })).json.data.Total).toBe(0);
    const bc = await search(b, { SearchKey: '边城' });
    expect(bc.json.data.List.map((h: any) => h.title)).toEqual(['边城']);
    for (const recordId of [ids.santi, ids.staff]) {
      const got = await b.call('GetSharedRecord', { unionId, recordId });
      expect(got.json.errorCode, String(recordId)).toBe('NOT_FOUND');
    }
  });

  it('a school outside the union sees nothing, on every union endpoint', async () => {
    for (const [action, body] of [
      ['Search', { unionId, SearchKey: '红楼梦' }],
      ['CatalogSearch', { unionId, SearchKey: '红楼梦' }],
      ['GetSharedRecord', { unionId, recordId: ids.hlmA }],
      ['CopyRecord', { unionId, recordId: ids.biancheng }],
      ['GetMembers', { unionId }],
      ['GetSharing', { unionId }],
      ['SaveSharing', { unionId, share: 'catalogue', locationIds: null, resourceTypeIds: null }],
      ['LeaveUnion', { unionId }],
      ['InviteSchool', { unionId, schoolCode: outsider.code }],
    ] as const) {
      const res = await outsider.call(action, body);
      expect(res.json.errorCode, action).toBe('UNION_NOT_MEMBER');
      expect(JSON.stringify(res.json.data ?? null)).not.toContain('红楼梦');
    }
    const mine = await outsider.call('GetUnionList', {});
    expect(mine.json.data.List.find((u: any) => u.id === unionId).mine).toBeUndefined();
  });

  it('a user without the screen permission is refused', async () => {
    const reader = await buildUser(t.db, b.id, { permissions: ['union.search'] });
    const res = await t.post(
      `${P}/Union/CopyRecord`,
      { unionId, recordId: ids.biancheng },
      { token: reader.token, schoolId: b.id },
    );
    expect(res.status).toBe(403);
    const cat = await t.post(
      `${P}/Union/CatalogSearch`,
      { unionId, SearchKey: '边城' },
      { token: reader.token, schoolId: b.id },
    );
    expect(cat.status).toBe(403);
  });
});

describe('union cataloguing', () => {
  it("finds other members' records, warns of the school's own match and copies one with its MARC", async () => {
    const res = await search(b, { SearchKey: '红楼梦' }, 'CatalogSearch');
    const hit = res.json.data.List[0];
    expect(hit.holdings.map((h: any) => h.schoolName)).toEqual(['srch-a School']);
    expect(hit.ownMatch).toMatchObject({ id: ids.hlmB, title: '红楼梦', key: 'ISBN 9787020002207' });
    const refused = await b.call('CopyRecord', { unionId, recordId: ids.hlmA });
    expect(refused.json.msg).toBe('Your school already has this record: 红楼梦 (ISBN 9787020002207)');

    const bc = await search(b, { SearchKey: '边城' }, 'CatalogSearch');
    expect(bc.json.data.List[0]).toMatchObject({ recordId: ids.biancheng, ownMatch: null });
    const copied = await b.call('CopyRecord', { unionId, recordId: ids.biancheng });
    expect(copied.json.code, JSON.stringify(copied.json)).toBe(0);
    const [rec] = await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.id, copied.json.data.id));
    expect(rec).toMatchObject({
      schoolId: b.id,
      title: '边城',
      author: '沈从文',
      classNo: 'I246.5',
      subjects: ['中篇小说', '湘西'],
      marc: { fields: [{ tag: '001', value: 'X1' }] },
    });
    expect(rec.bookNo).not.toBe('');
    const copies = await t.post(
      `${P}/Literature/AddItemsCollectionInfo`,
      { recordId: rec.id, count: 1, barcodes: ['UB0001'] },
      { token: b.token, schoolId: b.id },
    );
    expect(copies.json.code, JSON.stringify(copies.json)).toBe(0);
    const own = await t.db.select().from(copy).where(eq(copy.recordId, rec.id));
    expect(own.map((c) => [c.schoolId, c.barcode])).toEqual([[b.id, 'UB0001']]);
    // Copied once: the next search says the school has it.
    const again = await search(b, { SearchKey: '边城' }, 'CatalogSearch');
    expect(again.json.data.List[0].ownMatch).toMatchObject({ id: rec.id });
  });
});

describe('/orschool', () => {
  it("lists the union's schools for a visitor of one of them, and nothing for a school outside", async () => {
    const res = await t.post(`${P}/Union/PublicSchools`, {}, { token: null, schoolId: a.id });
    expect(res.json.data.map((s: any) => [s.code, s.unions])).toEqual([
      ['srch-a', ['Search union']],
      ['srch-b', ['Search union']],
    ]);
    const out = await t.post(`${P}/Union/PublicSchools`, {}, { token: null, schoolId: outsider.id });
    expect(out.json.data).toEqual([]);
  });
});
