import { describe, expect, it } from 'vitest';
import { BarcodeRange, BarcodeRule, checkDigit, generateRange, rangeWidthForRule, validateBarcode } from './barcode.ts';

describe('check digit (odd positions ×3, even ×2, from the left, modulus 10)', () => {
  it.each([
    // 1·3+2·2+3·3+4·2+5·3+6·2+7·3 = 72 → (10 − 2) mod 10 = 8
    ['1234567', '8'],
    // 0·3+0·2+0·3+0·2+0·3+0·2+1·3 = 3 → 7
    ['0000001', '7'],
    // 0·3+0·2+0·3+0·2+0·3+1·2 = 2 → 8: the same sequence at another width has another check digit
    ['000001', '8'],
    // 9·3+9·2+9·3+9·2 = 90 → 0 (a multiple of 10 gives 0, not 10)
    ['9999', '0'],
    // 0·3+1·2+2·3+3·2 = 14 → 6, while 123 → 1·3+2·2+3·3 = 16 → 4
    ['0123', '6'],
    ['123', '4'],
    ['5', '5'], // 5·3 = 15 → 5
  ])('body %s → %s', (body, digit) => {
    expect(checkDigit(body)).toBe(digit);
  });

  it('refuses a non-numeric body', () => {
    expect(() => checkDigit('12a')).toThrow();
  });
});

describe('validateBarcode', () => {
  const rule = BarcodeRule.parse({ prefix: 'S', length: 9, checkDigit: true });
  const fails = (code: string) => {
    const r = validateBarcode(code, rule);
    return r.ok ? 'ok' : r.code;
  };

  it('accepts a barcode with the right prefix, length and check digit', () => {
    expect(fails('S12345678')).toBe('ok');
    expect(fails(' S12345678 ')).toBe('ok');
  });

  it('names the first problem with its own code', () => {
    expect(fails('')).toBe('BARCODE_REQUIRED');
    expect(fails('T12345678')).toBe('BARCODE_PREFIX');
    expect(fails('S1234567')).toBe('BARCODE_LENGTH');
    expect(fails('S1234A678')).toBe('BARCODE_NOT_NUMERIC');
    expect(fails('S12345679')).toBe('BARCODE_CHECK_DIGIT');
    // A swap of two neighbours is caught: 2134567 → 2·3+1·2+… = 71 → 9, not 8.
    expect(fails('S21345678')).toBe('BARCODE_CHECK_DIGIT');
  });

  it('gives the message parameters', () => {
    expect(validateBarcode('X1', rule)).toMatchObject({ key: 'printing.barcode.prefixWrong', params: { prefix: 'S' } });
    expect(validateBarcode('S1', rule)).toMatchObject({ key: 'printing.barcode.lengthWrong', params: { length: 9 } });
  });

  it('without check digit and length, only prefix and digits are checked', () => {
    const loose = BarcodeRule.parse({ prefix: '', length: 0, checkDigit: false });
    expect(validateBarcode('0012', loose).ok).toBe(true);
    expect(validateBarcode('12-3', loose)).toMatchObject({ code: 'BARCODE_NOT_NUMERIC' });
  });

  it('refuses a prefix with punctuation', () => {
    expect(BarcodeRule.safeParse({ prefix: 'S-' }).error?.issues[0].message).toBe('printing.barcode.prefixInvalid');
  });
});

describe('pre-printing ranges', () => {
  it('generates padded barcodes with check digits, in order', () => {
    const range = BarcodeRange.parse({ prefix: 'S', start: 98, end: 101, width: 6, checkDigit: true });
    // Hand-computed over the 6-digit padded body, weights 3,2,3,2,3,2:
    // 000098 → 9·3+8·2 = 43 → 7;  000099 → 9·3+9·2 = 45 → 5;
    // 000100 → the 1 is position 4 → 1·2 = 2 → 8;  000101 → 1·2+1·2 = 4 → 6.
    expect([...generateRange(range)]).toEqual(['S0000987', 'S0000995', 'S0001008', 'S0001016']);
    const plain = BarcodeRange.parse({ prefix: 'T', start: 7, end: 8, width: 0 });
    expect([...generateRange(plain)]).toEqual(['T7', 'T8']);
  });

  it('every generated barcode passes the matching rule', () => {
    const rule = BarcodeRule.parse({ prefix: 'BK', length: 10, checkDigit: true });
    const width = rangeWidthForRule(rule);
    expect(width).toBe(7);
    const range = BarcodeRange.parse({ prefix: 'BK', start: 1, end: 300, width, checkDigit: true });
    const codes = [...generateRange(range)];
    expect(codes).toHaveLength(300);
    expect(codes.every((c) => validateBarcode(c, rule).ok)).toBe(true);
  });

  it('needs at least one copy, end ≥ start, and at most 5000', () => {
    const msg = (v: object) => BarcodeRange.safeParse(v).error?.issues.map((i) => i.message);
    expect(msg({ prefix: 'S', start: 10, end: 9 })).toEqual(['printing.range.copiesPositive']);
    expect(msg({ prefix: 'S', start: 1, end: 5001 })).toEqual(['printing.job.limit']);
    expect(msg({ prefix: 'S', start: 1, end: 1000, width: 3 })).toEqual(['printing.range.widthTooSmall']);
    expect(msg({ prefix: 'S', start: '', end: 3 })).toBeUndefined(); // '' coerces to 0: a valid start
    expect(msg({ prefix: 'S', start: 'abc', end: 3 })).toEqual(['printing.range.startRequired']);
    expect(BarcodeRange.safeParse({ prefix: 'S', start: 5, end: 5 }).success).toBe(true);
  });
});
