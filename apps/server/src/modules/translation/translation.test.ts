import { describe, expect, it } from 'vitest';
import { TRANSLATION_PATHS as T } from '@shuyuan/contracts/translation/translation';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const CODE = 'sys.transition';

describe('translation overrides (/sys/transition)', () => {
  const t = useTestApp();

  it('overrides an API message at once, for the school only, without restart', async () => {
    const before = await t.post(T.list, { Page: 0 }, { lang: 'en' });
    expect(before.json.msg).toBe('Some fields are invalid, please check');
    const add = await t.post(T.add, { key: 'error.validation', en: 'Please look at the fields again' });
    expect(add.json.success, JSON.stringify(add.json)).toBe(true);
    const after = await t.post(T.list, { Page: 0 }, { lang: 'en' });
    expect(after.json.msg).toBe('Please look at the fields again');
    // zh was left empty: the built-in Chinese text still applies.
    expect((await t.post(T.list, { Page: 0 }, { lang: 'zh' })).json.msg).toBe('提交的内容有误，请检查');
    // Another school is not affected.
    const other = await buildSchool(t.db);
    const u = await buildUser(t.db, other, { permissions: [CODE] });
    const there = await t.post(T.list, { Page: 0 }, { token: u.token, schoolId: other, lang: 'en' });
    expect(there.json.msg).toBe('Some fields are invalid, please check');
    expect((await t.post(T.list, {}, { token: u.token, schoolId: other })).json.data.Total).toBe(0);
    // Deleting the override restores the built-in text.
    await t.post(T.delete, { ids: [add.json.data.id] });
    expect((await t.post(T.list, { Page: 0 }, { lang: 'en' })).json.msg).toBe('Some fields are invalid, please check');
  });

  it('serves the overrides publicly; a school row wins over an install-wide one', async () => {
    await t.post(T.add, { key: 'layout.header.title', zh: '全区图书馆', en: 'District Library', allSchools: true });
    const own = await t.post(T.add, { key: 'layout.header.title', zh: '本校图书馆' });
    expect(own.json.success).toBe(true);
    const pub = await t.post(T.overrides, {}, { token: null });
    expect(pub.json.data.zh['layout.header.title']).toBe('本校图书馆');
    expect(pub.json.data.en['layout.header.title']).toBe('District Library');
    const other = await buildSchool(t.db);
    const elsewhere = await t.post(T.overrides, {}, { token: null, schoolId: other });
    expect(elsewhere.json.data.zh['layout.header.title']).toBe('全区图书馆');
    const list = await t.post(T.list, { SearchKey: 'layout.header', range: 'all' });
    expect(list.json.data.List).toEqual([expect.objectContaining({ allSchools: true, en: 'District Library' })]);
  });

  it('validates keys and texts, reports duplicates per school, guards install-wide rows', async () => {
    const bad = await t.post(T.add, { key: 'no dots', zh: '', en: '' }, { lang: 'en' });
    expect(bad.json.issues.map((i: any) => i.path).sort()).toEqual(['key', 'zh']);
    await t.post(T.add, { key: 'kit.action.add', zh: '新建' });
    const dup = await t.post(T.add, { key: 'kit.action.add', zh: '添加' }, { lang: 'zh' });
    expect(dup.json.issues).toEqual([{ path: 'key', message: '键已存在' }]);
    // A school that is not the install's first one cannot write install-wide rows.
    const other = await buildSchool(t.db);
    const u = await buildUser(t.db, other, { permissions: [CODE, `${CODE}:add`, `${CODE}:delete`] });
    const opts = { token: u.token, schoolId: other };
    const all = await t.post(T.add, { key: 'kit.action.add', zh: 'x', allSchools: true }, opts);
    expect(all.json.errorCode).toBe('FORBIDDEN_ALL_SCHOOLS');
    const mine = await t.post(T.add, { key: 'kit.action.add', zh: '加一条' }, opts);
    expect(mine.json.success).toBe(true);
    const shared = (await t.post(T.list, { range: 'all' }, opts)).json.data.List[0];
    expect((await t.post(T.delete, { ids: [shared.id] }, opts)).json.errorCode).toBe('FORBIDDEN_ALL_SCHOOLS');
  });

  it('lists the server message keys to help find one', async () => {
    const keys = await t.post(T.serverKeys, {});
    expect(keys.json.data).toContainEqual({ key: 'error.notFound', zh: '记录不存在', en: 'Resource Not Found' });
  });
});
