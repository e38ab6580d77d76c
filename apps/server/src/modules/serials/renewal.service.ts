import type { RenewBody } from '@shuyuan/contracts/serials/order';
import type { NumberingPatternInput } from '@shuyuan/contracts/serials/pattern';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { refuseDuplicate, titleOf } from './orders.service.ts';
import { serialSubscription, serialSubscriptionPlace, serialTitle } from './serials.table.ts';
import { predictYear } from './subscriptions.service.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;

/**
 * The pattern carried into the next year: its first issue becomes the first one the old pattern predicts in that
 * year (date, number, volume, whole number), so next year's prediction continues the numbering.
 */
export function nextYearPattern(p: NumberingPatternInput | null, toYear: number): NumberingPatternInput | null {
  if (!p || p.frequency === 'irregular') return p;
  const [first] = predictYear(p, toYear);
  if (!first) return p;
  return {
    ...p,
    firstDate: first.date,
    firstIssue: first.issue,
    firstVolume: first.volume,
    firstWholeNumber: first.wholeNumber,
  };
}

/**
 * Next year's orders from this year's in one step: the picked orders are copied with their (possibly changed)
 * copies, supplier, places (scaled down by `fitPlaces` when fewer copies are renewed) and the pattern carried on; added titles get a
 * plain order. All or nothing: a title already ordered for the year refuses the whole renewal, naming it.
 */
export async function renew(db: Db, scope: Scope, b: RenewBody, t: Tr): Promise<{ created: number; ids: number[] }> {
  if (b.toYear <= b.fromYear) throw invalid([{ path: 'toYear', message: t('serials.renew.toYearAfter') }]);
  if (!b.items.length && !b.addTitles.length) throw fail('NOTHING', 'serials.renew.nothing');
  return db.transaction(async (tx) => {
    const subIds = b.items.map((i) => i.subscriptionId);
    const olds = subIds.length
      ? await tx
          .select()
          .from(serialSubscription)
          .where(
            scope.where(
              serialSubscription,
              inArray(serialSubscription.id, subIds),
              eq(serialSubscription.year, b.fromYear),
            ),
          )
      : [];
    if (olds.length !== new Set(subIds).size) throw fail('NOT_FOUND', 'serials.renew.notThisYear');
    const places = subIds.length
      ? await tx.select().from(serialSubscriptionPlace).where(inArray(serialSubscriptionPlace.subscriptionId, subIds))
      : [];
    const titleIds = [...olds.map((o) => o.titleId), ...b.addTitles.map((a) => a.titleId)];
    if (new Set(titleIds).size !== titleIds.length) throw fail('DUPLICATE', 'serials.renew.titleTwice');
    const titles = await tx
      .select()
      .from(serialTitle)
      .where(scope.where(serialTitle, and(inArray(serialTitle.id, titleIds))));
    const byId = new Map(titles.map((x) => [x.id, x]));
    for (const a of b.addTitles) await titleOf(tx, scope, a.titleId, t, 'addTitles');
    for (const id of titleIds) await refuseDuplicate(tx, scope, byId.get(id)!, b.toYear);
    const ids: number[] = [];
    const total = (titleId: number, copies: number) => {
      const fen = byId.get(titleId)?.pricePerYearFen;
      return fen == null ? null : fen * copies;
    };
    for (const item of b.items) {
      const old = olds.find((o) => o.id === item.subscriptionId)!;
      const [row] = await tx
        .insert(serialSubscription)
        .values(
          scope.values({
            titleId: old.titleId,
            year: b.toYear,
            copies: item.copies,
            supplier: old.supplier,
            orderNo: '',
            totalPriceFen: total(old.titleId, item.copies),
            renewedFrom: old.id,
            pattern: nextYearPattern(old.pattern, b.toYear),
            note: old.note,
          }),
        )
        .returning({ id: serialSubscription.id });
      const own = fitPlaces(
        places.filter((p) => p.subscriptionId === old.id),
        item.copies,
      );
      if (own.length)
        await tx
          .insert(serialSubscriptionPlace)
          .values(own.map((p) => ({ subscriptionId: row.id, locationId: p.locationId, copies: p.copies })));
      ids.push(row.id);
    }
    for (const a of b.addTitles) {
      const [row] = await tx
        .insert(serialSubscription)
        .values(
          scope.values({
            titleId: a.titleId,
            year: b.toYear,
            copies: a.copies,
            totalPriceFen: total(a.titleId, a.copies),
          }),
        )
        .returning({ id: serialSubscription.id });
      ids.push(row.id);
    }
    return { created: ids.length, ids };
  });
}

/**
 * A renewed order's places: kept as they were when they fit the copies, else shared out in proportion (each place
 * its whole share, the copies left to the largest remainders, then to the place listed first); a place left with
 * nothing is dropped. The sum never exceeds the copies.
 */
export function fitPlaces<P extends { locationId: number; copies: number }>(places: P[], copies: number): P[] {
  const sum = places.reduce((a, p) => a + p.copies, 0);
  if (sum <= copies) return places;
  const shares = places.map((p, i) => {
    const exact = (p.copies * copies) / sum;
    return { i, n: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = copies - shares.reduce((a, x) => a + x.n, 0);
  for (const x of [...shares].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    x.n++;
    left--;
  }
  return places.map((p, i) => ({ ...p, copies: shares[i].n })).filter((p) => p.copies > 0);
}
