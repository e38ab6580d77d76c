import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { makeLocation, makeRecord } from './test-fixtures.ts';

const t = useTestApp();
const S = `${P}/Search`;
const pub = (url: string, body: unknown = {}, schoolId = t.schoolId) => t.post(url, body, { token: null, schoolId });
const titles = (r: any) => r.json.data.List.map((x: any) => x.title).sort();

beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  const hall = await makeLocation(t.db, scope, '绘本馆');
  const books: [string, string][] = [
    ['猜猜我有多爱你', '1–2年级'],
    ['夏洛的网', '680L'],
    ['小王子', 'AD710L'],
    ['哈利波特', '880L'],
    ['城南旧事', '5–6年级'],
    ['没有分级', ''],
  ];
  for (const [title, readingLevel] of books) await makeRecord(t.db, scope, { title, readingLevel }, [hall]);
});

describe('reading level on the public search', () => {
  it('filters by a graded band and by a Lexile range; the advanced search offers the bands', async () => {
    const band = await pub(`${S}/Catalogue`, { SearchKey: '', facets: { readingLevel: '1–2年级' } });
    expect(titles(band)).toEqual(['猜猜我有多爱你']);
    const lexile = await pub(`${S}/Catalogue`, { SearchKey: '', facets: { lexileFrom: 600, lexileTo: 750 } });
    expect(titles(lexile)).toEqual(['夏洛的网', '小王子'].sort());
    const from = await pub(`${S}/ComplexCatalogue`, { lines: [], facets: { lexileFrom: 800 } });
    expect(titles(from)).toEqual(['哈利波特']);
    const options = await pub(`${S}/GetSearchOptions`);
    expect(options.json.data.readingLevels).toEqual(['1–2年级', '5–6年级']);
  });

  it('another school sees none of these levels', async () => {
    const s2 = await buildSchool(t.db);
    await buildUser(t.db, s2, { permissions: ['*'] });
    const other = await pub(`${S}/Catalogue`, { SearchKey: '', facets: { readingLevel: '1–2年级' } }, s2);
    expect(other.json.data?.Total ?? 0).toBe(0);
  });
});
