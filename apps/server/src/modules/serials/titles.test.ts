import { P } from '@shuyuan/contracts/common/paths';
import { issnValid } from '@shuyuan/contracts/serials/title';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { resourceType } from '../basic/branch.table.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { serialIssue, serialSubscription } from './serials.table.ts';

const S = `${P}/Serials`;
const t = useTestApp();

const monthly = {
  kind: 'magazine',
  title: '中国国家地理',
  issn: '1009-6337',
  cnNumber: 'CN 11-4542/P',
  postalCode: '2-805',
  publisher: '中国国家地理杂志社',
  frequency: 'monthly',
  pricePerIssueFen: 1600,
  pricePerYearFen: 19200,
  language: 'chi',
  classNo: 'K9',
};

describe('ISSN check digit', () => {
  it('accepts valid ISSNs (X as 10) and refuses a wrong check digit', () => {
    expect(issnValid('1009-6337')).toBe(true);
    expect(issnValid('0317-8471')).toBe(true);
    expect(issnValid('2049-3630')).toBe(true);
    expect(issnValid('0000-006X')).toBe(true);
    expect(issnValid('1009-6338')).toBe(false);
    expect(issnValid('1009-633')).toBe(false);
  });
});

describe('periodical titles (/magazinelibrary)', () => {
  let id: number;
  it('adds a title with a catalogue record of resource type periodical', async () => {
    const r = await t.post(`${S}/AddTitle`, monthly);
    expect(r.json.code, JSON.stringify(r.json)).toBe(0);
    id = r.json.data.id;
    expect(r.json.data.recordId).toBeGreaterThan(0);
    const [rec] = await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.id, r.json.data.recordId));
    const [type] = await t.db.select().from(resourceType).where(eq(resourceType.id, rec.resourceTypeId!));
    expect(rec).toMatchObject({ title: '中国国家地理', issn: '1009-6337', publisher: '中国国家地理杂志社' });
    expect(type.code).toBe('serial');
    const found = await t.post(`${P}/Catalogue/SearchRecords`, { SearchKey: '中国国家地理' });
    expect(found.json.data.List.map((x: any) => x.id)).toContain(r.json.data.recordId);
  });

  it('says what is missing, each field with its own message, in the caller language', async () => {
    const r = await t.post(`${S}/AddTitle`, { title: ' ', postalCode: '', language: '' }, { lang: 'zh' });
    const byPath = Object.fromEntries(r.json.issues.map((i: any) => [i.path, i.message]));
    expect(byPath).toMatchObject({ title: '请输入刊名', postalCode: '请输入邮发代号', language: '请选择语种' });
    const bad = await t.post(`${S}/AddTitle`, { ...monthly, issn: '1009-6338', postalCode: '9-1' }, { lang: 'en' });
    expect(bad.json.issues).toEqual([{ path: 'issn', message: expect.stringContaining('check digit') }]);
  });

  it('refuses a second title with the same ISSN or postal code', async () => {
    const r = await t.post(`${S}/AddTitle`, { ...monthly, title: 'Copy' }, { lang: 'en' });
    expect(r.json.errorCode).toBe('DUPLICATE');
    expect(r.json.issues.map((i: any) => i.path).sort()).toEqual(['issn', 'postalCode']);
  });

  it('lists with search by title, ISSN or postal code and a kind filter', async () => {
    await t.post(`${S}/AddTitle`, { ...monthly, kind: 'newspaper', title: '人民日报', issn: '', postalCode: '1-1' });
    const list = async (q: object) => (await t.post(`${S}/GetTitleList`, q)).json.data;
    expect((await list({ SearchKey: '2-805' })).List.map((x: any) => x.title)).toEqual(['中国国家地理']);
    expect((await list({ SearchKey: '1009-6337' })).Total).toBe(1);
    expect((await list({ kind: 'newspaper' })).List.map((x: any) => x.title)).toEqual(['人民日报']);
    expect((await list({ kind: 'magazine', SearchKey: '地理' })).Total).toBe(1);
  });

  it('edits the title and its catalogue record together', async () => {
    const r = await t.post(`${S}/UpdateTitle`, { ...monthly, id, title: '中国国家地理（修订）' });
    expect(r.json.code, JSON.stringify(r.json)).toBe(0);
    const [rec] = await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.id, r.json.data.recordId));
    expect(rec.title).toBe('中国国家地理（修订）');
  });

  it('refuses to delete a title whose issues have arrived, and deletes one without', async () => {
    const [sub] = await t.db
      .insert(serialSubscription)
      .values({ schoolId: t.schoolId, titleId: id, year: 2027, copies: 1 })
      .returning();
    await t.db.insert(serialIssue).values({
      schoolId: t.schoolId,
      subscriptionId: sub.id,
      titleId: id,
      seq: 1,
      year: 2027,
      issueNo: 1,
      state: 'arrived',
      arrivedCopies: 1,
    });
    const r = await t.post(`${S}/DeleteTitle`, { ids: [id] }, { lang: 'en' });
    expect(r.json.msg).toContain('has issues checked in');
    const other = (await t.post(`${S}/GetTitleList`, { kind: 'newspaper' })).json.data.List[0];
    expect((await t.post(`${S}/DeleteTitle`, { ids: [other.id] })).json.code).toBe(0);
    const gone = await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.id, other.recordId));
    expect(gone).toHaveLength(0);
  });

  it('needs the screen permission and never shows another school', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['magazinelibrary'] });
    expect((await t.post(`${S}/GetTitleList`, {}, { token: viewer.token })).json.data.Total).toBeGreaterThan(0);
    const denied = await t.post(`${S}/AddTitle`, { ...monthly, postalCode: '3-3', issn: '' }, { token: viewer.token });
    expect(denied.status).toBe(403);
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['*'] });
    const theirs = await t.post(`${S}/GetTitleList`, {}, { token: admin.token, schoolId: other });
    expect(theirs.json.data.Total).toBe(0);
    const edit = await t.post(`${S}/UpdateTitle`, { ...monthly, id }, { token: admin.token, schoolId: other });
    expect(edit.json.code).not.toBe(0);
    // The same ISSN and postal code are free in another school.
    const own = await t.post(`${S}/AddTitle`, monthly, { token: admin.token, schoolId: other });
    expect(own.json.code).toBe(0);
  });
});
