import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const t = useTestApp();
const C = `${P}/Classification`;

async function ok(url: string, body: unknown, opts = {}) {
  const res = await t.post(url, body, opts);
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data;
}

describe('Dewey classification', () => {
  it('has the ten main classes and their divisions, named in the caller’s language', async () => {
    const top = await ok(`${P}/Literature/GetDeweyClassification`, {}, { lang: 'en' });
    expect(top.map((n: any) => n.code)).toEqual(['000', '100', '200', '300', '400', '500', '600', '700', '800', '900']);
    expect(top[5]).toMatchObject({ name: 'Science', hasChildren: true, level: 1 });
    const science = await ok(`${P}/Literature/GetDeweyClassification`, { parent: '500' }, { lang: 'zh' });
    expect(science).toHaveLength(9);
    expect(science[0]).toMatchObject({ code: '510', name: '数学', parentCode: '500' });
    const found = await ok(`${P}/Literature/GetDeweyClassification`, { q: '51' }, { lang: 'en' });
    expect(found[0]).toMatchObject({ code: '510', name: 'Mathematics' });
  });
});

describe("a school's custom classification", () => {
  it('adds, renames and deletes nodes; codes are unique; a node with children stays', async () => {
    const top = await ok(`${C}/AddCustomClass`, { code: 'X', name: '校本课程' });
    await ok(`${C}/AddCustomClass`, { code: 'X1', name: '科学实验', parentCode: 'X' });
    const dup = await t.post(`${C}/AddCustomClass`, { code: 'X1', name: '重复' }, { lang: 'en' });
    expect(dup.json.issues).toEqual([{ path: 'code', message: 'This class code already exists' }]);
    const orphan = await t.post(`${C}/AddCustomClass`, { code: 'Y1', name: '孤儿', parentCode: 'Y' }, { lang: 'en' });
    expect(orphan.json.issues).toEqual([{ path: 'parentCode', message: 'The parent class does not exist' }]);
    await ok(`${C}/UpdateCustomClass`, { id: top.id, code: 'XB', name: '校本' });
    const tree = await ok(`${P}/Config/GetCustomClassify`, {});
    expect(tree).toMatchObject([{ code: 'XB', name: '校本', children: [{ code: 'X1', parentCode: 'XB', level: 2 }] }]);
    const refused = await t.post(`${C}/DeleteCustomClass`, { id: top.id }, { lang: 'en' });
    expect(refused.json.msg).toBe('This class has subclasses; delete them first');
    // The picker searches the custom scheme like the others.
    const hits = await ok(`${C}/FindClasses`, { scheme: 'custom', q: '实验' });
    expect(hits.map((h: any) => h.code)).toEqual(['X1']);
  });

  it('is the school’s own: another school sees none and cannot change it; viewers cannot edit', async () => {
    const mine = await ok(`${C}/AddCustomClass`, { code: 'Z', name: '本校专用' });
    const schoolB = await buildSchool(t.db);
    const b = await buildUser(t.db, schoolB, { permissions: ['book-editing-rule', 'book-editing-rule:edit'] });
    const as = { token: b.token, schoolId: schoolB };
    expect((await t.post(`${P}/Config/GetCustomClassify`, {}, as)).json.data).toEqual([]);
    expect((await t.post(`${C}/DeleteCustomClass`, { id: mine.id }, as)).json.errorCode).toBe('NOT_FOUND');
    // The same code is free in another school.
    expect((await t.post(`${C}/AddCustomClass`, { code: 'Z', name: '乙校' }, as)).json.code).toBe(0);
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['book-editing-rule'] });
    const res = await t.post(`${C}/AddCustomClass`, { code: 'V', name: 'v' }, { token: viewer.token });
    expect(res.status).toBe(403);
  });
});
