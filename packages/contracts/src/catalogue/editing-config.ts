import { z } from 'zod';
import { BookNumberLength } from '../classification/classification.ts';
import { MarcFlavour } from '../marc/record.ts';
import { STORE_TYPES } from './copy-state.ts';

/** Record fields a school may make required on the cataloguing screens (the title always is). */
export const REQUIRABLE_FIELDS = [
  'author',
  'publisher',
  'pubPlace',
  'pubYear',
  'isbn',
  'classNo',
  'bookNo',
  'price',
  'language',
  'pages',
  'series',
  'subjects',
  'summary',
  'resourceTypeId',
] as const;
export type RequirableField = (typeof REQUIRABLE_FIELDS)[number];

/** 种次号 (sequence within the class) or 著者号 (author number from the author's name). */
export const BOOK_NUMBER_RULES = ['sequence', 'author'] as const;
/**
 * How the add-copies form starts: barcodes generated from the school's barcode rule (printing, kind 'book'),
 * or scanned from pre-printed labels. Either way every barcode is checked against that rule.
 */
export const BARCODE_MODES = ['generate', 'scan'] as const;
/** RFID reader drivers the web app knows (see apps/web/src/modules/catalogue/rfid). */
export const RFID_READERS = ['none', 'keyboard', 'simulated'] as const;

/** AFI is one byte written as two hex digits ('07', 'C2'); empty = not set. */
const afi = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([0-9A-F]{2})?$/, 'catalogue.config.afiInvalid')
  .default('');
const ref = z.coerce.number().int().positive().nullable().default(null);

/** The school's cataloguing settings (/book-editing-rule, P/Literature/GetEditingConfig|SaveEditingConfig). */
export const EditingConfig = z.object({
  defaultBranchId: ref,
  defaultLocationId: ref,
  defaultResourceTypeId: ref,
  defaultStoreType: z.coerce
    .number()
    .int()
    .refine((v) => (STORE_TYPES as number[]).includes(v), 'catalogue.config.storeTypeInvalid')
    // New copies go straight into circulation (store 2), as in Koha; a school that processes books first
    // (stamping, covering) chooses store 1 and releases them with bulk editing.
    .default(2),
  bookNumberRule: z.enum(BOOK_NUMBER_RULES).default('sequence'),
  /** 1–4 digits; empty or < 1 = no length limit. */
  bookNumberLength: BookNumberLength.transform((v) => v ?? null).default(null),
  /** Call number = class + separator + book number (+ extraSeparator + additional number when there is one). */
  callNoSeparator: z.enum(['/', '-', ' ', '\n']).default('/'),
  extraSeparator: z.enum([':', '-', '=', '/', ' ']).default(':'),
  barcodeMode: z.enum(BARCODE_MODES).default('generate'),
  /** AFI written to a tag when a copy is bound / returned (in the library), and when it is lent. */
  afi,
  afiLoaned: afi,
  rfidReader: z.enum(RFID_READERS).default('keyboard'),
  requiredFields: z.array(z.enum(REQUIRABLE_FIELDS)).max(REQUIRABLE_FIELDS.length).default([]),
  /**
   * The MARC format the school catalogues in: records typed by hand are built, shown in the MARC editor and
   * exported in it. UNIMARC is CNMARC (GB/T 2901 family), what Chinese schools use; MARC21 stays available.
   * Imported records keep the format they came in.
   */
  marcFormat: MarcFlavour.default('UNIMARC'),
});
export type EditingConfig = z.infer<typeof EditingConfig>;

/** A school that never saved its settings works with these. */
export const DEFAULT_EDITING_CONFIG: EditingConfig = EditingConfig.parse({});

/** The call number of a copy under the school's format ('I247.5/12:2'). */
export function formatCallNo(
  classNo: string,
  bookNo: string,
  extra = '',
  fmt: Pick<EditingConfig, 'callNoSeparator' | 'extraSeparator'> = DEFAULT_EDITING_CONFIG,
): string {
  if (!classNo) return '';
  const base = bookNo ? `${classNo}${fmt.callNoSeparator}${bookNo}` : classNo;
  return extra ? `${base}${fmt.extraSeparator}${extra}` : base;
}

/** Fields of a record body left empty although the school requires them. */
export function missingRequired(
  body: Record<string, unknown>,
  required: readonly RequirableField[],
): RequirableField[] {
  return required.filter((f) => {
    const v = body[f];
    return v == null || v === '' || (Array.isArray(v) && v.length === 0);
  });
}
