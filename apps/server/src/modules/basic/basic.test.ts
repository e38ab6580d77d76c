import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const t = useTestApp();
const B = `${P}/Basic`;

describe('basic data', () => {
  it('seeds the demo school: a default main branch, resource types, three locations', async () => {
    const branches = await t.post(`${B}/GetBranchList`, {});
    expect(branches.json.data.List).toMatchObject([{ name: '总馆', isDefault: true }]);
    const types = await t.post(`${B}/GetResourceTypeList`, {});
    expect(types.json.data.List.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['图书', '期刊', '视听资料']),
    );
    const locs = await t.post(`${B}/GetLocationList`, {});
    expect(locs.json.data.Total).toBe(3);
    expect(locs.json.data.List[0].branchName).toBe('总馆');
  });

  it('adds, edits, lists and deletes a branch; one default per school; codes unique', async () => {
    const add = await t.post(`${B}/AddBranch`, {
      name: '东校区分馆',
      code: 'DX',
      isDefault: true,
      address: '东路 8 号',
    });
    expect(add.json.code).toBe(0);
    const id = add.json.data.id;
    const list = await t.post(`${B}/GetBranchList`, { SearchKey: '东路' });
    expect(list.json.data.List.map((r: { id: number }) => r.id)).toEqual([id]);
    const all = await t.post(`${B}/GetBranchList`, {});
    expect(
      all.json.data.List.filter((r: { isDefault: boolean }) => r.isDefault).map((r: { id: number }) => r.id),
    ).toEqual([id]);
    const dup = await t.post(`${B}/AddBranch`, { name: 'x', code: 'DX' }, { lang: 'zh' });
    expect(dup.json.issues).toEqual([{ path: 'code', message: '分馆代码已存在' }]);
    const upd = await t.post(`${B}/UpdateBranch`, { ...add.json.data, name: '东校区图书馆', contact: '赵老师' });
    expect(upd.json.code).toBe(0);
    const got = await t.post(`${B}/GetBranch`, { id });
    expect(got.json.data).toMatchObject({ name: '东校区图书馆', contact: '赵老师', code: 'DX' });
    const noName = await t.post(`${B}/AddBranch`, { code: 'Q' }, { lang: 'en' });
    expect(noName.json.issues).toEqual([{ path: 'name', message: 'Please enter the branch library name' }]);
    const del = await t.post(`${B}/DeleteBranch`, { ids: [id] });
    expect(del.json.code).toBe(0);
    expect((await t.post(`${B}/GetBranch`, { id })).json.errorCode).toBe('NOT_FOUND');
  });

  it('keeps locations, shelves and positions inside their parents and refuses deleting used parents', async () => {
    const br = (await t.post(`${B}/AddBranch`, { name: '西馆', code: 'XG' })).json.data;
    const loc = await t.post(`${B}/AddLocation`, {
      name: '科技书库',
      code: 'KJ',
      branchId: br.id,
      mapUrl: '/files/maps/kj.png',
      x: 42.5,
      y: 18,
      shelfFrom: 'D01',
      shelfTo: 'D12',
    });
    expect(loc.json.code).toBe(0);
    expect(loc.json.data).toMatchObject({ branchName: '西馆', x: 42.5, shelfTo: 'D12' });
    const noBranch = await t.post(`${B}/AddLocation`, { name: 'a', code: 'A9' }, { lang: 'zh' });
    expect(noBranch.json.issues).toEqual([{ path: 'branchId', message: '请选择分馆' }]);
    const sh = await t.post(`${B}/AddShelf`, {
      locationId: loc.json.data.id,
      code: 'D01',
      barcode: 'SJ-KJ-01',
      faces: 2,
      layers: 6,
      widthCm: 120,
      callFrom: 'A',
      callTo: 'F',
    });
    expect(sh.json.data).toMatchObject({ locationName: '科技书库', widthCm: 120 });
    const dupBarcode = await t.post(`${B}/AddShelf`, {
      locationId: loc.json.data.id,
      code: 'D02',
      barcode: 'SJ-KJ-01',
    });
    expect(dupBarcode.json.issues?.[0].path).toBe('barcode');
    const noBarcode = await t.post(`${B}/AddShelf`, { locationId: loc.json.data.id, code: 'D03' }, { lang: 'en' });
    expect(noBarcode.json.issues).toEqual([{ path: 'barcode', message: 'Please enter the shelf barcode' }]);
    const pos = await t.post(`${B}/AddShelfPosition`, {
      shelfId: sh.json.data.id,
      code: 'D01-1-2-3',
      face: 1,
      layer: 2,
      column: 3,
    });
    expect(pos.json.data).toMatchObject({ shelfCode: 'D01', layer: 2 });
    const area = await t.post(`${B}/AddShelfArea`, { locationId: loc.json.data.id, name: 'D区', widthCm: 1440 });
    expect(area.json.data).toMatchObject({ locationName: '科技书库', widthCm: 1440 });

    expect((await t.post(`${B}/DeleteBranch`, { ids: [br.id] })).json.errorCode).toBe('IN_USE');
    expect((await t.post(`${B}/DeleteLocation`, { ids: [loc.json.data.id] })).json.errorCode).toBe('IN_USE');
    const shelfDel = await t.post(`${B}/DeleteShelf`, { ids: [sh.json.data.id] }, { lang: 'zh' });
    expect(shelfDel.json.msg).toBe('该书架下还有架位，不能删除');
    expect((await t.post(`${B}/DeleteShelfPosition`, { ids: [pos.json.data.id] })).json.code).toBe(0);
    expect((await t.post(`${B}/DeleteShelf`, { ids: [sh.json.data.id] })).json.code).toBe(0);
  });

  it("never shows or accepts another school's rows", async () => {
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const as2 = { token: admin2.token, schoolId: other };
    const mine = (await t.post(`${B}/GetBranchList`, {})).json.data.List[0];
    const theirs = await t.post(`${B}/GetBranchList`, {}, as2);
    expect(theirs.json.data).toEqual({ List: [], Total: 0 });
    // The same code is free in another school.
    expect((await t.post(`${B}/AddBranch`, { name: '本部', code: 'ZG' }, as2)).json.code).toBe(0);
    expect((await t.post(`${B}/GetBranch`, { id: mine.id }, as2)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${B}/UpdateBranch`, { ...mine, name: 'hacked' }, as2)).json.errorCode).toBe('NOT_FOUND');
    const cross = await t.post(`${B}/AddLocation`, { name: 'x', code: 'X1', branchId: mine.id }, as2);
    expect(cross.json.issues?.[0].path).toBe('branchId');
    expect((await t.post(`${B}/GetBranch`, { id: mine.id })).json.data.name).toBe('总馆');
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['resource-mana.basic-set.branch'] });
    const denied = await t.post(`${B}/AddBranch`, { name: 'n', code: 'N' }, { token: viewer.token });
    expect(denied.status).toBe(403);
  });

  it('pages every list: Page and Rows respected, Total right', async () => {
    const sid = await buildSchool(t.db);
    const u = await buildUser(t.db, sid, { permissions: ['*'] });
    const as = { token: u.token, schoolId: sid };
    const br = (await t.post(`${B}/AddBranch`, { name: 'b', code: 'B' }, as)).json.data;
    const loc = (await t.post(`${B}/AddLocation`, { name: 'l', code: 'L', branchId: br.id }, as)).json.data;
    const sh = (await t.post(`${B}/AddShelf`, { locationId: loc.id, code: 'S', barcode: 'SB' }, as)).json.data;
    const makers: [string, (i: number) => object, number][] = [
      ['Branch', (i) => ({ name: `b${i}`, code: `B${i}` }), 1],
      ['ResourceType', (i) => ({ name: `t${i}`, code: `T${i}` }), 0],
      ['Location', (i) => ({ name: `l${i}`, code: `L${i}`, branchId: br.id }), 1],
      ['Shelf', (i) => ({ locationId: loc.id, code: `S${i}`, barcode: `SB${i}` }), 1],
      ['ShelfPosition', (i) => ({ shelfId: sh.id, code: `P${i}`, layer: i + 1 }), 0],
      ['ShelfArea', (i) => ({ locationId: loc.id, name: `A${i}` }), 0],
    ];
    for (const [entity, make, existing] of makers) {
      for (let i = 0; i < 6; i++) expect((await t.post(`${B}/Add${entity}`, make(i), as)).json.code, entity).toBe(0);
      const total = 6 + existing;
      const p2 = await t.post(`${B}/Get${entity}List`, { Page: 2, Rows: 3 }, as);
      expect(p2.json.data.Total, entity).toBe(total);
      expect(p2.json.data.List.length, entity).toBe(3);
      const p3 = await t.post(`${B}/Get${entity}List`, { Page: 3, Rows: 3 }, as);
      expect(p3.json.data.List.length, entity).toBe(total - 6);
      const p1 = await t.post(`${B}/Get${entity}List`, { Page: 1, Rows: 3 }, as);
      const ids = [...p1.json.data.List, ...p2.json.data.List].map((r: { id: number }) => r.id);
      expect(new Set(ids).size, entity).toBe(6);
    }
  });
});
