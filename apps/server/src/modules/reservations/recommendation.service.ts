import type { AddRecommendationBody, RecommendationDto } from '@shuyuan/contracts/reservations/recommendation';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { findReader } from '../circulation/reader.service.ts';
import { userNames } from '../reminders/user-names.ts';
import { recommendation } from './reservation.table.ts';

type Row = typeof recommendation.$inferSelect;

/** A new suggestion by reader `readerId` (or by nobody known: entered by staff without a reader). */
export async function addRecommendation(
  db: Db,
  scope: Scope,
  b: AddRecommendationBody,
  suggester: { readerId: number | null },
) {
  let readerId = suggester.readerId;
  if (b.readerBarcode) readerId = (await findReader(db, scope, { readerBarcode: b.readerBarcode })).id;
  const isbn = b.isbn.replace(/[-\s]/g, '').toUpperCase();
  const [row] = await db
    .insert(recommendation)
    .values(
      scope.values({
        readerId,
        title: b.title,
        author: b.author,
        isbn,
        publisher: b.publisher,
        reason: b.reason,
      }),
    )
    .returning();
  return { id: row.id, state: row.state };
}

async function lock(db: Db, scope: Scope, id: number) {
  const [r] = await db
    .select()
    .from(recommendation)
    .where(scope.where(recommendation, eq(recommendation.id, id)));
  if (!r) throw notFound();
  return r;
}

/**
 * Handles a pending (or earlier not-found) suggestion: found — the library has or bought it, linked to the
 * catalogue record given (else the school's record with the same ISBN) — or not found. Cancelled and found ones are final (REC_STATE).
 */
export async function handleRecommendation(
  db: Db,
  scope: Scope,
  b: { id: number; result: 'found' | 'not_found'; recordId?: number; note: string },
  operatorId: number | null,
) {
  const r = await lock(db, scope, b.id);
  if (r.state !== 'pending' && r.state !== 'not_found') throw fail('REC_STATE', 'reservations.rec.handled');
  let recordId = b.recordId;
  if (recordId === undefined && b.result === 'found' && r.isbn) {
    // Found without naming the record: the school's record with the same ISBN, when there is one.
    const [same] = await db
      .select({ id: catalogueRecord.id })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, sql`replace(${catalogueRecord.isbn}, '-', '') = ${r.isbn}`))
      .limit(1);
    recordId = same?.id;
  }
  if (b.recordId !== undefined) {
    const [rec] = await db
      .select({ id: catalogueRecord.id })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, eq(catalogueRecord.id, b.recordId)));
    if (!rec) throw invalid([{ path: 'recordId', message: 'reservations.recordNotFound' }]);
  }
  await db
    .update(recommendation)
    .set({
      state: b.result,
      recordId: b.result === 'found' ? (recordId ?? null) : null,
      handledBy: operatorId,
      handledAt: new Date(),
      note: b.note,
    })
    .where(eq(recommendation.id, r.id));
  return { id: r.id, state: b.result };
}

export async function cancelRecommendation(db: Db, scope: Scope, id: number, note: string, operatorId: number | null) {
  const r = await lock(db, scope, id);
  if (r.state === 'cancelled' || r.state === 'found') throw fail('REC_STATE', 'reservations.rec.handled');
  await db
    .update(recommendation)
    .set({ state: 'cancelled', handledBy: operatorId, handledAt: new Date(), note: note || r.note })
    .where(eq(recommendation.id, r.id));
  return { id: r.id, state: 'cancelled' as const };
}

export async function recommendationDto(r: Row, ctx: Ctx<any>): Promise<RecommendationDto> {
  const names = await userNames(ctx.db, [r.readerId, r.handledBy]);
  let recordTitle: string | null = null;
  if (r.recordId) {
    const [rec] = await ctx.db
      .select({ title: catalogueRecord.title })
      .from(catalogueRecord)
      .where(ctx.scope.where(catalogueRecord, eq(catalogueRecord.id, r.recordId)));
    recordTitle = rec?.title ?? null;
  }
  return {
    id: r.id,
    state: r.state as RecommendationDto['state'],
    readerId: r.readerId,
    readerAccount: r.readerId ? (names.get(r.readerId)?.account ?? '') : '',
    readerName: r.readerId ? (names.get(r.readerId)?.name ?? '') : '',
    title: r.title,
    author: r.author,
    isbn: r.isbn,
    publisher: r.publisher,
    reason: r.reason,
    recordId: r.recordId,
    recordTitle,
    handledByName: r.handledBy ? (names.get(r.handledBy)?.name ?? null) : null,
    handledAt: r.handledAt?.toISOString() ?? null,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  };
}
