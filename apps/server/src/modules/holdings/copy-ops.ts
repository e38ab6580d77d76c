import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import type { ItemResult } from '@shuyuan/contracts/holdings/bulk';
import { and, asc, eq, getTableColumns, inArray, isNull, notExists, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { checkWithRule, getBarcodeRule } from '../printing/barcode-rules.service.ts';

export type Tr = Ctx<unknown>['t'];
export type CopyRow = typeof copy.$inferSelect & {
  title: string;
  author: string;
  resourceTypeId: number | null;
  recordClassNo: string;
  recordBookNo: string;
  recordPriceFen: number | null;
};

/** States in which a copy is out with a reader (or on its way back): never moved, weeded or deleted. */
export const OUT_STATES: readonly string[] = [CircState.BORROWED, CircState.RESERVING, CircState.RETURNED_NOT_RECEIVED];

const copyCols = {
  ...getTableColumns(copy),
  title: catalogueRecord.title,
  author: catalogueRecord.author,
  resourceTypeId: catalogueRecord.resourceTypeId,
  recordClassNo: catalogueRecord.classNo,
  recordBookNo: catalogueRecord.bookNo,
  recordPriceFen: catalogueRecord.priceFen,
};

/** Copies with their record's title, found by the given condition (already school-scoped here). */
export function selectCopies(db: Db, scope: Scope, cond: SQL | undefined) {
  return db
    .select(copyCols)
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(copy, cond))
    .orderBy(asc(copy.barcode));
}

/** Barcode → copy of the school (case as stored; scanners send it as printed). */
export async function copiesByBarcode(db: Db, scope: Scope, barcodes: string[]): Promise<Map<string, CopyRow>> {
  const out = new Map<string, CopyRow>();
  const uniq = [...new Set(barcodes)];
  for (let i = 0; i < uniq.length; i += 1000) {
    const rows = await selectCopies(db, scope, inArray(copy.barcode, uniq.slice(i, i + 1000)));
    for (const r of rows) out.set(r.barcode, r);
  }
  return out;
}

/** Ids of the copies that have an open loan (the loan table is the truth even if a state was mis-set). */
export async function openLoanCopies(db: Db, scope: Scope, ids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: loan.copyId })
      .from(loan)
      .where(scope.where(loan, inArray(loan.copyId, ids.slice(i, i + 1000)), isNull(loan.returnedAt)));
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** True when the copy is with a reader: its state says so or an open loan exists. */
export const isOut = (c: { id: number; circState: string }, open: Set<number>) =>
  OUT_STATES.includes(c.circState) || open.has(c.id);

/** Answer item for a barcode that matched no copy of the school. */
export const notFoundItem = (barcode: string, t: Tr): ItemResult => ({
  barcode,
  ok: false,
  reason: t('holdings.copyNotFound'),
});

/**
 * The answer for a typed or scanned barcode that matched no copy, with the school's book barcode rule loaded
 * once: a barcode that breaks the rule (length, prefix, check digit) gets the rule's own message — a typing or
 * scanning error, as circulation and stocktake report it — and only a well-formed one is "not found".
 */
export async function missingCopy(db: Db, scope: Scope, t: Tr): Promise<(barcode: string) => ItemResult> {
  const rule = await getBarcodeRule(db, scope, 'book');
  return (barcode) => {
    const check = checkWithRule(barcode, rule);
    return check.ok ? notFoundItem(barcode, t) : { barcode, ok: false, reason: t(check.key, check.params) };
  };
}

/** Items for the same barcode listed twice: the first one counts, the others are refused. */
export function dedupe(barcodes: string[], t: Tr): { unique: string[]; repeated: ItemResult[] } {
  const seen = new Set<string>();
  const repeated: ItemResult[] = [];
  for (const b of barcodes) {
    if (seen.has(b)) repeated.push({ barcode: b, ok: false, reason: t('holdings.listedTwice') });
    else seen.add(b);
  }
  return { unique: [...seen], repeated };
}

/**
 * Writes copy columns when the copy is still at the version that was read: one statement, so each copy is
 * all or nothing; `version` goes up by one. False when someone changed the copy meanwhile.
 */
export async function writeCopy(
  db: Db,
  scope: Scope,
  c: { id: number; version: number },
  set: Partial<typeof copy.$inferInsert>,
  opts: { onShelf?: boolean } = {},
): Promise<boolean> {
  // `onShelf`: also re-check in the same statement that the copy is not out with a reader (a loan made since
  // it was read, even by a path that does not bump the version).
  const shelfGuard = opts.onShelf
    ? and(
        notInArray(copy.circState, [...OUT_STATES]),
        notExists(
          db
            .select({ x: sql`1` })
            .from(loan)
            .where(and(eq(loan.copyId, copy.id), isNull(loan.returnedAt))),
        ),
      )
    : undefined;
  const rows = await db
    .update(copy)
    .set({ ...set, version: sql`${copy.version} + 1`, updatedAt: sql`now()` })
    .where(scope.where(copy, eq(copy.id, c.id), eq(copy.version, c.version), shelfGuard))
    .returning({ id: copy.id });
  return rows.length === 1;
}

export function summary(list: ItemResult[], extra: Record<string, unknown> = {}) {
  const okCount = list.filter((r) => r.ok).length;
  return { List: list, okCount, badCount: list.length - okCount, ...extra };
}

/** What the operation log keeps of a bulk call: counts and the refused barcodes (at most 200). */
export function auditBulk(ctx: { auditDetail: Record<string, unknown> }, list: ItemResult[]) {
  const bad = list.filter((r) => !r.ok);
  ctx.auditDetail.okCount = list.length - bad.length;
  ctx.auditDetail.badCount = bad.length;
  ctx.auditDetail.applied = list
    .filter((r) => r.ok)
    .slice(0, 200)
    .map((r) => r.barcode);
  ctx.auditDetail.refused = bad.slice(0, 200).map((r) => `${r.barcode}: ${r.reason}`);
}
