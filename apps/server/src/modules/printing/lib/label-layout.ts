import { callNumberLines } from '@shuyuan/contracts/printing/call-number';
import type { LabelTemplate, PrintItem } from '@shuyuan/contracts/printing/label-template';

/** What one label prints; a template's items pick from it. Empty fields leave no gap on the label. */
export interface LabelData {
  barcode?: string;
  callNumber?: string;
  title?: string;
  schoolName?: string;
  readerName?: string;
  readerClass?: string;
  /** A reader's photo (PNG/JPEG); without it a reader card shows an empty photo frame. */
  photo?: Buffer;
}

/** One item's box on a label, in mm from the page's top-left corner. Text items carry their lines. */
export interface ItemBox {
  item: PrintItem;
  x: number;
  y: number;
  w: number;
  h: number;
  lines: string[];
}

export const PT_PER_MM = 72 / 25.4;
/** Line height as a multiple of the font size; 1.2 is tight enough for 3 call-number lines on a 25 mm spine. */
const LINE = 1.2;
const ITEM_GAP_MM = 0.5;
/** Below this a linear barcode does not scan reliably, whatever the label size. */
const MIN_BARCODE_MM = 4;
/** Taller linear bars scan no better and crowd the label; the spare height stays white around them. */
const MAX_BARCODE_MM = 15;

export const lineHeightMm = (fontSize: number) => (fontSize * LINE) / PT_PER_MM;

function textOf(item: PrintItem, d: LabelData): string[] {
  switch (item) {
    case 'callNumber':
      return d.callNumber ? callNumberLines(d.callNumber) : [];
    case 'barcodeText':
      return d.barcode ? [d.barcode] : [];
    case 'title':
      return d.title ? [d.title] : [];
    case 'schoolName':
      return d.schoolName ? [d.schoolName] : [];
    case 'readerName':
      return d.readerName ? [d.readerName] : [];
    case 'readerClass':
      return d.readerClass ? [d.readerClass] : [];
    default:
      return [];
  }
}

/**
 * Lays out one label whose top-left corner is (x, y) mm: the photo (reader cards) takes a column on the left,
 * the other items stack top to bottom in template order, and the barcode takes the height the text leaves.
 * Without a barcode the stack is centred vertically, as spine labels are usually printed.
 * Renderers (PDF and HPGL) share this, so a preview and a plotter job place things identically.
 */
export function layoutLabel(t: LabelTemplate, d: LabelData, x: number, y: number): ItemBox[] {
  const pad = Math.min(1.5, t.label.height * 0.05, t.label.width * 0.05);
  let left = x + pad;
  let width = t.label.width - 2 * pad;
  const top = y + pad;
  const height = t.label.height - 2 * pad;
  const boxes: ItemBox[] = [];
  if (t.items.includes('photo')) {
    const w = Math.min(height * 0.75, width * 0.35);
    boxes.push({ item: 'photo', x: left, y: top, w, h: height, lines: [] });
    left += w + pad;
    width -= w + pad;
  }
  const stack = t.items
    .filter((i) => i !== 'photo')
    .map((item) => ({ item, lines: item === 'barcode' ? (d.barcode ? [d.barcode] : []) : textOf(item, d) }))
    .filter((s) => s.lines.length > 0);
  const lh = lineHeightMm(t.fontSize);
  const textH = stack.reduce((sum, s) => sum + (s.item === 'barcode' ? 0 : s.lines.length * lh), 0);
  const gaps = Math.max(0, stack.length - 1) * ITEM_GAP_MM;
  const hasBarcode = stack.some((s) => s.item === 'barcode');
  const barH = hasBarcode ? Math.max(MIN_BARCODE_MM, height - textH - gaps) : 0;
  let cursor = hasBarcode ? top : top + Math.max(0, (height - textH - gaps) / 2);
  for (const s of stack) {
    if (s.item === 'barcode') {
      // A QR code is square: as large as fits, centred.
      const side = Math.min(barH, width);
      const w = t.barcodeType === 'qrcode' ? side : width;
      const h = t.barcodeType === 'qrcode' ? side : Math.min(barH, MAX_BARCODE_MM);
      boxes.push({ item: 'barcode', x: left + (width - w) / 2, y: cursor + (barH - h) / 2, w, h, lines: s.lines });
      cursor += barH + ITEM_GAP_MM;
    } else {
      const h = s.lines.length * lh;
      boxes.push({ item: s.item, x: left, y: cursor, w: width, h, lines: s.lines });
      cursor += h + ITEM_GAP_MM;
    }
  }
  return boxes;
}
