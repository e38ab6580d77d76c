import { z } from 'zod';

export const BANNED_WORDS_MAX = 500;

/**
 * Moderation of what readers write (/bookreview-setting): reviews and reading shares each have their own switch,
 * minimum length and points switch (the points are the school's point rule for `review_approved` /
 * `share_approved`); the banned-word list is shared.
 */
export const ReviewSettings = z.object({
  reviewModeration: z.boolean(),
  reviewMinLength: z.number().int().min(0).max(1000),
  reviewPoints: z.boolean(),
  shareModeration: z.boolean(),
  shareMinLength: z.number().int().min(0).max(1000),
  sharePoints: z.boolean(),
  shareMaxPictures: z.number().int().min(0).max(9),
  bannedWords: z.array(z.string().trim().min(1).max(50)).max(BANNED_WORDS_MAX),
});
export type ReviewSettings = z.infer<typeof ReviewSettings>;

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  reviewModeration: true,
  reviewMinLength: 10,
  reviewPoints: true,
  shareModeration: true,
  shareMinLength: 10,
  sharePoints: true,
  shareMaxPictures: 9,
  bannedWords: [],
};

/** The first banned word `text` contains (case-insensitive), or undefined. */
export function findBannedWord(text: string, words: readonly string[]): string | undefined {
  const low = text.toLowerCase();
  return words.find((w) => w && low.includes(w.toLowerCase()));
}
