import PDFDocument from 'pdfkit';
import { resolveCjkFont } from '../printing/lib/fonts.ts';
import type { Sheet } from './screens.ts';

const MM = 72 / 25.4;
const MARGIN = 12 * MM;
const FONT = 7.5;
const PAD = 2;

export interface SheetPdfOptions {
  title: string;
  /** Lines under the title (school, period). */
  subtitle: string[];
  /** Relative widths of the columns (default: equal). */
  widths?: number[];
  /** Rows drawn in bold (opening balance, totals). */
  bold?: (row: number) => boolean;
  /** "Page {{n}} of {{m}}" in the caller's language. */
  pageLabel: (n: number, m: number) => string;
  /** Signature line at the foot of the last page. */
  footer?: string;
}

/**
 * A report sheet as a printed register: A4 landscape, the title and period on top, a ruled table whose header
 * repeats on each page, page numbers at the foot. Built in memory (a register of a term is a few pages).
 */
export async function sheetPdf(sheet: { columns: string[]; rows: Sheet['rows'] }, o: SheetPdfOptions): Promise<Buffer> {
  const font = resolveCjkFont();
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, bufferPages: true });
  doc.registerFont('cjk', font.path, font.postscriptName ?? '');
  doc.info.Title = o.title;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const width = doc.page.width - 2 * MARGIN;
  const weights = o.widths ?? sheet.columns.map(() => 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const cols = weights.map((w) => (w / sum) * width);
  const bottom = doc.page.height - MARGIN - 14;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  doc.font('cjk');

  const rowHeight = (cells: string[]) =>
    Math.max(...cells.map((c, i) => doc.fontSize(FONT).heightOfString(c, { width: cols[i] - 2 * PAD })), FONT * 1.2) +
    2 * PAD;
  const drawRow = (cells: string[], y: number, h: number, strong: boolean, shade: boolean) => {
    let x = MARGIN;
    if (shade) doc.rect(MARGIN, y, width, h).fill('#eeeeee').fillColor('black');
    cells.forEach((c, i) => {
      doc
        .rect(x, y, cols[i], h)
        .lineWidth(strong ? 0.8 : 0.4)
        .stroke();
      const numeric = /^-?[\d.,]+$/.test(c);
      doc
        .fontSize(FONT)
        .text(c, x + PAD, y + PAD, { width: cols[i] - 2 * PAD, align: numeric && !shade ? 'right' : 'left' });
      if (strong) doc.text(c, x + PAD + 0.25, y + PAD, { width: cols[i] - 2 * PAD, align: numeric ? 'right' : 'left' });
      x += cols[i];
    });
  };
  const head = () => {
    doc.fontSize(16).text(o.title, MARGIN, MARGIN, { width, align: 'center' });
    doc.fontSize(9);
    for (const line of o.subtitle) doc.text(line, MARGIN, doc.y + 2, { width, align: 'center' });
    const y = doc.y + 6;
    const h = rowHeight(sheet.columns);
    drawRow(sheet.columns, y, h, true, true);
    return y + h;
  };

  let y = head();
  sheet.rows.forEach((r, i) => {
    const cells = r.map(text);
    const h = rowHeight(cells);
    if (y + h > bottom) {
      doc.addPage();
      y = head();
    }
    drawRow(cells, y, h, o.bold?.(i) ?? false, false);
    y += h;
  });
  if (o.footer) {
    if (y + 24 > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    doc.fontSize(9).text(o.footer, MARGIN, y + 12, { width });
  }
  const range = doc.bufferedPageRange();
  for (let p = 0; p < range.count; p++) {
    doc.switchToPage(range.start + p);
    // The foot lies in the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.fontSize(8).text(o.pageLabel(p + 1, range.count), MARGIN, doc.page.height - MARGIN - 8, {
      width,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
