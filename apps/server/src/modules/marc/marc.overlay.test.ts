import { P } from '@shuyuan/contracts/common/paths';
import type { MarcDataField, MarcRecord } from '@shuyuan/contracts/marc/record';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskDone, useTestApp } from '../../test/helper.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { storeUpload } from '../upload/upload.service.ts';
import { writeIso2709 } from './lib/iso2709-writer.ts';
import { mapRecord } from './lib/map-record.ts';
import { recordToXml } from './lib/marcxml-writer.ts';
import { readMarc } from './lib/read-marc.ts';
import type { RecordRow } from './marc.build.ts';
import { toRecordCreate } from './marc.convert.ts';
import { overlayFields } from './marc.overlay.ts';

const t = useTestApp();

const df = (tag: string, ind: string, ...subs: [string, string][]): MarcDataField => ({
  tag,
  ind1: ind[0],
  ind2: ind[1],
  subfields: subs.map(([code, value]) => ({ code, value })),
});

/** A MARC21 record as a Chinese library catalogues it, ISBD punctuation included. */
const marc21 = (title: string, isbn = '9787020002207'): MarcRecord => ({
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '001', value: `m21-${title}` },
    { tag: '008', value: '990101s1999    cc            000 0 chi d' },
    df('020', '  ', ['a', isbn], ['c', 'CNY25.00']),
    df('084', '  ', ['a', 'I246.5'], ['2', 'clc']),
    df('100', '1 ', ['a', '钱锺书,'], ['d', '1910-1998.']),
    df('245', '10', ['a', `${title} /`], ['c', '钱锺书著.']),
    df('260', '  ', ['a', '北京 :'], ['b', '人民文学出版社,'], ['c', '1999.']),
    df('300', '  ', ['a', '359页 ;'], ['c', '21cm']),
    df('500', '  ', ['a', '据1947年晨光出版公司版排印.']),
    df('520', '  ', ['a', '方鸿渐留学归国后的遭遇.']),
  ],
});

/** A CNMARC record (UNIMARC): 200 title block, 210 publication, 690 CLC. */
const cnmarc = (title: string, isbn = '978-7-5321-0001-9'): MarcRecord => ({
  leader: '00000nam0 2200000   450 ',
  fields: [
    { tag: '001', value: `cn-${title}` },
    df('010', '  ', ['a', isbn], ['d', 'CNY18.00']),
    df('100', '  ', ['a', '20050101d2005    em y0chiy0110    ea']),
    df('101', '0 ', ['a', 'chi']),
    df('200', '1 ', ['a', title], ['f', '沈从文著']),
    df('210', '  ', ['a', '北京'], ['c', '人民文学出版社'], ['d', '2005']),
    df('215', '  ', ['a', '120页'], ['d', '20cm']),
    df('330', '  ', ['a', '湘西边城的故事。']),
    df('690', '  ', ['a', 'I246.5'], ['v', '4']),
    df('701', ' 0', ['a', '沈从文'], ['4', '著']),
  ],
});

async function importMarc(records: MarcRecord[]) {
  const data = Buffer.concat(records.map((r) => writeIso2709(r)));
  const { url } = await storeUpload(t.app, t.schoolId, 'overlay.mrc', data);
  const start = await t.post(`${P}/Marc/Import`, { fileUrl: url, duplicatePolicy: 'skip' });
  expect(start.json.code, JSON.stringify(start.json)).toBe(0);
  const job = await taskDone(t, start.json.data.DataID);
  expect(job.State, job.Error).toBe(2);
}

async function idOf(title: string) {
  const [row] = await t.db
    .select({ id: catalogueRecord.id })
    .from(catalogueRecord)
    .where(and(eq(catalogueRecord.schoolId, t.schoolId), eq(catalogueRecord.title, title)));
  expect(row, title).toBeTruthy();
  return row.id;
}

async function exportOne(id: number, format: 'iso2709' | 'marcxml') {
  const res = await t.inject({
    method: 'POST',
    url: `${P}/Literature/marcbyitemid`,
    headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
    payload: { ids: [id], format },
  });
  expect(res.statusCode).toBe(200);
  const back = [...readMarc(res.rawPayload)];
  expect(back).toHaveLength(1);
  const first = back[0];
  if (!first.ok) throw new Error('export unreadable');
  return { bytes: res.rawPayload, record: first.record };
}

const sub = (r: MarcRecord, tag: string, code: string) =>
  (r.fields.find((f) => f.tag === tag) as MarcDataField | undefined)?.subfields.find((s) => s.code === code)?.value;
const fieldOf = (r: MarcRecord, tag: string) => r.fields.find((f) => f.tag === tag) as MarcDataField;
/** A data field's bytes as ISO 2709 writes them (subfield delimiter 1F, field terminator 1E). */
const isoBytes = (f: MarcDataField) =>
  Buffer.from(`${f.ind1}${f.ind2}${f.subfields.map((s) => `\x1f${s.code}${s.value}`).join('')}\x1e`);
const xmlOf = (f: MarcDataField) => {
  const xml = recordToXml({ leader: '00000nam a2200000 a 4500', fields: [f] });
  return xml.slice(xml.indexOf('<datafield'), xml.lastIndexOf('</datafield>') + '</datafield>'.length);
};

describe('MARC export of edited imported records', () => {
  it('writes an edited title and author into 245 $a / 100 $a and leaves the other fields as imported', async () => {
    const original = marc21('围城');
    await importMarc([original, marc21('管锥编', '9787108001238')]);
    const id = await idOf('围城');
    const upd = await t.post(`${P}/Catalogue/UpdateRecord`, { id, title: '围城（修订本）', author: '钱钟书' });
    expect(upd.json.code, JSON.stringify(upd.json)).toBe(0);

    for (const format of ['marcxml', 'iso2709'] as const) {
      const { bytes, record } = await exportOne(id, format);
      // The new title keeps the ISBD " /" before the statement of responsibility; the author its ",".
      expect(sub(record, '245', 'a')).toBe('围城（修订本） /');
      expect(sub(record, '100', 'a')).toBe('钱钟书,');
      expect(sub(record, '100', 'd')).toBe('1910-1998.');
      expect(mapRecord(record)).toMatchObject({ title: '围城（修订本）', author: '钱钟书' });
      for (const tag of ['020', '084', '260', '300', '500', '520']) {
        expect(fieldOf(record, tag)).toEqual(fieldOf(original, tag));
        if (format === 'iso2709') expect(bytes.includes(isoBytes(fieldOf(original, tag))), tag).toBe(true);
        else expect(bytes.toString('utf8')).toContain(xmlOf(fieldOf(original, tag)));
      }
      expect(bytes.toString('utf8')).not.toContain('围城 /');
    }

    // The record nobody edited goes out exactly as it came in.
    const untouched = await idOf('管锥编');
    const iso = await exportOne(untouched, 'iso2709');
    expect(iso.bytes.equals(writeIso2709(marc21('管锥编', '9787108001238')))).toBe(true);
    const [stored] = await t.db
      .select({ marc: catalogueRecord.marc })
      .from(catalogueRecord)
      .where(eq(catalogueRecord.id, untouched));
    const xml = await exportOne(untouched, 'marcxml');
    expect(xml.bytes.toString('utf8')).toContain(recordToXml(stored.marc as MarcRecord));
  });

  it('writes an edited CNMARC title into 200 $a and keeps 210 and 330', async () => {
    const original = cnmarc('边城');
    await importMarc([original, cnmarc('长河', '978-7-200-00456-4')]);
    const id = await idOf('边城');
    const upd = await t.post(`${P}/Catalogue/UpdateRecord`, { id, title: '边城（插图本）' });
    expect(upd.json.code, JSON.stringify(upd.json)).toBe(0);

    for (const format of ['marcxml', 'iso2709'] as const) {
      const { bytes, record } = await exportOne(id, format);
      expect(sub(record, '200', 'a')).toBe('边城（插图本）');
      expect(sub(record, '200', 'f')).toBe('沈从文著');
      for (const tag of ['010', '210', '215', '330', '690', '701']) {
        expect(fieldOf(record, tag)).toEqual(fieldOf(original, tag));
        if (format === 'iso2709') expect(bytes.includes(isoBytes(fieldOf(original, tag))), tag).toBe(true);
      }
    }
    const untouched = await exportOne(await idOf('长河'), 'iso2709');
    expect(untouched.bytes.equals(writeIso2709(cnmarc('长河', '978-7-200-00456-4')))).toBe(true);
  });
});

/** The catalogue row an import makes of a record, with the given edits. */
function rowOf(record: MarcRecord, edits: Partial<RecordRow> = {}): RecordRow {
  const conv = toRecordCreate(record, mapRecord(record));
  if (!conv.ok) throw new Error('not convertible');
  const { price, ...row } = conv.row;
  return {
    ...row,
    id: 1,
    schoolId: 1,
    pubYear: row.pubYear ?? null,
    pages: row.pages ?? null,
    priceFen: price === undefined ? null : Math.round(price * 100),
    resourceTypeId: null,
    marc: record,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...edits,
  } as RecordRow;
}

describe('overlayFields', () => {
  it('answers the stored record itself when no field differs from its mapping', () => {
    for (const r of [marc21('围城'), cnmarc('边城')]) expect(overlayFields(r, rowOf(r))).toBe(r);
  });

  it('rewrites numbers in place, removes emptied subfields and adds missing fields', () => {
    const r = marc21('围城');
    const out = overlayFields(
      r,
      rowOf(r, { pubYear: 2001, pages: 400, priceFen: 3950, summary: '', series: '钱锺书集', publisher: '三联书店' }),
    );
    expect(fieldOf(out, '260').subfields).toEqual([
      { code: 'a', value: '北京 :' },
      { code: 'b', value: '三联书店,' },
      { code: 'c', value: '2001.' },
    ]);
    expect(sub(out, '300', 'a')).toBe('400页 ;');
    expect(sub(out, '020', 'c')).toBe('CNY39.50');
    expect(out.fields.find((f) => f.tag === '520')).toBeUndefined();
    expect(fieldOf(out, '490')).toEqual(df('490', '  ', ['a', '钱锺书集']));
    expect(out.fields.map((f) => f.tag)).toEqual([
      '001',
      '008',
      '020',
      '084',
      '100',
      '245',
      '260',
      '300',
      '490',
      '500',
    ]);
    expect(mapRecord(out)).toMatchObject({ year: '2001', pages: '400页', price: 3950, publisher: '三联书店' });
  });

  it('writes CNMARC responsibility, author and class number into 200 $f, 701 $a and 690 $a', () => {
    const r = cnmarc('边城');
    const out = overlayFields(
      r,
      rowOf(r, { responsibility: '沈从文著；黄永玉插图', author: '沈岳焕', classNo: 'I246.7' }),
    );
    expect(fieldOf(out, '200').subfields).toEqual([
      { code: 'a', value: '边城' },
      { code: 'f', value: '沈从文著；黄永玉插图' },
    ]);
    expect(fieldOf(out, '701').subfields).toEqual([
      { code: 'a', value: '沈岳焕' },
      { code: '4', value: '著' },
    ]);
    expect(fieldOf(out, '690').subfields).toEqual([
      { code: 'a', value: 'I246.7' },
      { code: 'v', value: '4' },
    ]);
    expect(fieldOf(out, '210')).toBe(fieldOf(r, '210'));
  });
});
