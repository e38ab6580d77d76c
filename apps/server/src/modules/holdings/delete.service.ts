import type { BulkDeleteBody, ItemResult } from '@shuyuan/contracts/holdings/bulk';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { type CopyRow, copiesByBarcode, dedupe, isOut, missingCopy, openLoanCopies, type Tr } from './copy-ops.ts';
import { copiesWhere } from './condition.service.ts';

/**
 * `/delete-records-bulk`: deletes the listed (or matching) copies; a copy out with a reader is never deleted
 * and is listed with the reason. Each copy is deleted only at the version that was read. With
 * `removeEmptyRecords`, the records of the deleted copies that have no copy left go too.
 */
export async function bulkDelete(db: Db, scope: Scope, b: BulkDeleteBody, t: Tr, apply: boolean) {
  let rows: CopyRow[];
  let head: ItemResult[] = [];
  let tail: ItemResult[] = [];
  if (b.barcodes?.some(Boolean)) {
    const { unique, repeated } = dedupe(b.barcodes.filter(Boolean), t);
    const found = await copiesByBarcode(db, scope, unique);
    rows = unique.flatMap((x) => (found.has(x) ? [found.get(x)!] : []));
    const missing = await missingCopy(db, scope, t);
    head = unique.filter((x) => !found.has(x)).map(missing);
    tail = repeated;
  } else {
    rows = await copiesWhere(db, scope, b.filter!);
  }
  const open = await openLoanCopies(
    db,
    scope,
    rows.map((r) => r.id),
  );
  const items: ItemResult[] = rows.map((c) => ({
    barcode: c.barcode,
    copyId: c.id,
    title: c.title,
    ok: !isOut(c, open),
    reason: isOut(c, open) ? t('holdings.onLoan') : undefined,
  }));
  let recordsRemoved = 0;
  if (apply) {
    await db.transaction(async (tx) => {
      const byId = new Map(rows.map((r) => [r.id, r]));
      const touched = new Set<number>();
      for (const it of items) {
        if (!it.ok) continue;
        const c = byId.get(it.copyId!)!;
        const gone = await tx
          .delete(copy)
          .where(
            scope.where(
              copy,
              eq(copy.id, c.id),
              eq(copy.version, c.version),
              notExists(
                tx
                  .select({ x: sql`1` })
                  .from(loan)
                  .where(and(eq(loan.copyId, copy.id), isNull(loan.returnedAt))),
              ),
            ),
          )
          .returning({ id: copy.id });
        if (gone.length) touched.add(c.recordId);
        else Object.assign(it, { ok: false, reason: t('catalogue.copyChanged') });
      }
      if (b.removeEmptyRecords && touched.size) {
        const removed = await tx
          .delete(catalogueRecord)
          .where(
            scope.where(
              catalogueRecord,
              inArray(catalogueRecord.id, [...touched]),
              notExists(
                tx
                  .select({ x: sql`1` })
                  .from(copy)
                  .where(and(eq(copy.recordId, catalogueRecord.id))),
              ),
            ),
          )
          .returning({ id: catalogueRecord.id });
        recordsRemoved = removed.length;
      }
    });
  } else if (b.removeEmptyRecords) {
    // How many records would be left without a copy.
    const recordOf = new Map(rows.map((r) => [r.id, r.recordId]));
    const gone = new Map<number, number>();
    for (const it of items) {
      if (!it.ok) continue;
      const rec = recordOf.get(it.copyId!)!;
      gone.set(rec, (gone.get(rec) ?? 0) + 1);
    }
    if (gone.size) {
      const left = await db
        .select({ id: copy.recordId, n: sql<number>`count(*)::int` })
        .from(copy)
        .where(scope.where(copy, inArray(copy.recordId, [...gone.keys()])))
        .groupBy(copy.recordId);
      recordsRemoved = left.filter((r) => r.n === gone.get(r.id)).length;
    }
  }
  return { list: [...head, ...items, ...tail], recordsRemoved };
}
