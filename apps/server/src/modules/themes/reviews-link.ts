import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';

/**
 * Passed book reviews per reader (reviews module) of some records, written between two days of the school's
 * calendar: what a theme's review task counts.
 */
export async function passedReviewCounts(
  _db: Db,
  _scope: Scope,
  _q: { userIds: number[]; recordIds: number[]; from: string; to: string; tz: string },
): Promise<Map<number, number>> {
  // The reviews module is not on main yet: wired when it lands.
  return new Map();
}
