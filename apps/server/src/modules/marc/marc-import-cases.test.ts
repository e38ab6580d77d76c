import fs from 'node:fs';
import type { MarcReadOk } from '@shuyuan/contracts/marc/record';
import { describe, expect, it } from 'vitest';
import { defaultMarcRules } from './lib/default-rules.ts';
import { readMarc } from './lib/read-marc.ts';
import { buildMarc21, splitRole } from './marc.build.ts';
import { pageCount } from './marc.convert.ts';
import { looksGarbled, prepare } from './marc.prepare.ts';

const file = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const RULES = { MARC21: defaultMarcRules('MARC21'), UNIMARC: defaultMarcRules('UNIMARC') };
const prepared = (name: string) => [...readMarc(file(name))].map((r) => prepare(r, RULES));

describe('import a cataloguer trusts (issue 14 §2), file by file', () => {
  it('reports an authority record as not bibliographic, reads pages and years as a cataloguer would', () => {
    const [auth, volumes, video, garbled] = prepared('import-cases.mrc');
    expect(auth).toMatchObject({ ok: false, msg: { key: 'marc.notBibliographic', params: { type: 'z' } } });
    expect(volumes).toMatchObject({ ok: true, row: { title: '三卷本', pubYear: 1975 } });
    expect(volumes.ok && volumes.row.pages).toBeUndefined();
    expect(video.ok && video.row.pages).toBeUndefined();
    expect(garbled).toMatchObject({ ok: true, row: { pages: 345 } });
    expect(garbled.ok && garbled.notes.map((n) => n.key)).toEqual(['marc.authorGarbled']);
  });

  it('recovers a record whose lengths count characters, with a warning', () => {
    const [r] = [...readMarc(file('character-lengths.usmarc'))];
    expect(r).toMatchObject({ ok: true, warnings: ['LENGTHS_IN_CHARACTERS'] });
    const [p] = prepared('character-lengths.usmarc');
    expect(p).toMatchObject({ ok: true, row: { title: '城南旧事 : 林海音小说', author: '林海音' } });
    expect(p.ok && p.notes.map((n) => n.key)).toEqual(['marc.warning.LENGTHS_IN_CHARACTERS']);
  });

  it('decodes MARC-8 data labelled as UTF-8 as MARC-8, with a warning', () => {
    const [r] = [...readMarc(file('marc8-labelled-utf8.dat'))] as MarcReadOk[];
    expect(r.warnings).toContain('CHARSET_MARC8_DETECTED');
    const [p] = prepared('marc8-labelled-utf8.dat');
    expect(p).toMatchObject({ ok: true, row: { title: '城南旧事' } });
  });

  it('counts pages only from page counts', () => {
    expect(pageCount('3 v. ; 21 cm')).toBeUndefined();
    expect(pageCount('1 videodisc (120 min.)')).toBeUndefined();
    expect(pageCount('xii, 345 p. : ill.')).toBe(345);
    expect(pageCount('345页')).toBe(345);
    expect(pageCount('[8], 120 leaves')).toBe(120);
    expect(pageCount('256')).toBe(256);
  });

  it('puts the role of "林海音 著" in its own subfield of a built record', () => {
    expect(splitRole('林海音 著')).toEqual(['林海音', '著']);
    expect(splitRole('张三 等主编')).toEqual(['张三', '等主编']);
    expect(splitRole('Lin Haiyin')).toEqual(['Lin Haiyin', null]);
    const row = { id: 1, author: '林海音 著', title: '城南旧事', createdAt: new Date(), subjects: [], language: '' };
    const built = buildMarc21({ ...row, pubYear: null, priceFen: null, pages: null } as never);
    expect(built.fields.find((f) => f.tag === '100')).toMatchObject({
      subfields: [
        { code: 'a', value: '林海音' },
        { code: 'e', value: '著' },
      ],
    });
  });

  it('flags text decoded with the wrong character set', () => {
    expect(looksGarbled(Buffer.from('林海音', 'utf8').toString('latin1'))).toBe(true);
    expect(looksGarbled('Gödel, Kurt')).toBe(false);
    expect(looksGarbled('林海音')).toBe(false);
    expect(looksGarbled('Bront\uFFFD')).toBe(true);
  });
});
