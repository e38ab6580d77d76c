/**
 * Events that may earn (or cost) a reader points. Each school has one rule per event (modules/points):
 * points per occurrence (negative deducts), enabled, and optional daily and per-term caps per reader.
 */
export const POINT_EVENTS = [
  'return_on_time',
  'overdue_return',
  'loss',
  'review_approved',
  'share_approved',
  'clock_in',
  'clock_in_streak',
  'activity_submission',
  'activity_award',
  'donation',
  'volunteer_hours',
  'manual',
] as const;
export type PointEvent = (typeof POINT_EVENTS)[number];

/** Events a rule can be set for (manual adjustments carry their own points and reason). */
export const RULE_EVENTS = POINT_EVENTS.filter((e) => e !== 'manual') as Exclude<PointEvent, 'manual'>[];

/**
 * What a new school starts with. Enabled: the ones a librarian expects to work at once (on-time returns and
 * daily clock-in reward, reviews and shares reward once approved); deductions (overdue, loss) start disabled —
 * a school decides itself whether children lose points. Caps keep one busy day from dominating a ranking.
 */
export const DEFAULT_POINT_RULES: {
  event: Exclude<PointEvent, 'manual'>;
  points: number;
  enabled: boolean;
  dailyCap: number;
  termCap: number;
}[] = [
  { event: 'return_on_time', points: 2, enabled: true, dailyCap: 10, termCap: 0 },
  { event: 'overdue_return', points: -2, enabled: false, dailyCap: 10, termCap: 0 },
  { event: 'loss', points: -10, enabled: false, dailyCap: 0, termCap: 0 },
  { event: 'review_approved', points: 5, enabled: true, dailyCap: 10, termCap: 100 },
  { event: 'share_approved', points: 5, enabled: true, dailyCap: 10, termCap: 100 },
  { event: 'clock_in', points: 1, enabled: true, dailyCap: 0, termCap: 0 },
  { event: 'clock_in_streak', points: 5, enabled: true, dailyCap: 0, termCap: 0 },
  { event: 'activity_submission', points: 3, enabled: true, dailyCap: 9, termCap: 0 },
  { event: 'activity_award', points: 10, enabled: true, dailyCap: 0, termCap: 0 },
  { event: 'donation', points: 2, enabled: true, dailyCap: 20, termCap: 0 },
  { event: 'volunteer_hours', points: 2, enabled: true, dailyCap: 16, termCap: 0 },
];

export const PointError = {
  NOT_ENOUGH_POINTS: 'NOT_ENOUGH_POINTS',
  READER_NOT_FOUND: 'READER_NOT_FOUND',
} as const;
