import { PassThrough } from 'node:stream';
import { LabelTemplate } from '@shuyuan/contracts/printing/label-template';
import { describe, expect, it } from 'vitest';
import { LABEL_TERMINATOR, renderLabelsHpgl, UNITS_PER_MM } from './hpgl.ts';
import type { LabelData } from './label-layout.ts';

/** Spine sheet: 2 × 2 labels of 30 × 20 mm on a custom 100 × 80 mm sheet, 10 mm margins. */
const t = LabelTemplate.parse({
  name: 'plotter',
  kind: 'spine',
  page: { size: 'custom', width: 100, height: 80 },
  label: { width: 30, height: 20 },
  grid: { columns: 2, rows: 2 },
  margins: { top: 10, left: 10 },
  gaps: { x: 5, y: 5 },
  fontSize: 10,
  items: ['schoolName', 'callNumber'],
});

async function plot(labels: LabelData[], template = t, opts = {}) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c) => chunks.push(c));
  const result = await renderLabelsHpgl(template, labels, out, opts);
  return { result, text: Buffer.concat(chunks).toString('latin1') };
}

const ETX = LABEL_TERMINATOR;
const commands = (text: string) => text.split(new RegExp(`;|${ETX}`)).filter(Boolean);
const lbTexts = (text: string) => [...text.matchAll(new RegExp(`LB([^${ETX}]*)${ETX}`, 'g'))].map((m) => m[1]);

describe('HPGL plotter output', () => {
  it('starts with IN and a pen, ends by putting the pen away, and labels ASCII text with LB', async () => {
    const { text, result } = await plot([{ callNumber: 'I247.5/123:2', schoolName: '书苑小学' }]);
    expect(text.startsWith('IN;SP1;PU;')).toBe(true);
    expect(text.endsWith('PU;SP0;')).toBe(true);
    expect(lbTexts(text)).toEqual(['I247.5', '123', ':2']);
    expect(text.split(ETX)).toHaveLength(4);
    expect(result).toEqual({ pages: 1, labels: 1, skippedLines: 0 });
    // Only printable ASCII and the terminator reach the plotter.
    expect([...text].every((c) => c === ETX || (c >= ' ' && c <= '~'))).toBe(true);
  });

  it('draws Chinese as pen strokes inside the label, or counts it as left out without a font', async () => {
    const { text } = await plot([{ schoolName: '书苑小学' }]);
    const strokes = [...text.matchAll(/PU(\d+),(\d+);PD([\d,]+);/g)];
    expect(strokes.length).toBeGreaterThanOrEqual(8); // 4 characters, at least 2 contours each
    const xs = strokes.flatMap((m) => [m[1], ...m[3].split(',').filter((_, i) => i % 2 === 0)].map(Number));
    const ys = strokes.flatMap((m) => [m[2], ...m[3].split(',').filter((_, i) => i % 2 === 1)].map(Number));
    // Label 1 spans x 10–40 mm and y (flipped) 50–70 mm.
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(10 * UNITS_PER_MM);
    expect(Math.max(...xs)).toBeLessThanOrEqual(40 * UNITS_PER_MM);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(50 * UNITS_PER_MM);
    expect(Math.max(...ys)).toBeLessThanOrEqual(70 * UNITS_PER_MM);
    const without = await plot([{ schoolName: '书苑小学', callNumber: 'A1/2' }], t, { font: null });
    expect(without.result.skippedLines).toBe(1);
    expect(without.text).not.toContain('PD');
    expect(lbTexts(without.text)).toEqual(['A1', '2']);
  });

  it('positions in plotter units (1/40 mm) from the bottom-left corner', async () => {
    const { text } = await plot([{ callNumber: 'A' }, { callNumber: 'B' }, { callNumber: 'C' }]);
    const pos = [...text.matchAll(/PA(\d+),(\d+);LB(\w)/g)].map((m) => [m[3], Number(m[1]), Number(m[2])]);
    // Label 1 centre: x = 10 + 15 = 25 mm → 1000; y = 80 − (10 + 10) = 60 mm → 2400.
    // Label 2 is one column right (35 mm), label 3 one row down (25 mm).
    expect(pos).toEqual([
      ['A', 25 * UNITS_PER_MM, 60 * UNITS_PER_MM],
      ['B', 60 * UNITS_PER_MM, 60 * UNITS_PER_MM],
      ['C', 25 * UNITS_PER_MM, 35 * UNITS_PER_MM],
    ]);
    expect(commands(text).filter((c) => c === 'LO5')).toHaveLength(3);
  });

  it('puts a whole job in one file with PG between pages, and honours the page range', async () => {
    const labels = Array.from({ length: 9 }, (_, i) => ({ callNumber: `K${i}` }));
    const all = await plot(labels);
    expect(all.result.pages).toBe(3);
    expect(commands(all.text).filter((c) => c === 'PG')).toHaveLength(2);
    const last = await plot(labels, t, { pageRange: { startPage: 3, endPage: 3 } });
    expect(lbTexts(last.text)).toEqual(['K8']);
  });

  it('draws barcodes as filled rectangles inside the label', async () => {
    const bt = LabelTemplate.parse({ ...t, items: ['barcode'] });
    const { text } = await plot([{ barcode: 'S0000019' }], bt);
    expect(text).toContain('FT1;');
    const rects = [...text.matchAll(/PA(\d+),(\d+);RA(\d+),(\d+);/g)].map((m) => m.slice(1).map(Number));
    expect(rects.length).toBeGreaterThan(20);
    for (const [x1, y1, x2, y2] of rects) {
      expect(x1).toBeGreaterThanOrEqual(10 * UNITS_PER_MM);
      expect(x2).toBeLessThanOrEqual(40 * UNITS_PER_MM);
      expect(y1).toBeGreaterThanOrEqual(50 * UNITS_PER_MM);
      expect(y2).toBeLessThanOrEqual(70 * UNITS_PER_MM);
      expect(x2).toBeGreaterThan(x1);
      expect(y2).toBeGreaterThan(y1);
    }
  });

  it('refuses more than 5000 records before writing anything', async () => {
    await expect(plot([], t, { total: 5001 })).rejects.toMatchObject({ errorCode: 'PRINT_LIMIT' });
  });
});
