import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { findReader } from './reader.service.ts';

/**
 * P/Circulation/GetReaderHolds: the copies waiting on the hold shelf for this reader (reservations 'ready'),
 * soonest hold end first — the desk reminds the librarian to fetch them while the reader is there.
 */
export async function readerHolds(db: Db, scope: Scope, readerBarcode: string) {
  const r = await findReader(db, scope, { readerBarcode });
  return db
    .select({
      reservationId: reservation.id,
      barcode: copy.barcode,
      title: catalogueRecord.title,
      callNo: copy.callNo,
      holdUntil: reservation.holdUntil,
    })
    .from(reservation)
    .innerJoin(copy, eq(copy.id, reservation.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, reservation.recordId))
    .where(scope.where(reservation, and(eq(reservation.readerId, r.id), eq(reservation.state, 'ready'))))
    .orderBy(asc(reservation.holdUntil), asc(reservation.id));
}
