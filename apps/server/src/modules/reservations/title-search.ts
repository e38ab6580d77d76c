import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import type { ReservableTitleDto } from '@shuyuan/contracts/reservations/reservation';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../platform/resource/query.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { reservation } from './reservation.table.ts';

/**
 * Titles to reserve, found by ISBN (digits, hyphens ignored) or by title words: with how many copies the
 * library holds, how many are on the shelf and how many readers wait. At most 20, exact ISBN matches first.
 */
export async function findReservableTitles(db: Db, scope: Scope, key: string): Promise<ReservableTitleDto[]> {
  const digits = key.replace(/[-\s]/g, '');
  const isIsbn = /^\d{9}[\dXx]$|^\d{13}$/.test(digits);
  // Subqueries name their tables explicitly: drizzle leaves columns unqualified in a one-table select.
  const copies = (cond = sql`true`) =>
    sql<number>`(select count(*) from ${copy} c where c.record_id = ${catalogueRecord}.id
      and c.store_type not in (${StoreType.WEEDED}, ${StoreType.LOST}) and c.circ_state <> ${CircState.LOST}
      and ${cond})`.mapWith(Number);
  const rows = await db
    .select({
      recordId: catalogueRecord.id,
      title: catalogueRecord.title,
      author: catalogueRecord.author,
      isbn: catalogueRecord.isbn,
      publisher: catalogueRecord.publisher,
      copies: copies(),
      available: copies(sql`c.circ_state = ${CircState.AVAILABLE}`),
      waiting: sql<number>`(select count(*) from ${reservation} r where r.record_id = ${catalogueRecord}.id
        and r.state = 'waiting')`.mapWith(Number),
    })
    .from(catalogueRecord)
    .where(
      scope.where(
        catalogueRecord,
        isIsbn
          ? sql`replace(${catalogueRecord.isbn}, '-', '') = ${digits.toUpperCase()}`
          : sql`${catalogueRecord.title} ilike ${likePattern(key)}`,
      ),
    )
    .orderBy(sql`length(${catalogueRecord.title})`, asc(catalogueRecord.id))
    .limit(20);
  return rows;
}
