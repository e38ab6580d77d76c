import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { type LabelTemplate, labelCell, pageSizeMm } from '@shuyuan/contracts/printing/label-template';
import type { PrintPageRange } from '@shuyuan/contracts/printing/print-job';
import { barcodeBars } from './barcode-shapes.ts';
import { type FontSource, resolveCjkFont } from './fonts.ts';
import { planJob, totalOf } from './job-plan.ts';
import { type ItemBox, type LabelData, layoutLabel, PT_PER_MM } from './label-layout.ts';
import { textStrokes } from './text-outline.ts';

/** HP-GL plotter units: 1 unit = 0.025 mm, i.e. 40 per mm. */
export const UNITS_PER_MM = 40;
/** LB ends at this character (ETX, the default that IN restores). */
export const LABEL_TERMINATOR = '\x03';

export interface HpglOptions {
  total?: number;
  pageRange?: PrintPageRange;
  /** Pen (or tool) number; cutting/plotting devices often use 1 for the drawing pen. */
  pen?: number;
  /** Font for non-ASCII text outlines; by default the CJK font of the PDFs, `null` to leave such text out. */
  font?: FontSource | null;
}

/** What a plotter job did; `skippedLines` counts non-ASCII lines left out because no CJK font was found. */
export interface HpglResult {
  pages: number;
  labels: number;
  skippedLines: number;
}

/**
 * The plotter variants (`/callnum-pltplot`, `/barcode-pltplot`): the same labels as the PDF, as one HP-GL/2
 * file per job. Coordinates are absolute plotter units with HP-GL's origin at the bottom-left of the sheet
 * (y grows upwards), so every mm position from the shared layout is flipped against the page height.
 * ASCII text (call numbers, barcodes: what plotters mostly print) is LB labels centred on their box (LO5)
 * in the plotter's own stick font, sized with SI from the template's font size. That font has no Chinese,
 * so a line with other characters (a title, a school name) is drawn as the CJK font's glyph outlines with
 * PU/PD strokes; without any CJK font it is left out and counted in `skippedLines` for the caller to report.
 * Barcodes are solid rectangles (FT1 + RA); pages are separated by PG.
 */
export async function renderLabelsHpgl(
  t: LabelTemplate,
  labels: Iterable<LabelData> | AsyncIterable<LabelData>,
  out: Writable,
  opts: HpglOptions = {},
): Promise<HpglResult> {
  const plan = planJob(t, totalOf(labels, opts.total), opts.pageRange);
  const pageH = pageSizeMm(t).height;
  const X = (mm: number) => Math.round(mm * UNITS_PER_MM);
  const Y = (mm: number) => Math.round((pageH - mm) * UNITS_PER_MM);
  const result: HpglResult = { pages: plan.last - plan.first + 1, labels: 0, skippedLines: 0 };
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(`IN;SP${opts.pen ?? 1};PU;`);
  let page = -1;
  let n = 0;
  let font: FontSource | null | undefined = opts.font;
  const ctx: TextContext = {
    fontSize: t.fontSize,
    X,
    Y,
    font: () => {
      if (font === undefined) font = tryFont();
      return font;
    },
  };
  for await (const label of labels) {
    const cell = labelCell(t, n++);
    if (cell.page + 1 < plan.first || cell.page + 1 > plan.last) continue;
    if (page >= 0 && cell.page !== page) await write('PU;PG;');
    page = cell.page;
    const parts: string[] = [];
    for (const box of layoutLabel(t, label, cell.x, cell.y)) {
      if (box.item === 'barcode') {
        parts.push('FT1;');
        for (const b of barcodeBars(box.lines[0], t.barcodeType, box.x, box.y, box.w, box.h))
          parts.push(`PA${X(b.x)},${Y(b.y + b.h)};RA${X(b.x + b.w)},${Y(b.y)};`);
      } else if (box.item !== 'photo') {
        result.skippedLines += textCommands(box, ctx, parts);
      }
    }
    await write(parts.join(''));
    result.labels++;
  }
  await write('PU;SP0;');
  out.end();
  await once(out, 'finish');
  return result;
}

interface TextContext {
  fontSize: number;
  X: (mm: number) => number;
  Y: (mm: number) => number;
  font: () => FontSource | null;
}

function tryFont(): FontSource | null {
  try {
    return resolveCjkFont();
  } catch {
    return null;
  }
}

/** Appends the commands of each line of a text box; returns how many lines it had to leave out. */
function textCommands(box: ItemBox, ctx: TextContext, parts: string[]): number {
  const { X, Y } = ctx;
  const lh = box.h / box.lines.length;
  const em = ctx.fontSize / PT_PER_MM;
  let skipped = 0;
  box.lines.forEach((line, i) => {
    const cx = box.x + box.w / 2;
    const cy = box.y + lh * i + lh / 2;
    if (/^[\x20-\x7e]+$/.test(line)) {
      // SI takes cm. Cap height ≈ 0.7 em; stick-font characters are ~0.6 as wide as high, cells 1.5 × wide.
      const h = Math.min(em * 0.7, box.w / (line.length * 0.9));
      const cm = (v: number) => (v / 10).toFixed(3);
      parts.push(`SI${cm(h * 0.6)},${cm(h)};LO5;PA${X(cx)},${Y(cy)};LB${line}${LABEL_TERMINATOR}`);
      return;
    }
    const font = ctx.font();
    if (!font) {
      skipped++;
      return;
    }
    for (const stroke of textStrokes(font, line, cx, cy, em, box.w)) {
      const [first, ...rest] = stroke;
      parts.push(`PU${X(first[0])},${Y(first[1])};PD${rest.map(([x, y]) => `${X(x)},${Y(y)}`).join(',')};`);
    }
    parts.push('PU;');
  });
  return skipped;
}
