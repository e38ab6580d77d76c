import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { writeIso2709File } from '../marc/lib/iso2709-writer.ts';
import { importMarcAs } from '../marc/marc.test-support.ts';
import { serialFromMarc } from './marc-serial.ts';
import { serialTitle } from './serials.table.ts';

const t = useTestApp();

const df = (tag: string, subs: [string, string][]) => ({
  tag,
  ind1: ' ',
  ind2: ' ',
  subfields: subs.map(([code, value]) => ({ code, value })),
});

/** A CNMARC serial: 110 $a/0 type (a periodical, b series, c newspaper), /1 frequency (f monthly, a daily). */
const cnmarc = (title: string, issn: string, coded: string): MarcRecord => ({
  leader: '00000nas  2200000   450 ',
  fields: [
    { tag: '001', value: `S${issn}` },
    df('011', [['a', issn]]),
    df('110', [['a', coded]]),
    df('200', [['a', title]]),
    df('210', [
      ['a', '北京'],
      ['c', '中国少年儿童新闻出版总社'],
    ]),
    df('690', [['a', 'I287']]),
  ],
});

/** A MARC 21 serial: 008/18 frequency, 008/21 type (p periodical, n newspaper, m series). */
const marc21 = (title: string, issn: string, freq: string, type: string): MarcRecord => ({
  leader: '00000cas a2200000 a 4500',
  fields: [
    { tag: '008', value: `990101c19999999cc ${freq}r ${type}p       0   a0chi d`.slice(0, 40).padEnd(40, ' ') },
    df('022', [['a', issn]]),
    df('245', [['a', title]]),
  ],
});

const book: MarcRecord = {
  leader: '00000nam  2200000   450 ',
  fields: [df('010', [['a', '9787020002207']]), df('200', [['a', '红楼梦']])],
};

describe('MARC serial records', () => {
  it('reads the kind and frequency of a serial record in either flavour, and leaves series and books out', () => {
    expect(serialFromMarc(cnmarc('儿童文学', '1000-0000', 'af'), 'UNIMARC')).toEqual({
      kind: 'magazine',
      frequency: 'monthly',
    });
    expect(serialFromMarc(cnmarc('少年报', '1000-0000', 'ca'), 'UNIMARC')).toEqual({
      kind: 'newspaper',
      frequency: 'daily',
    });
    expect(serialFromMarc(cnmarc('丛书', '1000-0000', 'bz'), 'UNIMARC')).toBeNull();
    expect(serialFromMarc(marc21('Science News', '0036-8423', 'w', 'p'), 'MARC21')).toEqual({
      kind: 'magazine',
      frequency: 'weekly',
    });
    expect(serialFromMarc(marc21('Daily', '0036-8423', 'd', 'n'), 'MARC21')).toEqual({
      kind: 'newspaper',
      frequency: 'daily',
    });
    expect(serialFromMarc(marc21('Series', '0036-8423', 'u', 'm'), 'MARC21')).toBeNull();
    expect(serialFromMarc(book, 'UNIMARC')).toBeNull();
  });

  it('makes the periodical titles of an imported file, each with its record; a known ISSN keeps its title', async () => {
    const file = writeIso2709File([
      cnmarc('儿童文学（导入）', '1003-0433', 'af'),
      cnmarc('中国少年报（导入）', '0000-0019', 'ca'),
      marc21('Science News (imported)', '0036-8423', 'w', 'p'),
      book,
    ]);
    const report = await importMarcAs(t, null, file, {}, 'en', 'serials.mrc');
    expect(report.summary).toContain('4 imported');
    const titles = await t.db.select().from(serialTitle).where(eq(serialTitle.schoolId, t.schoolId));
    const mine = titles.filter((x) => /导入|imported/.test(x.title));
    expect(mine.map((x) => [x.title, x.kind, x.frequency, x.issn]).sort()).toEqual(
      [
        ['中国少年报（导入）', 'newspaper', 'daily', '0000-0019'],
        ['儿童文学（导入）', 'magazine', 'monthly', '1003-0433'],
        ['Science News (imported)', 'magazine', 'weekly', '0036-8423'],
      ].sort(),
    );
    const kids = mine.find((x) => x.issn === '1003-0433')!;
    const [rec] = await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.id, kids.recordId!));
    expect(rec.title).toBe('儿童文学（导入）');
    expect(kids.publisher).toBe('中国少年儿童新闻出版总社');
    expect(titles.some((x) => x.title === '红楼梦')).toBe(false);

    // Listed on /magazinelibrary; a second import of the same file adds no title.
    const list = await t.post(`${P}/Serials/GetTitleList`, { SearchKey: '导入' });
    expect(list.json.data.Total).toBe(2);
    await importMarcAs(t, null, file, { duplicatePolicy: 'new' }, 'en', 'serials-again.mrc');
    const again = await t.db.select().from(serialTitle).where(eq(serialTitle.issn, '1003-0433'));
    expect(again).toHaveLength(1);
  });
});
