import { z } from 'zod';
import { zName, zOptRefId, zRefReq, zState, zStateFilter, zText } from '../basic/fields.ts';
import { PageQuery } from '../common/envelope.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** Screens of the class corner (menu groups-engagement.ts). Corners themselves are set up under /class. */
export const CORNER_SCREENS = {
  setup: 'class',
  search: 'class-booksearch',
  loans: 'class-borrow-mana',
  use: 'class-bookuse',
  returns: 'class-bookreturn',
  bookRank: 'class-bookrank',
  classRank: 'class-classrank',
  studentRank: 'class-studentrank',
} as const;

/** A class corner: a collection location assigned to a class, run by a class librarian. */
export const ClassCornerCreate = z.object({
  name: zName('classCorner.corner.nameRequired'),
  classId: zRefReq('classCorner.corner.classRequired'),
  locationId: zRefReq('classCorner.corner.locationRequired'),
  /** A reader or teacher of the school who lends and takes back the corner's books. */
  librarianId: zOptRefId,
  remark: zText(),
  state: zState,
});
export type ClassCornerCreate = z.infer<typeof ClassCornerCreate>;
export const ClassCornerUpdate = ClassCornerCreate.extend({ id: z.coerce.number().int().positive() });
export const ClassCornerListQuery = ResourceListQuery.extend({ state: zStateFilter });

export interface ClassCornerDto extends ClassCornerCreate {
  id: number;
  className: string | null;
  gradeName: string | null;
  locationName: string | null;
  librarianName: string | null;
  copies: number;
  onLoan: number;
}

const cornerId = z.coerce
  .number({ error: 'classCorner.corner.required' })
  .int()
  .positive('classCorner.corner.required');
const barcode = z.string().trim().min(1).max(64);

export const CornerBooksQuery = PageQuery.extend({
  cornerId,
  /** available | borrowed | … (copy circulation state) */
  circState: z.string().trim().max(30).optional(),
});

export interface CornerBookDto {
  copyId: number;
  barcode: string;
  title: string;
  author: string;
  callNo: string;
  circState: string;
  borrower: { id: number; name: string; account: string; dueDate: string } | null;
}

/** Students of the corner's class (to pick borrowers). */
export const CornerIdBody = z.object({ cornerId });

/**
 * Lend corner books to students of the class: each item one student + one copy. A class set = many pairs.
 * Every item is its own transaction: good ones lend, refused ones are listed with the reason.
 */
export const CornerLendBody = z.object({
  cornerId,
  items: z
    .array(z.object({ readerId: z.coerce.number().int().positive(), barcode }))
    .min(1, 'classCorner.lend.empty')
    .max(500, 'classCorner.lend.tooMany'),
});
export type CornerLendBody = z.infer<typeof CornerLendBody>;

export const CornerReturnBody = z.object({
  cornerId,
  barcodes: z.array(barcode).min(1, 'classCorner.return.empty').max(500, 'classCorner.lend.tooMany'),
});
export type CornerReturnBody = z.infer<typeof CornerReturnBody>;

export interface CornerItemResult {
  barcode: string;
  ok: boolean;
  /** Reader name (lend) or the reader who had it (return). */
  readerName?: string;
  title?: string;
  dueDate?: string;
  overdueDays?: number;
  errorCode?: string;
  msg?: string;
}

export const CornerLoansQuery = PageQuery.extend({
  cornerId,
  state: z.enum(['open', 'overdue', 'returned']).optional(),
});

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'classCorner.rank.dayInvalid');

/** Usage and rankings over a period (borrowed day in the school's calendar); default: the last 30 days. */
export const CornerStatsQuery = z.object({
  cornerId: z.coerce.number().int().positive().optional(),
  gradeId: z.coerce.number().int().positive().optional(),
  from: zDay.optional(),
  to: zDay.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type CornerStatsQuery = z.infer<typeof CornerStatsQuery>;

export interface CornerUseRow {
  cornerId: number;
  cornerName: string;
  className: string | null;
  copies: number;
  onLoan: number;
  loans: number;
  borrowers: number;
  students: number;
}

export interface RankRow {
  rank: number;
  id: number;
  name: string;
  /** Title rows: author; class rows: grade; student rows: class. */
  detail: string | null;
  loans: number;
}
