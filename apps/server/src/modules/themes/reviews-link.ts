import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { passedReviewsOf } from '../reviews/review.service.ts';

/**
 * Per reader, how many of some records they have a passed book review of (reviews module: one review per reader
 * and record, moderated): what a theme's review task counts.
 */
export async function passedReviewCounts(
  db: Db,
  scope: Scope,
  q: { userIds: number[]; recordIds: number[] },
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const u of q.userIds) out.set(u, (await passedReviewsOf(db, scope, u, q.recordIds)).length);
  return out;
}
