import type { DonationDto } from '@shuyuan/contracts/donations/donation';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/route.ts';
import { acceptanceBatch } from '../catalogue/catalogue.table.ts';
import { peopleOf } from '../volunteers/people.ts';
import type { donation } from './donation.table.ts';

/** A donation as the screens show it: the reader's name and card number, the batch's number. */
export async function donationDto(db: Db, ctx: Ctx<any>, r: typeof donation.$inferSelect): Promise<DonationDto> {
  const reader = r.readerId ? (await peopleOf(db, ctx.scope, [r.readerId])).get(r.readerId) : undefined;
  const [b] = r.batchId
    ? await db
        .select({ no: acceptanceBatch.batchNo })
        .from(acceptanceBatch)
        .where(ctx.scope.where(acceptanceBatch, eq(acceptanceBatch.id, r.batchId)))
    : [];
  return {
    id: r.id,
    donorKind: r.donorKind as DonationDto['donorKind'],
    donorName: r.donorName,
    readerId: r.readerId,
    readerAccount: reader?.account ?? '',
    readerName: reader?.name ?? '',
    donatedOn: r.donatedOn,
    batchId: r.batchId,
    batchNo: b?.no ?? '',
    note: r.note,
    items: r.items,
    books: r.books,
    points: r.points,
    createdAt: r.createdAt.toISOString(),
  };
}
