import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';

/** Book donations (/donate-book-record, issue 16): who gave which books, the batch they went into, thanks. */
export const DONATION_CODE = 'donate-book-record';

/** A reader themself, a parent of a reader (named, the reader given), or an outside person or body by name. */
export const DONOR_KINDS = ['reader', 'parent', 'outside'] as const;
export type DonorKind = (typeof DONOR_KINDS)[number];

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'donations.badDate');

/** One line of books: a copy already catalogued (its barcode), or a title still to be catalogued. */
export const DonationItemInput = z
  .object({
    barcode: z.string().trim().max(64, 'validation.tooLong').default(''),
    title: z.string().trim().max(200, 'validation.tooLong').default(''),
    author: z.string().trim().max(100, 'validation.tooLong').default(''),
    isbn: z.string().trim().max(20, 'validation.tooLong').default(''),
    copies: z.coerce.number().int().min(1, 'donations.badCopies').max(999, 'donations.badCopies').default(1),
  })
  .refine((i) => i.barcode || i.title, { path: ['title'], message: 'donations.itemRequired' });
export type DonationItemInput = z.infer<typeof DonationItemInput>;

const fields = {
  donorKind: z.enum(DONOR_KINDS).default('reader'),
  /** The reader's card number: the donor (reader) or the donor's child (parent). */
  readerAccount: z.string().trim().max(50, 'validation.tooLong').default(''),
  /** The donor's name (parent, outside; a reader's is their own). */
  donorName: z.string().trim().max(100, 'validation.tooLong').default(''),
  donatedOn: zDay,
  batchId: z.coerce.number().int().positive().nullish(),
  note: z.string().trim().max(500, 'validation.tooLong').default(''),
  items: z.array(DonationItemInput).min(1, 'donations.itemsRequired').max(500, 'donations.tooManyItems'),
};
const rules = <T extends z.ZodType<{ donorKind: DonorKind; readerAccount: string; donorName: string }>>(s: T) =>
  s
    .refine((v) => v.donorKind === 'outside' || v.readerAccount, {
      path: ['readerAccount'],
      message: 'donations.readerRequired',
    })
    .refine((v) => v.donorKind === 'reader' || v.donorName, { path: ['donorName'], message: 'donations.nameRequired' });

export const DonationCreate = rules(z.object(fields));
export type DonationCreate = z.infer<typeof DonationCreate>;
export const DonationUpdate = rules(z.object({ ...fields, id: z.coerce.number().int().positive() }));
export type DonationUpdate = z.infer<typeof DonationUpdate>;

export const DonationListQuery = ResourceListQuery.extend({
  donorKind: z.enum(DONOR_KINDS).optional(),
  batchId: z.coerce.number().int().positive().optional(),
  from: zDay.optional(),
  to: zDay.optional(),
});
export type DonationListQuery = z.infer<typeof DonationListQuery>;

export interface DonationItem {
  barcode: string;
  title: string;
  author: string;
  isbn: string;
  copies: number;
  /** The catalogue record (a copy found by barcode); null for a title still to be catalogued. */
  recordId: number | null;
  copyId: number | null;
}

export interface DonationDto {
  id: number;
  donorKind: DonorKind;
  donorName: string;
  readerId: number | null;
  readerAccount: string;
  readerName: string;
  donatedOn: string;
  batchId: number | null;
  batchNo: string;
  note: string;
  items: DonationItem[];
  /** Books in all (copies of every line). */
  books: number;
  /** Points the reader donor received for it. */
  points: number;
  createdAt: string;
}
