import { CLC_PARTS, clcClass } from '@shuyuan/contracts/statistics/clc';
import {
  DEFAULT_STANDARDS,
  SCHOOL_LEVELS,
  type SchoolLevel,
  type StandardLine,
  type StandardsReport,
  type StandardsSave,
  type StandardValues,
} from '@shuyuan/contracts/statistics/standards';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { school } from '../school/school.table.ts';
import { serialSubscription } from '../serials/serials.table.ts';
import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { reportClock } from './context.ts';
import { classLetter } from './loan-source.ts';
import { libraryStandard } from './standard.table.ts';
import { GONE_STORES } from './zero.service.ts';

/** The school's level from its learning period (学段) when it names one, else primary. */
async function levelOf(db: Db, scope: Scope): Promise<SchoolLevel> {
  const [s] = await db.select({ p: school.learningPeriod }).from(school).where(eq(school.id, scope.schoolId));
  const p = (s?.p ?? '').toLowerCase();
  const found = SCHOOL_LEVELS.find((l) => p.includes(l.toLowerCase()));
  if (found) return found;
  if (/完全中学/.test(p)) return 'complete';
  if (/九年/.test(p)) return 'nineYear';
  if (/高/.test(p)) return 'senior';
  if (/初/.test(p)) return 'junior';
  return 'primary';
}

/** The standard's figures for a level: the school's own where saved, else the regulation's defaults. */
export async function standardsOf(db: Db, scope: Scope, level: SchoolLevel): Promise<StandardValues> {
  const [row] = await db
    .select({ values: libraryStandard.values })
    .from(libraryStandard)
    .where(scope.where(libraryStandard, eq(libraryStandard.level, level)));
  return { ...DEFAULT_STANDARDS[level], ...((row?.values as Partial<StandardValues>) ?? {}) };
}

export async function saveStandards(db: Db, scope: Scope, body: StandardsSave): Promise<StandardValues> {
  await db
    .insert(libraryStandard)
    .values(scope.values({ level: body.level, values: body.values }))
    .onConflictDoUpdate({
      target: [libraryStandard.schoolId, libraryStandard.level],
      set: { values: body.values, updatedAt: new Date() },
    });
  return body.values;
}

/**
 * Periodical titles the library takes: the titles (magazines and newspapers) subscribed for this year in the
 * serials module; a school that keeps no subscriptions there counts the held records with an ISSN instead.
 */
async function periodicalTitles(db: Db, scope: Scope, year: number): Promise<number> {
  const [{ subscribed }] = await db
    .select({ subscribed: sql<number>`count(distinct ${serialSubscription.titleId})::int` })
    .from(serialSubscription)
    .where(scope.where(serialSubscription, eq(serialSubscription.year, year), eq(serialSubscription.state, 'ordered')));
  if (subscribed) return subscribed;
  const [{ held }] = await db
    .select({ held: sql<number>`count(distinct ${copy.recordId})::int` })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(copy, notInArray(copy.storeType, GONE_STORES), and(sql`${catalogueRecord.issn} <> ''`)));
  return held;
}

/**
 * P/Statistics/Standards: books per student, new books per student this year, periodical titles, weekly opening
 * hours and the share of each basic part of the collection (periodical titles: `periodicalTitles`), each beside the standard of the school's level and
 * met or not. Students are active student readers; books are held copies; new books are copies accessioned
 * this calendar year (purchase suggestions excepted).
 */
export async function standardsReport(db: Db, scope: Scope, q: { level?: SchoolLevel }): Promise<StandardsReport> {
  const level = q.level ?? (await levelOf(db, scope));
  const values = await standardsOf(db, scope, level);
  const { today, tz } = await reportClock(db, scope, {});
  const [{ students }] = await db
    .select({ students: sql<number>`count(*)::int` })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.state, 1), eq(appUser.identity, 'student')));
  const held = (await db
    .select({ letter: classLetter, n: sql<number>`count(*)::int` })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(copy, notInArray(copy.storeType, GONE_STORES)))
    .groupBy(sql`1`)) as { letter: string; n: number }[];
  const [{ fresh }] = await db
    .select({ fresh: sql<number>`count(*)::int` })
    .from(copy)
    .where(
      scope.where(
        copy,
        ne(copy.storeType, StoreType.RECOMMENDED_PURCHASE),
        sql`${copy.createdAt} >= (${`${today.slice(0, 4)}-01-01`}::date::timestamp at time zone ${tz})`,
      ),
    );
  const periodicals = await periodicalTitles(db, scope, Number(today.slice(0, 4)));
  const books = held.reduce((a, h) => a + h.n, 0);
  const per = (n: number) => (students ? Math.round((n / students) * 100) / 100 : 0);
  const lines: StandardLine[] = [
    { key: 'booksPerStudent', actual: per(books), standard: values.booksPerStudent, met: false },
    { key: 'newBooksPerStudent', actual: per(fresh), standard: values.newBooksPerStudent, met: false },
    { key: 'periodicalTitles', actual: periodicals, standard: values.periodicalTitles, met: false },
    { key: 'openHoursPerWeek', actual: values.actualOpenHours, standard: values.openHoursPerWeek, met: false },
  ].map((l) => ({
    ...l,
    met: students > 0 || l.key === 'periodicalTitles' || l.key === 'openHoursPerWeek' ? l.actual >= l.standard : false,
  }));
  for (const part of CLC_PARTS) {
    const n = held.filter((h) => clcClass(h.letter)?.part === part).reduce((a, h) => a + h.n, 0);
    const share = books ? Math.round((n / books) * 10_000) / 100 : 0;
    const standard = values.partShares[part] ?? 0;
    lines.push({
      key: `part.${part}`,
      actual: share,
      standard,
      met: Math.abs(share - standard) <= values.partTolerance,
    });
  }
  return { level, students, values, lines };
}
