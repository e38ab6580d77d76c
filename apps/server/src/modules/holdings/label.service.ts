import type { ItemResult } from '@shuyuan/contracts/holdings/bulk';
import type { LabelConvertBody } from '@shuyuan/contracts/holdings/movement';
import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { checkWithRule, getBarcodeRule } from '../printing/barcode-rules.service.ts';
import { type CopyRow, missingCopy, selectCopies, type Tr, writeCopy } from './copy-ops.ts';

/** The school's barcode rule (printing module), loaded once: the reason a new barcode breaks it, or null. */
async function barcodeRuleCheck(db: Db, scope: Scope, t: Tr): Promise<(barcode: string) => Promise<string | null>> {
  const rule = await getBarcodeRule(db, scope, 'book');
  return async (barcode) => {
    const r = checkWithRule(barcode, rule);
    return r.ok ? null : t(r.key, r.params);
  };
}

/**
 * `/label-transfer`: replaces copies' barcodes (or RFID tags) with new ones. The old value names the copy
 * (for RFID: its barcode or its current tag). A new value already used in the school, listed twice, or
 * breaking the barcode rule is refused; the others are written (with `apply`), each copy on its own.
 */
export async function convertLabels(db: Db, scope: Scope, b: LabelConvertBody, t: Tr): Promise<ItemResult[]> {
  const field = b.kind === 'rfid' ? 'rfid' : 'barcode';
  const froms = b.pairs.map((p) => p.from).filter(Boolean);
  const tos = b.pairs.map((p) => p.to).filter(Boolean);
  const cond =
    field === 'rfid'
      ? or(inArray(copy.barcode, froms.length ? froms : ['']), inArray(copy.rfid, froms.length ? froms : ['']))
      : inArray(copy.barcode, froms.length ? froms : ['']);
  const found = await selectCopies(db, scope, cond);
  const byOld = new Map<string, CopyRow>();
  for (const c of found) {
    byOld.set(c.barcode, c);
    if (field === 'rfid' && c.rfid && !byOld.has(c.rfid)) byOld.set(c.rfid, c);
  }
  const taken = new Set(
    (
      await db
        .select({ v: field === 'rfid' ? copy.rfid : copy.barcode })
        .from(copy)
        .where(scope.where(copy, inArray(field === 'rfid' ? copy.rfid : copy.barcode, tos.length ? tos : [''])))
    ).map((r) => r.v),
  );
  const check = field === 'barcode' ? await barcodeRuleCheck(db, scope, t) : async () => null;
  // An old barcode that names no copy gets the rule's message when it breaks the rule (an RFID pair's old
  // value may be a barcode or a tag, so only "not found" there).
  const missing = await missingCopy(db, scope, t);
  const seenFrom = new Set<string>();
  const seenTo = new Set<string>();
  const plans: { r: ItemResult; c?: CopyRow; to?: string }[] = [];
  for (const p of b.pairs) {
    const r: ItemResult = { barcode: p.from, ok: false, before: { [field]: p.from }, after: { [field]: p.to } };
    const c = byOld.get(p.from);
    if (c) Object.assign(r, { copyId: c.id, title: c.title });
    let reason: string | null = null;
    if (!p.from || !p.to) reason = t('holdings.label.pairIncomplete');
    else if (!c) reason = field === 'barcode' ? (missing(p.from).reason ?? null) : t('holdings.copyNotFound');
    else if (seenFrom.has(p.from)) reason = t('holdings.listedTwice');
    else if (seenTo.has(p.to)) reason = t('holdings.label.newTwice', { value: p.to });
    else if (c[field] === p.to) reason = t('holdings.unchanged');
    else if (taken.has(p.to)) reason = t('holdings.label.newTaken', { value: p.to });
    else reason = await check(p.to);
    if (p.from) seenFrom.add(p.from);
    if (p.to) seenTo.add(p.to);
    if (c && p.from !== c[field] && field === 'rfid') r.before = { rfid: c.rfid, barcode: c.barcode };
    plans.push(reason ? { r: { ...r, reason } } : { r: { ...r, ok: true }, c, to: p.to });
  }
  if (!b.apply) return plans.map((p) => p.r);
  await db.transaction(async (tx) => {
    for (const p of plans) {
      if (!p.c) continue;
      // A savepoint per copy: a tag taken by a concurrent request fails this copy only.
      try {
        const done = await tx.transaction((sp) => writeCopy(sp, scope, p.c!, { [field]: p.to }));
        if (!done) Object.assign(p.r, { ok: false, reason: t('catalogue.copyChanged') });
      } catch {
        Object.assign(p.r, { ok: false, reason: t('holdings.label.newTaken', { value: p.to }) });
      }
    }
  });
  return plans.map((p) => p.r);
}
