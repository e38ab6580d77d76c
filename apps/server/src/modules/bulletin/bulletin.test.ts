import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { acceptanceBatch } from '../catalogue/catalogue.table.ts';
import { closedDay } from '../circulation/circulation.table.ts';
import { setSetting } from '../circulation/test-fixtures.ts';
import { makeLocation, makeRecord } from '../opac/test-fixtures.ts';

const t = useTestApp();
const B = `${P}/Bulletin`;
const S = `${P}/Search`;
const pic = (school: number) => `/files/uploads/${school}/public/202611/abc.png`;
/** An anonymous visitor of the public site (school chosen by its code → schoolID header). */
const pub = (url: string, body: unknown = {}, schoolId: number | null = t.schoolId) =>
  t.post(url, body, { token: null, schoolId });

let other: number;
let otherAdmin: { token: string };

beforeAll(async () => {
  other = await buildSchool(t.db);
  otherAdmin = await buildUser(t.db, other, {
    permissions: ['notice-list', 'notice-list:add', 'notice-list:edit', 'notice-list:publish'],
  });
});

async function addNotice(body: Record<string, unknown>, token?: string, schoolId?: number) {
  const r = await t.post(`${B}/AddNotice`, { kind: 'notice', content: '', ...body }, { token, schoolId });
  expect(r.json.success, r.json.msg).toBe(true);
  return r.json.data as { id: number; content: string; published: boolean };
}

describe('notices and news (/notice-list)', () => {
  it('is published and taken back; the public sees only published items, pinned first', async () => {
    const a = await addNotice({ title: '寒假闭馆通知', content: '<p>1月20日起闭馆</p>' });
    const b = await addNotice({ title: '读书节开幕', kind: 'news', pinned: true, cover: pic(t.schoolId) });
    const draft = await addNotice({ title: '草稿：尚未发布' });
    expect(a.published).toBe(false);

    let cat = await pub(`${S}/GetBulletinCatalog`, {});
    expect(cat.json.data.List.map((x: any) => x.title)).not.toContain('寒假闭馆通知');

    const p = await t.post(`${B}/PublishNotice`, { ids: [a.id, b.id], published: true });
    expect(p.json.success, p.json.msg).toBe(true);
    cat = await pub(`${S}/GetBulletinCatalog`, {});
    const titles = cat.json.data.List.map((x: any) => x.title);
    expect(titles).toEqual(['读书节开幕', '寒假闭馆通知']);
    expect(cat.json.data.List[1].summary).toBe('1月20日起闭馆');
    expect(cat.json.data.List[0]).not.toHaveProperty('content');

    const detail = await pub(`${S}/GetBulletinContentByID`, { id: a.id });
    expect(detail.json.data.content).toBe('<p>1月20日起闭馆</p>');
    // A draft is not found by the public, even by its id.
    const hidden = await pub(`${S}/GetBulletinContentByID`, { id: draft.id });
    expect(hidden.json.success).toBe(false);

    // The guide screens' notice list: notices only (no news).
    const notices = await pub('/micro/space/api/LibNotice/GetNoticeList', { Page: 1, Rows: 10 });
    expect(notices.json.data.List.map((x: any) => x.title)).toEqual(['寒假闭馆通知']);

    await t.post(`${B}/PublishNotice`, { ids: [a.id], published: false });
    cat = await pub(`${S}/GetBulletinCatalog`, {});
    expect(cat.json.data.List.map((x: any) => x.title)).toEqual(['读书节开幕']);
    expect((await pub(`${S}/GetBulletinContentByID`, { id: a.id })).json.success).toBe(false);
  });

  it('stores rich text sanitised: no script, no event handler, no javascript: link', async () => {
    const n = await addNotice({
      title: 'XSS',
      content:
        '<p onclick="alert(1)">Hi <b>there</b><script>alert(2)</script></p>' +
        '<img src="x" onerror="alert(3)"><img src="/files/uploads/1/public/a.png" onload="x()" alt="ok">' +
        '<a href="javascript:alert(4)">bad</a><a href="java&#x09;script:alert(5)">bad2</a>' +
        '<a href="https://example.org/">good</a><iframe src="https://evil.example"></iframe>' +
        '<style>body{display:none}</style></div></p><svg onload="alert(6)"><circle/></svg>&lt;b&gt;',
    });
    expect(n.content).toBe(
      '<p>Hi <b>there</b></p><img src="/files/uploads/1/public/a.png" alt="ok">' +
        '<a>bad</a><a>bad2</a>' +
        '<a href="https://example.org/" rel="noopener noreferrer" target="_blank">good</a>&lt;b&gt;',
    );
    const back = await t.post(`${B}/GetNotice`, { id: n.id });
    expect(back.json.data.content).not.toMatch(/script|onerror|onload|onclick|iframe|<style|<svg/i);
  });

  it('refuses bad input with a message in the caller’s language', async () => {
    const r = await t.post(`${B}/AddNotice`, { title: ' ', cover: 'https://evil.example/x.png' }, { lang: 'zh' });
    expect(r.json.success).toBe(false);
    const issues = Object.fromEntries(r.json.issues.map((i: any) => [i.path, i.message]));
    expect(issues.title).toBe('请填写标题');
    expect(issues.cover).toBe('图片须为上传的公开图片');
    // A library dynamic cannot be filed on the notices screen.
    const k = await t.post(`${B}/AddNotice`, { title: 'x', kind: 'dynamic' }, { lang: 'en' });
    expect(k.json.issues[0]).toMatchObject({ path: 'kind', message: 'This kind is not allowed here' });
  });

  it('keeps schools apart', async () => {
    const mine = await addNotice({ title: 'Our school only' });
    await t.post(`${B}/PublishNotice`, { ids: [mine.id], published: true });
    const theirs = await addNotice({ title: 'Other school news' }, otherAdmin.token, other);
    // The other school's staff cannot see, publish or edit ours.
    const publish = await t.post(
      `${B}/PublishNotice`,
      { ids: [mine.id], published: false },
      { token: otherAdmin.token, schoolId: other },
    );
    expect(publish.json.success).toBe(false);
    const edit = await t.post(
      `${B}/UpdateNotice`,
      { id: mine.id, title: 'hijacked', kind: 'notice' },
      { token: otherAdmin.token, schoolId: other },
    );
    expect(edit.json.success).toBe(false);
    await t.post(
      `${B}/PublishNotice`,
      { ids: [theirs.id], published: true },
      { token: otherAdmin.token, schoolId: other },
    );
    const ours = (await pub(`${S}/GetBulletinCatalog`, { Rows: 50 })).json.data.List.map((x: any) => x.title);
    expect(ours).toContain('Our school only');
    expect(ours).not.toContain('Other school news');
    const theirList = (await pub(`${S}/GetBulletinCatalog`, { Rows: 50 }, other)).json.data.List.map(
      (x: any) => x.title,
    );
    expect(theirList).toEqual(['Other school news']);
    expect((await pub(`${S}/GetBulletinContentByID`, { id: mine.id }, other)).json.success).toBe(false);
    // Without a school the public call is refused.
    expect((await pub(`${S}/GetBulletinCatalog`, {}, null)).json.success).toBe(false);
  });

  it('needs the screen’s permissions', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['notice-list'] });
    const add = await t.post(`${B}/AddNotice`, { title: 'x' }, { token: viewer.token });
    expect(add.status).toBe(403);
    const n = await addNotice({ title: 'y' });
    const publish = await t.post(`${B}/PublishNotice`, { ids: [n.id], published: true }, { token: viewer.token });
    expect(publish.status).toBe(403);
    // The notices screen's permission does not open the library dynamics.
    const dyn = await t.post(`${B}/GetDynamicList`, {}, { token: viewer.token });
    expect(dyn.status).toBe(403);
  });
});

describe('library dynamics (/dynamics-museum)', () => {
  it('are kept apart from notices and listed with their pictures once published', async () => {
    const r = await t.post(`${B}/AddDynamic`, {
      title: '图书馆新装修',
      content: '<p>新阅览室开放</p>',
      pictures: [pic(t.schoolId), pic(t.schoolId).replace('abc', 'def')],
    });
    expect(r.json.success, r.json.msg).toBe(true);
    expect(r.json.data.kind).toBe('dynamic');
    const notices = await t.post(`${B}/GetNoticeList`, { Rows: 100 });
    expect(notices.json.data.List.map((x: any) => x.id)).not.toContain(r.json.data.id);
    await t.post(`${B}/PublishDynamic`, { ids: [r.json.data.id], published: true });
    const d = await pub(`${S}/GetBulletinCatalog`, { kind: 'dynamic' });
    expect(d.json.data.List).toEqual([expect.objectContaining({ title: '图书馆新装修', pictures: expect.any(Array) })]);
    expect(d.json.data.List[0].pictures).toHaveLength(2);
    // Notices and news only on the news page.
    const news = await pub(`${S}/GetBulletinCatalog`, { Rows: 50 });
    expect(news.json.data.List.map((x: any) => x.title)).not.toContain('图书馆新装修');
  });
});

describe('network resources and library information', () => {
  it('lists shown links in their order and refuses a non-http link', async () => {
    const bad = await t.post(`${B}/AddLink`, { name: 'x', url: 'javascript:alert(1)' }, { lang: 'en' });
    expect(bad.json.issues[0]).toMatchObject({ path: 'url', message: 'The link must start with http:// or https://' });
    await t.post(`${B}/AddLink`, { name: '国家数字图书馆', url: 'https://www.nlc.cn/', sort: 2 });
    await t.post(`${B}/AddLink`, { name: '中国知网', url: 'https://www.cnki.net/', sort: 1 });
    await t.post(`${B}/AddLink`, { name: 'Hidden', url: 'https://hidden.example/', state: 0 });
    const r = await pub(`${S}/GetNetworkResource`);
    expect(r.json.data.map((x: any) => x.name)).toEqual(['中国知网', '国家数字图书馆']);
  });

  it('shows the saved introduction, hours, coming closed days and public locations', async () => {
    const save = await t.post(`${B}/SaveLibraryInfo`, {
      intro: '<h2>馆情</h2><p onmouseover="x()">藏书五万册</p>',
      hours: '周一至周五 8:00-17:00',
      rules: '<ol><li>保持安静</li></ol>',
      pictures: [pic(t.schoolId)],
    });
    expect(save.json.success, save.json.msg).toBe(true);
    await t.db.insert(closedDay).values([
      { schoolId: t.schoolId, day: '2000-01-01' },
      { schoolId: t.schoolId, day: '2999-01-01' },
    ]);
    const scope = new Scope(t.schoolId);
    const hall = await makeLocation(t.db, scope, '阅览室');
    await makeRecord(t.db, scope, { title: '书' }, [{ ...hall }]);
    const r = await pub(`${S}/GetLibraryInfo`);
    expect(r.json.data).toMatchObject({
      intro: '<h2>馆情</h2><p>藏书五万册</p>',
      hours: '周一至周五 8:00-17:00',
      rules: '<ol><li>保持安静</li></ol>',
      pictures: [pic(t.schoolId)],
      closedDays: ['2999-01-01'],
    });
    expect(r.json.data.locations.map((l: any) => l.name)).toContain('阅览室');
    // The public site closed: nothing is answered.
    await setSetting(t.db, scope, 'opac.enabled', false);
    expect((await pub(`${S}/GetLibraryInfo`)).json.success).toBe(false);
    await setSetting(t.db, scope, 'opac.enabled', true);
  });
});

describe('new-book announcements (/newbook-announcement)', () => {
  it('lists the books of a batch once published', async () => {
    const scope = new Scope(t.schoolId);
    const [batch] = await t.db
      .insert(acceptanceBatch)
      .values(scope.values({ batchNo: 'YS-2026-11' }))
      .returning();
    const loc = await makeLocation(t.db, scope, '新书架');
    await makeRecord(t.db, scope, { title: '三体' }, [{ ...loc }]);
    const rec = await makeRecord(t.db, scope, { title: '活着' }, [{ ...loc }]);
    const { copy } = await import('../catalogue/catalogue.table.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.update(copy).set({ batchId: batch.id }).where(eq(copy.recordId, rec.id));

    const none = await t.post(`${B}/AddAnnouncement`, { title: '十一月新书' }, { lang: 'en' });
    expect(none.json.issues[0]).toMatchObject({
      message: 'Choose an acceptance batch, or give a start and an end day',
    });
    const add = await t.post(`${B}/AddAnnouncement`, { title: '十一月新书', batchId: batch.id });
    expect(add.json.success, add.json.msg).toBe(true);
    expect(add.json.data).toMatchObject({ batchNo: 'YS-2026-11', books: 1, published: false });
    const id = add.json.data.id;
    expect((await pub(`${S}/GetNewBookAnnouncement`, { id })).json.success).toBe(false);
    await t.post(`${B}/PublishAnnouncement`, { ids: [id], published: true });
    const list = await pub(`${S}/GetNewBookAnnouncementList`, {});
    expect(list.json.data.List).toEqual([expect.objectContaining({ id, title: '十一月新书', books: 1 })]);
    const one = await pub(`${S}/GetNewBookAnnouncement`, { id });
    expect(one.json.data.List.map((x: any) => x.title)).toEqual(['活着']);

    // By dates: every copy added today.
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await t.post(`${B}/AddAnnouncement`, { title: '本周新书', dateFrom: today, dateTo: today });
    expect(byDay.json.data.books).toBeGreaterThanOrEqual(2);
    const reversed = await t.post(
      `${B}/AddAnnouncement`,
      { title: 'x', dateFrom: '2026-11-10', dateTo: '2026-11-01' },
      { lang: 'en' },
    );
    expect(reversed.json.issues[0]).toMatchObject({ path: 'dateTo' });
  });
});

describe('self-service bookcases (/smart_bookcase)', () => {
  it('shows the public copies of its location, those that lend first, never a borrower', async () => {
    const scope = new Scope(t.schoolId);
    const cabinet = await makeLocation(t.db, scope, '自助书柜A');
    await makeRecord(t.db, scope, { title: '柜中书', author: '某作者' }, [{ ...cabinet }, { ...cabinet }]);
    const { copy } = await import('../catalogue/catalogue.table.ts');
    const { eq } = await import('drizzle-orm');
    const [one] = await t.db.select().from(copy).where(eq(copy.locationId, cabinet.locationId)).limit(1);
    await t.db.update(copy).set({ circState: 'borrowed' }).where(eq(copy.id, one.id));
    const otherLoc = await makeLocation(t.db, new Scope(other), 'theirs');
    const bad = await t.post(`${B}/AddBookcase`, { name: 'x', locationId: otherLoc.locationId }, { lang: 'en' });
    expect(bad.json.issues[0]).toMatchObject({ path: 'locationId', message: 'Choose a location of this school' });
    const add = await t.post(`${B}/AddBookcase`, { name: '一楼书柜', locationId: cabinet.locationId });
    expect(add.json.success, add.json.msg).toBe(true);
    expect(add.json.data.locationName).toBe('自助书柜A');
    const screen = await pub(`${S}/GetBookcase`, { id: add.json.data.id });
    expect(screen.json.data).toMatchObject({ name: '一楼书柜', location: '自助书柜A', available: 1, Total: 2 });
    expect(screen.json.data.List.map((c: any) => c.circState)).toEqual(['available', 'borrowed']);
    expect(JSON.stringify(screen.json.data)).not.toMatch(/reader|borrower/i);
    // Another school's screen does not find it; one switched off shows nothing.
    expect((await pub(`${S}/GetBookcase`, { id: add.json.data.id }, other)).json.success).toBe(false);
    await t.post(`${B}/UpdateBookcase`, {
      id: add.json.data.id,
      name: '一楼书柜',
      locationId: cabinet.locationId,
      state: 0,
    });
    expect((await pub(`${S}/GetBookcase`, { id: add.json.data.id })).json.success).toBe(false);
  });
});

describe('a kiosk device (client credentials, no acting account)', () => {
  it('reads the public news of its own school and nothing of the back office', async () => {
    const add = await t.post(`${P}/Device/AddClient`, { name: 'Hall screen' });
    expect(add.json.success, add.json.msg).toBe(true);
    const { clientId, clientSecret } = add.json.data;
    const tok = await t.inject({
      method: 'POST',
      url: '/oauth2/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${clientId}&client_secret=${encodeURIComponent(clientSecret)}`,
    });
    const token = tok.json().access_token as string;
    // No schoolID header: the device's own school.
    const news = await t.post(`${S}/GetBulletinCatalog`, {}, { token, schoolId: null });
    expect(news.json.success, news.json.msg).toBe(true);
    expect(news.json.data.List.map((x: any) => x.title)).toContain('读书节开幕');
    const drafts = await t.post(`${B}/GetNoticeList`, {}, { token, schoolId: null });
    expect(drafts.status).toBe(403);
    const add2 = await t.post(`${B}/AddNotice`, { title: 'kiosk' }, { token });
    expect(add2.status).toBe(403);
    // It learns its school and its apps with their settings (/search-mana).
    await setSetting(t.db, new Scope(t.schoolId), 'guide.interval', 20);
    const apps = await t.get('/micro/dc/open/library/apps/getcompanyhardwareappslist', {}, { token, schoolId: null });
    expect(apps.json.success, apps.json.msg).toBe(true);
    expect(apps.json.data.school.id).toBe(t.schoolId);
    expect(apps.json.data.List.map((a: any) => a.code)).toContain('guidescreen');
    expect(apps.json.data.List[0]).toMatchObject({
      name: 'Guide screen',
      settings: { interval: 20, idle: 60 },
      url: expect.stringMatching(/^\/library\/opac\.html#\/guidescreen\?school=/),
    });
    // Another school's screen never gets this school's data: its header names it, the device token does not.
    const theirs = await t.get(
      '/micro/dc/open/library/apps/getcompanyhardwareappslist',
      {},
      { token: null, schoolId: other },
    );
    expect(theirs.json.data.school.id).toBe(other);
  });
});
