import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** The keys two records may share (server match-keys.ts): 001+003, 035, ISBN, ISSN, title + author + year. */
export const MATCH_KINDS = ['001', '035', 'isbn', 'issn', 'tay'] as const;
export const MatchKind = z.enum(MATCH_KINDS);
export type MatchKind = z.infer<typeof MatchKind>;

/** `/record-duplicates`: groups of the school's records sharing a match key (optionally of one kind). */
export const DuplicateGroupsQuery = PageQuery.extend({ kind: MatchKind.optional() });
export type DuplicateGroupsQuery = z.infer<typeof DuplicateGroupsQuery>;

export interface DuplicateRecord {
  id: number;
  title: string;
  author: string;
  publisher: string;
  pubYear: number | null;
  isbn: string;
  issn: string;
  classNo: string;
  bookNo: string;
  /** 001/003 of its stored MARC ("NLC HLM-1"), '' without */
  control: string;
  copies: number;
  /** copies on loan now: the merge moves them too */
  onLoan: number;
}

/** Records sharing keys: each key as `kind` and a value to show. */
export interface DuplicateGroup {
  keys: { kind: MatchKind; value: string }[];
  records: DuplicateRecord[];
}

/**
 * Merge the records `dropIds` into `keepId`, all or none: their copies (and loans, holds…) move to the kept record,
 * then they are deleted.
 */
export const MergeRecords = z
  .object({
    keepId: z.coerce.number().int().positive(),
    dropIds: z.array(z.coerce.number().int().positive()).min(1).max(50),
  })
  .refine((b) => !b.dropIds.includes(b.keepId) && new Set(b.dropIds).size === b.dropIds.length, {
    message: 'catalogue.dup.sameRecord',
    path: ['dropIds'],
  });
export type MergeRecords = z.infer<typeof MergeRecords>;

/** Two records that share a key but are different editions: the check stops pairing them. */
export const NotDuplicates = z
  .object({ ids: z.array(z.coerce.number().int().positive()).min(2).max(50) })
  .refine((b) => new Set(b.ids).size === b.ids.length, { message: 'catalogue.dup.sameRecord', path: ['ids'] });
export type NotDuplicates = z.infer<typeof NotDuplicates>;

/**
 * The cataloguing form's duplicate warning: what is being catalogued (any of its fields, its MARC) → the school's
 * records sharing a match key with it. Lenient: a field that is not valid yet simply gives no key.
 */
export const RecordMatchQuery = z.object({
  title: z.string().trim().max(500).default(''),
  author: z.string().trim().max(500).default(''),
  pubYear: z.coerce.number().int().min(0).max(9999).nullish(),
  isbn: z.string().trim().max(40).default(''),
  issn: z.string().trim().max(20).default(''),
  marc: z.unknown().optional(),
  /** the record being edited, left out of the answer */
  excludeId: z.coerce.number().int().positive().optional(),
});
export type RecordMatchQuery = z.infer<typeof RecordMatchQuery>;

/** A record of the school that may be the one being catalogued, with the key that matched, as text. */
export interface RecordMatch {
  id: number;
  title: string;
  author: string;
  publisher: string;
  pubYear: number | null;
  isbn: string;
  classNo: string;
  bookNo: string;
  copies: number;
  kind: MatchKind;
  /** "ISBN 9787…", "title, author and year (…)" in the caller's language */
  matched: string;
}
