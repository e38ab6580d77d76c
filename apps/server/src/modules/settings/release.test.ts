import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { parseChangelog } from './changelog.ts';

const t = useTestApp();
const U = `${P}/UpdateLog`;

describe('release notes', () => {
  it('parses the change log format', () => {
    const e = parseChangelog('# C\n\n## 1.2.0 — 2026-12-01\n\n- a\n- b\n  continued\n\n## 1.1.0 - 2026-11-01\n* c\n');
    expect(e).toEqual([
      { version: '1.2.0', date: '2026-12-01', items: ['a', 'b continued'] },
      { version: '1.1.0', date: '2026-11-01', items: ['c'] },
    ]);
  });

  it("shows the repository's CHANGELOG to every member", async () => {
    const reader = await buildUser(t.db, t.schoolId, { permissions: [] });
    const r = await t.post(`${U}/GetChangelog`, {}, { token: reader.token });
    // Changes not released yet come first, under 'Unreleased'.
    const released = r.json.data.filter((e: { version: string }) => e.version !== 'Unreleased');
    expect(released[0]).toMatchObject({ version: '0.2.0' });
    expect(r.json.data.at(-1)).toMatchObject({ version: '0.1.0' });
    expect(released[0].items.length).toBeGreaterThan(0);
  });

  it('drafts stay with editors; published notes reach everyone', async () => {
    const reader = await buildUser(t.db, t.schoolId, { permissions: [] });
    const draft = await t.post(`${U}/AddReleaseNote`, { title: '寒假闭馆', content: '1月20日起闭馆' });
    expect(draft.json.code).toBe(0);
    const list = await t.post(`${U}/GetReleaseNoteList`, {});
    const id = list.json.data.List[0].id;
    expect(list.json.data.List[0]).toMatchObject({ state: 0, publishedAt: null });
    expect((await t.post(`${U}/GetPublishedNotes`, {}, { token: reader.token })).json.data.Total).toBe(0);
    const pub = await t.post(`${U}/UpdateReleaseNote`, { id, title: '寒假闭馆', content: '1月20日起闭馆', state: 1 });
    expect(pub.json.code).toBe(0);
    const seen = await t.post(`${U}/GetPublishedNotes`, {}, { token: reader.token });
    expect(seen.json.data.List[0]).toMatchObject({ title: '寒假闭馆', state: 1 });
    expect(seen.json.data.List[0].publishedAt).toBeTruthy();
    expect((await t.post(`${U}/AddReleaseNote`, { title: 'x', content: 'y' }, { token: reader.token })).status).toBe(
      403,
    );
    const bad = await t.post(`${U}/AddReleaseNote`, { title: '', content: '' });
    expect(bad.json.issues.map((i: any) => i.path).sort()).toEqual(['content', 'title']);
  });
});
