import { DEFAULT_REVIEW_SETTINGS, findBannedWord, type ReviewSettings } from '@shuyuan/contracts/reviews/setting';
import type { Db } from '../../db/client.ts';
import { BizError } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { reviewSetting } from './reviews.table.ts';

/** The school's moderation settings (defaults until /bookreview-setting is saved once). */
export async function reviewSettings(db: Db, scope: Scope): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewSetting).where(scope.where(reviewSetting));
  if (!row) return { ...DEFAULT_REVIEW_SETTINGS, bannedWords: [] };
  return {
    reviewModeration: row.reviewModeration,
    reviewMinLength: row.reviewMinLength,
    reviewPoints: row.reviewPoints,
    shareModeration: row.shareModeration,
    shareMinLength: row.shareMinLength,
    sharePoints: row.sharePoints,
    shareMaxPictures: row.shareMaxPictures,
    bannedWords: row.bannedWords ?? [],
  };
}

export async function saveReviewSettings(db: Db, scope: Scope, s: ReviewSettings): Promise<ReviewSettings> {
  const bannedWords = [...new Set(s.bannedWords.map((w) => w.trim()).filter(Boolean))];
  const values = { ...s, bannedWords, updatedAt: new Date() };
  await db
    .insert(reviewSetting)
    .values(scope.values(values))
    .onConflictDoUpdate({ target: [reviewSetting.schoolId], set: values });
  return reviewSettings(db, scope);
}

/**
 * What a reader writes, checked on save: at least `minLength` characters (spaces not counted) and no banned word.
 * Refused with a message naming the problem on field `path`; nothing is stored.
 */
export function checkWriting(
  t: (key: string, params?: Record<string, unknown>) => string,
  text: string,
  minLength: number,
  bannedWords: readonly string[],
  path = 'content',
): void {
  const refuse = (code: string, key: string, params: Record<string, unknown>) =>
    new BizError(code, key, params, 200, [{ path, message: t(key, params) }]);
  const length = [...text.replace(/\s+/g, '')].length;
  if (length < minLength) throw refuse('TOO_SHORT', 'reviews.tooShort', { min: minLength, length });
  const word = findBannedWord(text, bannedWords);
  if (word) throw refuse('BANNED_WORD', 'reviews.bannedWord', { word });
}
