import { z } from 'zod';
import { BarcodeRange } from './barcode.ts';
import { LabelKind, LabelTemplate, LabelTemplateBase } from './label-template.ts';
import { PRINT_LIMIT, PrintPageRange } from './print-job.ts';

/**
 * The print screens (spec §2 Printing + /print): each names the permission `<code>:print` a job needs, the kinds
 * of label it prints and the outputs it offers. A job says which screen it comes from.
 */
export const PRINT_SCREENS = {
  'callnumprint.common': { kinds: ['spine'], outputs: ['pdf'] },
  'callnumprint.plugin': { kinds: ['spine'], outputs: ['pdf', 'hpgl'] },
  'callnum-preprint': { kinds: ['spine'], outputs: ['pdf'] },
  'callnum-offprint': { kinds: ['spine'], outputs: ['pdf'] },
  'callnum-pltplot': { kinds: ['spine'], outputs: ['hpgl', 'pdf'] },
  barcodeprint: { kinds: ['barcode'], outputs: ['pdf'] },
  barcodeprint2: { kinds: ['barcode'], outputs: ['pdf'] },
  'barcode-prepriting': { kinds: ['barcode'], outputs: ['pdf'] },
  'barcode-prepriting2': { kinds: ['barcode'], outputs: ['pdf', 'hpgl'] },
  'barcode-offprint': { kinds: ['barcode'], outputs: ['pdf'] },
  'barcode-pltplot': { kinds: ['barcode'], outputs: ['hpgl', 'pdf'] },
  userprint: { kinds: ['readerCard'], outputs: ['pdf'] },
  print: { kinds: ['spine', 'barcode'], outputs: ['pdf'] },
} as const satisfies Record<string, { kinds: readonly LabelKind[]; outputs: readonly PrintOutput[] }>;
export type PrintScreen = keyof typeof PRINT_SCREENS;
export const PrintScreen = z.enum(Object.keys(PRINT_SCREENS) as [PrintScreen, ...PrintScreen[]]);

export const PRINT_OUTPUTS = ['pdf', 'hpgl'] as const;
export type PrintOutput = (typeof PRINT_OUTPUTS)[number];

/** The screen whose templates a kind is managed on (`<code>:add|edit|delete`). */
export const TEMPLATE_SCREEN: Record<LabelKind, string> = {
  spine: 'callnum-pltplot',
  barcode: 'barcode-pltplot',
  readerCard: 'userprint',
};

/** Jobs up to this many labels come back as a file at once; larger ones run in the background. */
export const DIRECT_PRINT_MAX = 500;

const ids = z
  .array(z.coerce.number().int().positive())
  .min(1, 'printing.job.dataInvalid')
  .max(PRINT_LIMIT, 'printing.job.limit');
const req = (key: string) => z.string().trim().min(1, key).max(64, 'validation.tooLong');

/** What to print. Copies: by ids, typed/scanned barcodes, barcode or call-number range, batch, record search. */
export const PrintSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('copies'), ids }),
  z.object({
    type: z.literal('barcodes'),
    barcodes: z
      .array(z.string().trim().min(1))
      .min(1, 'printing.job.dataInvalid')
      .max(PRINT_LIMIT, 'printing.job.limit'),
  }),
  z.object({
    type: z.literal('barcodeRange'),
    from: req('printing.job.fromRequired'),
    to: req('printing.job.toRequired'),
  }),
  z.object({
    type: z.literal('callNoRange'),
    from: req('printing.job.fromRequired'),
    to: req('printing.job.toRequired'),
  }),
  z.object({ type: z.literal('batch'), batchId: z.coerce.number().int().positive('printing.job.batchRequired') }),
  z.object({ type: z.literal('search'), key: req('printing.job.keyRequired') }),
  /** Call-number pre-printing: labels for call numbers typed in, before the copies exist. */
  z.object({
    type: z.literal('callNumbers'),
    lines: z
      .array(
        z.object({
          callNumber: req('printing.job.callNumberRequired'),
          count: z.coerce.number().int().min(1, 'printing.job.dataInvalid').max(PRINT_LIMIT, 'printing.job.limit'),
        }),
      )
      .min(1, 'printing.job.dataInvalid'),
  }),
  /** Reader cards: by reader ids, all readers of classes / grades, or a card number / name search. */
  z.object({
    type: z.literal('readers'),
    ids: z.array(z.coerce.number().int().positive()).max(PRINT_LIMIT, 'printing.job.limit').default([]),
    classIds: z.array(z.coerce.number().int().positive()).default([]),
    gradeIds: z.array(z.coerce.number().int().positive()).default([]),
    /** Card number or name (part of it). */
    key: z.string().trim().max(50).optional(),
  }),
  /** A pre-printing range, saved or typed in. */
  z.object({ type: z.literal('preprint'), rangeId: z.coerce.number().int().positive() }),
  z.object({ type: z.literal('range'), range: BarcodeRange }),
  /** Sample labels for a template preview. */
  z.object({ type: z.literal('sample'), count: z.coerce.number().int().min(1).max(200).default(1) }),
]);
export type PrintSource = z.infer<typeof PrintSource>;

/** A print job; `startPosition`/`offset` override the template's for one sheet (pre-cut / partly used sheets). */
export const PrintRequest = z
  .object({
    screen: PrintScreen,
    templateId: z.coerce
      .number({ message: 'printing.job.templateRequired' })
      .int()
      .positive('printing.job.templateRequired'),
    output: z.enum(PRINT_OUTPUTS).default('pdf'),
    source: PrintSource,
    startPosition: z.coerce.number().int().min(1).optional(),
    offset: z.object({ x: z.coerce.number().min(-50).max(50), y: z.coerce.number().min(-50).max(50) }).optional(),
    /** Grey label outlines (previews, test sheets). */
    outline: z.boolean().default(false),
  })
  .and(PrintPageRange);
export type PrintRequest = z.infer<typeof PrintRequest>;

/** A template preview: the form's current values (not saved) + the sample or the chosen records. */
export const TemplatePreview = z.object({
  template: LabelTemplate,
  source: PrintSource.optional(),
});

/** What the print screens list before printing: the labels a selection yields (first page of them). */
export const PrintListQuery = z.object({
  screen: PrintScreen,
  /** Label kind, for the list's order (shelf order for spine labels); by default the screen's first kind. */
  kind: LabelKind.optional(),
  source: PrintSource,
  Page: z.coerce.number().int().min(1).default(1),
  Rows: z.coerce.number().int().min(1).max(500).default(20),
});

export interface PrintLabelRow {
  id: number;
  barcode: string;
  callNumber: string;
  title: string;
  readerName?: string;
  readerClass?: string;
}

/** Answer of a preview: document size and the first pages as base64 PDF (with outlines). */
export interface PrintPreview {
  total: number;
  pages: number;
  pdf: string;
}

export const TemplateSave = LabelTemplateBase.extend({
  id: z.coerce.number().int().positive().optional(),
  isDefault: z.boolean().default(false),
}).superRefine((t, ctx) => {
  const r = LabelTemplate.safeParse(t);
  // Field checks already ran on the base; only the cross-field rules (items, fit on the page) are added.
  if (!r.success)
    for (const i of r.error.issues)
      if (i.code === 'custom') ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
});
export type TemplateSave = z.infer<typeof TemplateSave>;

export const TemplateListQuery = z.object({ kind: LabelKind.optional() });

export interface TemplateDto extends LabelTemplate {
  id: number;
  isDefault: boolean;
}

/** A pre-printing range to save; `copies` is end − start + 1 (must be > 0). */
export const PreprintRangeSave = z
  .object({ remark: z.string().trim().max(100, 'validation.tooLong').default('') })
  .and(BarcodeRange);
export type PreprintRangeSave = z.infer<typeof PreprintRangeSave>;

export const PreprintListQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  Rows: z.coerce.number().int().min(1).max(100).default(20),
  SearchKey: z.string().trim().max(50).optional(),
});

export interface PreprintRangeDto {
  id: number;
  prefix: string;
  start: number;
  end: number;
  width: number;
  checkDigit: boolean;
  remark: string;
  copies: number;
  /** Barcodes of the range already taken by copies. */
  used: number;
  first: string;
  last: string;
  printedCount: number;
  printedAt: string | null;
  viewToken: string;
  createdAt: string;
}

/** Public view of a range (`/barcode-prepriting-view?token=`): its barcodes, page by page. */
export const PreprintViewQuery = z.object({
  token: z.string().min(8).max(64),
  Page: z.coerce.number().int().min(1).default(1),
  Rows: z.coerce.number().int().min(1).max(200).default(50),
});
