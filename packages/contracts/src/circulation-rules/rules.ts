import { z } from 'zod';
import { zOptRefId, zText } from '../basic/fields.ts';
import { READER_IDENTITIES } from '../circulation/loan.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** Screen /borrow-permission (借阅权限): the loan_rule table, one row per scope; empty scope column = any. */
export const RULES_SCREEN = 'borrow-permission';
/** Screen /borrow-range-mana (借阅范围). */
export const RANGES_SCREEN = 'borrow-range-mana';

const zIdentity = z.enum(READER_IDENTITIES).nullable().default(null);
const count = (min: number, max: number, key: string) =>
  z.coerce.number({ error: key }).int(key).min(min, key).max(max, key);

export const LoanRuleCreate = z.object({
  identity: zIdentity,
  permissionGroupId: zOptRefId,
  resourceTypeId: zOptRefId,
  locationId: zOptRefId,
  /** Max loan amount (最大借阅量). */
  maxLoans: count(0, 999, 'circRules.rule.maxLoansRange'),
  loanDays: count(1, 3650, 'circRules.rule.loanDaysRange'),
  renewDays: count(0, 3650, 'circRules.rule.renewDaysRange'),
  maxRenewals: count(0, 99, 'circRules.rule.maxRenewalsRange'),
  overdueRenewAllowed: z.boolean().default(false),
  overdueLendAllowed: z.boolean().default(true),
  /** Overdue fine (issue 14 §4): fen per overdue open day (0 = none), grace days, cap per loan in fen (0 = none). */
  fineDayFen: count(0, 100_000, 'circRules.rule.fineRange').default(0),
  fineGraceDays: count(0, 365, 'circRules.rule.fineGraceRange').default(0),
  fineCapFen: count(0, 10_000_000, 'circRules.rule.fineRange').default(0),
});
export type LoanRuleCreate = z.infer<typeof LoanRuleCreate>;
export const LoanRuleUpdate = LoanRuleCreate.extend({ id: z.coerce.number().int().positive() });
export const LoanRuleListQuery = ResourceListQuery.extend({
  identity: z.enum(READER_IDENTITIES).optional(),
  permissionGroupId: z.coerce.number().int().positive().optional(),
});

export interface LoanRuleDto extends LoanRuleCreate {
  id: number;
  permissionGroupName: string | null;
  resourceTypeName: string | null;
  locationName: string | null;
}

/** A borrowing range: readers of a group and/or identity may borrow only from these locations / types. */
export const BorrowRangeCreate = z.object({
  permissionGroupId: zOptRefId,
  identity: zIdentity,
  /** Empty = any location. */
  locationIds: z.array(z.coerce.number().int().positive()).max(500).default([]),
  /** Empty = any resource type. */
  resourceTypeIds: z.array(z.coerce.number().int().positive()).max(500).default([]),
  remark: zText(),
});
export type BorrowRangeCreate = z.infer<typeof BorrowRangeCreate>;
export const BorrowRangeUpdate = BorrowRangeCreate.extend({ id: z.coerce.number().int().positive() });
export const BorrowRangeListQuery = ResourceListQuery.extend({
  permissionGroupId: z.coerce.number().int().positive().optional(),
});

export interface BorrowRangeDto extends BorrowRangeCreate {
  id: number;
  permissionGroupName: string | null;
  locationNames: string[];
  resourceTypeNames: string[];
}

/**
 * "Test a rule": which rule and range apply to a reader (by barcode, or a made-up identity/group) and a copy
 * (by barcode, or a made-up resource type/location).
 */
export const RuleTestBody = z.object({
  readerBarcode: z.string().trim().max(64).default(''),
  identity: z.enum(READER_IDENTITIES).nullable().default(null),
  permissionGroupId: zOptRefId,
  barcode: z.string().trim().max(64).default(''),
  resourceTypeId: zOptRefId,
  locationId: zOptRefId,
});
export type RuleTestBody = z.infer<typeof RuleTestBody>;

export interface RuleTestResult {
  subject: {
    readerName: string | null;
    identity: string | null;
    permissionGroupId: number | null;
    copyTitle: string | null;
    resourceTypeId: number | null;
    locationId: number | null;
  };
  rule: LoanRuleDto | null;
  range: BorrowRangeDto | null;
  inRange: boolean;
}

export const OVERDUE_MODES = ['unified-lendable', 'unified-refusal', 'single'] as const;

/** The overdue mode and the combined borrowing permission, edited on /borrow-permission. */
export const RuleSettings = z.object({
  overdueMode: z.enum(OVERDUE_MODES),
  /** true: one limit over all resource types (the reader's general rule); false: each type's rule counts alone. */
  combinedLimit: z.boolean(),
});
export type RuleSettings = z.infer<typeof RuleSettings>;

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'circRules.calendar.dayInvalid');

/** School calendar: closed days of one year. */
export const ClosedDaysQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
/** Mark or unmark days; `from`/`to` with `weekdays` (0 Sunday … 6 Saturday) marks every such day in the range. */
export const ClosedDaysChange = z
  .object({
    add: z.array(zDay).max(400).default([]),
    remove: z.array(zDay).max(400).default([]),
    from: zDay.optional(),
    to: zDay.optional(),
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'circRules.calendar.rangeInvalid' })
  .refine((v) => !v.from === !v.to, { path: ['to'], message: 'circRules.calendar.rangeInvalid' })
  .refine((v) => !v.from || !v.to || Date.parse(v.to) - Date.parse(v.from) <= 366 * 86_400_000, {
    path: ['to'],
    message: 'circRules.calendar.rangeTooLong',
  });
export type ClosedDaysChange = z.infer<typeof ClosedDaysChange>;
