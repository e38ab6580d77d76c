import { MarcMappingRules } from '@shuyuan/contracts/marc/mapping';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { describe, expect, it } from 'vitest';
import { defaultMarcRules } from './default-rules.ts';
import { detectFlavour } from './flavour.ts';
import { readIso2709 } from './iso2709-reader.ts';
import { cleanValue, mapRecord, priceToFen } from './map-record.ts';
import { hasMarcData, sample } from './test-data.ts';

const records = (f: string): MarcRecord[] => [...readIso2709(sample(f))].flatMap((r) => (r.ok ? [r.record] : []));

const cnmarc: MarcRecord = {
  leader: '00000nam0 2200000   450 ',
  fields: [
    { tag: '001', value: '012345' },
    {
      tag: '010',
      ind1: ' ',
      ind2: ' ',
      subfields: [
        { code: 'a', value: '978-7-02-004017-9' },
        { code: 'd', value: 'CNY25.80' },
      ],
    },
    { tag: '100', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '20050101d2004    em y0chiy50      ea' }] },
    { tag: '101', ind1: '0', ind2: ' ', subfields: [{ code: 'a', value: 'chi' }] },
    {
      tag: '200',
      ind1: '1',
      ind2: ' ',
      subfields: [
        { code: 'a', value: '红楼梦' },
        { code: 'd', value: 'A dream of red mansions' },
        { code: 'f', value: '曹雪芹著' },
      ],
    },
    { tag: '205', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '第3版' }] },
    {
      tag: '210',
      ind1: ' ',
      ind2: ' ',
      subfields: [
        { code: 'a', value: '北京' },
        { code: 'c', value: '人民文学出版社' },
        { code: 'd', value: '2004' },
      ],
    },
    { tag: '215', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '1606页' }] },
    { tag: '225', ind1: '2', ind2: ' ', subfields: [{ code: 'a', value: '中国古典文学读本丛书' }] },
    { tag: '330', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '长篇小说。' }] },
    {
      tag: '606',
      ind1: '0',
      ind2: ' ',
      subfields: [
        { code: 'a', value: '章回小说' },
        { code: 'y', value: '中国' },
        { code: 'z', value: '清代' },
      ],
    },
    {
      tag: '690',
      ind1: ' ',
      ind2: ' ',
      subfields: [
        { code: 'a', value: 'I242.4' },
        { code: 'v', value: '5' },
      ],
    },
    { tag: '701', ind1: ' ', ind2: '0', subfields: [{ code: 'a', value: '曹雪芹' }] },
  ],
};

describe('flavour and mapping', () => {
  it('maps a CNMARC record to the catalogue fields', () => {
    expect(detectFlavour(cnmarc)).toBe('UNIMARC');
    expect(mapRecord(cnmarc)).toEqual({
      title: '红楼梦',
      parallelTitle: 'A dream of red mansions',
      responsibility: '曹雪芹著',
      author: '曹雪芹',
      edition: '第3版',
      publisher: '人民文学出版社',
      place: '北京',
      year: '2004',
      pages: '1606页',
      price: 2580,
      isbn: '9787020040179',
      isbnValid: true,
      issn: null,
      classification: 'I242.4',
      subjects: ['章回小说--中国--清代'],
      series: '中国古典文学读本丛书',
      summary: '长篇小说',
      language: 'chi',
      readingLevel: null,
    });
  });

  it('follows edited rules (data, not code)', () => {
    const rules = defaultMarcRules('UNIMARC');
    const title = rules.rules.find((r) => r.field === 'title');
    if (title) title.sources = [MarcMappingRules.shape.rules.element.shape.sources.element.parse({ tag: '225' })];
    expect(mapRecord(cnmarc, rules).title).toBe('中国古典文学读本丛书');
    expect(defaultMarcRules('UNIMARC').rules.find((r) => r.field === 'title')?.sources[0].tag).toBe('200');
  });

  it('reads prices into fen and trims ISBD punctuation', () => {
    expect(priceToFen('CNY25.80')).toBe(2580);
    expect(priceToFen('¥36.00')).toBe(3600);
    expect(priceToFen('$12.95 (pbk.)')).toBe(1295);
    expect(priceToFen('价格不详')).toBeNull();
    expect(cleanValue('Pride and prejudice /')).toBe('Pride and prejudice');
    expect(cleanValue('244 p.')).toBe('244 p.');
    expect(cleanValue('鲁  迅  与  浙东  文化 /')).toBe('鲁迅与浙东文化');
  });
});

describe.skipIf(!hasMarcData)('flavour and mapping on the sample files', () => {
  it('tells the 17 CMARC records from the 13 MARC21 ones', () => {
    expect(records('derived/cmarc-zh-TW-from-pride-and-prejudice.mrc').map(detectFlavour)).toEqual(
      Array(17).fill('UNIMARC'),
    );
    expect(records('derived/marc21-cjk-from-pride-and-prejudice.mrc').map(detectFlavour)).toEqual(
      Array(13).fill('MARC21'),
    );
    expect(records('pymarc/test/testunimarc.dat').map(detectFlavour)).toEqual(['UNIMARC']);
    expect(new Set(records('marc4j/test/resources/pride-and-prejudice-fixed.mrc').map(detectFlavour)).size).toBe(2);
  });

  it('gives Chinese titles from CMARC and from MARC-8 EACC records', () => {
    const [cmarc] = records('derived/cmarc-zh-TW-from-pride-and-prejudice.mrc').filter(
      (r) => mapRecord(r).language === 'chi',
    );
    expect(mapRecord(cmarc)).toMatchObject({
      title: '傲慢與偏見',
      place: '北京',
      publisher: '人民文學出版社',
      price: 600,
    });
    const [cjk] = records('marc-perl/marc-charset/t/cjk3.marc');
    expect(mapRecord(cjk)).toMatchObject({
      title: '鲁迅与浙东文化',
      responsibility: '陈方竞著',
      publisher: '吉林大学出版社',
      year: '1999',
      isbn: '9787560123134',
      isbnValid: true,
      language: 'chi',
      readingLevel: null,
      series: '东北学人现代文学硏究丛书',
    });
  });

  it('maps English MARC21 records', () => {
    const [camel] = records('File_MARC/tests/camel.mrc');
    const m = mapRecord(camel);
    expect(m.title).toBeTruthy();
    expect(m.isbnValid).toBe(true);
    expect(m.year).toMatch(/^\d{4}$/);
  });
});

describe('display fields (issue 14 §1)', () => {
  const m21 = (fields: MarcRecord['fields']) =>
    mapRecord({
      leader: '00000nam a2200000 a 4500',
      fields: [{ tag: '008', value: '880101s1884    enk           000 1 eng d' }, ...fields],
    });
  it('keeps the subtitle and parts in the title with their ISBD punctuation', () => {
    const f = (subfields: { code: string; value: string }[]) =>
      m21([{ tag: '245', ind1: '1', ind2: '0', subfields }]).title;
    expect(
      f([
        { code: 'a', value: 'Flatland :' },
        { code: 'b', value: 'a romance of many dimensions /' },
        { code: 'c', value: 'by A. Square.' },
      ]),
    ).toBe('Flatland : a romance of many dimensions');
    expect(
      f([
        { code: 'a', value: 'Title.' },
        { code: 'n', value: 'Part 2,' },
        { code: 'p', value: 'The last part.' },
      ]),
    ).toBe('Title. Part 2, The last part');
  });
  it('strips full-width ISBD punctuation as the ASCII kind', () => {
    expect(cleanValue('四分律 ／')).toBe('四分律');
    expect(cleanValue('風間書房，')).toBe('風間書房');
    expect(cleanValue('東京 ：')).toBe('東京');
  });
});
