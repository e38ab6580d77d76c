import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/**
 * Stocktake (图书盘点, spec §8): a session over some locations and/or a call-number range; every scan is
 * classified; the report lists what was found, missing, misplaced, not expected, on loan.
 */
export const ScanOutcome = {
  /** Expected here and in shelf order with the previous scan of its location. */
  FOUND: 'found',
  /** Expected here, but its call number sorts before the previous one scanned in the same location. */
  MISPLACED: 'misplaced',
  /** A copy of the school that this session did not expect (other location, outside the range, weeded, lost). */
  NOT_EXPECTED: 'not-expected',
  /** The copy is on loan in the system yet stands on the shelf: check it in. */
  ON_LOAN: 'on-loan',
  /** No copy of the school has this barcode. */
  UNKNOWN: 'unknown',
  /** Already scanned in this session. */
  DUPLICATE: 'duplicate',
} as const;
export type ScanOutcome = (typeof ScanOutcome)[keyof typeof ScanOutcome];
export const SCAN_OUTCOMES = Object.values(ScanOutcome) as ScanOutcome[];

/** Why a scanned copy was not expected (`stocktake.reason.<value>`). */
export const NotExpectedReason = {
  OTHER_LOCATION: 'other-location',
  OUT_OF_RANGE: 'out-of-range',
  WEEDED: 'weeded',
  LOST: 'lost',
  OTHER_SESSION: 'other-session',
} as const;
export type NotExpectedReason = (typeof NotExpectedReason)[keyof typeof NotExpectedReason];

/** Circulation states in which a copy is away with a reader (not missing when absent from the shelf). */
export const AWAY_STATES = ['borrowed', 'reserving', 'returned-not-received'] as const;

export const SessionState = { OPEN: 'open', CLOSED: 'closed' } as const;
export type SessionState = (typeof SessionState)[keyof typeof SessionState];

const zCallNo = z.string().trim().max(60, 'validation.tooLong').default('');
const zId = z.coerce.number().int().positive();

export const SessionOpen = z.object({
  name: z
    .string({ error: 'stocktake.nameRequired' })
    .trim()
    .min(1, 'stocktake.nameRequired')
    .max(100, 'validation.tooLong'),
  locationIds: z.array(zId).max(200).default([]),
  callNoFrom: zCallNo,
  callNoTo: zCallNo,
});
export type SessionOpen = z.infer<typeof SessionOpen>;

export const SessionListQuery = PageQuery.extend({ state: z.enum(['open', 'closed']).optional() });
export type SessionListQuery = z.infer<typeof SessionListQuery>;

export const SessionIdBody = z.object({ sessionId: zId });

/** One barcode from a scanner or typed. `clientId` makes a retried request count once. */
export const ScanBody = z.object({
  sessionId: zId,
  barcode: z.string({ error: 'stocktake.barcodeRequired' }).trim().min(1, 'stocktake.barcodeRequired').max(64),
  typed: z.boolean().default(false),
  clientId: z.string().trim().max(64).optional(),
});
export type ScanBody = z.infer<typeof ScanBody>;

/** An uploaded handheld file (.txt/.csv/.xlsx of barcodes; url from P/upload/post). */
export const ScanFileBody = z.object({ sessionId: zId, fileUrl: z.string().trim().min(1).max(500) });

/** Files up to this many barcodes are processed at once; larger ones as a background task. */
export const SCAN_FILE_DIRECT_MAX = 1000;

export const ScanListQuery = PageQuery.extend({ sessionId: zId, outcome: z.enum(SCAN_OUTCOMES).optional() });

export const CloseBody = z.object({
  sessionId: zId,
  /** Missing copies: mark them lost (store 6, state lost), or leave them as they were. */
  missing: z.enum(['lost', 'leave']),
});

export const ReportList = z.enum([
  'missing',
  'away',
  'found',
  'misplaced',
  'not-expected',
  'on-loan',
  'unknown',
  'duplicate',
]);
export type ReportList = z.infer<typeof ReportList>;
export const ReportListQuery = PageQuery.extend({ sessionId: zId, list: ReportList });
export const ReportExportBody = z.object({ sessionId: zId, list: ReportList });

export interface ScanResult {
  id: number;
  seq: number;
  barcode: string;
  outcome: ScanOutcome;
  reason: string;
  copyId: number | null;
  title: string;
  callNo: string;
  /** The call number scanned just before in the same location, when this one is out of order. */
  after: string;
}

export interface StocktakeSession {
  id: number;
  name: string;
  locationIds: number[];
  callNoFrom: string;
  callNoTo: string;
  state: SessionState;
  expectedCount: number;
  foundCount: number;
  scanCount: number;
  missingCount: number;
  lostCount: number;
  createdAt: string;
  createdByName: string;
  closedAt: string | null;
  closedByName: string;
}

export interface ReportTotals {
  expected: number;
  found: number;
  missing: number;
  away: number;
  misplaced: number;
  notExpected: number;
  onLoan: number;
  unknown: number;
  duplicate: number;
  scans: number;
}

/** The lists of the report in the order the report screen and the session export show them, with the total counting each. */
export const REPORT_LISTS: readonly { key: ReportList; total: keyof ReportTotals }[] = [
  { key: 'missing', total: 'missing' },
  { key: 'found', total: 'found' },
  { key: 'misplaced', total: 'misplaced' },
  { key: 'not-expected', total: 'notExpected' },
  { key: 'on-loan', total: 'onLoan' },
  { key: 'away', total: 'away' },
  { key: 'unknown', total: 'unknown' },
  { key: 'duplicate', total: 'duplicate' },
];
