import type { AddressInfo } from 'node:net';
import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { freePort, startFakeSru } from '../capture/sru-fixtures.ts';
import { makeLocation, makeRecord } from '../opac/test-fixtures.ts';
import { addressRefusal, remoteSettings } from './remote-http.ts';
import { makeUnion, type UnionSchool, unionSchool } from './test-fixtures.ts';

/**
 * Federation (README "Federation"): a school of "another deployment" is this test server's own SRU server of a
 * school outside the union, over a real HTTP port; a dead remote is a closed port, a slow one never answers.
 */
const t = useTestApp();
let a: UnionSchool;
let b: UnionSchool;
let outsider: UnionSchool;
let unionId: number;
let remoteUrl = '';
let deadUrl = '';
let fake: Awaited<ReturnType<typeof startFakeSru>>;
const allowed = remoteSettings.allowPrivate;

beforeAll(async () => {
  a = await unionSchool(t, 'fed-a');
  b = await unionSchool(t, 'fed-b');
  outsider = await unionSchool(t, 'fed-c');
  const far = await unionSchool(t, 'fed-far');
  ({ unionId } = await makeUnion(a, [b], 'Federated union'));
  const sa = new Scope(a.id);
  await makeRecord(t.db, sa, { title: '红楼梦', author: '曹雪芹', pubYear: 1996 }, [await makeLocation(t.db, sa, 'A')]);
  const sf = new Scope(far.id);
  const shelf = await makeLocation(t.db, sf, 'Far shelf');
  await makeRecord(
    t.db,
    sf,
    { title: '红楼梦', author: '曹雪芹', isbn: '9787020002207', publisher: '人民文学出版社', pubYear: 2019 },
    [shelf],
  );
  await makeRecord(t.db, sf, { title: '边城', author: '沈从文', classNo: 'I246.5', pubYear: 2002 }, [shelf]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  remoteUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sru/fed-far`;
  deadUrl = `http://127.0.0.1:${await freePort()}/sru/gone`;
  fake = await startFakeSru();
  remoteSettings.allowPrivate = true;
});

afterAll(async () => {
  remoteSettings.allowPrivate = allowed;
  await fake?.stop();
});

const add = (s: UnionSchool, name: string, baseUrl: string, more: Record<string, unknown> = {}) =>
  s.call('AddRemote', { unionId, name, baseUrl, ...more });
const remoteIds: Record<string, number> = {};

describe('remote members', () => {
  it('a manager tests an address (explain and one record) and adds it; members see it', async () => {
    const test = await a.call('TestRemote', { unionId, baseUrl: remoteUrl });
    expect(test.json.code, JSON.stringify(test.json)).toBe(0);
    expect(test.json.data.explain).toEqual({ ok: true, title: 'fed-far School' });
    expect(test.json.data.search).toMatchObject({ ok: true, total: 2 });
    const dead = await a.call('TestRemote', { unionId, baseUrl: deadUrl }, 'zh');
    expect(dead.json.data.explain).toEqual({ ok: false, message: '无法连接服务器（ECONNREFUSED）' });

    const added = await add(a, 'Far school', `${remoteUrl}/`);
    expect(added.json.code, JSON.stringify(added.json)).toBe(0);
    remoteIds.far = added.json.data.id;
    remoteIds.dead = (await add(a, 'Dead school', deadUrl)).json.data.id;
    remoteIds.slow = (
      await add(a, 'Slow school', `http://127.0.0.1:${fake.port}/slow`, { timeoutMs: 1000 })
    ).json.data.id;
    const twice = await add(a, 'Again', remoteUrl);
    expect(twice.json.msg).toBe('The union already has a remote member at this address: Far school');
    const seen = await b.call('GetRemotes', { unionId });
    expect(seen.json.data.map((r: any) => [r.name, r.baseUrl, r.enabled])).toEqual([
      ['Dead school', deadUrl, true],
      ['Far school', remoteUrl, true],
      ['Slow school', `http://127.0.0.1:${fake.port}/slow`, true],
    ]);
  });

  it('refuses other schemes, and this machine or a private network unless the server allows it', async () => {
    const ftp = await add(a, 'Ftp', 'ftp://example.org/sru');
    expect(ftp.json.issues?.[0]).toMatchObject({
      path: 'baseUrl',
      message: expect.stringContaining('http:// or https://'),
    });
    remoteSettings.allowPrivate = false;
    try {
      for (const url of [
        'http://127.0.0.1:9/sru/x',
        'http://localhost/sru/x',
        'http://10.1.2.3/sru',
        'http://[::1]/',
      ]) {
        const res = await add(a, 'Inside', url);
        expect(res.json.issues?.[0]?.message, url).toContain('private network');
      }
      const zh = await a.call('TestRemote', { unionId, baseUrl: 'http://192.168.1.10/sru/x' }, 'zh');
      expect(zh.json.issues[0].message).toContain('本机或内网');
      // Saved while allowed, asked now: refused at connection time, reported as that remote's status.
      const res = await b.call('RemoteSearch', { unionId, SearchKey: '红楼梦' });
      expect(res.json.data.remotes.find((r: any) => r.name === 'Far school').message).toContain(
        'this computer or a private network',
      );
    } finally {
      remoteSettings.allowPrivate = true;
    }
    expect(addressRefusal('169.254.169.254')).toBe('never');
    expect(addressRefusal('::ffff:7f00:1')).toBeNull();
    expect(addressRefusal('93.184.216.34')).toBeNull();
    remoteSettings.allowPrivate = false;
    expect(addressRefusal('::ffff:127.0.0.1')).toBe('private');
    remoteSettings.allowPrivate = true;
  });

  it("union search: a remote member's hits with its name; a dead or slow remote reports why, local hits still come", async () => {
    const local = await b.call('Search', { unionId, SearchKey: '红楼梦' });
    expect(local.json.data.List.map((h: any) => h.holdings.map((x: any) => x.schoolName))).toEqual([['fed-a School']]);
    const started = Date.now();
    const res = await b.call('RemoteSearch', { unionId, SearchKey: '红楼梦' });
    expect(res.json.code, JSON.stringify(res.json)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.json.data.List).toEqual([
      expect.objectContaining({
        remoteId: remoteIds.far,
        remoteName: 'Far school',
        title: '红楼梦',
        author: expect.stringContaining('曹雪芹'),
        publisher: '人民文学出版社',
        pubYear: 2019,
        isbn: '9787020002207',
        copyable: true,
      }),
    ]);
    expect(res.json.data.List[0].marc).toBeUndefined();
    expect(res.json.data.remotes.map((r: any) => [r.name, r.ok, r.total, r.message])).toEqual([
      ['Dead school', false, 0, 'cannot reach the server (ECONNREFUSED)'],
      ['Far school', true, 1, undefined],
      ['Slow school', false, 0, 'the server did not answer in time (1000 ms)'],
    ]);
    const zh = await b.call('RemoteSearch', { unionId, SearchKey: '红楼梦' }, 'zh');
    expect(zh.json.data.remotes[0].message).toBe('无法连接服务器（ECONNREFUSED）');
    // The field of the search box: ISBN as bath.isbn (hyphens dropped), author as dc.creator.
    const byIsbn = await b.call('RemoteSearch', { unionId, SearchKey: '978-7-02-000220-7', field: 'isbn' });
    expect(byIsbn.json.data.List.map((h: any) => h.title)).toEqual(['红楼梦']);
    const byAuthor = await b.call('RemoteSearch', { unionId, SearchKey: '沈从文', field: 'author' });
    expect(byAuthor.json.data.List.map((h: any) => h.title)).toEqual(['边城']);
    const none = await b.call('RemoteSearch', { unionId, SearchKey: '沈从文', field: 'title' });
    expect(none.json.data.remotes.find((r: any) => r.name === 'Far school')).toMatchObject({ ok: true, total: 0 });
  });

  it("copies a remote member's record into the school from its MARC; then it is held", async () => {
    const res = await b.call('RemoteCatalogSearch', { unionId, SearchKey: '边城' });
    const hit = res.json.data.List.find((h: any) => h.remoteName === 'Far school');
    expect(hit).toMatchObject({ title: '边城', classNo: 'I246.5', ownMatch: null });
    expect(hit.marc.fields.length).toBeGreaterThan(0);
    const copied = await b.call('CopyRemoteRecord', { unionId, remoteId: hit.remoteId, marc: hit.marc });
    expect(copied.json.code, JSON.stringify(copied.json)).toBe(0);
    const [rec] = await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.id, copied.json.data.id));
    expect(rec).toMatchObject({ schoolId: b.id, title: '边城', classNo: 'I246.5', pubYear: 2002 });
    expect(rec.author).toContain('沈从文');
    expect(rec.bookNo).not.toBe('');
    const again = await b.call('RemoteCatalogSearch', { unionId, SearchKey: '边城' });
    expect(again.json.data.List[0].ownMatch).toMatchObject({ id: rec.id, title: '边城' });
    const twice = await b.call('CopyRemoteRecord', { unionId, remoteId: hit.remoteId, marc: hit.marc });
    expect(twice.json.errorCode).toBe('UNION_RECORD_HELD');
    const forced = await b.call('CopyRemoteRecord', { unionId, remoteId: hit.remoteId, marc: hit.marc, force: true });
    expect(forced.json.code).toBe(0);
  });

  it('outsiders get nothing, ordinary members manage nothing, screens need their permission', async () => {
    const body = { unionId, name: 'X', baseUrl: remoteUrl };
    for (const [action, req] of [
      ['GetRemotes', { unionId }],
      ['AddRemote', body],
      ['UpdateRemote', { ...body, id: remoteIds.far }],
      ['DeleteRemote', { id: remoteIds.far }],
      ['TestRemote', body],
      ['RemoteSearch', { unionId, SearchKey: '红楼梦' }],
      ['RemoteCatalogSearch', { unionId, SearchKey: '红楼梦' }],
      ['CopyRemoteRecord', { unionId, remoteId: remoteIds.far, marc: { leader: ' '.repeat(24), fields: [] } }],
    ] as const) {
      const res = await outsider.call(action, req);
      expect(res.json.errorCode, action).toBe('UNION_NOT_MEMBER');
    }
    for (const [action, req] of [
      ['AddRemote', body],
      ['UpdateRemote', { ...body, id: remoteIds.far }],
      ['DeleteRemote', { id: remoteIds.far }],
      ['TestRemote', body],
    ] as const) {
      const res = await b.call(action, req);
      expect(res.json.errorCode, action).toBe('UNION_ROLE');
    }
    const searcher = await buildUser(t.db, b.id, { permissions: ['union.search'] });
    const as = (url: string, req: unknown) =>
      t.post(`${P}/Union/${url}`, req, { token: searcher.token, schoolId: b.id });
    expect((await as('RemoteSearch', { unionId, SearchKey: '边城' })).json.code).toBe(0);
    expect((await as('RemoteCatalogSearch', { unionId, SearchKey: '边城' })).status).toBe(403);
    expect((await as('AddRemote', body)).status).toBe(403);
  });

  it('a disabled remote is not asked; a removed one is gone', async () => {
    const off = await a.call('UpdateRemote', {
      id: remoteIds.slow,
      name: 'Slow school',
      baseUrl: `http://127.0.0.1:${fake.port}/slow`,
      enabled: false,
    });
    expect(off.json.code, JSON.stringify(off.json)).toBe(0);
    expect((await a.call('DeleteRemote', { id: remoteIds.dead })).json.code).toBe(0);
    const res = await b.call('RemoteSearch', { unionId, SearchKey: '红楼梦' });
    expect(res.json.data.remotes.map((r: any) => r.name)).toEqual(['Far school']);
  });
});
