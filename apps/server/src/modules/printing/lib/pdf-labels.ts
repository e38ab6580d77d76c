import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type LabelTemplate, labelCell, pageSizeMm } from '@shuyuan/contracts/printing/label-template';
import type { PrintPageRange } from '@shuyuan/contracts/printing/print-job';
import PDFDocument from 'pdfkit';
import { renderBarcodePng } from './barcode-image.ts';
import { barcodeBars } from './barcode-shapes.ts';
import { type FontSource, resolveCjkFont } from './fonts.ts';
import { planJob, totalOf } from './job-plan.ts';
import { type ItemBox, type LabelData, layoutLabel, PT_PER_MM } from './label-layout.ts';

export interface PdfLabelOptions {
  /** Required when `labels` is a stream (async iterable); an array counts itself. */
  total?: number;
  pageRange?: PrintPageRange;
  /** Font override; by default the first CJK font found (fonts.ts). */
  font?: FontSource;
  /** Thin grey label borders, for previews and blank test sheets; off for real label stock. */
  outline?: boolean;
  title?: string;
  /**
   * `vector` (default): bars as PDF rectangles from bwip-js' encoder — fast and sharp at any resolution.
   * `png`: bwip-js PNG images with a white background, ~2.5× slower; kept for printers or viewers that
   * mishandle hairline gaps between very thin vector bars.
   */
  barcodes?: 'vector' | 'png';
}

/** Bytes pdfkit may hold unread before we wait for the destination; keeps a 5000-label job's memory flat. */
const HIGH_WATER = 4 * 1024 * 1024;
const pt = (mm: number) => mm * PT_PER_MM;
type Doc = PDFKit.PDFDocument;

/**
 * Renders labels to a PDF written to `out` as it is produced. Pages are flushed as soon as the next one
 * starts (pdfkit's default), and we wait whenever the destination falls behind, so memory does not grow
 * with the job. Labels outside `pageRange` are consumed but not drawn. The job is checked (limit, page
 * range, font) before the first byte is written; the caller owns `out` and removes it if this throws.
 */
export async function renderLabelsPdf(
  t: LabelTemplate,
  labels: Iterable<LabelData> | AsyncIterable<LabelData>,
  out: Writable,
  opts: PdfLabelOptions = {},
): Promise<{ pages: number; labels: number }> {
  const plan = planJob(t, totalOf(labels, opts.total), opts.pageRange);
  const font = opts.font ?? resolveCjkFont();
  const size = pageSizeMm(t);
  const doc = new PDFDocument({ size: [pt(size.width), pt(size.height)], margin: 0, autoFirstPage: false });
  doc.info.Title = opts.title ?? 'Labels';
  doc.registerFont('cjk', font.path, font.postscriptName ?? '');
  doc.pipe(out);
  const done = finished(out);
  let page = -1;
  let drawn = 0;
  let n = 0;
  try {
    for await (const label of labels) {
      const cell = labelCell(t, n++);
      if (cell.page + 1 < plan.first || cell.page + 1 > plan.last) continue;
      if (cell.page !== page) {
        page = cell.page;
        doc.addPage();
        doc.font('cjk');
        while (doc.readableLength > HIGH_WATER) await new Promise((r) => setTimeout(r, 2));
      }
      if (opts.outline) outline(doc, t, cell.x, cell.y);
      for (const box of layoutLabel(t, label, cell.x, cell.y)) await drawItem(doc, t, box, label, opts.barcodes);
      drawn++;
    }
  } catch (e) {
    // Close the half-written destination (its file handle) and report the cause; the caller deletes it.
    done.catch(() => {}); // destroying `out` rejects it; the cause is `e`
    doc.unpipe(out);
    out.destroy();
    throw e;
  }
  doc.end();
  await done;
  return { pages: plan.last - plan.first + 1, labels: drawn };
}

function outline(doc: Doc, t: LabelTemplate, x: number, y: number): void {
  doc.rect(pt(x), pt(y), pt(t.label.width), pt(t.label.height)).lineWidth(0.3).stroke('#bbbbbb');
}

async function drawItem(doc: Doc, t: LabelTemplate, box: ItemBox, d: LabelData, mode = 'vector'): Promise<void> {
  if (box.item === 'barcode' && mode === 'png') {
    const img = await renderBarcodePng(box.lines[0], t.barcodeType);
    doc.image(img.png, pt(box.x), pt(box.y), { width: pt(box.w), height: pt(box.h) });
  } else if (box.item === 'barcode') {
    // White under the bars, like bwip's backgroundcolor: pre-printed or tinted stock must not show through.
    doc.rect(pt(box.x), pt(box.y), pt(box.w), pt(box.h)).fill('white');
    for (const b of barcodeBars(box.lines[0], t.barcodeType, box.x, box.y, box.w, box.h))
      doc.rect(pt(b.x), pt(b.y), pt(b.w), pt(b.h));
    doc.fill('black');
  } else if (box.item === 'photo') {
    if (d.photo)
      doc.image(d.photo, pt(box.x), pt(box.y), { fit: [pt(box.w), pt(box.h)], align: 'center', valign: 'center' });
    else doc.rect(pt(box.x), pt(box.y), pt(box.w), pt(box.h)).lineWidth(0.5).stroke('#888888');
  } else {
    const lh = box.h / box.lines.length;
    box.lines.forEach((line, i) => {
      drawLine(doc, line, box.x, box.y + i * lh, box.w, lh, t.fontSize);
    });
  }
}

/**
 * One centred line. Too wide: shrink down to 60 % of the template size, then cut with an ellipsis — a title
 * must never run into the next label. Measuring by hand and `lineBreak: false` avoid pdfkit's line
 * wrapper, which is most of the cost of text at 5000 labels.
 */
function drawLine(doc: Doc, text: string, x: number, y: number, w: number, h: number, fontSize: number): void {
  let size = fontSize;
  doc.fontSize(size);
  let width = doc.widthOfString(text);
  const avail = pt(w);
  if (width > avail) {
    size = Math.max(fontSize * 0.6, (fontSize * avail) / width);
    doc.fontSize(size);
    width = doc.widthOfString(text);
    while (width > avail && text.length > 1) {
      text = `${text.slice(0, -2)}…`;
      width = doc.widthOfString(text);
    }
  }
  const top = pt(y) + (pt(h) - size) / 2;
  doc.fillColor('black').text(text, pt(x) + (avail - width) / 2, top, { lineBreak: false });
}
