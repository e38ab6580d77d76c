import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** Permission codes of the union lending screens (menu tree, groups-engagement.ts). */
export const UNION_BORROW = 'union.borrow';
export const UNION_RETURN = 'union.return';
export const UNION_BRRECORD = 'union.brrecord';
export const UNION_BORROWLEND = 'union.borrowlend';

/**
 * A union loan's states. By request: requested → transit (the owner dispatched the copy) → shelf (on the borrowing
 * school's hold shelf) → lent (to the reader) → returned (at the borrowing school) → homebound → back (at the owner).
 * At the owner's desk a loan starts `lent`; a copy returned at the owner's school goes `back` at once. Before
 * dispatch the borrowing school may cancel (cancelled) and the owner refuse (refused).
 */
export const UNION_LOAN_STATES = [
  'requested',
  'transit',
  'shelf',
  'lent',
  'returned',
  'homebound',
  'back',
  'cancelled',
  'refused',
] as const;
export type UnionLoanState = (typeof UNION_LOAN_STATES)[number];

export const UNION_LOAN_TRANSITIONS: Record<UnionLoanState, readonly UnionLoanState[]> = {
  requested: ['transit', 'cancelled', 'refused'],
  transit: ['shelf'],
  // A reader who never collects: the borrowing school sends the copy home from the hold shelf.
  shelf: ['lent', 'homebound'],
  lent: ['returned', 'back'],
  returned: ['homebound'],
  homebound: ['back'],
  back: [],
  cancelled: [],
  refused: [],
};

export const canMoveUnionLoan = (from: UnionLoanState, to: UnionLoanState) =>
  UNION_LOAN_TRANSITIONS[from]?.includes(to) ?? false;

/** States in which the owner's copy is away from its shelf (its circ_state is 'borrowed'). */
export const UNION_COPY_AWAY: readonly UnionLoanState[] = ['transit', 'shelf', 'lent', 'returned', 'homebound'];
/** States a reader's union loan or request counts against the union's limit and the home school's. */
export const UNION_READER_OPEN: readonly UnionLoanState[] = ['requested', 'transit', 'shelf', 'lent'];
/** Finished states. */
export const UNION_LOAN_CLOSED: readonly UnionLoanState[] = ['back', 'cancelled', 'refused'];

const id = z.coerce.number().int().positive();
const barcode = z.string().trim().min(1, 'union.lend.barcodeRequired').max(64);
const card = z.string().trim().min(1, 'union.lend.cardRequired').max(64);
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'union.lend.badDate');
const optDay = z
  .union([z.literal(''), zDay])
  .nullish()
  .transform((v) => v || undefined);

/** A union's lending rules (its creator or administrators set them), on top of each school's own. */
export const UnionLoanRuleBody = z.object({
  unionId: id,
  /** Union loans and requests a reader may have open at once (across the union's schools). */
  maxLoans: z.coerce.number().int().min(0).max(50),
  /** Days a union loan lasts, from the day the reader gets the copy. */
  loanDays: z.coerce.number().int().min(1).max(365),
});
export type UnionLoanRuleBody = z.infer<typeof UnionLoanRuleBody>;
export const UNION_RULE_DEFAULT = { maxLoans: 3, loanDays: 30 } as const;

/** A reader of another member school at the owner's desk: their school and card number. */
export const UnionDeskReaderBody = z.object({ unionId: id, readerSchoolId: id, readerBarcode: card });
export type UnionDeskReaderBody = z.infer<typeof UnionDeskReaderBody>;

/** The owner lends one of its copies at its desk to a reader of another member school. */
export const UnionDeskLendBody = UnionDeskReaderBody.extend({ barcode });
export type UnionDeskLendBody = z.infer<typeof UnionDeskLendBody>;

/** `/union/search` "ask for a loan": a reader of the caller's school asks for a member's shared record. */
export const UnionRequestBody = z.object({ unionId: id, recordId: id, readerBarcode: card });
export type UnionRequestBody = z.infer<typeof UnionRequestBody>;

export const UnionLoanIdBody = z.object({ loanId: id });
export const UnionRefuseBody = z.object({ loanId: id, reason: z.string().trim().max(200).optional().default('') });
/** The owner dispatches a request with the copy it scanned (a copy of the requested record). */
export const UnionDispatchBody = z.object({ loanId: id, barcode });
/** A return at either school, by the scanned barcode (the owner's copy); `loanId` picks one when it is ambiguous. */
export const UnionReturnBody = z.object({ barcode, loanId: id.optional() });
export type UnionReturnBody = z.infer<typeof UnionReturnBody>;

export const UnionTasksQuery = z.object({ unionId: id.optional() });

export const UnionRecordsQuery = PageQuery.extend({
  unionId: id.optional(),
  /** lent: the school's copies lent to other schools; borrowed: its readers' loans from other schools. */
  direction: z.enum(['lent', 'borrowed']).optional(),
  /** The other school. */
  schoolId: id.optional(),
  state: z.enum(UNION_LOAN_STATES).optional(),
  overdueOnly: z.boolean().optional(),
  from: optDay,
  to: optDay,
});
export type UnionRecordsQuery = z.infer<typeof UnionRecordsQuery>;

export const UnionBalanceQuery = z.object({ unionId: id.optional(), from: optDay, to: optDay });
export type UnionBalanceQuery = z.infer<typeof UnionBalanceQuery>;

/** A union loan as either school sees it: of the reader only the name and card number. */
export interface UnionLoanDto {
  id: number;
  unionId: number;
  unionName: string;
  state: UnionLoanState;
  via: 'desk' | 'request';
  /** The caller's side: owner (its copy) or borrower (its reader). */
  side: 'owner' | 'borrower';
  ownerSchoolId: number;
  ownerSchoolName: string;
  borrowerSchoolId: number;
  borrowerSchoolName: string;
  recordId: number;
  title: string;
  barcode: string | null;
  readerName: string;
  readerCard: string;
  dueDate: string | null;
  overdueDays: number;
  reason: string;
  requestedAt: string | null;
  dispatchedAt: string | null;
  receivedAt: string | null;
  lentAt: string | null;
  returnedAt: string | null;
  returnedAtSchoolName: string | null;
  sentHomeAt: string | null;
  backAt: string | null;
  cancelledAt: string | null;
  updatedAt: string;
}

/** What each school must act on: the owner's requests and copies coming home, the borrower's arrivals, shelf, returns. */
export interface UnionTasks {
  toDispatch: UnionLoanDto[];
  comingHome: UnionLoanDto[];
  arriving: UnionLoanDto[];
  onShelf: UnionLoanDto[];
  toSendHome: UnionLoanDto[];
  /** Copies of the school away (in transit, at another school, lent, on the way back). */
  away: UnionLoanDto[];
  /** The school's readers' union loans out now. */
  borrowedOut: UnionLoanDto[];
}

/** `/union/borrowlend`: loans by owner × borrowing school in the period (loans whose reader got the copy). */
export interface UnionBalanceRow {
  ownerSchoolId: number;
  ownerSchoolName: string;
  borrowerSchoolId: number;
  borrowerSchoolName: string;
  loans: number;
  open: number;
  overdue: number;
}
export interface UnionBalance {
  rows: UnionBalanceRow[];
  /** Per school: lent to others, borrowed from others, the difference. */
  schools: { schoolId: number; schoolName: string; lent: number; borrowed: number; balance: number }[];
}
