import { describe, expect, it } from 'vitest';
import { buildCoverBarcode, eanCheckDigit, issnCheckChar, normalizeIssn, parseCoverBarcode } from './cover-barcode';

// Hand-computed examples:
// ISSN 0264-3596: 0·8+2·7+6·6+4·5+3·4+5·3+9·2 = 115, 115 mod 11 = 5, 11−5 = 6.
//   EAN 977026435900?: 9+21+7+0+2+18+4+9+5+27+0+0 = 102 → check 8 → 9770264359008.
// ISSN 2434-561X: 2·8+4·7+3·6+4·5+5·4+6·3+1·2 = 122, 122 mod 11 = 1, 11−1 = 10 → X.
//   EAN 977243456100?: 9+21+7+6+4+9+4+15+6+3+0+0 = 84 → check 6 → 9772434561006.
// ISSN 1009-5853 (出版科学), year code 12: 9+21+7+3+0+0+9+15+8+15+1+6 = 94 → check 6 → 9771009585126.
const PLAIN = '9770264359008';
const WITH_X = '9772434561006';
const CHINA_2012 = '9771009585126';

describe('check digits', () => {
  it('computes EAN-13 and ISSN check characters', () => {
    expect(eanCheckDigit('977026435900')).toBe(8);
    expect(eanCheckDigit('977243456100')).toBe(6);
    expect(issnCheckChar('0264359')).toBe('6');
    expect(issnCheckChar('2434561')).toBe('X');
    expect(issnCheckChar('1009585')).toBe('3');
  });
});

describe('parseCoverBarcode', () => {
  it('reads the ISSN from a 13-digit code without add-on', () => {
    expect(parseCoverBarcode(PLAIN)).toEqual({
      ok: true,
      ean: PLAIN,
      issn: '0264-3596',
      variant: '00',
      addOn: null,
      issueHint: null,
    });
  });

  it('derives an ISSN whose check character is X', () => {
    expect(parseCoverBarcode(WITH_X)).toMatchObject({ ok: true, issn: '2434-561X' });
  });

  it('reads a 2-digit add-on appended by the scanner (15 digits) or after a space or dash', () => {
    for (const scan of [`${CHINA_2012}03`, `${CHINA_2012} 03`, `${CHINA_2012}-03`, `  ${CHINA_2012}03\n`]) {
      expect(parseCoverBarcode(scan)).toEqual({
        ok: true,
        ean: CHINA_2012,
        issn: '1009-5853',
        variant: '12',
        addOn: '03',
        issueHint: { number: 3, yearDigit: null, issueInYear: null },
      });
    }
  });

  it('reads a 5-digit add-on both as a whole number and as year digit + issue', () => {
    expect(parseCoverBarcode(`${PLAIN}70012`)).toMatchObject({
      ok: true,
      addOn: '70012',
      issueHint: { number: 70012, yearDigit: 7, issueInYear: 12 },
    });
    expect(parseCoverBarcode(`${PLAIN} 02540`)).toMatchObject({
      issueHint: { number: 2540, yearDigit: 0, issueInYear: 2540 },
    });
  });

  it('gives no hint for a 00 add-on', () => {
    expect(parseCoverBarcode(`${PLAIN}00`)).toMatchObject({ ok: true, addOn: '00', issueHint: null });
  });

  it('accepts a typed ISSN', () => {
    expect(parseCoverBarcode('1009-5853')).toMatchObject({ ok: true, ean: null, issn: '1009-5853', issueHint: null });
    expect(parseCoverBarcode('ISSN 2434-561x')).toMatchObject({ ok: true, issn: '2434-561X' });
    expect(parseCoverBarcode('1009-5854')).toEqual({ ok: false, reason: 'issnCheckDigit' });
  });

  it('says why a scan is refused', () => {
    expect(parseCoverBarcode('  ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseCoverBarcode('97702643590O8')).toEqual({ ok: false, reason: 'characters' });
    expect(parseCoverBarcode('977026435900')).toEqual({ ok: false, reason: 'length' });
    expect(parseCoverBarcode('9770264359008123')).toEqual({ ok: false, reason: 'length' }); // 16 digits
    expect(parseCoverBarcode(`${PLAIN} 123`)).toEqual({ ok: false, reason: 'length' });
    expect(parseCoverBarcode(`${PLAIN} 03 04`)).toEqual({ ok: false, reason: 'length' });
    expect(parseCoverBarcode('9770264359009')).toEqual({ ok: false, reason: 'checkDigit' });
    expect(parseCoverBarcode('977026435900803').ok).toBe(true);
    expect(parseCoverBarcode('977026435900903')).toEqual({ ok: false, reason: 'checkDigit' });
    // 9787020002207: a book (ISBN 978-7-02-000220-7), valid EAN check digit.
    expect(parseCoverBarcode('9787020002207')).toEqual({ ok: false, reason: 'bookIsbn' });
    // 6901234567892: a product code (check 2: 6+27+0+3+2+9+4+15+6+21+8+27 = 128).
    expect(parseCoverBarcode('6901234567892')).toEqual({ ok: false, reason: 'notSerial' });
  });
});

describe('buildCoverBarcode', () => {
  it('builds what the parser reads back', () => {
    expect(buildCoverBarcode('0264-3596')).toBe(PLAIN);
    expect(buildCoverBarcode('1009-5853', '12', '03')).toBe(`${CHINA_2012}03`);
    expect(buildCoverBarcode('2434-561X', '00', '70012')).toBe(`${WITH_X}70012`);
    expect(() => buildCoverBarcode('1009-5854')).toThrow(RangeError);
  });

  it('normalises typed ISSNs', () => {
    expect(normalizeIssn(' issn 2434 561x ')).toBe('2434-561X');
    expect(normalizeIssn('24345610')).toBeNull();
  });
});
