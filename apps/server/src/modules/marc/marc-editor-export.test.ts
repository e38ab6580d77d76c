import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { readMarc } from './lib/read-marc.ts';

const t = useTestApp();

const df = (tag: string, ...subs: string[]) => ({
  tag,
  ind1: ' ',
  ind2: ' ',
  subfields: subs.map((s) => ({ code: s[0], value: s.slice(1) })),
});
const record = (title: string) => ({
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '008', value: '240101s2024    cc            000 0 chi d' },
    df('020', 'a9787020042494'),
    df('245', `a${title}`),
    df('260', 'a北京', 'b人民文学出版社', 'c2024'),
  ],
});

const download = (body: unknown, token = t.adminToken, schoolId = t.schoolId) =>
  t.inject({
    method: 'POST',
    url: `${P}/Marc/ExportRecord`,
    headers: { authorization: `Bearer ${token}`, schoolid: String(schoolId) },
    payload: body as any,
  });

describe('P/Marc/ExportRecord — the MARC editor exports the record it has open', () => {
  it('answers the one record as ISO 2709 and as MARCXML', async () => {
    const id = (await t.post(`${P}/Marc/Post`, { record: record('导出测试书') })).json.data.id;
    await t.post(`${P}/Marc/Post`, { record: record('另一本书') });
    for (const format of ['iso2709', 'marcxml'] as const) {
      const res = await download({ id, format });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="marc-${id}.${format === 'iso2709' ? 'mrc' : 'xml'}"`,
      );
      if (format === 'marcxml') expect(res.body).toContain('<collection');
      const back = [...readMarc(res.rawPayload)].filter((r) => r.ok) as any[];
      expect(back).toHaveLength(1);
      const titles = back[0].record.fields
        .filter((f: any) => f.tag === '245')
        .flatMap((f: any) => f.subfields.map((x: any) => x.value));
      expect(titles).toEqual(['导出测试书']);
    }
  });

  it('needs Marc:export; viewing or editing is not enough; another school’s record is not found', async () => {
    const id = (await t.post(`${P}/Marc/Post`, { record: record('权限测试') })).json.data.id;
    const editor = await buildUser(t.db, t.schoolId, { permissions: ['Marc', 'Marc:edit'] });
    expect((await download({ id }, editor.token)).statusCode).toBe(403);
    const exporter = await buildUser(t.db, t.schoolId, { permissions: ['Marc', 'Marc:export'] });
    expect((await download({ id }, exporter.token)).statusCode).toBe(200);
    const other = await buildSchool(t.db);
    const stranger = await buildUser(t.db, other, { permissions: ['Marc', 'Marc:export'] });
    const missing = await download({ id }, stranger.token, other);
    expect(missing.headers['content-disposition']).toBeUndefined();
    expect(missing.json().errorCode).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('P/Catalogue/GetEditingOptions — the MARC import screen’s pickers', () => {
  it('answers a user who holds only the MARC import screen; refuses one without any screen that uses it', async () => {
    const importer = await buildUser(t.db, t.schoolId, { permissions: ['marc-import', 'marc-import:import'] });
    const ok = await t.post(`${P}/Catalogue/GetEditingOptions`, {}, { token: importer.token });
    expect(ok.json.code).toBe(0);
    expect(ok.json.data.locations.length).toBeGreaterThan(0);
    const nobody = await buildUser(t.db, t.schoolId, { permissions: ['marc-export'] });
    expect((await t.post(`${P}/Catalogue/GetEditingOptions`, {}, { token: nobody.token })).status).toBe(403);
  });
});
