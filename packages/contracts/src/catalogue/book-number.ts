import { z } from 'zod';

const classNo = z
  .string({ message: 'classification.bookNumber.classRequired' })
  .trim()
  .min(1, 'classification.bookNumber.classRequired')
  .max(60);

/** P/Literature/GetItemListNumCalculate: the book number the record would get under the school's rule. */
export const BookNumberQuery = z.object({ classNo, author: z.string().trim().max(500).default('') });

/** P/Literature/GetEqualIndexNumItem: records already using this class + book number (same call number). */
export const EqualIndexQuery = z.object({
  classNo,
  bookNo: z.string().trim().max(60).default(''),
  /** The record being edited (left out of the answer). */
  excludeId: z.coerce.number().int().positive().optional(),
});

/**
 * Lock: hold the book number shown on the form (sequence '007' or author number 'CXQ') of the class for the
 * caller until the record is saved, it is unlocked, or the lock lapses (30 minutes); none shown →
 * BOOK_NUMBER_NONE. Unlock: give the hold up.
 */
export const BookNumberLockBody = z.object({ classNo, bookNo: z.string().trim().max(60).default('') });
export const BookNumberUnlockBody = z.object({ classNo, bookNo: z.string().trim().max(60).default('') });

/** Answer of a lock: the number held, and when the hold lapses if not saved or unlocked. */
export interface BookNumberLock {
  bookNo: string;
  /** Sequence rule: the number itself; author rule: null. */
  number: number | null;
  expiresAt: string;
}

export interface BookNumberSuggestion {
  rule: 'sequence' | 'author';
  /** What the form should show ('007', 'CXQ'); '' when it cannot be computed (no author). */
  bookNo: string;
  /** Sequence rule: the number itself. */
  number: number | null;
  /** Records of this class already using the suggested book number (author numbers repeat). */
  sameCount: number;
}
