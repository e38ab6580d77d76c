import type { IssueDto } from '@shuyuan/contracts/serials/order';
import type { NumberingPatternInput } from '@shuyuan/contracts/serials/pattern';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { type PredictedIssue, predictIssues } from './prediction.ts';
import { serialIssue, serialSubscription } from './serials.table.ts';

/** The issues a pattern predicts within a calendar year (from the first issue's date if that is later). */
export function predictYear(pattern: NumberingPatternInput, year: number): PredictedIssue[] {
  const from = `${year}-01-01` > pattern.firstDate ? `${year}-01-01` : pattern.firstDate;
  return predictIssues(pattern, from, `${year}-12-31`);
}

/** An issue's state as screens show it: an expected issue past its date is late (computed, never stored). */
export const shownState = (state: string, expectedDate: string | null, today: string) =>
  state === 'expected' && expectedDate != null && expectedDate < today ? 'late' : state;

async function subscriptionOf(db: Db, scope: Scope, id: number, lock = false) {
  const q = db
    .select()
    .from(serialSubscription)
    .where(scope.where(serialSubscription, eq(serialSubscription.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The issues written for a subscription, in order. */
export async function listIssues(db: Db, scope: Scope, subscriptionId: number, today: string): Promise<IssueDto[]> {
  await subscriptionOf(db, scope, subscriptionId);
  const rows = await db
    .select()
    .from(serialIssue)
    .where(scope.where(serialIssue, eq(serialIssue.subscriptionId, subscriptionId)))
    .orderBy(asc(serialIssue.expectedDate), asc(serialIssue.seq));
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    expectedDate: r.expectedDate,
    year: r.year,
    volume: r.volume,
    issueNo: r.issueNo,
    wholeNo: r.wholeNo,
    state: shownState(r.state, r.expectedDate, today),
    arrivedCopies: r.arrivedCopies,
  }));
}

/** Stores a subscription's numbering pattern (nothing is predicted until "predict the year"). */
export async function savePattern(db: Db, scope: Scope, id: number, pattern: NumberingPatternInput) {
  await subscriptionOf(db, scope, id);
  await db
    .update(serialSubscription)
    .set({ pattern, updatedAt: sql`now()` })
    .where(scope.where(serialSubscription, eq(serialSubscription.id, id)));
  return { id };
}

/**
 * Writes the year's predicted issues of a subscription. The first time, every issue of the year. Again (the
 * pattern changed mid-year): only issues expected from `today` on that have not arrived (nor been claimed or
 * declared missing) are replaced; arrived, claimed and past issues stay, and a predicted issue whose number a kept
 * issue already carries is not written twice.
 */
export async function predictSubscription(
  db: Db,
  scope: Scope,
  id: number,
  today: string,
): Promise<{ written: number; kept: number; removed: number }> {
  return db.transaction(async (tx) => {
    const sub = await subscriptionOf(tx, scope, id, true);
    if (!sub.pattern) throw fail('NO_PATTERN', 'serials.subscription.noPattern');
    if (sub.pattern.frequency === 'irregular') throw fail('IRREGULAR', 'serials.subscription.irregular');
    const predicted = predictYear(sub.pattern, sub.year);
    const replaceable = and(
      eq(serialIssue.subscriptionId, id),
      eq(serialIssue.state, 'expected'),
      eq(serialIssue.arrivedCopies, 0),
      gte(serialIssue.expectedDate, today),
    );
    const removed = await tx.delete(serialIssue).where(replaceable).returning({ id: serialIssue.id });
    const kept = await tx
      .select({ seq: serialIssue.seq, issueNo: serialIssue.issueNo, year: serialIssue.year })
      .from(serialIssue)
      .where(eq(serialIssue.subscriptionId, id));
    const first = kept.length === 0;
    const taken = new Set(kept.map((k) => `${k.year}/${k.issueNo}`));
    let seq = kept.reduce((a, k) => Math.max(a, k.seq), 0);
    const rows = predicted
      .filter((p) => (first || p.date >= today) && !taken.has(`${p.year}/${p.issue}`))
      .map((p) =>
        scope.values({
          subscriptionId: id,
          titleId: sub.titleId,
          seq: ++seq,
          expectedDate: p.date,
          year: p.year,
          volume: p.volume,
          issueNo: p.issue,
          wholeNo: p.wholeNumber,
        }),
      );
    for (let i = 0; i < rows.length; i += 500) await tx.insert(serialIssue).values(rows.slice(i, i + 500));
    return { written: rows.length, kept: kept.length, removed: removed.length };
  });
}
