import { P } from '@shuyuan/contracts/common/paths';
import type { ClassNode } from '@shuyuan/contracts/classification/classification';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { ensureFullClc } from './clc-full.ts';

/** The full 中图法 every school has out of the box (issue 14 §3): installed once after start-up. */
const t = useTestApp();
const FIND = `${P}/Classification/FindClasses`;
const TREE = `${P}/Classification/GetClassTree`;
const found = async (q: string, opts = {}) =>
  ((await t.post(FIND, { scheme: 'clc', q, limit: 200 }, opts)).json.data as ClassNode[]).map(
    (n) => `${n.code} ${n.name}`,
  );

describe('the full CLC, built in', () => {
  it('starts with levels 1–2; once installed, I24 and 小说 are found at any level, in every school', async () => {
    expect(await found('I24')).toEqual([]);
    expect(await ensureFullClc(t.db)).toBe(true);
    const byCode = await found('I24');
    expect(byCode[0]).toBe('I24 小说');
    expect(byCode).toContain('I247.5 新体长篇、中篇小说');
    const byWord = await found('小说');
    expect(byWord).toContain('I24 小说');
    expect(byWord).toContain('I247.5 新体长篇、中篇小说');
    // Several words: each must be in the name.
    expect(await found('中篇 小说')).toContain('I247.5 新体长篇、中篇小说');
    const kids = (await t.post(TREE, { scheme: 'clc', parent: 'I2' })).json.data as ClassNode[];
    expect(kids.map((n) => n.code)).toContain('I24');
    // Another school reads the same table.
    const other = await buildSchool(t.db);
    const them = await buildUser(t.db, other, { permissions: [] });
    expect(await found('I247.5', { token: them.token, schoolId: other })).toContain('I247.5 新体长篇、中篇小说');
  });

  it('installs once: a second start leaves it as it is', async () => {
    expect(await ensureFullClc(t.db)).toBe(false);
    const top = (await t.post(TREE, { scheme: 'clc' })).json.data as ClassNode[];
    expect(top).toHaveLength(22);
  });
});
