import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { holdsOf } from './desk-panel.service.ts';
import { findReader } from './reader.service.ts';

/**
 * P/Circulation/GetReaderHolds: the copies waiting on the hold shelf for this reader (reservations 'ready'),
 * soonest hold end first — the desk reminds the librarian to fetch them while the reader is there.
 */
export async function readerHolds(db: Db, scope: Scope, readerBarcode: string) {
  const r = await findReader(db, scope, { readerBarcode });
  return holdsOf(db, scope, r.id);
}
