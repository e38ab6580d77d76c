import type { BarcodeType } from '@shuyuan/contracts/printing/label-template';
import bwipjs from 'bwip-js/node';
import { unprintable } from './barcode-shapes.ts';

/** A barcode as an image to place on a label; `width`/`height` are pixels, used for the aspect ratio. */
export interface BarcodeImage {
  png: Buffer;
  width: number;
  height: number;
}

/** Bar height in mm at bwip-js scale 1; the label stretches the image to its box, so only the ratio matters. */
const BAR_HEIGHT_MM = 10;
/** Pixels per module: 3 keeps every bar an exact pixel width, so rasterising at 300 dpi stays sharp. */
const SCALE = 3;

/**
 * Renders a barcode to PNG with bwip-js, for places that need an image (a browser preview, the public
 * pre-printing view, `barcodes: 'png'` PDFs); label PDFs draw vector bars by default (barcode-shapes.ts). `backgroundcolor: 'FFFFFF'` is required: without it the PNG is
 * transparent and, placed on a PDF, some scanners (and zbarimg after pdftoppm) read black-on-nothing and
 * fail. The human-readable text is drawn by the label itself (template item `barcodeText`) in the label font.
 * An unprintable value (e.g. letters for ean13) is PRINT_BARCODE_UNPRINTABLE with the value in the message.
 */
export async function renderBarcodePng(value: string, type: BarcodeType): Promise<BarcodeImage> {
  if (type === 'ean13' && !/^\d{12,13}$/.test(value)) throw unprintable(value, type);
  const square = type === 'qrcode';
  let png: Buffer;
  try {
    png = await bwipjs.toBuffer({
      bcid: type,
      text: value,
      scale: SCALE,
      ...(square ? { eclevel: 'M' } : { height: BAR_HEIGHT_MM }),
      includetext: false,
      backgroundcolor: 'FFFFFF',
      // Quiet zones (in points at scale 1): scanners need ~10 modules of white before and after the bars.
      paddingwidth: square ? 4 : 10,
      paddingheight: square ? 4 : 0,
    });
  } catch {
    throw unprintable(value, type);
  }
  return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
