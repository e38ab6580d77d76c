import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import { and, count, eq, isNull } from 'drizzle-orm';
import { sharedPath } from '../../../../../scripts/shared-data.ts';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { BizError } from '../../platform/errors.ts';
import { Scope } from '../../platform/tenancy.ts';
import { clcClass } from './class.table.ts';
import { findClasses, importClassScheme } from './class.service.ts';

const t = useTestApp();
const TREE = `${P}/Classification/GetClassTree`;
const FIND = `${P}/Classification/FindClasses`;
// Development data beside the repository; the product itself never reads it.
const CLC_FILE = sharedPath('data/clc/clc-flat.tsv');

const clcCount = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(clcClass)
      .where(and(eq(clcClass.scheme, 'clc'), isNull(clcClass.schoolId)))
  )[0].n;
const codes = (rows: { code: string }[]) => rows.map((r) => r.code);

describe('classification', () => {
  it('seeds the 22 CLC classes with their main subdivisions', async () => {
    const top = await t.post(TREE, {});
    expect(top.json.code).toBe(0);
    expect(codes(top.json.data)).toEqual('ABCDEFGHIJKNOPQRSTUVXZ'.split(''));
    expect(top.json.data[8]).toMatchObject({ code: 'I', name: '文学', level: 1, hasChildren: true, parentCode: null });
    const lit = await t.post(TREE, { parent: 'I' });
    expect(codes(lit.json.data)).toEqual(['I0', 'I1', 'I2', 'I3/7']);
    expect(lit.json.data[2]).toMatchObject({ name: '中国文学', level: 2, parentCode: 'I', hasChildren: false });
    expect(codes((await t.post(TREE, { parent: 'B' })).json.data).slice(0, 2)).toEqual(['B-4', 'B0']);
    expect(await clcCount()).toBe(270);
  });

  it('needs a signed-in member of the school', async () => {
    const anon = await t.post(TREE, {}, { token: null });
    expect(anon.status).toBe(401);
    const u = await buildUser(t.db, t.schoolId, { permissions: [] });
    expect((await t.post(TREE, { parent: 'T' }, { token: u.token })).json.data.length).toBeGreaterThan(10);
  });

  it('finds classes by code prefix and by name', async () => {
    const byCode = await t.post(FIND, { q: 'i2' });
    expect(codes(byCode.json.data)).toEqual(['I2']);
    const byName = await findClasses(t.db, { q: '哲学' });
    expect(codes(byName)).toEqual(expect.arrayContaining(['B', 'B0', 'B1', 'B2']));
    expect(byName.every((r) => r.name.includes('哲学'))).toBe(true);
    expect(codes(await findClasses(t.db, { q: 'T', parent: 'T', limit: 3 }))).toEqual(['T-0', 'T-1', 'T-2']);
    expect(codes(await findClasses(t.db, { q: 'TP', parent: 'T' }))).toEqual(['TP']);
  });

  it('refuses a bad file whole, listing each bad line, and keeps the scheme', async () => {
    const text = 'code\tname\tlevel\tparent\nA\t马列\t1\t\nA1\t\t2\tA\nA2\t著作\tx\tA\nA3\t著作\t2\tQ\nA\t重复\t1\t\n';
    const err = await importClassScheme(t.db, { scheme: 'clc', text }).catch((e) => e);
    expect(err).toBeInstanceOf(BizError);
    expect((err as BizError).issues).toEqual([
      { path: 'line 3', message: 'classification.import.nameMissing' },
      { path: 'line 4', message: 'classification.import.levelInvalid' },
      { path: 'A3', message: 'classification.import.parentMissing' },
    ]);
    expect(await clcCount()).toBe(270);
    const noHeader = await importClassScheme(t.db, { scheme: 'clc', text: 'A\tB\n' }).catch((e) => e);
    expect((noHeader as BizError).issues?.[0].message).toBe('classification.import.badHeader');
  });

  it('imports a school’s custom scheme from JSON, seen by that school only', async () => {
    const json = JSON.stringify([
      { code: 'X1', name: '校本课程', level: 1 },
      { code: 'X1.1', name: '乡土文化', level: 2, parent: 'X1' },
    ]);
    const other = await buildSchool(t.db);
    await importClassScheme(t.db, { scheme: 'custom', scope: new Scope(t.schoolId), text: json });
    await importClassScheme(t.db, { scheme: 'custom', scope: new Scope(other), text: '[]' });
    const mine = await t.post(TREE, { scheme: 'custom' });
    expect(mine.json.data).toMatchObject([{ code: 'X1', hasChildren: true }]);
    expect(codes((await t.post(FIND, { scheme: 'custom', q: '乡土' })).json.data)).toEqual(['X1.1']);
    expect(await findClasses(t.db, { scheme: 'custom', q: 'X' }, new Scope(other))).toEqual([]);
    const noSchool = await importClassScheme(t.db, { scheme: 'custom', text: json }).catch((e) => e);
    expect((noSchool as BizError).issues?.[0].message).toBe('classification.import.schoolRequired');
  });

  it.skipIf(!fs.existsSync(CLC_FILE))(
    'imports the full CLC (45,835 lines) fast and idempotently',
    async () => {
      const text = fs.readFileSync(CLC_FILE, 'utf8');
      const started = Date.now();
      // 45,835 lines; 50 repeat a code already listed (see class-file.ts) and are merged into it.
      expect(await importClassScheme(t.db, { scheme: 'clc', text })).toEqual({ count: 45785, duplicates: 50 });
      const ms = Date.now() - started;
      console.log(`full CLC import: ${ms} ms (${t.database.kind})`);
      expect(ms).toBeLessThan(15_000);
      await importClassScheme(t.db, { scheme: 'clc', text });
      expect(await clcCount()).toBe(45785);
      const i24 = await t.post(TREE, { parent: 'I24' });
      expect(codes(i24.json.data)).toEqual(expect.arrayContaining(['I242', 'I246', 'I247']));
      expect(i24.json.data.find((r: { code: string }) => r.code === 'I247').hasChildren).toBe(true);
      expect(codes(await findClasses(t.db, { q: 'I247.5' }))[0]).toBe('I247.5');
      const novels = await findClasses(t.db, { q: '小说', parent: 'I24', limit: 200 });
      expect(novels.length).toBeGreaterThan(5);
      expect(novels.every((r) => r.code.startsWith('I24') && r.name.includes('小说'))).toBe(true);
    },
    60_000,
  );
});
