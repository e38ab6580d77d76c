import fs from 'node:fs';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { pointEntry } from '../points/points.table.ts';
import { readingShare, reviewSetting } from './reviews.table.ts';

const t = useTestApp();
const R = `${P}/ReadingShare`;
type User = Awaited<ReturnType<typeof buildUser>>;
let ann: User;
let bob: User;
let librarian: User;
let dims: number[];
const as = (who: User, url: string, body: unknown = {}, lang: 'zh' | 'en' = 'en') =>
  t.post(url, body, { token: who.token, lang });
const share = (who: User, body: Record<string, unknown>) =>
  as(who, `${P}/Opac/SaveMyShare`, {
    kind: 'note',
    content: '今天读了《草房子》，桑桑的故事让我想起了自己的小学',
    ...body,
  });

/** Writes a file where P/upload/post would have put it; answers its URL. */
function upload(school: number, name: string, bytes: Buffer, dir = 'public/202611'): string {
  const rel = `uploads/${school}/${dir}/${name}`;
  const abs = path.join(t.app.config.dataDir, 'files', rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, bytes);
  return `/files/${rel}`;
}
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

beforeAll(async () => {
  ann = await buildUser(t.db, t.schoolId, { identity: 'student' });
  await t.db.update(appUser).set({ name: '李小红' }).where(eq(appUser.id, ann.id));
  bob = await buildUser(t.db, t.schoolId, { identity: 'student' });
  librarian = await buildUser(t.db, t.schoolId, {
    permissions: ['reading-share', 'reading-share:audit', 'share-dimension', 'share-dimension:add'],
  });
  dims = [];
  for (const name of ['人物', '情节']) {
    const r = await as(librarian, `${R}/AddDimension`, { name });
    expect(r.json.success, r.json.msg).toBe(true);
    dims.push(r.json.data.id);
  }
});

beforeEach(async () => {
  await t.db.delete(readingShare);
  await t.db.delete(reviewSetting);
});

describe('reading shares', () => {
  it('a share with pictures and dimensions waits, is passed, then shows publicly with a masked name', async () => {
    const pics = [upload(t.schoolId, 'a.png', PNG), upload(t.schoolId, 'b.png', PNG)];
    const res = await share(ann, { title: '我的读书笔记', pictures: pics, dimensionIds: [dims[0]] });
    expect(res.json.success, res.json.msg).toBe(true);
    expect(res.json.data).toMatchObject({ state: 'pending', dimensions: ['人物'], pictures: pics });
    const pub = () => t.post(`${P}/Search/ReadingShares`, {}, { token: null });
    expect((await pub()).json.data.Total).toBe(0);

    const list = await as(librarian, `${R}/GetShareList`, { state: 'pending', dimensionId: dims[0] });
    expect(list.json.data.List.map((r: any) => r.readerName)).toEqual(['李小红']);
    const id = list.json.data.List[0].id;
    expect((await as(librarian, `${R}/ModerateShares`, { ids: [id], pass: true })).json.success).toBe(true);

    const shown = (await pub()).json.data;
    expect(shown.List[0]).toMatchObject({ maskedName: '李*红', title: '我的读书笔记', dimensions: ['人物'] });
    expect(JSON.stringify(shown)).not.toContain('李小红');
    const other = await t.post(`${P}/Search/ReadingShares`, { dimensionId: dims[1] }, { token: null });
    expect(other.json.data.Total).toBe(0);
    const points = await t.db
      .select()
      .from(pointEntry)
      .where(eq(pointEntry.refId, String(id)));
    expect(points.map((p) => [p.event, p.points])).toEqual([['share_approved', 5]]);

    // A rewrite goes back to pending; another reader cannot touch it.
    const again = await share(ann, { id, content: '又读了一遍《草房子》，这次更喜欢秃鹤了', dimensionIds: [] });
    expect(again.json.data.state).toBe('pending');
    expect((await share(bob, { id })).json.errorCode).toBe('NOT_FOUND');
    expect((await as(bob, `${P}/Opac/DeleteMyShare`, { id })).json.errorCode).toBe('NOT_FOUND');
    expect((await as(ann, `${P}/Opac/MyShares`, {})).json.data.Total).toBe(1);
  });

  it('takes images only, of this school, within the size and the number the school allows', async () => {
    const refused = async (pictures: string[], code: string) => {
      const r = await share(ann, { pictures });
      expect(r.json.errorCode, JSON.stringify(r.json)).toBe(code);
      expect(r.json.issues[0].path).toMatch(/^pictures/);
    };
    await refused([upload(t.schoolId, 'x.txt', Buffer.from('hello'))], 'BAD_PICTURE');
    await refused([upload(t.schoolId, 'fake.png', Buffer.from('<script>alert(1)</script>'))], 'BAD_PICTURE');
    // A private upload (a reader photo's folder) is refused by the contract already.
    await refused([upload(t.schoolId, 'private.png', PNG, '202611')], 'VALIDATION');
    await refused([`/files/uploads/${t.schoolId}/public/202611/missing.png`], 'BAD_PICTURE');
    const otherSchool = await buildSchool(t.db);
    await refused([upload(otherSchool, 'theirs.png', PNG)], 'BAD_PICTURE');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    await refused([upload(t.schoolId, 'big.png', big)], 'PICTURE_TOO_LARGE');
    const tooMany = await share(ann, {
      pictures: Array.from({ length: 10 }, (_, i) => upload(t.schoolId, `${i}.png`, PNG)),
    });
    expect(tooMany.json.issues[0].message).toBe('At most 9 pictures');
    await t.post(`${P}/BookReview/SaveReviewSettings`, {
      reviewModeration: true,
      reviewMinLength: 10,
      reviewPoints: true,
      shareModeration: true,
      shareMinLength: 10,
      sharePoints: true,
      shareMaxPictures: 1,
      bannedWords: ['傻瓜'],
    });
    await refused([upload(t.schoolId, 'c.png', PNG), upload(t.schoolId, 'd.png', PNG)], 'TOO_MANY_PICTURES');
    const banned = await share(ann, { title: '傻瓜才不看书' });
    expect(banned.json).toMatchObject({ errorCode: 'BANNED_WORD', issues: [{ path: 'title' }] });
    expect(await t.db.select().from(readingShare)).toHaveLength(0);
  });

  it('a student never judges shares; readers cannot see the back-office list; schools stay apart', async () => {
    const id = (await share(ann, {})).json.data.id;
    const pupil = await buildUser(t.db, t.schoolId, { identity: 'student', permissions: ['reading-share:audit'] });
    expect((await as(pupil, `${R}/ModerateShares`, { ids: [id], pass: true })).json.errorCode).toBe(
      'STUDENT_CANNOT_MODERATE',
    );
    expect((await as(bob, `${R}/GetShareList`, {})).status).toBe(403);

    const other = await buildSchool(t.db);
    const stranger = await buildUser(t.db, other, { permissions: ['*'] });
    const o = { token: stranger.token, schoolId: other };
    expect((await t.post(`${R}/GetShareList`, {}, o)).json.data.Total).toBe(0);
    expect((await t.post(`${R}/ModerateShares`, { ids: [id], pass: true }, o)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${R}/GetDimensionList`, {}, o)).json.data.Total).toBe(0);
    // Another school's dimension cannot tag a share here.
    const theirs = await t.post(`${R}/AddDimension`, { name: '人物' }, o);
    expect(theirs.json.success).toBe(true);
    const bad = await share(ann, { dimensionIds: [theirs.json.data.id] });
    expect(bad.json.issues[0].path).toBe('dimensionIds');
    const dup = await as(librarian, `${R}/AddDimension`, { name: '人物' });
    expect(dup.json.errorCode).toBe('DUPLICATE');
  });
});
