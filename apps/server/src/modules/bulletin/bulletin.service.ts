import type { LibraryInfoDto, PublicLibraryInfo } from '@shuyuan/contracts/bulletin/bulletin';
import { and, asc, desc, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { location } from '../basic/location.table.ts';
import { catalogueRecord as r } from '../catalogue/catalogue.table.ts';
import { closedDay } from '../circulation/circulation.table.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { hitColumns, type PublicView } from '../opac/search.service.ts';
import { libraryInfo, type newbookAnnouncement } from './bulletin.table.ts';

type Announcement = Pick<typeof newbookAnnouncement.$inferSelect, 'batchId' | 'dateFrom' | 'dateTo'>;

/**
 * The records of a new-book announcement: those with a public copy of its acceptance batch, or with a public copy
 * added between its two days (inclusive), newest first.
 */
export async function announcementBooks(db: Db, v: PublicView, a: Announcement, page: { Page: number; Rows: number }) {
  const s = v.scope.schoolId;
  const which = a.batchId
    ? sql`c.batch_id = ${a.batchId}`
    : a.dateFrom && a.dateTo
      ? sql`c.created_at >= ${a.dateFrom}::date and c.created_at < ${a.dateTo}::date + 1`
      : sql`false`;
  const where = and(
    v.scope.where(r),
    sql`exists (select 1 from copy c where c.school_id = ${s} and c.record_id = ${r.id} and ${v.copy} and ${which})`,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(hitColumns(v))
      .from(r)
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(page.Rows)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)::int` }).from(r).where(where),
  ]);
  return list(rows, total);
}

export async function libraryInfoOf(db: Db, scope: Scope): Promise<LibraryInfoDto> {
  const [row] = await db.select().from(libraryInfo).where(scope.where(libraryInfo));
  return {
    intro: row?.intro ?? '',
    hours: row?.hours ?? '',
    rules: row?.rules ?? '',
    pictures: row?.pictures ?? [],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The library introduction for the public: as saved, plus the coming closed days and the public locations. */
export async function publicLibraryInfo(db: Db, v: PublicView): Promise<PublicLibraryInfo> {
  const s = v.scope.schoolId;
  const today = await schoolToday(db, v.scope);
  const [info, days, locations] = await Promise.all([
    libraryInfoOf(db, v.scope),
    db
      .select({ day: closedDay.day })
      .from(closedDay)
      .where(v.scope.where(closedDay, gte(closedDay.day, today)))
      .orderBy(asc(closedDay.day))
      .limit(60),
    db
      .select({ id: location.id, name: location.name, map: location.mapUrl })
      .from(location)
      .where(
        v.scope.where(
          location,
          sql`${location.state} = 1`,
          sql`exists (select 1 from copy c where c.school_id = ${s} and c.location_id = ${location.id} and ${v.copy})`,
        ),
      )
      .orderBy(asc(location.sort), asc(location.id)),
  ]);
  return {
    intro: info.intro,
    hours: info.hours,
    rules: info.rules,
    pictures: info.pictures,
    closedDays: days.map((d) => d.day),
    locations,
  };
}
