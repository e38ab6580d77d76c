import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { awardPoints } from '../points/award.ts';

/**
 * Credits the school's points for an approved review or share, in the caller's transaction: the points module's
 * awardPoints (the rule's points and caps; idempotent per event, reference and reader, so a review passed again
 * after an edit credits once).
 */
export async function awardOnPass(
  db: Db,
  scope: Scope,
  event: 'review_approved' | 'share_approved',
  refType: string,
  refId: number,
  userId: number,
): Promise<number> {
  return awardPoints(db, scope, { userId, event, refType, refId });
}
