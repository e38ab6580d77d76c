import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { detectFlavour } from './lib/flavour.ts';
import { readMarc } from './lib/read-marc.ts';

/** Issue 14 §3: a Chinese school catalogues in CNMARC (editing setting marcFormat, UNIMARC by default). */
const t = useTestApp();
const sub = (rec: any, tag: string, code: string) =>
  rec.fields.find((f: any) => f.tag === tag)?.subfields.find((s: any) => s.code === code)?.value;
const which = (cmd: string) => {
  try {
    execFileSync('which', [cmd], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
};

async function typedRecord() {
  const add = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, {
    title: '城南旧事',
    author: '林海音 著',
    responsibility: '林海音著',
    isbn: '9787020002207',
    publisher: '人民文学出版社',
    pubPlace: '北京',
    pubYear: 2019,
    pages: 245,
    price: 25,
    classNo: 'I246.5',
    bookNo: '7',
    language: 'chi',
  });
  expect(add.json.code, JSON.stringify(add.json)).toBe(0);
  return add.json.data.id as number;
}

describe('the school MARC format', () => {
  it('is CNMARC by default; MARC21 stays available', async () => {
    const cfg = (await t.post(`${P}/Literature/GetEditingConfig`, {})).json.data;
    expect(cfg.marcFormat).toBe('UNIMARC');
    const tpl = (await t.post(`${P}/Marc/NewRecordTemplate`, {})).json.data;
    expect(tpl.flavour).toBe('UNIMARC');
    expect(tpl.record.fields.map((f: any) => f.tag)).toEqual(['010', '100', '101', '200', '210', '215', '690', '701']);
    expect(detectFlavour(tpl.record)).toBe('UNIMARC');
  });

  it('a record typed on the form opens in the editor as CNMARC, with the fields in their CNMARC places', async () => {
    const id = await typedRecord();
    const got = (await t.post(`${P}/Marc/GetRecord`, { id })).json.data;
    expect(got).toMatchObject({ built: true, flavour: 'UNIMARC' });
    const r = got.record;
    expect(sub(r, '200', 'a')).toBe('城南旧事');
    expect(sub(r, '200', 'f')).toBe('林海音著');
    expect([sub(r, '210', 'a'), sub(r, '210', 'c'), sub(r, '210', 'd')]).toEqual(['北京', '人民文学出版社', '2019']);
    expect(sub(r, '215', 'a')).toBe('245页');
    expect([sub(r, '010', 'a'), sub(r, '010', 'd')]).toEqual(['9787020002207', 'CNY25.00']);
    expect(sub(r, '690', 'a')).toBe('I246.5');
    expect([sub(r, '701', 'a'), sub(r, '701', '4')]).toEqual(['林海音', '著']);
    expect(sub(r, '100', 'a')).toMatch(/^\d{8}d2019 {4}em y0chiy50 {6}ea$/);
    // Saved back from the editor unchanged, the record keeps its fields.
    const save = await t.post(`${P}/Marc/Post`, { id, record: r });
    expect(save.json.code, JSON.stringify(save.json)).toBe(0);
    const rec = (await t.post(`${P}/Catalogue/GetRecord`, { id })).json.data;
    expect(rec).toMatchObject({
      title: '城南旧事',
      publisher: '人民文学出版社',
      pubYear: 2019,
      pages: 245,
      classNo: 'I246.5',
    });
  });

  it('exports in CNMARC with the copies in 905; a MARC21 school exports MARC21 with 852', async () => {
    const id = await typedRecord();
    const added = await t.post(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: id,
      count: 1,
      barcodes: ['CN0001'],
    });
    expect(added.json.code, JSON.stringify(added.json)).toBe(0);
    const exp = async () =>
      t.inject({
        method: 'POST',
        url: `${P}/Literature/marcbyitemid`,
        headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
        payload: { ids: [id], format: 'iso2709' },
      });
    const cn = await exp();
    const [one] = [...readMarc(cn.rawPayload)] as any[];
    expect(one.ok).toBe(true);
    expect(detectFlavour(one.record)).toBe('UNIMARC');
    expect(one.record.leader.slice(5, 9)).toBe('nam0');
    expect(sub(one.record, '905', 'b')).toBe('CN0001');
    expect([sub(one.record, '905', 'd'), sub(one.record, '905', 'e')]).toEqual(['I246.5', '7']);
    if (which('yaz-marcdump')) {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cnmarc-')), 'out.mrc');
      fs.writeFileSync(file, cn.rawPayload);
      expect(execFileSync('yaz-marcdump', ['-n', file], { encoding: 'utf8' })).toBe('');
    }

    const cfg = (await t.post(`${P}/Literature/GetEditingConfig`, {})).json.data;
    const saved = await t.post(`${P}/Literature/SaveEditingConfig`, { ...cfg, marcFormat: 'MARC21' });
    expect(saved.json.code, JSON.stringify(saved.json)).toBe(0);
    const [m21] = [...readMarc((await exp()).rawPayload)] as any[];
    expect(detectFlavour(m21.record)).toBe('MARC21');
    expect(sub(m21.record, '245', 'a')).toBe('城南旧事');
    expect(sub(m21.record, '852', 'p')).toBe('CN0001');
    expect((await t.post(`${P}/Marc/NewRecordTemplate`, {})).json.data.flavour).toBe('MARC21');
  });
});
