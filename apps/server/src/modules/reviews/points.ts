import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';

/**
 * Credits the school's points for an approved review or share, in the caller's transaction: the points module's
 * awardPoints (idempotent per event, reference and reader, so a re-approval after an edit credits once).
 */
export async function awardOnPass(
  _db: Db,
  _scope: Scope,
  _event: 'review_approved' | 'share_approved',
  _refType: string,
  _refId: number,
  _userId: number,
): Promise<void> {
  // Wired to modules/points awardPoints once it lands on main (POINTS-API.md).
}
