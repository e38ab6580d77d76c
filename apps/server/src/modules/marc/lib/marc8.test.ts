import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readIso2709 } from './iso2709-reader.ts';
import { marc8ToUnicode } from './marc8.ts';
import { hasMarcData, MARC_DATA, sample, toLine, which } from './test-data.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('MARC-8 → Unicode', () => {
  it('moves a combining mark after its letter and composes it', () => {
    // ANSEL 0xE2 = combining acute accent, written before the letter in MARC-8.
    expect(marc8ToUnicode(bytes('Caf', [0xe2], 'e')).text).toBe('Café');
  });

  it('switches to EACC (ESC $ 1) for Chinese and back to ASCII (ESC ( B)', () => {
    // 0x213021 = 一 (U+4E00) in EACC
    const r = marc8ToUnicode(bytes('x ', [0x1b, 0x24, 0x31, 0x21, 0x30, 0x21], [0x1b, 0x28, 0x42], ' y'));
    expect(r).toEqual({ text: 'x 一 y', unmapped: 0 });
  });

  it('switches G0 to Cyrillic (ESC ( N)', () => {
    expect(marc8ToUnicode(bytes([0x1b, 0x28, 0x4e], [0x6d, 0x69, 0x72])).text).toBe('МИР'); // basic Cyrillic puts capitals at 0x60-0x7E
  });

  it('marks codes without a mapping instead of dropping them silently', () => {
    const r = marc8ToUnicode(bytes([0x1b, 0x24, 0x31, 0x7e, 0x7e, 0x7e]));
    expect(r.unmapped).toBe(1);
    expect(r.text).toBe('\uFFFD');
  });
});

const MARC8_FILES = [
  'marc-perl/marc-charset/t/cjk1.marc',
  'marc-perl/marc-charset/t/cjk2.marc',
  'marc-perl/marc-charset/t/cjk3.marc',
  'marc-perl/marc-charset/t/cjk4.marc',
  'marc-perl/marc-charset/t/cyrillic.marc',
  'marc-perl/marc-charset/t/hebrew1.marc',
  'marc-perl/marc-charset/t/hebrew2.marc',
  'pymarc/test/marc8.dat',
  'marc4j/test/resources/brkrtest.mrc',
  'marc4j/test/resources/cyrillic_capital_e.mrc',
];

describe.skipIf(!hasMarcData)('MARC-8 sample files', () => {
  it('gives proper Chinese and Japanese in the 880 fields of the CJK files', () => {
    const rec = (f: string) => {
      const [r] = [...readIso2709(sample(f))];
      if (!r.ok) throw new Error(r.detail);
      return toLine(r.record);
    };
    expect(rec('marc-perl/marc-charset/t/cjk3.marc')).toContain(
      '880 10 $6 245-02/$1 $a 鲁  迅  与  浙东  文化 / $c 陈  方竞  著.',
    );
    expect(rec('marc-perl/marc-charset/t/cjk1.marc')).toContain('$a 金田一 京助 と アイヌ語 / $c 大友 幸男.');
    expect(rec('marc-perl/marc-charset/t/cjk1.marc')).toContain('245 10 $6 880-02 $a Kindaichi Kyōsuke to Ainugo');
  });

  it.skipIf(!which('yaz-marcdump'))('decodes exactly as yaz-marcdump -f marc8 -t utf8 does', () => {
    for (const f of MARC8_FILES) {
      const ours = [...readIso2709(sample(f))].flatMap((r) => (r.ok ? [toLine(r.record)] : [])).join('\n');
      const yaz = execFileSync(
        'yaz-marcdump',
        ['-f', 'marc8', '-t', 'utf8', '-i', 'marc', '-o', 'line', MARC_DATA + f],
        {
          encoding: 'utf8',
        },
      )
        .split('\n')
        .filter((l) => l && !/^\d{5}/.test(l)) // leaders differ only in leader/9 and lengths
        .join('\n');
      expect(ours.normalize('NFC'), f).toBe(yaz.normalize('NFC'));
    }
  });
});
