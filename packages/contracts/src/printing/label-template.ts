import { z } from 'zod';

/** What a template prints: spine (call number), barcode label, or reader card (`/userprint`). */
export const LABEL_KINDS = ['spine', 'barcode', 'readerCard'] as const;
export const LabelKind = z.enum(LABEL_KINDS);
export type LabelKind = z.infer<typeof LabelKind>;

/** Symbologies a school can choose; bwip-js names. ean13 only fits 12/13-digit numeric barcodes. */
export const BARCODE_TYPES = ['code128', 'code39', 'ean13', 'qrcode'] as const;
export const BarcodeType = z.enum(BARCODE_TYPES);
export type BarcodeType = z.infer<typeof BarcodeType>;

/**
 * Print items, drawn top to bottom in the template's order. `callNumber` prints the call number split into
 * lines (class number / book number / additional number); `photo` is a frame on the left of a reader card,
 * filled with the reader's photo when there is one.
 */
export const PRINT_ITEMS = [
  'callNumber',
  'barcode',
  'barcodeText',
  'title',
  'schoolName',
  'readerName',
  'readerClass',
  'photo',
] as const;
export const PrintItem = z.enum(PRINT_ITEMS);
export type PrintItem = z.infer<typeof PrintItem>;

/** Named page sizes in mm (portrait); `custom` takes width/height from the template. */
export const PAGE_SIZES = { A4: [210, 297], A5: [148, 210], B5: [176, 250], Letter: [215.9, 279.4] } as const;
export const PageSizeName = z.enum(['A4', 'A5', 'B5', 'Letter', 'custom']);

const mm = (max: number) => z.coerce.number().min(0).max(max);
/** Offsets move everything to meet a pre-printed sheet; negative moves left/up. */
const offsetMm = z.coerce.number().min(-50).max(50).default(0);

export const LabelTemplateBase = z.object({
  name: z.string().trim().min(1, 'printing.template.nameRequired').max(50, 'validation.tooLong'),
  kind: LabelKind,
  page: z.object({
    size: PageSizeName.default('A4'),
    /** Only read when size = custom. */
    width: mm(1000).default(210),
    height: mm(1000).default(297),
  }),
  label: z.object({ width: mm(500).min(5), height: mm(500).min(5) }),
  grid: z.object({
    columns: z.coerce.number().int().min(1).max(20),
    rows: z.coerce.number().int().min(1).max(50),
  }),
  margins: z.object({ top: mm(200).default(0), left: mm(200).default(0) }),
  gaps: z.object({ x: mm(100).default(0), y: mm(100).default(0) }),
  offset: z.object({ x: offsetMm, y: offsetMm }).default({ x: 0, y: 0 }),
  /** 1-based cell where printing starts on the first sheet, to use up a partly used sheet. */
  startPosition: z.coerce.number().int().min(1).default(1),
  fontSize: z.coerce.number().min(4).max(72).default(10),
  barcodeType: BarcodeType.default('code128'),
  /** Spec §5: a template with no print items cannot be saved. */
  items: z.array(PrintItem).default([]),
});

/** Page size in mm, resolving named sizes. */
export function pageSizeMm(t: Pick<LabelTemplate, 'page'>): { width: number; height: number } {
  if (t.page.size === 'custom') return { width: t.page.width, height: t.page.height };
  const [width, height] = PAGE_SIZES[t.page.size];
  return { width, height };
}

/** A label template as saved per school, with the rules the form and the server both enforce. */
export const LabelTemplate = LabelTemplateBase.superRefine((t, ctx) => {
  if (t.items.length === 0)
    ctx.addIssue({ code: 'custom', path: ['items'], message: 'printing.template.itemsRequired' });
  if (new Set(t.items).size !== t.items.length)
    ctx.addIssue({ code: 'custom', path: ['items'], message: 'printing.template.itemsDuplicate' });
  const page = pageSizeMm(t);
  const usedW = t.margins.left + t.grid.columns * t.label.width + (t.grid.columns - 1) * t.gaps.x;
  const usedH = t.margins.top + t.grid.rows * t.label.height + (t.grid.rows - 1) * t.gaps.y;
  // A little tolerance: sheets are specified to 0.1 mm and rounding must not reject a real sheet.
  if (usedW > page.width + 0.5 || usedH > page.height + 0.5)
    ctx.addIssue({ code: 'custom', path: ['grid'], message: 'printing.template.gridTooLarge' });
  if (t.startPosition > t.grid.columns * t.grid.rows)
    ctx.addIssue({ code: 'custom', path: ['startPosition'], message: 'printing.template.startPositionTooLarge' });
});
export type LabelTemplate = z.infer<typeof LabelTemplate>;
export type LabelTemplateInput = z.input<typeof LabelTemplate>;

/** Where one label goes: page index (0-based) and top-left corner in mm, offsets applied. */
export interface LabelCell {
  page: number;
  x: number;
  y: number;
}

/** Labels per sheet. */
export const labelsPerPage = (t: LabelTemplate) => t.grid.columns * t.grid.rows;

/** Pages needed for `count` labels, counting the skipped cells of the first sheet. */
export function pageCount(t: LabelTemplate, count: number): number {
  return count <= 0 ? 0 : Math.ceil((count + t.startPosition - 1) / labelsPerPage(t));
}

/** Cell of the n-th label (0-based), filling rows left to right, top to bottom, after the skipped cells. */
export function labelCell(t: LabelTemplate, n: number): LabelCell {
  const slot = n + t.startPosition - 1;
  const perPage = labelsPerPage(t);
  const inPage = slot % perPage;
  const col = inPage % t.grid.columns;
  const row = Math.floor(inPage / t.grid.columns);
  return {
    page: Math.floor(slot / perPage),
    x: t.margins.left + t.offset.x + col * (t.label.width + t.gaps.x),
    y: t.margins.top + t.offset.y + row * (t.label.height + t.gaps.y),
  };
}
