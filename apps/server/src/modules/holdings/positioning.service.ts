import type { ItemResult } from '@shuyuan/contracts/holdings/bulk';
import type { ShelfItemQuery, ShelfNumberBody } from '@shuyuan/contracts/holdings/movement';
import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { invalid } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { shelf, shelfPosition } from '../basic/shelf.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { copiesByBarcode, dedupe, missingCopy, type Tr } from './copy-ops.ts';
import { copyShelf } from './holdings.table.ts';

/** A shelf position of the school by id, or by its code or barcode (scanned from the shelf label). */
async function findPosition(db: Db, scope: Scope, q: { positionId?: number; position?: string }) {
  const cond = q.positionId
    ? eq(shelfPosition.id, q.positionId)
    : or(eq(shelfPosition.code, q.position!), eq(shelfPosition.barcode, q.position!));
  const [p] = await db
    .select({
      id: shelfPosition.id,
      code: shelfPosition.code,
      shelfId: shelfPosition.shelfId,
      locationId: shelf.locationId,
      shelfCode: shelf.code,
    })
    .from(shelfPosition)
    .innerJoin(shelf, eq(shelf.id, shelfPosition.shelfId))
    .where(scope.where(shelfPosition, cond))
    .limit(1);
  return p ?? null;
}

/**
 * `P/Literature/ShelfNumber`: places copies on a shelf position (a copy stands in one place: an earlier
 * position is replaced). A copy of another location is refused — transfer it first; a copy out on loan can
 * be placed (it goes back to this place).
 */
export async function placeCopies(db: Db, scope: Scope, user: Principal | undefined, b: ShelfNumberBody, t: Tr) {
  const pos = await findPosition(db, scope, b);
  if (!pos) throw invalid([{ path: 'position', message: t('holdings.position.notFound') }]);
  const { unique, repeated } = dedupe(b.barcodes, t);
  const found = await copiesByBarcode(db, scope, unique);
  const missing = await missingCopy(db, scope, t);
  const items: ItemResult[] = [];
  await db.transaction(async (tx) => {
    for (const bc of unique) {
      const c = found.get(bc);
      if (!c) {
        items.push(missing(bc));
        continue;
      }
      const base = { barcode: bc, copyId: c.id, title: c.title };
      if (c.locationId != null && c.locationId !== pos.locationId) {
        items.push({ ...base, ok: false, reason: t('holdings.position.otherLocation') });
        continue;
      }
      await tx
        .insert(copyShelf)
        .values(scope.values({ copyId: c.id, shelfPositionId: pos.id, operatorId: user?.userId ?? null }))
        .onConflictDoUpdate({
          target: copyShelf.copyId,
          set: { shelfPositionId: pos.id, operatorId: user?.userId ?? null, placedAt: new Date() },
        });
      items.push({ ...base, ok: true, after: { position: pos.code } });
    }
  });
  return { position: pos, items: [...items, ...repeated] };
}

/** Takes copies off their shelf positions. */
export async function unshelve(db: Db, scope: Scope, barcodes: string[], t: Tr): Promise<ItemResult[]> {
  const { unique, repeated } = dedupe(barcodes, t);
  const found = await copiesByBarcode(db, scope, unique);
  const ids = [...found.values()].map((c) => c.id);
  const gone = ids.length
    ? await db
        .delete(copyShelf)
        .where(scope.where(copyShelf, inArray(copyShelf.copyId, ids)))
        .returning({ id: copyShelf.copyId })
    : [];
  const off = new Set(gone.map((g) => g.id));
  const missing = await missingCopy(db, scope, t);
  return [
    ...unique.map((bc): ItemResult => {
      const c = found.get(bc);
      if (!c) return missing(bc);
      return off.has(c.id)
        ? { barcode: bc, copyId: c.id, title: c.title, ok: true }
        : { barcode: bc, copyId: c.id, title: c.title, ok: false, reason: t('holdings.position.notPlaced') };
    }),
    ...repeated,
  ];
}

/** `P/Literature/GetShelfItem`: the copies placed on a shelf (every position) or on one position. */
export async function shelfItems(db: Db, scope: Scope, q: ShelfItemQuery, t: Tr) {
  let cond: SQL;
  if (q.positionId || q.position) {
    const pos = await findPosition(db, scope, q);
    if (!pos) throw invalid([{ path: 'position', message: t('holdings.position.notFound') }]);
    cond = eq(copyShelf.shelfPositionId, pos.id);
  } else if (q.shelfId) cond = eq(shelfPosition.shelfId, q.shelfId);
  else throw invalid([{ path: 'position', message: t('holdings.positionRequired') }]);
  const where = scope.where(copyShelf, cond);
  const from = () =>
    db
      .select({
        copyId: copy.id,
        barcode: copy.barcode,
        callNo: copy.callNo,
        circState: copy.circState,
        title: catalogueRecord.title,
        author: catalogueRecord.author,
        position: shelfPosition.code,
        layer: shelfPosition.layer,
        column: shelfPosition.column,
        placedAt: copyShelf.placedAt,
      })
      .from(copyShelf)
      .innerJoin(copy, eq(copy.id, copyShelf.copyId))
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .innerJoin(shelfPosition, eq(shelfPosition.id, copyShelf.shelfPositionId));
  const [rows, [{ n }]] = await Promise.all([
    from()
      .where(where)
      .orderBy(asc(shelfPosition.code), asc(copy.callNo), asc(copy.barcode))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db
      .select({ n: count() })
      .from(copyShelf)
      .innerJoin(shelfPosition, eq(shelfPosition.id, copyShelf.shelfPositionId))
      .where(and(where)),
  ]);
  return list(rows, n);
}
