import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { awardPoints } from '../points/award.ts';
import type { serviceSign } from './volunteers.table.ts';

/**
 * Points 'volunteer_hours' for a closed service session: one unit per whole hour served, credited once per session
 * (the ledger is idempotent per event and session), in the caller's transaction.
 */
export async function awardServiceHours(db: Db, scope: Scope, row: typeof serviceSign.$inferSelect): Promise<number> {
  const hours = Math.floor(row.minutes / 60);
  if (row.state !== 'done' || hours < 1) return 0;
  return awardPoints(db, scope, {
    userId: row.userId,
    event: 'volunteer_hours',
    refType: 'service_sign',
    refId: row.id,
    units: hours,
    at: row.signOutAt ?? undefined,
  });
}
