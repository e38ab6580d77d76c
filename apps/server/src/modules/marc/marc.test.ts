import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../../../../scripts/shared-data.ts';
import { buildSchool, buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { storeUpload } from '../upload/upload.service.ts';
import { defaultMarcRules } from './lib/default-rules.ts';
import { detectFlavour } from './lib/flavour.ts';
import { mapRecord } from './lib/map-record.ts';
import { readMarc } from './lib/read-marc.ts';
import { toRecordCreate } from './marc.convert.ts';

const t = useTestApp();
const DATA = sharedPath('data/marc');
const PRIDE = path.join(DATA, 'marc4j/test/resources/pride-and-prejudice-fixed.mrc');
const BAD = path.join(DATA, 'pymarc/test/bad_records.mrc');
const XSD = path.join(DATA, 'schema/MARC21slim.xsd');
const have = (f: string) => fs.existsSync(f);
const which = (cmd: string) => {
  try {
    execFileSync('which', [cmd]);
    return true;
  } catch {
    return false;
  }
};

async function upload(file: string) {
  return (await storeUpload(t.app, t.schoolId, path.basename(file), fs.readFileSync(file))).url;
}

async function records() {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(catalogueRecord)
    .where(eq(catalogueRecord.schoolId, t.schoolId));
  return n;
}

/** Starts an import, waits for the task, returns its CSV result lines (without the BOM). */
async function importFile(fileUrl: string, duplicatePolicy: string, lang: 'zh' | 'en' = 'en') {
  // These files' 852s are other libraries' copies (marc-import.test.ts covers the copies): records only.
  const start = await t.post(`${P}/Marc/Import`, { fileUrl, duplicatePolicy, createCopies: false }, { lang });
  expect(start.json.code).toBe(0);
  const job = await taskDone(t, start.json.data.DataID);
  expect(job.State).toBe(2);
  const res = await t.get(job.ResultFile);
  expect(res.status).toBe(200);
  return String(res.json)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

/** How many records of the file carry a valid ISBN (duplicates by policy are counted on these). */
function withIsbn(file: string) {
  let n = 0;
  for (const r of readMarc(fs.readFileSync(file))) {
    if (!r.ok) continue;
    const c = toRecordCreate(r.record, mapRecord(r.record, defaultMarcRules(detectFlavour(r.record))));
    if (c.ok && c.row.isbn) n++;
  }
  return n;
}

describe('MARC mapping rules', () => {
  it('answers the defaults, saves a valid change, refuses an invalid one', async () => {
    const got = await t.post(`${P}/Marc/GetMarcRule`, { flavour: 'UNIMARC' });
    expect(got.json.data).toEqual(defaultMarcRules('UNIMARC'));
    const changed = { ...got.json.data, preferVernacular: false };
    expect((await t.post(`${P}/Marc/UpdateMarcRule`, changed)).json.code).toBe(0);
    expect((await t.post(`${P}/Marc/GetMarcRule`, { flavour: 'UNIMARC' })).json.data.preferVernacular).toBe(false);
    const bad = await t.post(`${P}/Marc/UpdateMarcRule`, { ...changed, rules: [{ field: 'title', sources: [] }] });
    expect(bad.json.code).not.toBe(0);
    await t.post(`${P}/Marc/UpdateMarcRule`, defaultMarcRules('UNIMARC'));
  });
});

describe.skipIf(!have(PRIDE) || !have(BAD))('MARC import and export', () => {
  it('previews records as catalogue fields and one record as tags', async () => {
    const url = await upload(PRIDE);
    const table = await t.post(`${P}/Marc/PreviewTable`, { fileUrl: url, rows: 5 });
    expect(table.json.data.List).toHaveLength(5);
    expect(table.json.data.List.map((r: any) => r.fields.title).join('|')).toMatch(/Pride and prejudice/i);
    const one = await t.post(`${P}/Marc/PreviewMarc`, { fileUrl: url, index: 2 });
    expect(one.json.data.record.fields.some((f: any) => f.tag === '245')).toBe(true);
    const bad = await t.post(`${P}/Marc/PreviewTable`, { fileUrl: await upload(BAD) }, { lang: 'zh' });
    const errors = bad.json.data.List.flatMap((r: any) => r.errors);
    expect(errors).toContain('目次区无效');
    const missing = await t.post(`${P}/Marc/PreviewTable`, { fileUrl: '/files/uploads/999/x.mrc' });
    expect(missing.json.msg).toMatch(/not found/);
  });

  it('imports 383 records with policy "new"; a CJK title is searchable', async () => {
    const before = await records();
    const lines = await importFile(await upload(PRIDE), 'new');
    expect(lines).toHaveLength(2); // header + summary: nothing skipped or failed
    expect(lines[1]).toContain('383 imported');
    expect((await records()) - before).toBe(383);
    const [cjk] = await t.db
      .select({ id: catalogueRecord.id, title: catalogueRecord.title })
      .from(catalogueRecord)
      .where(and(eq(catalogueRecord.schoolId, t.schoolId)))
      .then((rows) => rows.filter((r) => /\p{Script=Han}/u.test(r.title)));
    expect(cjk).toBeDefined();
    const hit = await t.post(`${P}/Catalogue/SearchRecords`, { Page: 1, Rows: 50, SearchKey: cjk.title.slice(0, 4) });
    expect(hit.json.data.List.map((r: any) => r.id)).toContain(cjk.id);
  });

  it('skips or merges every record of a file imported before (any match key, not only the ISBN)', async () => {
    expect(withIsbn(PRIDE)).toBeLessThan(383);
    const url = await upload(PRIDE);
    let before = await records();
    const skip = await importFile(url, 'skip');
    expect(skip).toHaveLength(383 + 2);
    expect(skip[1]).toMatch(/skipped/);
    expect((await records()) - before).toBe(0);
    before = await records();
    const merge = await importFile(url, 'merge', 'zh');
    expect(merge.filter((l) => l.includes('已合并'))).toHaveLength(383);
    expect((await records()) - before).toBe(0);
  });

  it('imports the good records of a broken file and lists the bad ones with reasons', async () => {
    const before = await records();
    const lines = await importFile(await upload(BAD), 'new');
    const failed = lines.slice(1, -1);
    // five unreadable records, and one readable but without a title
    expect(failed).toHaveLength(6);
    expect(failed.join('\n')).toContain('The directory is invalid');
    expect(failed.join('\n')).toContain('Please enter the title');
    expect(lines.at(-1)).toContain('2 imported');
    expect((await records()) - before).toBe(2);
  });

  it('reports a finished import on the screen: summary and each record not imported, for its school only', async () => {
    const start = await t.post(
      `${P}/Marc/Import`,
      { fileUrl: await upload(BAD), duplicatePolicy: 'new' },
      { lang: 'zh' },
    );
    const id = start.json.data.DataID;
    await taskDone(t, id);
    const report = (await t.post(`${P}/Marc/ImportReport`, { DataID: id })).json.data;
    expect(report.summary).toContain('导入 2');
    expect(report.total).toBe(6);
    expect(report.List.map((r: any) => r.status)).toEqual(Array(6).fill('失败'));
    expect(report.List.map((r: any) => r.reason)).toContain('目次区无效');
    const other = await buildSchool(t.db);
    const them = await buildUser(t.db, other, { permissions: ['marc-import', 'process'] });
    const foreign = await t.post(`${P}/Marc/ImportReport`, { DataID: id }, { token: them.token, schoolId: other });
    expect(foreign.json.code).not.toBe(0);
  });

  it('exports a selection as ISO 2709 and MARCXML that yaz-marcdump and xmllint accept', async () => {
    // A MARC21 school (a CNMARC school's export: marc-cnmarc.test.ts).
    const cfg = (await t.post(`${P}/Literature/GetEditingConfig`, {})).json.data;
    await t.post(`${P}/Literature/SaveEditingConfig`, { ...cfg, marcFormat: 'MARC21' });
    const typed = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, {
      title: '三体',
      author: '刘慈欣',
      isbn: '9787536692930',
      publisher: '重庆出版社',
      pubYear: 2008,
      price: 23,
      subjects: ['科幻小说'],
    });
    const copies = await t.post(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: typed.json.data.id,
      count: 2,
      barcodes: ['MX0001', 'MX0002'],
      callNo: 'I247.5/12',
    });
    expect(copies.json.code, JSON.stringify(copies.json)).toBe(0);
    const ids = [
      typed.json.data.id,
      ...(await t.db.select({ id: catalogueRecord.id }).from(catalogueRecord).limit(20)).map((r) => r.id),
    ];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marcio-'));
    for (const format of ['iso2709', 'marcxml'] as const) {
      const res = await t.inject({
        method: 'POST',
        url: `${P}/Literature/marcbyitemid`,
        headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
        payload: { ids, format },
      });
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="marc-\d+\.(mrc|xml)"/);
      const file = path.join(dir, `out.${format}`);
      fs.writeFileSync(file, res.rawPayload);
      const back = [...readMarc(res.rawPayload)];
      expect(back.filter((r) => r.ok)).toHaveLength(ids.length);
      // The school's copies travel along as embedded holdings: one 852 per copy ($h call number, $p barcode).
      const santi = back.find(
        (r) => r.ok && r.record.fields.some((f: any) => f.subfields?.some((x: any) => x.value === '三体')),
      );
      const held = (santi as any).record.fields.filter((f: any) => f.tag === '852');
      expect(held.map((f: any) => f.subfields.map((x: any) => `${x.code}${x.value}`).join(' '))).toEqual([
        'hI247.5/12 pMX0001',
        'hI247.5/12 pMX0002',
      ]);
      if (format === 'iso2709' && which('yaz-marcdump'))
        expect(execFileSync('yaz-marcdump', ['-n', file], { encoding: 'utf8' })).toBe('');
      if (format === 'marcxml' && which('xmllint') && have(XSD))
        execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    }
  });

  it('exports everything as a background task', async () => {
    const start = await t.post(`${P}/Marc/ExportAll`, { format: 'iso2709' });
    const job = await taskDone(t, start.json.data.DataID);
    expect(job.State).toBe(2);
    const res = await t.inject({
      method: 'GET',
      url: job.ResultFile,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
    });
    expect([...readMarc(res.rawPayload)].filter((r) => r.ok)).toHaveLength(await records());
  });
});
