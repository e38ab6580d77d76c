import { z } from 'zod';
import { CLC_PARTS, type ClcPart } from './clc.ts';

/**
 * The standards report: a school's collection against the national school-library regulation
 * (《中小学图书馆（室）规程》, 2018) for its level. The figures below are editable defaults: a school (or its
 * district) corrects them under the report, per level.
 */
export const SCHOOL_LEVELS = ['primary', 'junior', 'nineYear', 'senior', 'complete'] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

export const StandardValues = z.object({
  /** Books (held copies) per student. */
  booksPerStudent: z.number().min(0).max(1000),
  /** New books (copies accessioned this calendar year) per student. */
  newBooksPerStudent: z.number().min(0).max(100),
  /** Periodical titles (records with an ISSN that have a held copy). */
  periodicalTitles: z.number().int().min(0).max(100_000),
  /** Weekly opening hours: the standard, and the library's own (entered here, not derived). */
  openHoursPerWeek: z.number().min(0).max(168),
  actualOpenHours: z.number().min(0).max(168),
  /** Share of the collection per basic part, percent; met within ± tolerance points. */
  partShares: z.record(z.enum(CLC_PARTS), z.number().min(0).max(100)),
  partTolerance: z.number().min(0).max(100),
});
export type StandardValues = z.infer<typeof StandardValues>;

const secondaryShares: Record<ClcPart, number> = { marxism: 1.5, philosophy: 2, social: 65, natural: 28, general: 3.5 };
const primaryShares: Record<ClcPart, number> = { marxism: 1, philosophy: 1, social: 60, natural: 33, general: 5 };
const base = { newBooksPerStudent: 1, openHoursPerWeek: 40, actualOpenHours: 0, partTolerance: 5 };

export const DEFAULT_STANDARDS: Record<SchoolLevel, StandardValues> = {
  primary: { ...base, booksPerStudent: 25, periodicalTitles: 60, partShares: primaryShares },
  junior: { ...base, booksPerStudent: 40, periodicalTitles: 80, partShares: secondaryShares },
  nineYear: { ...base, booksPerStudent: 35, periodicalTitles: 80, partShares: secondaryShares },
  senior: { ...base, booksPerStudent: 50, periodicalTitles: 120, partShares: secondaryShares },
  complete: { ...base, booksPerStudent: 45, periodicalTitles: 120, partShares: secondaryShares },
};

export const StandardsQuery = z.object({ level: z.enum(SCHOOL_LEVELS).optional() });
export const StandardsSave = z.object({ level: z.enum(SCHOOL_LEVELS), values: StandardValues });
export type StandardsSave = z.infer<typeof StandardsSave>;

/** One line of the report: the school's figure, the standard, and whether it is met. */
export interface StandardLine {
  key: string;
  actual: number;
  standard: number;
  met: boolean;
}
export interface StandardsReport {
  level: SchoolLevel;
  students: number;
  values: StandardValues;
  lines: StandardLine[];
}
