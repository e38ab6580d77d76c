import { STAT_IDENTITIES } from '@shuyuan/contracts/statistics/filters';
import type { ZeroCopyQuery, ZeroCopyRow, ZeroReaderQuery, ZeroReaderRow } from '@shuyuan/contracts/statistics/reports';
import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { reportClock } from './context.ts';
import { classNoLike, inPeriod } from './loan-source.ts';

/** Stores whose copies are no longer held: weeded, a purchase suggestion, lost. */
export const GONE_STORES = [StoreType.WEEDED, StoreType.RECOMMENDED_PURCHASE, StoreType.LOST];

/**
 * /zero-borrow-person: active readers (of the reader identities, or the chosen one) in the chosen grade, class
 * or department who borrowed nothing in the period — the head teacher's list, class by class.
 */
export async function zeroReaders(
  db: Db,
  scope: Scope,
  q: ZeroReaderQuery,
): Promise<{ List: ZeroReaderRow[]; Total: number }> {
  const { range, tz } = await reportClock(db, scope, q);
  const where = scope.where(
    appUser,
    eq(appUser.state, 1),
    inArray(appUser.identity, q.identity ? [q.identity] : [...STAT_IDENTITIES]),
    q.classId ? eq(appUser.classId, q.classId) : undefined,
    q.gradeId ? eq(schoolClass.gradeId, q.gradeId) : undefined,
    q.departmentId ? eq(appUser.departmentId, q.departmentId) : undefined,
    sql`not exists (select 1 from ${loan} where ${loan.userId} = ${appUser.id} and ${inPeriod(loan.borrowedAt, range, tz)})`,
  );
  const base = (fields: Record<string, any>): any =>
    db
      .select(fields)
      .from(appUser)
      .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
      .leftJoin(grade, eq(grade.id, schoolClass.gradeId))
      .where(where);
  const [{ n }] = await base({ n: sql<number>`count(*)::int` });
  const List = await base({
    id: appUser.id,
    account: appUser.account,
    name: appUser.name,
    identity: appUser.identity,
    className: schoolClass.name,
    gradeName: grade.name,
  })
    .orderBy(asc(grade.sort), asc(grade.id), asc(schoolClass.sort), asc(schoolClass.id), asc(appUser.account))
    .limit(q.Rows)
    .offset((q.Page - 1) * q.Rows);
  return { List, Total: n };
}

/**
 * /zero-borrow-book: held copies never lent, or not lent since `since` — weeding candidates, optionally only
 * those accessioned before a day. Newest loan shown for each (none = never lent).
 *
 * Never lent: the copy's own mark (`ever_lent`, set by the loan table's triggers) read through the partial index
 * `copy_never_lent_idx`, which holds exactly the held copies never lent in the list's order — the count reads it
 * whole, the page its first rows; the record is joined only for a record filter. Not lent since a day: one pass
 * over the held copies finds the page and counts them all — the anti-join with loan(copy_id, borrowed_at) is made
 * once (a materialized CTE, so the planner merges the two in id order instead of probing the loans for every copy
 * in call-number order), then counted and its first rows taken by call number. The page's titles, locations and
 * newest loans are then read for its rows only.
 */
export async function zeroCopies(
  db: Db,
  scope: Scope,
  q: ZeroCopyQuery,
): Promise<{ List: ZeroCopyRow[]; Total: number }> {
  const { tz } = await reportClock(db, scope, {});
  const since = q.since ? sql` and ${loan.borrowedAt} >= (${q.since}::date::timestamp at time zone ${tz})` : sql``;
  const where = scope.where(
    copy,
    // The stores as literals, as the partial index's predicate has them (so the planner can prove it holds).
    sql`${copy.storeType} not in (${sql.raw(GONE_STORES.join(', '))})`,
    q.since
      ? sql`not exists (select 1 from ${loan} where ${loan.copyId} = ${copy.id}${since})`
      : sql`not ${copy.everLent}`,
    q.locationId ? eq(copy.locationId, q.locationId) : undefined,
    q.resourceTypeId ? eq(catalogueRecord.resourceTypeId, q.resourceTypeId) : undefined,
    q.classNo ? classNoLike(catalogueRecord.classNo, q.classNo) : undefined,
    q.acquiredBefore ? sql`${copy.createdAt} < (${q.acquiredBefore}::date::timestamp at time zone ${tz})` : undefined,
  );
  const record =
    q.resourceTypeId || q.classNo
      ? sql`inner join ${catalogueRecord} on ${catalogueRecord.id} = ${copy.recordId}`
      : sql``;
  const limit = sql`limit ${q.Rows} offset ${(q.Page - 1) * q.Rows}`;
  const res: any = await db.execute(
    q.since
      ? sql`
    with held as materialized (
      select ${copy.id} as id, ${copy.callNo} as call_no, ${copy.barcode} as barcode from ${copy} ${record} where ${where}
    ), page as (
      select id, call_no, barcode from held order by call_no, barcode, id ${limit}
    )
    select (select count(*) from held)::int as n,
      coalesce((select array_agg(id order by call_no, barcode, id) from page), '{}') as ids`
      : sql`select (select count(*) from ${copy} ${record} where ${where})::int as n,
      array(select ${copy.id} from ${copy} ${record} where ${where}
        order by ${copy.callNo}, ${copy.barcode}, ${copy.id} ${limit}) as ids`,
  );
  const { n: Total, ids } = (res.rows ?? res)[0] as { n: number; ids: number[] };
  const page = ids.map((id) => ({ id: Number(id) }));
  if (!page.length) return { List: [], Total };
  const rows = await db
    .select({
      id: copy.id,
      barcode: copy.barcode,
      title: catalogueRecord.title,
      callNo: copy.callNo,
      locationName: location.name,
      acquiredAt: copy.createdAt,
      priceFen: copy.unitPriceFen,
      lastBorrowedAt: q.since
        ? sql<string | null>`(select max(${loan.borrowedAt}) from ${loan} where ${loan.copyId} = ${copy.id})`
        : sql<null>`null`,
    })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .leftJoin(location, eq(location.id, copy.locationId))
    .where(
      scope.where(
        copy,
        inArray(
          copy.id,
          page.map((p) => p.id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    List: page.map(({ id }) => {
      const r = byId.get(id)!;
      return {
        ...r,
        acquiredAt: r.acquiredAt.toISOString(),
        lastBorrowedAt: r.lastBorrowedAt ? new Date(r.lastBorrowedAt).toISOString() : null,
      };
    }),
    Total,
  };
}
