import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { MarcReadResult, MarcRecord } from '@shuyuan/contracts/marc/record';
import { describe, expect, it } from 'vitest';
import { readIso2709 } from './iso2709-reader.ts';
import { readMarcXml } from './marcxml-reader.ts';
import { writeMarcXml } from './marcxml-writer.ts';
import { readMarc, readMarcStream } from './read-marc.ts';
import { hasMarcData, MARC_DATA, sample, survey, which } from './test-data.ts';

const records = (rs: Iterable<MarcReadResult>): MarcRecord[] => [...rs].flatMap((r) => (r.ok ? [r.record] : []));
const codes = (rs: Iterable<MarcReadResult>) => [...rs].flatMap((r) => (r.ok ? [] : [r.code]));

describe('MARCXML reader', () => {
  it('reads prefixed namespaces, entities and CDATA', () => {
    const xml = `<?xml version="1.0"?><!-- c --><m:collection xmlns:m="http://www.loc.gov/MARC21/slim"><m:record>
      <m:leader>00000nam a2200000   4500</m:leader><m:controlfield tag="001">a&amp;b</m:controlfield>
      <m:datafield tag="245" ind1="1" ind2="0"><m:subfield code="a">&lt;红&#x697C;梦&gt;</m:subfield>
      <m:subfield code="b"><![CDATA[x < y]]></m:subfield></m:datafield></m:record></m:collection>`;
    expect(records(readMarcXml(xml))).toEqual([
      {
        leader: '00000nam a2200000   4500',
        fields: [
          { tag: '001', value: 'a&b' },
          {
            tag: '245',
            ind1: '1',
            ind2: '0',
            subfields: [
              { code: 'a', value: '<红楼梦>' },
              { code: 'b', value: 'x < y' },
            ],
          },
        ],
      },
    ]);
  });

  it('rejects a record without tags but keeps reading; stops at malformed XML', () => {
    const rec = (inner: string) => `<record><leader>00000nam a2200000   4500</leader>${inner}</record>`;
    const xml = `<collection>${rec('<datafield ind1=" " ind2=" "><subfield code="a">x</subfield></datafield>')}${rec('')}</collection>`;
    const rs = [...readMarcXml(xml)];
    expect(rs.map((r) => r.ok)).toEqual([false, true]);
    expect(rs[0]).toMatchObject({ code: 'XML_BAD_RECORD', index: 0 });
    expect(codes(readMarcXml(`<collection>${rec('')}<record><leader>x</record>`))).toEqual(['XML_MALFORMED']);
  });
});

describe.skipIf(!hasMarcData)('MARCXML on the sample files', () => {
  it('reads the record counts of SURVEY.tsv', () => {
    let checked = 0;
    for (const s of survey().filter((x) => x.format === 'marcxml' && x.records === x.yaz && x.records > 0)) {
      const rs = [...readMarcXml(sample(s.file))];
      // Records missing a tag or code, or with nothing in them, are reported, not imported.
      if (s.file.includes('chabon-missing') || s.file.includes('empty-record')) {
        expect(codes(rs), s.file).toEqual(['XML_BAD_RECORD']);
        continue;
      }
      expect(codes(rs), s.file).toEqual([]);
      expect(rs.length, s.file).toBe(s.records);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('gives the same records from MARCXML and ISO 2709 of the same CJK data', () => {
    for (const base of [
      'derived/cmarc-zh-TW-from-pride-and-prejudice',
      'derived/marc21-cjk-from-pride-and-prejudice',
    ]) {
      const fromXml = records(readMarcXml(sample(`${base}.xml`)));
      const fromIso = records(readIso2709(sample(`${base}.mrc`)));
      expect(fromXml.map((r) => r.fields)).toEqual(fromIso.map((r) => r.fields));
    }
  });

  it('streams either format in small chunks, split inside multibyte characters', async () => {
    for (const f of [
      'derived/cmarc-zh-TW-from-pride-and-prejudice.xml',
      'derived/cmarc-zh-TW-from-pride-and-prejudice.mrc',
    ]) {
      const buf = sample(f);
      const chunks = [];
      for (let i = 0; i < buf.length; i += 5) chunks.push(buf.subarray(i, i + 5));
      const got: MarcReadResult[] = [];
      for await (const r of readMarcStream(Readable.from(chunks))) got.push(r);
      expect(got, f).toEqual([...readMarc(buf)]);
      expect(got.length).toBe(17);
    }
  });

  it.skipIf(!which('xmllint'))('writes MARCXML that validates against MARC21slim.xsd and reads back', () => {
    const all = survey()
      .filter((s) => s.format === 'iso2709')
      .flatMap((s) => records(readIso2709(sample(s.file))));
    const xml = writeMarcXml(all);
    const file = join(mkdtempSync(join(tmpdir(), 'marcxml-')), 'all.xml');
    writeFileSync(file, xml);
    const out = execFileSync('xmllint', ['--schema', `${MARC_DATA}schema/MARC21slim.xsd`, '--noout', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe('');
    const back = records(readMarcXml(xml));
    expect(back.length).toBe(all.length);
    const pride = records(readIso2709(sample('marc4j/test/resources/pride-and-prejudice-fixed.mrc')));
    const prideBack = records(readMarcXml(writeMarcXml(pride)));
    // Identical except indicators the schema forbids ('-', '|'), which become blanks.
    const blankBadInd = (r: MarcRecord) =>
      r.fields.map((f) =>
        'ind1' in f
          ? { ...f, ind1: /[0-9a-z ]/.test(f.ind1) ? f.ind1 : ' ', ind2: /[0-9a-z ]/.test(f.ind2) ? f.ind2 : ' ' }
          : f,
      );
    expect(prideBack.map((r) => r.fields)).toEqual(pride.map(blankBadInd));
  });
});
