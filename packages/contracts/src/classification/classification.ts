import { z } from 'zod';

/**
 * Classification schemes: 中图法 (CLC) and Dewey are install-wide; 'custom' is one school's own scheme.
 * A node is identified by (scheme, school, code); its parent by code.
 */
export const CLASS_SCHEMES = ['clc', 'dewey', 'custom'] as const;
export const ClassScheme = z.enum(CLASS_SCHEMES);
export type ClassScheme = z.infer<typeof ClassScheme>;

/** Children of a node for the class picker; no parent = the top level (CLC's 22 classes). */
export const ClassTreeQuery = z.object({
  scheme: ClassScheme.default('clc'),
  parent: z.string().trim().max(60).optional().nullable(),
});
export type ClassTreeQuery = z.infer<typeof ClassTreeQuery>;

/** Look-up by code prefix or name (the cataloguer types 'I24' or '小说'). */
export const ClassSearchQuery = z.object({
  scheme: ClassScheme.default('clc'),
  q: z.string().trim().max(60).default(''),
  parent: z.string().trim().max(60).optional().nullable(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
/** What the service accepts: the route's parsed body, or fewer fields from code. */
export type ClassSearchQuery = Partial<z.infer<typeof ClassSearchQuery>>;

/**
 * P/Classification/ImportScheme: replaces a whole scheme from an uploaded file (`fileUrl` from P/upload/post):
 * TSV with the header `code name level parent` (clc-flat.tsv), a JSON array of `{code, name, level, parent}`,
 * or nested JSON `{code, name, children}` (php_clc_parser-data.json). Runs as a background task.
 */
export const ClassImportBody = z.object({
  scheme: ClassScheme.default('clc'),
  fileUrl: z
    .string({ message: 'classification.import.fileRequired' })
    .trim()
    .min(1, 'classification.import.fileRequired'),
});
export type ClassImportBody = z.infer<typeof ClassImportBody>;

/** P/Classification/GetImportResult {DataID}: where an import task is, and what it did. */
export interface ClassImportResult {
  DataID: number;
  /** Job state (contracts jobs/job JobState): 0 pending, 1 running, 2 done, 3 failed, 4 stopped. */
  State: number;
  Progress: number;
  DataCount: number;
  scheme: ClassScheme;
  /** Nodes in the scheme after the import. */
  count: number;
  /** Repeated codes skipped (the first occurrence counts). */
  duplicates: number;
  /** The repeated codes (at most 200). */
  duplicateCodes: string[];
  /** Problems that refused the whole file (at most 50), in the caller's language. */
  issues: { path: string; message: string }[];
  error: string | null;
}

export interface ClassNode {
  code: string;
  name: string;
  level: number;
  parentCode: string | null;
  scheme: ClassScheme;
  /** True when the node has children (the picker shows an expander). */
  hasChildren: boolean;
}

/**
 * Book-number rule (spec: 1 to 4 digits; a length below 1 or empty means no length limit). With a length,
 * numbers are zero-padded to it (length 3: 7 → '007').
 */
export const BOOK_NUMBER_MAX_LENGTH = 4;
export const BookNumberLength = z.coerce
  .number()
  .int()
  .max(BOOK_NUMBER_MAX_LENGTH, { message: 'classification.bookNumber.lengthTooLong' })
  .nullable()
  .optional();

/** The length a rule really imposes: null when there is no limit. */
export function effectiveBookNumberLength(length: number | null | undefined): number | null {
  return length == null || !Number.isFinite(length) || length < 1 ? null : Math.min(length, BOOK_NUMBER_MAX_LENGTH);
}

/** Formats a book number under a rule; a number longer than the length is kept whole, never cut. */
export function formatBookNumber(n: number, length?: number | null): string {
  const len = effectiveBookNumberLength(length);
  return len ? String(n).padStart(len, '0') : String(n);
}

/** P/Literature/GetDeweyClassification: children of `parent` (the ten classes without), or a look-up by `q`. */
export const DeweyQuery = z.object({
  parent: z.string().trim().max(60).optional().nullable(),
  q: z.string().trim().max(60).optional(),
});

/** A node of the school's own classification (/book-editing-rule, tab "custom classification"). */
export const CustomClassCreate = z.object({
  code: z
    .string({ message: 'classification.custom.codeRequired' })
    .trim()
    .min(1, 'classification.custom.codeRequired')
    .max(60, 'validation.tooLong'),
  name: z
    .string({ message: 'classification.custom.nameRequired' })
    .trim()
    .min(1, 'classification.custom.nameRequired')
    .max(200, 'validation.tooLong'),
  parentCode: z.string().trim().max(60).nullable().optional(),
});
export type CustomClassCreate = z.infer<typeof CustomClassCreate>;
export const CustomClassUpdate = CustomClassCreate.omit({ parentCode: true }).extend({
  id: z.coerce.number().int().positive(),
});
export type CustomClassUpdate = z.infer<typeof CustomClassUpdate>;

/** A custom class in the tree answer of P/Config/GetCustomClassify. */
export interface CustomClassNode {
  id: number;
  code: string;
  name: string;
  level: number;
  parentCode: string | null;
  children?: CustomClassNode[];
}
