import { describe, expect, it } from 'vitest';
import { callNumberLines, splitCallNumber } from './call-number.ts';
import { LabelTemplate, labelCell, pageCount, pageSizeMm } from './label-template.ts';
import { checkPageRange, PRINT_LIMIT, PrintPageRange, PrintSelection } from './print-job.ts';

const base = {
  name: '书标 3×10',
  kind: 'spine',
  page: { size: 'A4' },
  label: { width: 60, height: 25 },
  grid: { columns: 3, rows: 10 },
  margins: { top: 10, left: 10 },
  gaps: { x: 5, y: 2 },
  items: ['callNumber'],
};
const messages = (v: object) => LabelTemplate.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('label template', () => {
  it('accepts a real sheet and fills defaults', () => {
    const t = LabelTemplate.parse(base);
    expect(t).toMatchObject({ barcodeType: 'code128', fontSize: 10, startPosition: 1, offset: { x: 0, y: 0 } });
  });

  it('a template with no print items cannot be saved', () => {
    expect(messages({ ...base, items: [] })).toEqual(['printing.template.itemsRequired']);
    expect(messages({ ...base, items: undefined })).toEqual(['printing.template.itemsRequired']);
    expect(messages({ ...base, items: ['title', 'title'] })).toEqual(['printing.template.itemsDuplicate']);
  });

  it('refuses a grid larger than the page, a start beyond the sheet, an unknown barcode type', () => {
    // 3 × 60 + 2 × 5 + 10 = 200 mm fits A4 (210); 4 columns do not.
    expect(messages({ ...base, grid: { columns: 4, rows: 10 } })).toEqual(['printing.template.gridTooLarge']);
    expect(messages({ ...base, startPosition: 31 })).toEqual(['printing.template.startPositionTooLarge']);
    expect(messages({ ...base, barcodeType: 'pdf417' })).toHaveLength(1);
    expect(messages({ ...base, name: ' ' })).toEqual(['printing.template.nameRequired']);
  });

  it('custom pages take their own size', () => {
    const t = LabelTemplate.parse({
      ...base,
      page: { size: 'custom', width: 100, height: 150 },
      grid: { columns: 1, rows: 5 },
    });
    expect(pageSizeMm(t)).toEqual({ width: 100, height: 150 });
    expect(messages({ ...base, page: { size: 'custom', width: 100, height: 150 } })).toEqual([
      'printing.template.gridTooLarge',
    ]);
  });

  it('places labels row by row after the skipped cells, with offsets', () => {
    const t = LabelTemplate.parse({ ...base, startPosition: 5, offset: { x: 1.5, y: -0.5 } });
    // Cell 5 = row 2, column 2: x = 10 + 1.5 + 65, y = 10 − 0.5 + 27.
    expect(labelCell(t, 0)).toEqual({ page: 0, x: 76.5, y: 36.5 });
    expect(labelCell(t, 26)).toEqual({ page: 1, x: 11.5, y: 9.5 }); // 4 skipped + 26 = slot 30 → page 2, cell 1
    expect(pageCount(t, 26)).toBe(1);
    expect(pageCount(t, 27)).toBe(2);
    expect(pageCount(t, 0)).toBe(0);
  });
});

describe('print jobs', () => {
  it('allows at most 5000 records and at least one', () => {
    expect(PrintSelection.safeParse({ ids: Array.from({ length: PRINT_LIMIT }, (_, i) => i + 1) }).success).toBe(true);
    const over = PrintSelection.safeParse({ ids: Array.from({ length: PRINT_LIMIT + 1 }, (_, i) => i + 1) });
    expect(over.error?.issues[0].message).toBe('printing.job.limit');
    expect(PrintSelection.safeParse({ ids: [] }).error?.issues[0].message).toBe('printing.job.dataInvalid');
  });

  it('checks the page range against the document', () => {
    expect(PrintPageRange.safeParse({ startPage: 3, endPage: 2 }).error?.issues[0].message).toBe(
      'printing.job.dataInvalid',
    );
    expect(PrintPageRange.safeParse({ startPage: 0 }).success).toBe(false);
    expect(checkPageRange({}, 4)).toEqual([1, 4]);
    expect(checkPageRange({ startPage: 2 }, 4)).toEqual([2, 4]);
    expect(checkPageRange({ startPage: 2, endPage: 5 }, 4)).toBeNull();
    expect(checkPageRange({}, 0)).toBeNull();
  });
});

describe('call numbers', () => {
  it.each([
    ['I247.5/123:2', ['I247.5', '123', ':2']],
    ['K825.6/45', ['K825.6', '45']],
    ['TP312/7=2', ['TP312', '7', '=2']],
    ['G624.2/12(2019)', ['G624.2', '12', '(2019)']],
    ['I287/W123-2', ['I287', 'W123', '-2']],
    ['H319.4/56/3', ['H319.4', '56', '3']],
    ['I242', ['I242']],
  ])('%s → %j', (call, lines) => {
    expect(callNumberLines(call)).toEqual(lines);
  });

  it('keeps structured parts as given', () => {
    expect(callNumberLines({ classNo: 'I247', bookNo: '8', additional: '' })).toEqual(['I247', '8']);
    expect(splitCallNumber(' I247/8 ')).toEqual({ classNo: 'I247', bookNo: '8', additional: '' });
  });
});
