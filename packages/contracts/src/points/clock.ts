import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** Minutes one clock-in may record, and what one reader's clock-ins of one day may add up to. */
export const CLOCK_MAX_MINUTES = 240;
export const CLOCK_DAY_MAX_MINUTES = 600;
/** `clock_in_streak` is earned on every STREAK_DAYS-th consecutive day (7, 14, 21…). */
export const STREAK_DAYS = 7;

/** P/Opac/ClockIn: what the reader read (a catalogue title or their own words) and for how long. */
export const ClockInBody = z
  .object({
    recordId: z.coerce.number().int().positive().optional(),
    title: z.string().trim().max(200, 'validation.tooLong').optional().default(''),
    minutes: z.coerce
      .number({ error: 'points.clock.minutesInvalid' })
      .int('points.clock.minutesInvalid')
      .min(1, 'points.clock.minutesInvalid')
      .max(CLOCK_MAX_MINUTES, 'points.clock.minutesInvalid'),
  })
  .refine((b) => b.recordId !== undefined || b.title.length > 0, {
    path: ['title'],
    message: 'points.clock.titleRequired',
  });
export type ClockInBody = z.infer<typeof ClockInBody>;

export interface ClockInDone {
  day: string;
  minutesToday: number;
  streak: number;
  points: number;
}

export interface MyClockIns {
  today: string;
  streak: number;
  minutesToday: number;
  minutesWeek: number;
  recent: { id: number; day: string; title: string; recordId: number | null; minutes: number }[];
}

/** /reading-clock: readers of a class or grade for a day — clocked in that day, streak, the week's minutes. */
export const ClockListQuery = PageQuery.extend({
  classId: z.coerce.number().int().positive().optional(),
  gradeId: z.coerce.number().int().positive().optional(),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'points.dateInvalid')
    .optional(),
  /** Only readers who clocked in that day. */
  onlyClocked: z.boolean().optional(),
});
export type ClockListQuery = z.infer<typeof ClockListQuery>;

export interface ClockListRow {
  /** The reader's id (as `userId`): the table's row key. */
  id: number;
  userId: number;
  account: string;
  name: string;
  className: string | null;
  gradeName: string | null;
  minutesDay: number;
  streak: number;
  minutesWeek: number;
  daysWeek: number;
}
