import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { useTestApp } from '../../test/helper.ts';
import { updateRecord } from '../catalogue/catalogue.service.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { resourceAuth } from '../holdings/holdings.table.ts';
import { makeLocation, makeRecord } from '../opac/test-fixtures.ts';
import { refreshUnionIndex } from './union-index.service.ts';
import { MAX_MATCHES } from './union-search.service.ts';
import { makeUnion, type UnionSchool, unionSchool } from './test-fixtures.ts';

const t = useTestApp();
let a: UnionSchool;
let b: UnionSchool;
let c: UnionSchool;
let unionId: number;
let shelfA: { locationId: number; branchId: number };
let storeA: { locationId: number; branchId: number };
let shelfC: { locationId: number; branchId: number };

beforeAll(async () => {
  a = await unionSchool(t, 'idx-a');
  b = await unionSchool(t, 'idx-b');
  c = await unionSchool(t, 'idx-c');
  ({ unionId } = await makeUnion(a, [b, c], 'Index union'));
  shelfA = await makeLocation(t.db, new Scope(a.id), 'Shelf A');
  storeA = await makeLocation(t.db, new Scope(a.id), 'Store A');
  shelfC = await makeLocation(t.db, new Scope(c.id), 'Shelf C');
});

const titles = async (key: string, body: Record<string, unknown> = {}) => {
  const res = await b.call('Search', { unionId, SearchKey: key, ...body });
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data.List.map((h: any) => `${h.title}@${h.holdings.map((x: any) => x.schoolName).join('+')}`);
};

const record = (s: UnionSchool, loc: { locationId: number; branchId: number }, f: Record<string, unknown>) =>
  makeRecord(t.db, new Scope(s.id), f as never, [{ ...loc, storeType: 2 }]);

describe('the union index follows the writes', () => {
  it('a new record, a title edited, a copy deleted, a copy weeded', async () => {
    const r = await record(a, shelfA, { title: '城南旧事', author: '林海音', pubYear: 2003 });
    expect(await titles('城南旧事')).toEqual(['城南旧事@idx-a School']);
    await updateRecord(t.db, new Scope(a.id), { id: r.id, title: '城南往事' } as never);
    expect(await titles('城南旧事')).toEqual([]);
    expect(await titles('城南往事')).toEqual(['城南往事@idx-a School']);
    const [cp] = await t.db.select().from(copy).where(eq(copy.recordId, r.id));
    await t.db.update(copy).set({ storeType: 3 }).where(eq(copy.id, cp.id));
    expect(await titles('林海音')).toEqual([]);
    await t.db.update(copy).set({ storeType: 2 }).where(eq(copy.id, cp.id));
    expect(await titles('林海音')).toHaveLength(1);
    await t.db.delete(copy).where(eq(copy.id, cp.id));
    expect(await titles('林海音')).toEqual([]);
  });

  it('a loan changes no index row, and the hit shows the copy out', async () => {
    const r = await record(a, shelfA, { title: '草房子', author: '曹文轩', isbn: '9787534617157' });
    const before = await b.call('Search', { unionId, SearchKey: '草房子' });
    expect(before.json.data.List[0].holdings[0]).toMatchObject({ copies: 1, available: 1 });
    const dirty = async () => Number((await t.db.execute(sql`select count(*)::int as n from union_dirty`)).rows[0].n);
    expect(await dirty()).toBe(0);
    await t.db.update(copy).set({ circState: 'borrowed', version: 1 }).where(eq(copy.recordId, r.id));
    expect(await dirty()).toBe(0);
    const after = await b.call('Search', { unionId, SearchKey: '草房子' });
    expect(after.json.data.List[0].holdings[0]).toMatchObject({ copies: 1, available: 0 });
    const onShelf = await b.call('Search', { unionId, SearchKey: '草房子', facets: { available: true } });
    expect(onShelf.json.data.Total).toBe(0);
  });

  it('two schools cataloguing the same ISBN at once: one work with both holdings', async () => {
    const isbn = '9787020024759';
    await Promise.all([
      record(a, shelfA, { title: '围城', author: '钱钟书', isbn }),
      record(c, shelfC, { title: '围城', author: '钱钟书', isbn }),
    ]);
    expect(await titles('围城')).toEqual(['围城@idx-a School+idx-c School']);
  });

  it('a sharing change, a hiding rule and leaving the union take the works out', async () => {
    await record(a, storeA, { title: '骆驼祥子', author: '老舍', pubYear: 2000 });
    expect(await titles('骆驼祥子')).toEqual(['骆驼祥子@idx-a School']);
    const share = await a.call('SaveSharing', {
      unionId,
      share: 'lending',
      locationIds: [shelfA.locationId],
      resourceTypeIds: null,
    });
    expect(share.json.code).toBe(0);
    expect(await titles('骆驼祥子')).toEqual([]);
    await a.call('SaveSharing', { unionId, share: 'lending', locationIds: null, resourceTypeIds: null });
    expect(await titles('骆驼祥子')).toEqual(['骆驼祥子@idx-a School']);

    const [rule] = await t.db
      .insert(resourceAuth)
      .values({ schoolId: a.id, locationId: storeA.locationId, canView: false })
      .returning();
    expect(await titles('骆驼祥子')).toEqual([]);
    await t.db.delete(resourceAuth).where(eq(resourceAuth.id, rule.id));
    expect(await titles('骆驼祥子')).toEqual(['骆驼祥子@idx-a School']);

    await record(c, shelfC, { title: '茶馆', author: '老舍', pubYear: 2001 });
    expect(await titles('茶馆')).toEqual(['茶馆@idx-c School']);
    const left = await c.call('LeaveUnion', { unionId });
    expect(left.json.code, JSON.stringify(left.json)).toBe(0);
    expect(await titles('茶馆')).toEqual([]);
    expect(await titles('老舍')).toEqual(['骆驼祥子@idx-a School']);
  });

  it(`past ${MAX_MATCHES} works the answer says "more than", and a big change is finished by the schedule`, async () => {
    const s = new Scope(a.id);
    await titles('zzcommon'); // the union indexed as it stands
    await t.db.execute(sql`
      with r as (
        insert into catalogue_record (school_id, title, search)
        select ${s.schoolId}, '批量 ' || g, to_tsvector('simple', 'zzcommon')
        from generate_series(1, ${MAX_MATCHES + 5}) g returning id)
      insert into copy (school_id, record_id, barcode, location_id, branch_id, store_type)
      select ${s.schoolId}, id, 'ZZ' || id, ${shelfA.locationId}, ${shelfA.branchId}, 2 from r`);
    // As an import does: the tables analyzed after a bulk write.
    await t.db.execute(sql`analyze catalogue_record, copy`);
    const first = await b.call('Search', { unionId, SearchKey: 'zzcommon' });
    expect(first.json.data.Updating).toBe(true);
    expect(first.json.data.More).toBe(false);
    await refreshUnionIndex(t.db, unionId);
    const res = await b.call('Search', { unionId, SearchKey: 'zzcommon', Rows: 10 });
    expect(res.json.data).toMatchObject({ Total: MAX_MATCHES, More: true, Updating: false });
    expect(res.json.data.List).toHaveLength(10);
  });
});
