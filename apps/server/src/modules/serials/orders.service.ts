import type { OrderDto, OrderListQuery, OrderSave } from '@shuyuan/contracts/serials/order';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { serialIssue, serialSubscription, serialSubscriptionPlace, serialTitle } from './serials.table.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listWhere(scope: Scope, q: OrderListQuery): SQL | undefined {
  const key = q.SearchKey?.trim();
  return scope.where(
    serialSubscription,
    q.year ? eq(serialSubscription.year, q.year) : undefined,
    q.titleId ? eq(serialSubscription.titleId, q.titleId) : undefined,
    q.state ? eq(serialSubscription.state, q.state) : undefined,
    q.kind ? eq(serialTitle.kind, q.kind) : undefined,
    key
      ? or(
          ilike(serialTitle.title, like(key)),
          ilike(serialTitle.issn, like(key)),
          ilike(serialTitle.postalCode, like(key)),
          ilike(serialSubscription.orderNo, like(key)),
        )
      : undefined,
  );
}

/** Year orders with their title, places and issue counts; ordered by postal code as the post office lists them. */
export async function listOrders(
  db: Db,
  scope: Scope,
  q: OrderListQuery,
  all = false,
): Promise<{ List: OrderDto[]; Total: number }> {
  const where = listWhere(scope, q);
  const base = db
    .select({ s: serialSubscription, t: serialTitle })
    .from(serialSubscription)
    .innerJoin(serialTitle, eq(serialTitle.id, serialSubscription.titleId))
    .where(where)
    .orderBy(desc(serialSubscription.year), asc(serialTitle.postalCode), asc(serialSubscription.id));
  const rows = all ? await base : await base.limit(q.Rows).offset((q.Page - 1) * q.Rows);
  const [{ n }] = await db
    .select({ n: count() })
    .from(serialSubscription)
    .innerJoin(serialTitle, eq(serialTitle.id, serialSubscription.titleId))
    .where(where);
  return { List: await withDetails(db, rows), Total: n };
}

async function withDetails(
  db: Db,
  rows: { s: typeof serialSubscription.$inferSelect; t: typeof serialTitle.$inferSelect }[],
): Promise<OrderDto[]> {
  const ids = rows.map((r) => r.s.id);
  const places = ids.length
    ? await db
        .select({
          subscriptionId: serialSubscriptionPlace.subscriptionId,
          locationId: serialSubscriptionPlace.locationId,
          locationName: location.name,
          copies: serialSubscriptionPlace.copies,
        })
        .from(serialSubscriptionPlace)
        .innerJoin(location, eq(location.id, serialSubscriptionPlace.locationId))
        .where(inArray(serialSubscriptionPlace.subscriptionId, ids))
        .orderBy(asc(location.sort), asc(location.id))
    : [];
  const issues = ids.length
    ? await db
        .select({
          subscriptionId: serialIssue.subscriptionId,
          n: count(),
          arrived: sql<number>`count(*) filter (where ${serialIssue.arrivedCopies} > 0)::int`,
        })
        .from(serialIssue)
        .where(inArray(serialIssue.subscriptionId, ids))
        .groupBy(serialIssue.subscriptionId)
    : [];
  return rows.map(({ s, t }) => {
    const is = issues.find((i) => i.subscriptionId === s.id);
    return {
      id: s.id,
      titleId: t.id,
      title: t.title,
      kind: t.kind as OrderDto['kind'],
      issn: t.issn ?? '',
      postalCode: t.postalCode ?? '',
      cnNumber: t.cnNumber,
      publisher: t.publisher,
      frequency: t.frequency,
      pricePerYearFen: t.pricePerYearFen,
      year: s.year,
      copies: s.copies,
      supplier: s.supplier,
      orderNo: s.orderNo,
      totalPriceFen: s.totalPriceFen,
      renewedFrom: s.renewedFrom,
      state: s.state as OrderDto['state'],
      note: s.note,
      places: places
        .filter((p) => p.subscriptionId === s.id)
        .map(({ locationId, locationName, copies }) => ({ locationId, locationName, copies })),
      pattern: s.pattern ?? null,
      issueCount: is?.n ?? 0,
      arrivedCount: is?.arrived ?? 0,
    };
  });
}

export async function getOrder(db: Db, scope: Scope, id: number): Promise<OrderDto> {
  const rows = await db
    .select({ s: serialSubscription, t: serialTitle })
    .from(serialSubscription)
    .innerJoin(serialTitle, eq(serialTitle.id, serialSubscription.titleId))
    .where(scope.where(serialSubscription, eq(serialSubscription.id, id)));
  if (!rows.length) throw notFound();
  return (await withDetails(db, rows))[0];
}

/** A title of the school, or a field issue on `titleId`. */
export async function titleOf(db: Db, scope: Scope, id: number, t: Tr, path = 'titleId') {
  const [row] = await db
    .select()
    .from(serialTitle)
    .where(scope.where(serialTitle, eq(serialTitle.id, id)))
    .limit(1);
  if (!row) throw invalid([{ path, message: t('serials.order.titleRequired') }]);
  return row;
}

/** Refuses a second order of a title for the same year, naming the title and the year. */
export async function refuseDuplicate(
  db: Db,
  scope: Scope,
  title: { id: number; title: string },
  year: number,
  exceptId?: number,
): Promise<void> {
  const [dup] = await db
    .select({ id: serialSubscription.id })
    .from(serialSubscription)
    .where(
      scope.where(
        serialSubscription,
        eq(serialSubscription.titleId, title.id),
        eq(serialSubscription.year, year),
        exceptId ? ne(serialSubscription.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw fail('DUPLICATE', 'serials.order.duplicate', { title: title.title, year });
}

/** Writes a subscription's places, checking every location is the school's and the sum fits the copies. */
export async function writePlaces(
  db: Db,
  scope: Scope,
  subscriptionId: number,
  copies: number,
  places: { locationId: number; copies: number }[],
  t: Tr,
): Promise<void> {
  const ids = [...new Set(places.map((p) => p.locationId))];
  if (ids.length !== places.length) throw invalid([{ path: 'places', message: t('serials.order.placeTwice') }]);
  if (places.reduce((a, p) => a + p.copies, 0) > copies)
    throw invalid([{ path: 'places', message: t('serials.order.placesExceed') }]);
  if (ids.length) {
    const found = await db
      .select({ id: location.id })
      .from(location)
      .where(scope.where(location, inArray(location.id, ids)));
    if (found.length !== ids.length) throw invalid([{ path: 'places', message: t('serials.order.placeRequired') }]);
  }
  await db.delete(serialSubscriptionPlace).where(eq(serialSubscriptionPlace.subscriptionId, subscriptionId));
  if (places.length) await db.insert(serialSubscriptionPlace).values(places.map((p) => ({ subscriptionId, ...p })));
}

/** Creates or changes a year's order of a title, with its places, in one transaction. */
export async function saveOrder(db: Db, scope: Scope, b: OrderSave, t: Tr): Promise<OrderDto> {
  const id = await db.transaction(async (tx) => {
    const title = await titleOf(tx, scope, b.titleId, t);
    let existing: typeof serialSubscription.$inferSelect | undefined;
    if (b.id) {
      [existing] = await tx
        .select()
        .from(serialSubscription)
        .where(scope.where(serialSubscription, eq(serialSubscription.id, b.id)))
        .for('update');
      if (!existing) throw notFound();
    }
    await refuseDuplicate(tx, scope, title, b.year, b.id);
    if (existing && existing.year !== b.year) {
      const [issues] = await tx
        .select({ n: count() })
        .from(serialIssue)
        .where(eq(serialIssue.subscriptionId, existing.id));
      if (issues.n > 0) throw invalid([{ path: 'year', message: t('serials.order.yearLocked') }]);
    }
    const total = b.totalPriceFen ?? (title.pricePerYearFen == null ? null : title.pricePerYearFen * b.copies);
    const values = {
      titleId: b.titleId,
      year: b.year,
      copies: b.copies,
      supplier: b.supplier,
      orderNo: b.orderNo,
      totalPriceFen: total,
      note: b.note,
      ...(b.pattern === undefined ? {} : { pattern: b.pattern }),
    };
    let subId: number;
    if (existing) {
      await tx
        .update(serialSubscription)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(serialSubscription.id, existing.id));
      subId = existing.id;
    } else {
      const [row] = await tx
        .insert(serialSubscription)
        .values(scope.values(values))
        .returning({ id: serialSubscription.id });
      subId = row.id;
    }
    await writePlaces(tx, scope, subId, b.copies, b.places, t);
    return subId;
  });
  return getOrder(db, scope, id);
}

/** Deletes orders none of whose issues have arrived (their predicted issues go with them). */
export async function deleteOrders(db: Db, scope: Scope, ids: number[]): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: serialSubscription.id })
      .from(serialSubscription)
      .where(scope.where(serialSubscription, inArray(serialSubscription.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound();
    const [arrived] = await tx
      .select({ title: serialTitle.title, year: serialSubscription.year })
      .from(serialIssue)
      .innerJoin(serialSubscription, eq(serialSubscription.id, serialIssue.subscriptionId))
      .innerJoin(serialTitle, eq(serialTitle.id, serialSubscription.titleId))
      .where(and(inArray(serialIssue.subscriptionId, ids), ne(serialIssue.arrivedCopies, 0)))
      .limit(1);
    if (arrived) throw fail('IN_USE', 'serials.order.hasArrivals', arrived);
    await tx.delete(serialSubscription).where(scope.where(serialSubscription, inArray(serialSubscription.id, ids)));
    return { count: rows.length };
  });
}
