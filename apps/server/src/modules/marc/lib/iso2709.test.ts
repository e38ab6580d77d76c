import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { MarcReadResult, MarcRecord } from '@shuyuan/contracts/marc/record';
import { describe, expect, it } from 'vitest';
import { readIso2709, readIso2709Stream } from './iso2709-reader.ts';
import { writeIso2709, writeIso2709File } from './iso2709-writer.ts';
import { hasMarcData, sample, survey, which } from './test-data.ts';

const records = (rs: MarcReadResult[]): MarcRecord[] => rs.flatMap((r) => (r.ok ? [r.record] : []));
const errors = (rs: MarcReadResult[]) => rs.flatMap((r) => (r.ok ? [] : [r.code]));

/** Files that are broken on purpose, with what we report for them. */
const BROKEN: Record<string, { ok: number; errors: string[] }> = {
  'File_MARC/tests/wronglen.mrc': { ok: 0, errors: ['RECORD_LENGTH_MISMATCH'] },
  'File_MARC/tests/bad_example2.mrc': { ok: 0, errors: ['RECORD_LENGTH_MISMATCH'] },
  'marc4j/src/org/marc4j/samples/resources/error.mrc': { ok: 0, errors: ['RECORD_LENGTH_MISMATCH'] },
  // Its lengths count characters, not bytes: recovered with LENGTHS_IN_CHARACTERS, as yaz does (issue 14 §2).
  'pymarc/test/bad_subfield_code.dat': { ok: 1, errors: [] },
  'marc-perl/marc-record/t/baddir.usmarc': { ok: 0, errors: ['BAD_BASE_ADDRESS'] },
  'marc-perl/marc-record/t/badldr.usmarc': { ok: 6, errors: ['TRUNCATED_RECORD'] },
  'marc-perl/marc-charset/t/farsi.marc': { ok: 0, errors: ['TRUNCATED_RECORD'] },
  'pymarc/test/bad_records.mrc': {
    ok: 3,
    errors: ['BAD_BASE_ADDRESS', 'BAD_BASE_ADDRESS', 'BAD_DIRECTORY', 'BAD_DIRECTORY', 'BAD_LEADER'],
  },
  'marc4j/test/resources/not_unimarc_errors_3.mrc': { ok: 0, errors: ['INVALID_UTF8', 'INVALID_UTF8', 'INVALID_UTF8'] },
  'marc4j/test/resources/bad_oversize_field_bad_directory.mrc': { ok: 4, errors: ['BAD_DIRECTORY'] },
  'marc4j/test/resources/008008027.mrc': { ok: 18, errors: ['TRUNCATED_RECORD'] },
};

describe.skipIf(!hasMarcData)('ISO 2709 reader on the sample files', () => {
  // Read when the files are there: the describe's body runs (to list its tests) even when it is skipped.
  const isoFiles = hasMarcData ? survey().filter((s) => s.format === 'iso2709') : [];

  it('reads every record of the good files (counts as in SURVEY.tsv)', () => {
    let checked = 0;
    for (const s of isoFiles) {
      if (s.records !== s.yaz || BROKEN[s.file]) continue;
      const rs = [...readIso2709(sample(s.file))];
      const bad = rs.filter((r) => !r.ok);
      // Files whose leader claims UTF-8 for non-UTF-8 bytes are honest failures, checked below.
      if (bad.some((r) => !r.ok && r.code === 'INVALID_UTF8')) continue;
      expect(errors(rs), s.file).toEqual([]);
      expect(rs.length, s.file).toBe(s.records);
      checked++;
    }
    expect(checked).toBeGreaterThan(70);
    expect(records([...readIso2709(sample('marc4j/test/resources/pride-and-prejudice-fixed.mrc'))])).toHaveLength(383);
  });

  it('reports each broken record with a reason code and still returns the good ones', () => {
    for (const [file, want] of Object.entries(BROKEN)) {
      const rs = [...readIso2709(sample(file))];
      expect(records(rs).length, file).toBe(want.ok);
      expect(errors(rs), file).toEqual(want.errors);
      for (const r of rs) if (!r.ok) expect(r.offset, file).toBeGreaterThanOrEqual(0);
    }
    const many = [...readIso2709(sample('marc4j/test/resources/pride-and-prejudice-with-many-errors.mrc'))];
    expect(many.length).toBe(383);
    expect(new Set(errors(many))).toEqual(new Set(['INVALID_UTF8', 'BAD_DIRECTORY']));
    expect(records(many).length).toBeGreaterThan(290);
  });

  it('streams in tiny chunks with the same result as reading the whole buffer', async () => {
    const buf = sample('pymarc/test/bad_records.mrc');
    const whole = [...readIso2709(buf)];
    const chunks = [];
    for (let i = 0; i < buf.length; i += 7) chunks.push(buf.subarray(i, i + 7));
    const streamed: MarcReadResult[] = [];
    for await (const r of readIso2709Stream(Readable.from(chunks))) streamed.push(r);
    expect(streamed).toEqual(whole);
  });

  it('round-trips read → write → read identically, byte for byte on a clean UTF-8 file', () => {
    for (const s of isoFiles) {
      const recs = records([...readIso2709(sample(s.file))]);
      const again = records([...readIso2709(writeIso2709File(recs))]);
      expect(again, s.file).toEqual(recs.map((r) => ({ ...r, leader: expect.any(String) })));
      for (const [i, r] of again.entries()) {
        expect(r.leader.slice(5, 12) + r.leader.slice(17), s.file).toBe(
          recs[i].leader.slice(5, 12) + recs[i].leader.slice(17),
        );
      }
    }
    const pride = sample('marc4j/test/resources/pride-and-prejudice-fixed.mrc');
    expect(writeIso2709File(records([...readIso2709(pride)])).equals(pride)).toBe(true);
  });

  it.skipIf(!which('yaz-marcdump'))('writes files yaz-marcdump reads without a warning', () => {
    const all = isoFiles.flatMap((s) => records([...readIso2709(sample(s.file))]));
    const file = join(mkdtempSync(join(tmpdir(), 'marc-')), 'all.mrc');
    writeFileSync(file, writeIso2709File(all));
    expect(execFileSync('yaz-marcdump', ['-n', file], { encoding: 'utf8' })).toBe('');
    const lines = execFileSync('yaz-marcdump', ['-i', 'marc', '-o', 'line', file], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    expect(lines.split('\n').filter((l) => /^\d{5}/.test(l)).length).toBe(all.length);
  });
});

describe('ISO 2709 writer', () => {
  it('counts lengths in bytes, marks UTF-8 and keeps the record readable', () => {
    const record: MarcRecord = {
      leader: '00000cam  2200000   4500',
      fields: [
        { tag: '001', value: 'x1' },
        {
          tag: '245',
          ind1: '1',
          ind2: '0',
          subfields: [
            { code: 'a', value: '红楼梦 /' },
            { code: 'c', value: '曹雪芹' },
          ],
        },
      ],
    };
    const bytes = writeIso2709(record);
    expect(Number(bytes.toString('latin1', 0, 5))).toBe(bytes.length);
    expect(bytes.toString('latin1', 9, 10)).toBe('a');
    const [back] = [...readIso2709(bytes)];
    expect(back.ok && back.record.fields).toEqual(record.fields);
  });

  it('refuses a field longer than ISO 2709 can describe', () => {
    const big = { tag: '520', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'x'.repeat(10_000) }] };
    expect(() => writeIso2709({ leader: '00000nam a2200000   4500', fields: [big] })).toThrow(/9999/);
  });

  it('rejects invalid UTF-8 when leader/9 says UTF-8', () => {
    const good = writeIso2709({
      leader: '00000nam a2200000   4500',
      fields: [{ tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: 'é' }] }],
    });
    const bad = Buffer.from(good);
    bad[bad.indexOf(0xc3)] = 0xff;
    const [r] = [...readIso2709(Buffer.concat([bad, good]))].slice(0, 1);
    expect(r).toMatchObject({ ok: false, code: 'INVALID_UTF8', index: 0, offset: 0 });
    expect([...readIso2709(Buffer.concat([bad, good]))][1]).toMatchObject({ ok: true, index: 1 });
  });
});

/** An ISO 2709 record from raw field bytes, to test encodings our writer never produces. */
function rawRecord(fields: [string, Buffer][], leader9 = ' '): Buffer {
  let at = 0;
  const dir = fields.map(([tag, body]) => {
    const entry = `${tag}${String(body.length + 1).padStart(4, '0')}${String(at).padStart(5, '0')}`;
    at += body.length + 1;
    return entry;
  });
  const base = 24 + 12 * fields.length + 1;
  const len = base + at + 1;
  const leader = `${String(len).padStart(5, '0')}nam ${leader9}22${String(base).padStart(5, '0')}   450 `;
  const body = fields.flatMap(([, b]) => [b, Buffer.from([0x1e])]);
  return Buffer.concat([Buffer.from(`${leader}${dir.join('')}\x1e`, 'latin1'), ...body, Buffer.from([0x1d])]);
}

describe('charset choice when leader/9 is blank', () => {
  const gbk红楼梦 = Buffer.from([0xba, 0xec, 0xc2, 0xa5, 0xc3, 0xce]);
  const title = Buffer.concat([
    Buffer.from('1 \x1fa', 'latin1'),
    gbk红楼梦,
    Buffer.from('\x1ff', 'latin1'),
    Buffer.from('Cao', 'latin1'),
  ]);

  it('reads a GBK-encoded CNMARC record as GB18030', () => {
    const [r] = [
      ...readIso2709(
        rawRecord([
          ['001', Buffer.from('x1')],
          ['200', title],
        ]),
      ),
    ];
    expect(r).toMatchObject({ ok: true, warnings: ['CHARSET_ASSUMED_GB18030'] });
    expect(r.ok && r.record.fields[1]).toEqual({
      tag: '200',
      ind1: '1',
      ind2: ' ',
      subfields: [
        { code: 'a', value: '红楼梦' },
        { code: 'f', value: 'Cao' },
      ],
    });
  });

  it('keeps MARC-8 for a MARC21 record with the same bytes', () => {
    const [r] = [
      ...readIso2709(
        rawRecord([
          ['001', Buffer.from('x1')],
          ['245', title],
        ]),
      ),
    ];
    expect(r.ok && r.warnings).toEqual(['MARC8_UNMAPPED']);
  });
});
