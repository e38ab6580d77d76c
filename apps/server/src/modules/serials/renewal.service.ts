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
 * copies, supplier, places (kept when they still fit the copies) and the pattern carried on; added titles get a
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
      const own = places.filter((p) => p.subscriptionId === old.id);
      if (own.length && own.reduce((a, p) => a + p.copies, 0) <= item.copies)
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
