import { z } from 'zod';

/**
 * Frequencies of a periodical (刊期) and the numbering pattern a subscription's issues are predicted from.
 * The server's prediction engine (modules/serials/prediction.ts) takes the same shape.
 */
export const FREQUENCIES = [
  'daily',
  'weekly',
  'tenDaily',
  'semimonthly',
  'monthly',
  'bimonthly',
  'quarterly',
  'irregular',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Issues per year of each preset (weekly: 52, some years 53; irregular: none predicted). */
export const PRESET_ISSUES: Record<Frequency, number | null> = {
  daily: 365,
  weekly: 52,
  tenDaily: 36,
  semimonthly: 24,
  monthly: 12,
  bimonthly: 6,
  quarterly: 4,
  irregular: null,
};

export const SERIAL_KINDS = ['magazine', 'newspaper'] as const;
export type SerialKind = (typeof SERIAL_KINDS)[number];

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day (2027-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const NumberingPattern = z.object({
  frequency: z.enum(FREQUENCIES, { error: 'serials.pattern.frequencyRequired' }),
  firstDate: z
    .string({ error: 'serials.pattern.firstDateRequired' })
    .regex(DATE_RE, 'serials.pattern.firstDateInvalid')
    .refine(isCalendarDate, 'serials.pattern.firstDateInvalid'),
  firstIssue: z.coerce
    .number({ error: 'serials.pattern.firstIssueRequired' })
    .int('serials.pattern.firstIssueInvalid')
    .min(1, 'serials.pattern.firstIssueInvalid')
    .max(1000, 'serials.pattern.firstIssueInvalid'),
  firstVolume: z.coerce.number().int().min(1, 'serials.pattern.volumeInvalid').max(100000).nullish(),
  firstWholeNumber: z.coerce.number().int().min(1, 'serials.pattern.wholeInvalid').max(10000000).nullish(),
  volumePerYear: z.boolean().optional(),
  issuesPerYear: z.coerce.number().int().min(1, 'serials.pattern.perYearInvalid').max(366).optional(),
  skipDays: z.array(z.number().int().min(0).max(6)).max(6).optional(),
});
export type NumberingPatternInput = z.infer<typeof NumberingPattern>;
