import { z } from 'zod';
import { type CatalogueFieldKey, type MarcHolding, MarcMappingRules } from './mapping.ts';
import { MarcFlavour } from './record.ts';

/** An uploaded file of the caller's school: the `url` that `P/upload/post` (or MergeFile) answered. */
const FileUrl = z.string().trim().min(1).max(500);

/** How to read a file: the character set and the flavour ('auto': decided per record, see marc/lib README). */
export const MarcCharset = z.enum(['auto', 'utf8', 'marc8', 'gb18030']);
export type MarcCharset = z.infer<typeof MarcCharset>;
export const MarcFlavourChoice = z.enum(['auto', 'MARC21', 'UNIMARC']);
export type MarcFlavourChoice = z.infer<typeof MarcFlavourChoice>;
const ReadOptions = { charset: MarcCharset.default('auto'), flavour: MarcFlavourChoice.default('auto') };
export interface MarcReadOptions {
  charset: MarcCharset;
  flavour: MarcFlavourChoice;
}

export const MarcPreviewTableQuery = z.object({
  fileUrl: FileUrl,
  ...ReadOptions,
  /** how many records from the start of the file (bad ones count) */
  rows: z.coerce.number().int().min(1).max(200).default(20),
});
export type MarcPreviewTableQuery = z.infer<typeof MarcPreviewTableQuery>;

export const MarcPreviewMarcQuery = z.object({
  fileUrl: FileUrl,
  index: z.coerce.number().int().min(0),
  ...ReadOptions,
});

export const DuplicatePolicy = z.enum(['skip', 'merge', 'new']);
export type DuplicatePolicy = z.infer<typeof DuplicatePolicy>;

export const MarcImportRequest = z.object({
  fileUrl: FileUrl,
  ...ReadOptions,
  /** the name the file had on the librarian's computer, for the task list */
  fileName: z.string().trim().max(200).optional(),
  /** ISBN already in the school (or earlier in the file): skip it, keep the existing record, or add another */
  duplicatePolicy: DuplicatePolicy.default('skip'),
  /** rules for this import only; else the school's saved rules, else the built-in ones */
  rules: z.array(MarcMappingRules).max(2).optional(),
  /**
   * The copies the file carries (holdings fields, see `MarcMappingRules.holdings`) are created in this
   * location when their field names none known to the school (else the school's default location), and
   * belong to this acceptance batch.
   */
  locationId: z.coerce.number().int().positive().optional(),
  batchId: z.coerce.number().int().positive().optional(),
  /** false: records only (e.g. a file whose holdings fields are another library's copies) */
  createCopies: z.boolean().default(true),
});
export type MarcImportRequest = z.infer<typeof MarcImportRequest>;

/** The result of a finished import (`P/Marc/ImportReport`). */
export const MarcImportReportQuery = z.object({ DataID: z.coerce.number().int().positive() });

export const MarcRuleQuery = z.object({ flavour: MarcFlavour.default('MARC21') });
export const MarcRuleUpdate = MarcMappingRules;

export const MarcExportFormat = z.enum(['iso2709', 'marcxml']);
export type MarcExportFormat = z.infer<typeof MarcExportFormat>;
export const MarcExportByIds = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(5000),
  format: MarcExportFormat.default('iso2709'),
});
export const MarcExportAll = z.object({ format: MarcExportFormat.default('iso2709') });
/** The record open in the MARC editor (/Marc), as one file. */
export const MarcExportRecord = z.object({
  id: z.coerce.number().int().positive(),
  format: MarcExportFormat.default('iso2709'),
});

/** One row of `PreviewTable`: the catalogue fields the record fills, and why it would not import. */
export interface MarcPreviewRow {
  index: number;
  ok: boolean;
  fields: Partial<Record<CatalogueFieldKey | 'isbnValid', unknown>> | null;
  /** texts in the caller's language */
  errors: string[];
  warnings: string[];
  /** the copies its holdings fields carry (created by the import unless `createCopies` is false) */
  copies?: MarcHolding[];
}

/** Status of a record in the import result file. */
export type MarcImportStatus = 'imported' | 'skipped' | 'merged' | 'failed';

/**
 * Columns of the catalogue template (/marc-catalog-import), in order; headers are `marc.cata.col.<key>`. A sheet
 * is read by its header texts (Chinese or English, any order). The last four describe the book's copies:
 * barcodes (separated by ";"), a number of copies (numbered by the school's barcode rule when no barcode is
 * given), the location and the acceptance batch (by name).
 */
export const CATA_IMPORT_COLUMNS = [
  'title',
  'parallelTitle',
  'author',
  'responsibility',
  'edition',
  'publisher',
  'pubPlace',
  'pubYear',
  'isbn',
  'issn',
  'classNo',
  'bookNo',
  'price',
  'pages',
  'language',
  'series',
  'subjects',
  'summary',
  'readingLevel',
  'barcodes',
  'copies',
  'location',
  'batch',
] as const;
export type CataImportColumn = (typeof CATA_IMPORT_COLUMNS)[number];

/** `P/Marc/ImportCataInfo`: catalogue records from the filled-in template (xlsx). */
export const CataImportRequest = z.object({
  fileUrl: FileUrl,
  /** ISBN already in the school or earlier in the sheet: skip the row, or add another record */
  duplicatePolicy: z.enum(['skip', 'new']).default('skip'),
});
export type CataImportRequest = z.infer<typeof CataImportRequest>;

/** One row of the Excel import that was not imported as it stood (`P/Marc/CataImportReport`). */
export interface CataImportRow {
  rowNo: number;
  title: string;
  isbn: string;
  status: 'imported' | 'skipped' | 'failed';
  /** text in the language of whoever started the import */
  result: string;
}
