import type { ModerateBody } from '@shuyuan/contracts/reviews/review';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { awardOnPass } from './points.ts';
import { bookReview, readingShare } from './reviews.table.ts';
import { reviewSettings } from './settings.service.ts';

const KINDS = {
  review: { table: bookReview, event: 'review_approved', refType: 'book_review', points: 'reviewPoints' },
  share: { table: readingShare, event: 'share_approved', refType: 'reading_share', points: 'sharePoints' },
} as const;
export type Moderated = keyof typeof KINDS;

/**
 * Passes or rejects reviews or shares (every id must be the school's, else not found and nothing changes). A pass
 * credits the school's point rule (`review_approved` / `share_approved`) when the settings' points switch is on —
 * once per item: awardPoints is idempotent per reference.
 */
export async function moderate(
  db: Db,
  scope: Scope,
  user: Principal,
  kind: Moderated,
  body: ModerateBody,
): Promise<{ count: number }> {
  const k = KINDS[kind];
  // Both tables carry the same id, school, reader and moderation columns (reviews.table.ts `moderation`).
  const table = k.table as typeof bookReview;
  const ids = [...new Set(body.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: table.id, userId: table.userId })
      .from(table)
      .where(scope.where(table, inArray(table.id, ids)))
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    await tx
      .update(table)
      .set({
        state: body.pass ? 'passed' : 'rejected',
        rejectReason: body.pass ? '' : body.reason,
        reviewedBy: user.userId,
        reviewedByName: user.name,
        reviewedAt: new Date(),
      })
      .where(scope.where(table, inArray(table.id, ids)));
    if (body.pass && (await reviewSettings(tx, scope))[k.points])
      for (const r of rows) await awardOnPass(tx, scope, k.event, k.refType, r.id, r.userId);
    return { count: ids.length };
  });
}

/** Deletes reviews or shares of the school; any id not the school's → not found, nothing deleted. */
export async function deleteModerated(
  db: Db,
  scope: Scope,
  kind: Moderated,
  ids: number[],
): Promise<{ count: number }> {
  const table = KINDS[kind].table as typeof bookReview;
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(table)
      .where(scope.where(table, inArray(table.id, unique)))
      .returning({ id: table.id });
    if (gone.length !== unique.length) throw notFound();
    return { count: gone.length };
  });
}

/** `%text%` for ILIKE with the text's own % and _ taken literally. */
export const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
