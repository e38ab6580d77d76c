import { describe, expect, it } from 'vitest';
import { parseCallNumbers, toSource } from './source.ts';

describe('print sources from the form', () => {
  it('reads call numbers with an optional copy count per line', () => {
    expect(parseCallNumbers('I247.5/123 3\n\n  K825/45 \nTP311.1/9:2  12')).toEqual([
      { callNumber: 'I247.5/123', count: 3 },
      { callNumber: 'K825/45', count: 1 },
      { callNumber: 'TP311.1/9:2', count: 12 },
    ]);
  });

  it('turns scanned lines into a barcode list and keeps reader filters', () => {
    expect(toSource({ type: 'barcodes', barcodes: 'A1\r\nA2\n\nA3 ' })).toEqual({
      type: 'barcodes',
      barcodes: ['A1', 'A2', 'A3'],
    });
    expect(toSource({ type: 'readers', classIds: [4] })).toEqual({
      type: 'readers',
      ids: [],
      gradeIds: [],
      classIds: [4],
    });
    expect(toSource({ type: 'barcodeRange', from: 'B1' })).toEqual({ type: 'barcodeRange', from: 'B1', to: '' });
  });
});
