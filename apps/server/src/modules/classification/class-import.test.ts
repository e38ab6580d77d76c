import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import { sharedPath } from '../../../../../scripts/shared-data.ts';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp, waitFor } from '../../test/helper.ts';

/** Importing a whole scheme from an uploaded file (P/Classification/ImportScheme, a background task). */
const t = useTestApp();
const IMPORT = `${P}/Classification/ImportScheme`;
const RESULT = `${P}/Classification/GetImportResult`;
const TREE = `${P}/Classification/GetClassTree`;
const FIND = `${P}/Classification/FindClasses`;
// Development data beside the repository; the product itself never reads it.
const CLC_FILE = sharedPath('data/clc/clc-flat.tsv');
const CLC_JSON = sharedPath('data/clc/php_clc_parser-data.json');

/** Uploads a file the way the screen does (multipart to P/upload/post); answers its url. */
async function upload(fileName: string, data: Buffer, opts: { token?: string; schoolId?: number } = {}) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.inject({
    method: 'POST',
    url: `${P}/upload/post`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${opts.token ?? t.adminToken}`,
      schoolid: String(opts.schoolId ?? t.schoolId),
    },
  });
  const body = res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.url as string;
}

/** Starts an import and waits for the task to end; answers the result. */
async function runImport(body: Record<string, unknown>, opts: { token?: string; schoolId?: number } = {}) {
  const start = await t.post(IMPORT, body, { ...opts, lang: 'en' });
  expect(start.json.code, JSON.stringify(start.json)).toBe(0);
  const id = start.json.data.DataID;
  return waitFor(
    async () => (await t.post(RESULT, { DataID: id }, { ...opts, lang: 'en' })).json.data,
    (r) => r.State >= 2,
    { what: (r) => `import ${id} did not finish: ${JSON.stringify(r)}` },
  );
}

const tsv = (lines: string[]) => Buffer.from(['code\tname\tlevel\tparent', ...lines].join('\n'));

describe('class scheme import', () => {
  it('imports a TSV scheme: nodes counted, repeated codes reported, the picker offers the new nodes', async () => {
    const url = await upload(
      'mini-clc.tsv',
      tsv([
        'Z\t综合性图书\t1\t',
        'Z1\t丛书\t2\tZ',
        'Z12\t中国丛书\t3\tZ1',
        'Z1\t丛书（重复）\t2\tZ',
        'Z8\t图书目录\t2\tZ',
      ]),
    );
    const r = await runImport({ scheme: 'clc', fileUrl: url });
    expect(r).toMatchObject({ State: 2, scheme: 'clc', count: 4, duplicates: 1, duplicateCodes: ['Z1'], issues: [] });
    const top = (await t.post(TREE, {})).json.data;
    expect(top.map((n: { code: string }) => n.code)).toEqual(['Z']);
    const kids = (await t.post(TREE, { parent: 'Z1' })).json.data;
    expect(kids).toMatchObject([{ code: 'Z12', name: '中国丛书', level: 3 }]);
    expect((await t.post(FIND, { q: '目录' })).json.data.map((n: { code: string }) => n.code)).toEqual(['Z8']);
  });

  it('refuses a file with bad lines whole, listing each problem; the scheme stays as it was', async () => {
    const url = await upload('bad.tsv', tsv(['Y\t\t1\t', 'Y1\t乙\tx\tY', 'Y2\t丙\t2\tQQ']));
    const r = await runImport({ scheme: 'clc', fileUrl: url });
    expect(r.State).toBe(3);
    expect(r.error).toBe('The file has 3 problem(s) and was not imported');
    expect(r.issues).toEqual([
      { path: 'line 2', message: 'The class name is missing' },
      { path: 'line 3', message: 'The level is not a valid number' },
      { path: 'Y2', message: 'The parent class code is not in the file' },
    ]);
    expect((await t.post(TREE, {})).json.data.map((n: { code: string }) => n.code)).toEqual(['Z']);
  });

  it('only the top unit replaces the shared CLC; any school imports its own custom scheme', async () => {
    const child = await buildSchool(t.db, { parentId: t.schoolId });
    const admin = await buildUser(t.db, child, { permissions: ['*'] });
    const url = await upload('mine.tsv', tsv(['X\t校本课程\t1\t', 'X1\t科技\t2\tX']), {
      token: admin.token,
      schoolId: child,
    });
    const refused = await t.post(IMPORT, { scheme: 'clc', fileUrl: url }, { token: admin.token, schoolId: child });
    expect(refused.json).toMatchObject({
      errorCode: 'CLASS_IMPORT_TOP_UNIT',
      msg: 'The CLC and Dewey schemes are shared by every school; only the top unit may import them',
    });
    const r = await runImport({ scheme: 'custom', fileUrl: url }, { token: admin.token, schoolId: child });
    expect(r).toMatchObject({ State: 2, count: 2 });
    const mine = await t.post(TREE, { scheme: 'custom', parent: 'X' }, { token: admin.token, schoolId: child });
    expect(mine.json.data).toMatchObject([{ code: 'X1', name: '科技' }]);
    expect((await t.post(TREE, { scheme: 'custom' })).json.data).toEqual([]); // not the top unit's
    // Another school's upload is not readable; the import needs the rules screen's edit permission.
    expect((await t.post(IMPORT, { scheme: 'custom', fileUrl: url })).json.errorCode).toBe('CLASS_FILE_MISSING');
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['book-editing-rule'] });
    expect((await t.post(IMPORT, { scheme: 'custom', fileUrl: url }, { token: viewer.token })).status).toBe(403);
  });

  it.skipIf(!fs.existsSync(CLC_FILE))('imports the full 中图法 file (clc-flat.tsv)', { timeout: 120_000 }, async () => {
    const url = await upload('clc-flat.tsv', fs.readFileSync(CLC_FILE));
    const r = await runImport({ scheme: 'clc', fileUrl: url });
    expect(r).toMatchObject({ State: 2, count: 45_785, duplicates: 50, issues: [] });
    expect(r.duplicateCodes).toContain('S727.1');
    const deep = (await t.post(FIND, { q: 'I247.5' })).json.data[0];
    expect(deep).toMatchObject({ code: 'I247.5', name: '新体长篇、中篇小说', level: 5, parentCode: 'I247' });
  });

  it.skipIf(!fs.existsSync(CLC_JSON))(
    'imports the nested JSON form of the same data',
    { timeout: 120_000 },
    async () => {
      const url = await upload('clc.json', fs.readFileSync(CLC_JSON));
      const r = await runImport({ scheme: 'clc', fileUrl: url });
      expect(r.State, r.error ?? '').toBe(2);
      expect(r.count).toBeGreaterThan(40_000);
      const lit = (await t.post(TREE, { parent: 'I2' })).json.data;
      expect(lit.length).toBeGreaterThan(0);
      expect(lit[0]).toMatchObject({ parentCode: 'I2', level: 3 });
    },
  );
});
