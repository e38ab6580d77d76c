import { describe, expect, it } from 'vitest';
import { parseCallNumbers, presetSource, toSource } from './source.ts';

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

describe('preset selection from the address', () => {
  const kinds = ['search', 'batch', 'barcodeRange', 'callNoRange', 'barcodes'] as const;
  const p = (q: string) => presetSource(new URLSearchParams(q), [...kinds]);
  it('reads barcodes, a batch, a range or a search text', () => {
    expect(p('barcodes=A1, A2,,A3')).toEqual({ type: 'barcodes', barcodes: 'A1\nA2\nA3' });
    expect(p('batchId=12')).toEqual({ type: 'batch', batchId: 12 });
    expect(p('from=B1&to=B9')).toEqual({ type: 'barcodeRange', from: 'B1', to: 'B9' });
    expect(p('from=I2&to=I3&range=callNo')).toEqual({ type: 'callNoRange', from: 'I2', to: 'I3' });
    expect(p('key=红楼梦')).toEqual({ type: 'search', key: '红楼梦' });
  });
  it('ignores what the screen does not offer or cannot read', () => {
    expect(p('batchId=abc')).toBeNull();
    expect(p('')).toBeNull();
    expect(presetSource(new URLSearchParams('batchId=3'), ['callNumbers'])).toBeNull();
    expect(presetSource(new URLSearchParams('key=S001'), ['readers'])).toEqual({ type: 'readers', key: 'S001' });
  });
});
