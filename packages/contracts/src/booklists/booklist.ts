import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/**
 * Book lists (推荐书单, issue 16): graded reading lists for target grades (none = every grade) and/or a theme,
 * draft or published. An entry is a catalogue record of the school, or a title the school does not hold yet.
 */
export const BOOKLIST_CODE = 'booklist';
/** Entries of one list at most (form and import). */
export const MAX_ENTRIES = 500;
/** The import's columns, in template order. */
export const ENTRY_COLUMNS = ['isbn', 'title', 'author', 'publisher', 'readingLevel', 'note'] as const;
export type EntryColumn = (typeof ENTRY_COLUMNS)[number];

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => v ?? '');

/** An entry's cells (the import checks a row with these). */
export const EntryFields = z.object({
  /** A record of the school; null for a title the school does not hold yet. */
  recordId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  title: text(300),
  author: text(200),
  isbn: text(20),
  publisher: text(200),
  readingLevel: text(50),
  note: text(500),
});
export const EntryInput = EntryFields.superRefine((v, ctx) => {
  if (!v.recordId && !v.title && !v.isbn)
    ctx.addIssue({ code: 'custom', path: ['title'], message: 'booklists.entryTitleRequired' });
});
export type EntryInput = z.infer<typeof EntryInput>;

const fields = {
  name: zRequired('booklists.nameRequired', 100),
  description: text(4000),
  theme: text(100),
  /** Target grades of the school; empty = every grade. */
  gradeIds: z.array(z.coerce.number().int().positive()).max(100).default([]),
  /** In list order. */
  entries: z.array(EntryInput).max(MAX_ENTRIES, 'booklists.tooManyEntries').default([]),
};
export const BookListCreate = z.object(fields);
export type BookListCreate = z.infer<typeof BookListCreate>;
export const BookListUpdate = z.object({ ...fields, id: z.number().int().positive() });
export type BookListUpdate = z.infer<typeof BookListUpdate>;
export const BookListQuery = ResourceListQuery.extend({ published: z.boolean().optional() });

/** An uploaded xlsx whose rows are added to list `id`. */
export const ImportEntriesBody = z.object({
  id: z.coerce.number().int().positive(),
  fileUrl: z.string().trim().min(1, 'booklists.fileRequired'),
});
export const ListIdBody = z.object({ id: z.coerce.number().int().positive() });
export const PublicBookListQuery = PageQuery;

/** How many copies the school has of an entry's record, and how many are on the shelf now. */
export interface EntryDto {
  id: number;
  recordId: number | null;
  title: string;
  author: string;
  isbn: string;
  publisher: string;
  /** The entry's own level, else the record's. */
  readingLevel: string;
  note: string;
  held: boolean;
  copies: number;
  available: number;
}

export interface BookListDto {
  id: number;
  name: string;
  description: string;
  theme: string;
  gradeIds: number[];
  gradeNames: string[];
  published: boolean;
  publishedAt: string | null;
  entryCount: number;
  heldCount: number;
  entries: EntryDto[];
  createdAt: string;
}

export interface ImportResult {
  added: number;
  linked: number;
  errors: { rowNo: number; reason: string }[];
}
