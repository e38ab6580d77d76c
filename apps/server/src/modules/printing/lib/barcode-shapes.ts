import type { BarcodeType } from '@shuyuan/contracts/printing/label-template';
import bwipjs from 'bwip-js/node';
import { fail } from '../../../platform/errors.ts';
import './printing.messages.ts';

/** A dark rectangle of a barcode, in the same unit as the box it was fitted to (mm here). */
export interface Bar {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** White modules around the symbol: ISO/IEC 15417 asks 10 for code 128, QR asks 4. Scanners need them. */
const QUIET_LINEAR = 10;
const QUIET_QR = 4;

type Linear = { sbs: number[]; bhs: number[]; bbs: number[] };
type Matrix = { pixs: number[]; pixx: number; pixy: number };

/**
 * The bars of a barcode fitted into a box (top-left x, y, size w × h), encoded by bwip-js (`raw`, the same
 * BWIPP encoder as its PNG output). Drawing bars as vector rectangles instead of placing a PNG is 12× faster
 * (0.23 ms vs 2.9 ms per code, plus pdfkit's PNG alpha split) and exact at any printer resolution; this is
 * what keeps 5000 labels under 10 s. Renderers paint the box white first, as bwip's `backgroundcolor` would.
 */
export function barcodeBars(value: string, type: BarcodeType, x: number, y: number, w: number, h: number): Bar[] {
  if (type === 'ean13' && !/^\d{12,13}$/.test(value)) throw unprintable(value, type);
  let raw: Array<Linear | Matrix>;
  try {
    raw = bwipjs.raw({ bcid: type, text: value, ...(type === 'qrcode' ? { eclevel: 'M' } : {}) }) as never;
  } catch {
    throw unprintable(value, type);
  }
  const sym = raw[0];
  return 'pixs' in sym ? matrixBars(sym, x, y, w, h) : linearBars(sym, x, y, w, h);
}

function linearBars(sym: Linear, x: number, y: number, w: number, h: number): Bar[] {
  const modules = sym.sbs.reduce((a, b) => a + b, 0) + 2 * QUIET_LINEAR;
  const mw = w / modules;
  // Bar heights/bottoms are relative (ean13 guard bars reach lower); the tallest bar fills the box.
  const top = Math.max(...sym.bhs.map((bh, i) => bh + (sym.bbs[i] ?? 0)));
  const bars: Bar[] = [];
  let pos = QUIET_LINEAR;
  sym.sbs.forEach((width, i) => {
    if (i % 2 === 0) {
      const b = i / 2;
      const bh = sym.bhs[b] ?? top;
      const bb = sym.bbs[b] ?? 0;
      bars.push({ x: x + pos * mw, y: y + ((top - bh - bb) / top) * h, w: width * mw, h: (bh / top) * h });
    }
    pos += width;
  });
  return bars;
}

/** Matrix codes: each row's runs of dark modules as one rectangle, so a QR code is ~100 shapes, not ~400. */
function matrixBars(sym: Matrix, x: number, y: number, w: number, h: number): Bar[] {
  const mw = w / (sym.pixx + 2 * QUIET_QR);
  const mh = h / (sym.pixy + 2 * QUIET_QR);
  const bars: Bar[] = [];
  for (let r = 0; r < sym.pixy; r++) {
    let c = 0;
    while (c < sym.pixx) {
      if (!sym.pixs[r * sym.pixx + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < sym.pixx && sym.pixs[r * sym.pixx + c]) c++;
      bars.push({ x: x + (start + QUIET_QR) * mw, y: y + (r + QUIET_QR) * mh, w: (c - start) * mw, h: mh });
    }
  }
  return bars;
}

export const unprintable = (barcode: string, type: string) =>
  fail('PRINT_BARCODE_UNPRINTABLE', 'printing.barcode.unprintable', { barcode, type });
