import {
  type BarcodeCheck,
  type BarcodeRule,
  formatBarcode,
  rangeWidthForRule,
  validateBarcode as checkAgainstRule,
} from '@shuyuan/contracts/printing/barcode';
import type { BarcodeRuleDto, BarcodeRuleKind, BarcodeRuleSave } from '@shuyuan/contracts/printing/barcode-rule';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BizError, fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { appUser } from '../auth/user.table.ts';
import { barcodeRule, preprintRange } from './printing.table.ts';
import './printing.messages.ts';

/**
 * Barcode rules of a school (spec §3/§5) — the one place other modules check a typed or scanned barcode:
 *
 *   const check = await validateBarcode(db, scope, barcode);          // { ok } | { ok:false, code, key, params }
 *   if (!check.ok) throw barcodeError(check, t, 'barcode');            // message in the caller's language
 *   await assertBarcode(db, scope, barcode, 'book', t, 'barcode');     // the same in one call
 *   const [b1, b2] = await nextBarcodes(db, scope, 2);                 // generated after the highest in use
 *
 * The check-digit algorithm (body only, positions from the left, odd ×3 even ×2, modulus 10) is documented in
 * contracts `printing/barcode.ts`. A school without a rule accepts any non-empty barcode.
 */

type Tr = (key: string, params?: Record<string, unknown>) => string;

/** The school's rule of a kind, or null when none is set. */
export async function getBarcodeRule(
  db: Db,
  scope: Scope,
  kind: BarcodeRuleKind = 'book',
): Promise<BarcodeRule | null> {
  const [row] = await db
    .select()
    .from(barcodeRule)
    .where(scope.where(barcodeRule, eq(barcodeRule.kind, kind)))
    .limit(1);
  return row ? { prefix: row.prefix, length: row.length, checkDigit: row.checkDigit } : null;
}

/** Checks one barcode against the school's rule; without a rule only an empty barcode is refused. */
export async function validateBarcode(
  db: Db,
  scope: Scope,
  barcode: string,
  kind: BarcodeRuleKind = 'book',
): Promise<BarcodeCheck> {
  const rule = await getBarcodeRule(db, scope, kind);
  return checkWithRule(barcode, rule);
}

/** The same check with a rule already loaded (for loops over many barcodes: load the rule once). */
export function checkWithRule(barcode: string, rule: BarcodeRule | null): BarcodeCheck {
  if (rule) return checkAgainstRule(barcode, rule);
  if (!barcode.trim()) return { ok: false, code: 'BARCODE_REQUIRED', key: 'printing.barcode.required', params: {} };
  return { ok: true };
}

/** A failed check as a BizError: `msg` in the caller's language, and the field issue on `path`. */
export function barcodeError(check: Exclude<BarcodeCheck, { ok: true }>, t: Tr, path = 'barcode'): BizError {
  return new BizError(check.code, check.key, check.params, 200, [{ path, message: t(check.key, check.params) }]);
}

/** Throws the rule's message when the barcode breaks it. */
export async function assertBarcode(
  db: Db,
  scope: Scope,
  barcode: string,
  kind: BarcodeRuleKind,
  t: Tr,
  path = 'barcode',
): Promise<void> {
  const check = await validateBarcode(db, scope, barcode, kind);
  if (!check.ok) throw barcodeError(check, t, path);
}

/** Highest numeric body in use (copies or reader accounts) with the rule's prefix; 0 when none. */
async function highestInUse(db: Db, scope: Scope, rule: BarcodeRule, kind: BarcodeRuleKind): Promise<number> {
  const check = rule.checkDigit ? 1 : 0;
  const p = rule.prefix.length;
  const pattern = `^${rule.prefix}[0-9]{${1 + check},}$`;
  const col = kind === 'book' ? copy.barcode : appUser.account;
  const table = kind === 'book' ? copy : appUser;
  const lengthCond = rule.length > 0 ? sql`char_length(${col}) = ${rule.length}` : undefined;
  const [row] = await db
    .select({
      max: sql<string | null>`max(substring(${col} from ${p + 1} for char_length(${col}) - ${p + check})::numeric)`,
    })
    .from(table)
    .where(scope.where(table, sql`${col} ~ ${pattern}`, lengthCond));
  let max = Number(row?.max ?? 0);
  if (kind === 'book') {
    // Pre-printed ranges are reserved: labels exist for them even before a copy takes the barcode.
    const [r] = await db
      .select({ max: sql<number | null>`max(${preprintRange.endSeq})` })
      .from(preprintRange)
      .where(scope.where(preprintRange, eq(preprintRange.prefix, rule.prefix)));
    max = Math.max(max, Number(r?.max ?? 0));
  }
  return max;
}

/**
 * The next `n` free barcodes of the school's rule, after the highest body in use (copies, pre-printed ranges;
 * reader accounts for `reader`). Needs a rule; refuses when the rule's length has no room left.
 * Two callers at the same moment may get the same numbers: the unique index on the barcode settles it.
 */
export async function nextBarcodes(db: Db, scope: Scope, n: number, kind: BarcodeRuleKind = 'book'): Promise<string[]> {
  const rule = await getBarcodeRule(db, scope, kind);
  if (!rule) throw fail('BARCODE_RULE_MISSING', 'printing.rule.missing');
  const start = (await highestInUse(db, scope, rule, kind)) + 1;
  const width = rangeWidthForRule(rule);
  const out = Array.from({ length: n }, (_, i) => formatBarcode(rule.prefix, start + i, width, rule.checkDigit));
  const last = out.at(-1);
  if (last && !checkAgainstRule(last, rule).ok)
    throw fail('BARCODE_RULE_FULL', 'printing.rule.full', { prefix: rule.prefix, length: rule.length });
  return out;
}

/** Both rules of the school as the rule screen shows them (disabled = none set), with an example barcode. */
export async function listBarcodeRules(db: Db, scope: Scope): Promise<BarcodeRuleDto[]> {
  const rows = await db.select().from(barcodeRule).where(scope.where(barcodeRule));
  const out: BarcodeRuleDto[] = [];
  for (const kind of ['book', 'reader'] as const) {
    const r = rows.find((x) => x.kind === kind);
    if (!r) {
      out.push({ kind, enabled: false, prefix: '', length: 0, checkDigit: false, example: '' });
      continue;
    }
    const rule = { prefix: r.prefix, length: r.length, checkDigit: r.checkDigit };
    let example = '';
    try {
      example = (await nextBarcodes(db, scope, 1, kind))[0];
    } catch {
      example = '';
    }
    out.push({ kind, enabled: true, ...rule, example });
  }
  return out;
}

/** Saves (or, with enabled=false, removes) one rule. */
export async function saveBarcodeRule(db: Db, scope: Scope, input: BarcodeRuleSave): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(barcodeRule).where(scope.where(barcodeRule, eq(barcodeRule.kind, input.kind)));
    if (!input.enabled) return;
    await tx
      .insert(barcodeRule)
      .values(
        scope.values({ kind: input.kind, prefix: input.prefix, length: input.length, checkDigit: input.checkDigit }),
      );
  });
}

/** Existing copy barcodes that break a (new) rule: how many, and a few to show in the rule screen's warning. */
export async function barcodesBreakingRule(
  db: Db,
  scope: Scope,
  rule: BarcodeRule,
  limit = 5,
): Promise<{ count: number; sample: string[] }> {
  const rows = await db.select({ barcode: copy.barcode }).from(copy).where(scope.where(copy)).orderBy(copy.id);
  const bad = rows.map((r) => r.barcode).filter((b) => !checkAgainstRule(b, rule).ok);
  return { count: bad.length, sample: bad.slice(0, limit) };
}
