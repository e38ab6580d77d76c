import { z } from 'zod';
import { PRINT_LIMIT } from './print-job.ts';

/**
 * Copy barcodes (spec §3, §5): each school sets a rule — prefix, total length, a numeric body and an optional
 * check digit — and every barcode typed or scanned is checked against it.
 *
 * The check digit (spec §5: "odd positions weight 3, even positions weight 2"), as we define it:
 * - it is computed over the BODY only: the characters after the prefix, without the check digit itself;
 *   the prefix never counts, even when it is made of digits (so changing a letter prefix changes nothing);
 * - positions are counted from the LEFT, 1-based: the first body digit is position 1 (odd, weight 3),
 *   the second is position 2 (even, weight 2), and so on;
 * - modulus 10: check = (10 − (Σ digit × weight) mod 10) mod 10, a single digit 0–9 appended at the end.
 * Worked example: body 1234567 → 1·3+2·2+3·3+4·2+5·3+6·2+7·3 = 72 → (10 − 2) mod 10 = 8 → …12345678.
 * Why left-to-right: it is how a librarian reads the printed label and checks it by hand. Leading zeros of
 * a padded body ARE positions (the body is exactly what is printed): body 0123 → 0·3+1·2+2·3+3·2 = 14 → 6,
 * while body 123 → 1·3+2·2+3·3 = 16 → 4.
 */
export const CHECK_DIGIT_MODULUS = 10;

/** Weighted sum of a digit string, odd positions (from the left, 1-based) ×3, even ×2. */
export function weightedSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 3 : 2);
  return sum;
}

/** The check digit of a numeric body (without prefix and without check digit). */
export function checkDigit(body: string): string {
  if (!/^\d+$/.test(body)) throw new Error(`checkDigit: body must be digits, got "${body}"`);
  return String((CHECK_DIGIT_MODULUS - (weightedSum(body) % CHECK_DIGIT_MODULUS)) % CHECK_DIGIT_MODULUS);
}

/** A school's barcode rule. `length` is the TOTAL length (prefix + body + check digit); 0 = any length. */
export const BarcodeRule = z.object({
  prefix: z
    .string()
    .trim()
    .max(10, 'validation.tooLong')
    .regex(/^[0-9A-Za-z]*$/, 'printing.barcode.prefixInvalid')
    .default(''),
  length: z.coerce.number().int().min(0).max(32).default(0),
  checkDigit: z.boolean().default(false),
});
export type BarcodeRule = z.infer<typeof BarcodeRule>;

/** Stable codes of a rejected barcode; each has its own message (server: errorCode, web: i18n key). */
export const BarcodeError = {
  REQUIRED: { code: 'BARCODE_REQUIRED', key: 'printing.barcode.required' },
  PREFIX: { code: 'BARCODE_PREFIX', key: 'printing.barcode.prefixWrong' },
  LENGTH: { code: 'BARCODE_LENGTH', key: 'printing.barcode.lengthWrong' },
  NOT_NUMERIC: { code: 'BARCODE_NOT_NUMERIC', key: 'printing.barcode.notNumeric' },
  CHECK_DIGIT: { code: 'BARCODE_CHECK_DIGIT', key: 'printing.barcode.checkDigitWrong' },
} as const;

export type BarcodeCheck =
  | { ok: true }
  | { ok: false; code: string; key: string; params: Record<string, string | number> };

/**
 * Checks one barcode against a rule, in this order: empty, prefix, length, numeric body, check digit —
 * so the message names the first thing the librarian has to fix.
 */
export function validateBarcode(barcode: string, rule: BarcodeRule): BarcodeCheck {
  const value = barcode.trim();
  const bad = (e: { code: string; key: string }, params: Record<string, string | number> = {}): BarcodeCheck => ({
    ok: false,
    ...e,
    params,
  });
  if (!value) return bad(BarcodeError.REQUIRED);
  if (!value.startsWith(rule.prefix)) return bad(BarcodeError.PREFIX, { prefix: rule.prefix });
  if (rule.length > 0 && value.length !== rule.length) return bad(BarcodeError.LENGTH, { length: rule.length });
  const body = value.slice(rule.prefix.length);
  const minBody = rule.checkDigit ? 2 : 1;
  if (!/^\d+$/.test(body) || body.length < minBody) return bad(BarcodeError.NOT_NUMERIC);
  if (rule.checkDigit) {
    const expected = checkDigit(body.slice(0, -1));
    if (body.at(-1) !== expected) return bad(BarcodeError.CHECK_DIGIT);
  }
  return { ok: true };
}

/** A pre-printing range (spec §3 `/barcode-prepriting`): prefix + zero-padded sequence [+ check digit]. */
export const BarcodeRange = z
  .object({
    prefix: BarcodeRule.shape.prefix,
    start: z.coerce
      .number({ message: 'printing.range.startRequired' })
      .int('printing.range.startRequired')
      .min(0, 'printing.range.startRequired'),
    end: z.coerce
      .number({ message: 'printing.range.endRequired' })
      .int('printing.range.endRequired')
      .min(0, 'printing.range.endRequired'),
    /** Digits of the sequence, zero-padded; 0 = no padding. */
    width: z.coerce.number().int().min(0).max(20).default(0),
    checkDigit: z.boolean().default(false),
  })
  .superRefine((r, ctx) => {
    const count = r.end - r.start + 1;
    if (count <= 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'printing.range.copiesPositive' });
    else if (count > PRINT_LIMIT) ctx.addIssue({ code: 'custom', path: ['end'], message: 'printing.job.limit' });
    if (r.width > 0 && String(r.end).length > r.width)
      ctx.addIssue({ code: 'custom', path: ['width'], message: 'printing.range.widthTooSmall' });
  });
export type BarcodeRange = z.infer<typeof BarcodeRange>;

/** Formats one barcode of a range: prefix, sequence padded to `width`, then the check digit if on. */
export function formatBarcode(prefix: string, seq: number, width: number, withCheck: boolean): string {
  const body = String(seq).padStart(width, '0');
  return prefix + body + (withCheck ? checkDigit(body) : '');
}

/** All barcodes of a validated range, in order. Lazy, so a caller can stream them. */
export function* generateRange(range: BarcodeRange): Generator<string> {
  for (let seq = range.start; seq <= range.end; seq++)
    yield formatBarcode(range.prefix, seq, range.width, range.checkDigit);
}

/** The range that produces barcodes matching a rule: width = length − prefix − check digit. */
export function rangeWidthForRule(rule: BarcodeRule): number {
  if (rule.length === 0) return 0;
  return Math.max(0, rule.length - rule.prefix.length - (rule.checkDigit ? 1 : 0));
}
