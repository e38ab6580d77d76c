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

/** Lock: reserve the next number of the class and hold it for the caller; unlock: give the hold up. */
export const BookNumberLockBody = z.object({ classNo });
export const BookNumberUnlockBody = z.object({ classNo, number: z.coerce.number().int().positive() });

export interface BookNumberSuggestion {
  rule: 'sequence' | 'author';
  /** What the form should show ('007', 'CXQ'); '' when it cannot be computed (no author). */
  bookNo: string;
  /** Sequence rule: the number itself. */
  number: number | null;
  /** Records of this class already using the suggested book number (author numbers repeat). */
  sameCount: number;
}
