import { z } from 'zod';
import { BarcodeRule } from './barcode.ts';

/** A school keeps one rule for copy barcodes and one for reader cards. */
export const BARCODE_RULE_KINDS = ['book', 'reader'] as const;
export const BarcodeRuleKind = z.enum(BARCODE_RULE_KINDS);
export type BarcodeRuleKind = z.infer<typeof BarcodeRuleKind>;

/**
 * Saving a rule. `enabled: false` removes the rule (any non-empty barcode is accepted again).
 * A fixed length must leave room for at least one body digit after the prefix and the check digit.
 */
export const BarcodeRuleSave = BarcodeRule.extend({
  kind: BarcodeRuleKind,
  enabled: z.boolean().default(true),
}).superRefine((r, ctx) => {
  if (r.length > 0 && r.length < r.prefix.length + 1 + (r.checkDigit ? 1 : 0))
    ctx.addIssue({ code: 'custom', path: ['length'], message: 'printing.rule.lengthTooShort' });
});
export type BarcodeRuleSave = z.infer<typeof BarcodeRuleSave>;

/** A rule as the API answers it; `enabled: false` = no rule set. */
export interface BarcodeRuleDto extends BarcodeRule {
  kind: BarcodeRuleKind;
  enabled: boolean;
  /** An example barcode following the rule (the next free one for books). */
  example: string;
}

export const BarcodeCheckQuery = z.object({
  barcode: z.string().max(64),
  kind: BarcodeRuleKind.default('book'),
});
export type BarcodeCheckQuery = z.infer<typeof BarcodeCheckQuery>;

export const NextBarcodesQuery = z.object({
  count: z.coerce.number().int().min(1).max(500).default(1),
});
