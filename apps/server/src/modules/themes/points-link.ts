import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';

/**
 * Where theme reading awards points (issue 16): `activity_submission` for a passed submission, `activity_award` for
 * completing a theme. Goes through the points module's awardPoints (idempotent per event and reference).
 */
export async function awardThemePoints(
  _db: Db,
  _scope: Scope,
  _e: {
    userId: number;
    event: 'activity_submission' | 'activity_award';
    refType: string;
    refId: number;
    note?: string;
  },
): Promise<number> {
  // The points module is not on main yet: wired when it lands.
  return 0;
}
