import { z } from 'zod';
import type { SerialKind } from './pattern.ts';

/**
 * Arrival (记到), claims (催缺) and distribution (移送) of periodical issues. The same routes exist once per kind,
 * each behind its own screen's permissions: `P/Serials/<Magazine|Newspaper>/…` (see ARRIVAL_SCREENS).
 */
export const ARRIVAL_SCREENS: Record<SerialKind, { area: string; checkin: string; transfer: string }> = {
  magazine: { area: 'Magazine', checkin: 'magazine', transfer: 'magazine-rowto' },
  newspaper: { area: 'Newspaper', checkin: 'magazine-two', transfer: 'magazine-rowto2' },
};

/** Grace days after the expected date before an issue counts as late (the screen's default). */
export const DEFAULT_GRACE_DAYS = 7;
export const MAX_COPIES_PER_ISSUE = 200;

const id = z.coerce.number().int().positive();
const copies = z.coerce
  .number({ error: 'serials.arrival.copiesInvalid' })
  .int('serials.arrival.copiesInvalid')
  .min(1, 'serials.arrival.copiesInvalid')
  .max(MAX_COPIES_PER_ISSUE, 'serials.arrival.copiesInvalid');

/** A scanned (or typed) cover barcode, or an ISSN typed by hand. */
export const ScanCoverBody = z.object({
  barcode: z.string().trim().min(1, 'serials.arrival.barcodeRequired').max(40, 'serials.arrival.barcodeRequired'),
});

export const CheckInBody = z.object({ issueId: id, copies, note: z.string().trim().max(200).default('') });
export type CheckInBody = z.infer<typeof CheckInBody>;

/** Check-in of an issue not in the expected list (irregular titles, extra issues): numbers typed by hand. */
export const HandCheckInBody = z.object({
  titleId: id,
  year: z.coerce.number().int().min(1900).max(2200),
  issueNo: z.coerce
    .number({ error: 'serials.arrival.issueNoInvalid' })
    .int('serials.arrival.issueNoInvalid')
    .min(1, 'serials.arrival.issueNoInvalid')
    .max(1000, 'serials.arrival.issueNoInvalid'),
  volume: z.coerce.number().int().min(1).max(100000).nullish(),
  wholeNo: z.coerce.number().int().min(1).max(10000000).nullish(),
  copies,
  note: z.string().trim().max(200).default(''),
});
export type HandCheckInBody = z.infer<typeof HandCheckInBody>;

export const IssueIdBody = z.object({ issueId: id });
export const IssueIdsBody = z.object({ issueIds: z.array(id).min(1).max(500) });

export const ExpectedQuery = z.object({
  titleId: id.optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  /** expected (not arrived, claimed and missing included), arrived, or all */
  state: z.enum(['open', 'arrived', 'all']).default('open'),
  SearchKey: z.string().trim().max(100).default(''),
  Page: z.coerce.number().int().min(1).default(1),
  Rows: z.coerce.number().int().min(1).max(500).default(50),
});
export type ExpectedQuery = z.infer<typeof ExpectedQuery>;

export const LateQuery = z.object({
  titleId: id.optional(),
  graceDays: z.coerce.number().int().min(0).max(365).default(DEFAULT_GRACE_DAYS),
  /** late: not yet claimed; claimed; missing; all of them */
  state: z.enum(['all', 'late', 'claimed', 'missing']).default('all'),
  SearchKey: z.string().trim().max(100).default(''),
});
export type LateQuery = z.infer<typeof LateQuery>;

export const TransferQuery = z.object({
  titleId: id.optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  /** only issues with copies not yet distributed */
  pending: z.coerce.boolean().default(true),
  SearchKey: z.string().trim().max(100).default(''),
});
export type TransferQuery = z.infer<typeof TransferQuery>;

export const TransferBody = z.object({
  issueId: id,
  places: z
    .array(z.object({ locationId: id, copies: z.coerce.number().int().min(0).max(MAX_COPIES_PER_ISSUE) }))
    .min(1)
    .max(100),
});
export type TransferBody = z.infer<typeof TransferBody>;

/** An issue as the arrival screens show it. `late`: not arrived and past its date plus the grace days. */
export interface IssueRow {
  id: number;
  titleId: number;
  title: string;
  issn: string;
  postalCode: string;
  frequency: string;
  subscriptionId: number;
  year: number;
  volume: number | null;
  issueNo: number | null;
  wholeNo: number | null;
  expectedDate: string | null;
  state: 'expected' | 'arrived' | 'claimed' | 'missing';
  late: boolean;
  orderedCopies: number;
  arrivedCopies: number;
  arrivedAt: string | null;
  claimedAt: string | null;
  claimCount: number;
  note: string;
}

/** What a scan found: the title, and the issue to check in (null: none expected matches; check in by hand). */
export interface ScanResult {
  titleId: number;
  title: string;
  issn: string;
  frequency: string;
  addOn: string | null;
  issue: IssueRow | null;
  /** The issue number the add-on names, when no expected issue carries it. */
  hintIssueNo: number | null;
  year: number | null;
}

export interface CheckInResult {
  issue: IssueRow;
  barcodes: string[];
}

export interface TransferPlace {
  locationId: number;
  locationName: string;
  ordered: number;
  distributed: number;
}

export interface TransferIssue extends IssueRow {
  distributed: number;
  places: TransferPlace[];
}
