import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { awardPoints } from '../points/award.ts';
import type { donation } from './donation.table.ts';

/** Points 'donation' to the reader donor: one unit per book, credited once per donation, in the caller's transaction. */
export async function awardDonation(db: Db, scope: Scope, row: typeof donation.$inferSelect): Promise<number> {
  if (!row.readerId || row.books < 1) return 0;
  return awardPoints(db, scope, {
    userId: row.readerId,
    event: 'donation',
    refType: 'donation',
    refId: row.id,
    units: row.books,
  });
}
