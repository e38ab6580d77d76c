import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { POINT_EVENTS, RULE_EVENTS } from './events.ts';

const cap = z.coerce.number().int('points.capInvalid').min(0, 'points.capInvalid').max(100_000, 'points.capInvalid');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'points.dateInvalid');

/** A school's rule for one event. Caps are per reader (0 = no cap); a deduction's caps bound what it takes. */
export const PointRuleSave = z.object({
  event: z.enum(RULE_EVENTS as [string, ...string[]], 'points.eventInvalid'),
  points: z.coerce
    .number()
    .int('points.pointsInvalid')
    .min(-1000, 'points.pointsInvalid')
    .max(1000, 'points.pointsInvalid'),
  enabled: z.boolean(),
  dailyCap: cap.default(0),
  termCap: cap.default(0),
});
export type PointRuleSave = z.infer<typeof PointRuleSave>;

export interface PointRuleRow {
  event: string;
  points: number;
  enabled: boolean;
  dailyCap: number;
  termCap: number;
  updatedAt: string | null;
}

/** /integral-point: readers with their balance (filters by class, grade, name/account). */
export const PointBalanceQuery = PageQuery.extend({
  classId: z.coerce.number().int().positive().optional(),
  gradeId: z.coerce.number().int().positive().optional(),
});
export type PointBalanceQuery = z.infer<typeof PointBalanceQuery>;

export interface PointBalanceRow {
  /** The reader's id (as `userId`): the table's row key. */
  id: number;
  userId: number;
  account: string;
  name: string;
  className: string | null;
  gradeName: string | null;
  balance: number;
  /** Rank in the reader's class by balance (1 = most); null without a class. */
  classRank: number | null;
  gradeRank: number | null;
}

/** /integral-record: the ledger with filters. */
export const PointRecordQuery = PageQuery.extend({
  userId: z.coerce.number().int().positive().optional(),
  classId: z.coerce.number().int().positive().optional(),
  event: z.enum(POINT_EVENTS as unknown as [string, ...string[]]).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type PointRecordQuery = z.infer<typeof PointRecordQuery>;

export interface PointRecordRow {
  id: number;
  userId: number;
  account: string;
  name: string;
  className: string | null;
  event: string;
  points: number;
  balanceAfter: number;
  refType: string | null;
  refId: string | null;
  note: string;
  operatorName: string | null;
  day: string;
  createdAt: string;
}

/** Manual adjustment from /integral-point: points (±, not 0) with a required reason. */
export const PointAdjustBody = z.object({
  userId: z.coerce.number().int().positive(),
  points: z.coerce
    .number()
    .int('points.pointsInvalid')
    .min(-100_000, 'points.pointsInvalid')
    .max(100_000, 'points.pointsInvalid')
    .refine((n) => n !== 0, 'points.pointsInvalid'),
  reason: z.string().trim().min(2, 'points.reasonRequired').max(200, 'validation.tooLong'),
});
export type PointAdjustBody = z.infer<typeof PointAdjustBody>;

/** P/Opac/MyPointEntries: a page of the caller's ledger. */
export const MyPointsQuery = PageQuery.pick({ Page: true, Rows: true });
export type MyPointsQuery = z.infer<typeof MyPointsQuery>;

/** P/Opac/MyPoints: the caller's balance, rank in class and their class's top readers. */
export interface MyPoints {
  balance: number;
  classRank: number | null;
  classSize: number | null;
  className: string | null;
  /** The class's top ten, names masked (张*明); `me` marks the caller's row. */
  classTop: { rank: number; name: string; balance: number; me: boolean }[];
}

export interface MyPointEntry {
  id: number;
  event: string;
  points: number;
  balanceAfter: number;
  note: string;
  day: string;
}
