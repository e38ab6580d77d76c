import { z } from 'zod';
import { type CatalogueFieldKey, MarcMappingRules } from './mapping.ts';
import { MarcFlavour } from './record.ts';

/** An uploaded file of the caller's school: the `url` that `P/upload/post` (or MergeFile) answered. */
const FileUrl = z.string().trim().min(1).max(500);

export const MarcPreviewTableQuery = z.object({
  fileUrl: FileUrl,
  /** how many records from the start of the file (bad ones count) */
  rows: z.coerce.number().int().min(1).max(200).default(20),
});
export type MarcPreviewTableQuery = z.infer<typeof MarcPreviewTableQuery>;

export const MarcPreviewMarcQuery = z.object({ fileUrl: FileUrl, index: z.coerce.number().int().min(0) });

export const DuplicatePolicy = z.enum(['skip', 'merge', 'new']);
export type DuplicatePolicy = z.infer<typeof DuplicatePolicy>;

export const MarcImportRequest = z.object({
  fileUrl: FileUrl,
  /** ISBN already in the school (or earlier in the file): skip it, keep the existing record, or add another */
  duplicatePolicy: DuplicatePolicy.default('skip'),
  /** rules for this import only; else the school's saved rules, else the built-in ones */
  rules: z.array(MarcMappingRules).max(2).optional(),
});
export type MarcImportRequest = z.infer<typeof MarcImportRequest>;

export const MarcRuleQuery = z.object({ flavour: MarcFlavour.default('MARC21') });
export const MarcRuleUpdate = MarcMappingRules;

export const MarcExportFormat = z.enum(['iso2709', 'marcxml']);
export type MarcExportFormat = z.infer<typeof MarcExportFormat>;
export const MarcExportByIds = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(5000),
  format: MarcExportFormat.default('iso2709'),
});
export const MarcExportAll = z.object({ format: MarcExportFormat.default('iso2709') });

/** One row of `PreviewTable`: the catalogue fields the record fills, and why it would not import. */
export interface MarcPreviewRow {
  index: number;
  ok: boolean;
  fields: Partial<Record<CatalogueFieldKey | 'isbnValid', unknown>> | null;
  /** texts in the caller's language */
  errors: string[];
  warnings: string[];
}

/** Status of a record in the import result file. */
export type MarcImportStatus = 'imported' | 'skipped' | 'merged' | 'failed';
