import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { heldLetter, heldRecord } from './held.table.ts';
import { isLetter } from './loan-source.ts';

/** What the held collection is grouped by from the rollup: a record's or copy's attribute, or nothing (total). */
export type HeldBy = 'classNo' | 'location' | 'resourceType' | 'language' | 'total';
export type HeldFilters = { locationId?: number; resourceTypeId?: number; classNo?: string };
export interface HeldRow {
  key: string | number | null;
  titles: number;
  copies: number;
  valueFen: number;
}

const h = heldRecord;
/** Keys as the copy and record tables answer them: no location, type or language is null; unclassified ''. */
const KEYS: Record<HeldBy, SQL> = {
  classNo: sql`${h.classLetter}`,
  location: sql`nullif(${h.locationId}, 0)`,
  resourceType: sql`nullif(${h.resourceTypeId}, 0)`,
  language: sql`nullif(${h.language}, '')`,
  total: sql`0`,
};

/** The rollup answers every filter but a class-number prefix longer than one letter. */
export const heldRollupAnswers = (f: HeldFilters): boolean => !f.classNo || isLetter(f.classNo);

/**
 * Held titles, copies and value grouped by `by`, from held_record (one row per record and location, kept exact in
 * the writer's transaction): per (key, record) first, then per key, so titles are distinct records without a sort.
 * The whole collection by class or in all reads held_letter (a row per class letter). undefined when the filters
 * need the copies (see heldRollupAnswers).
 */
export async function heldBy(db: Db, scope: Scope, by: HeldBy, f: HeldFilters): Promise<HeldRow[] | undefined> {
  if (!heldRollupAnswers(f)) return undefined;
  if ((by === 'classNo' || by === 'total') && !f.locationId && !f.resourceTypeId && !f.classNo) {
    // The whole collection by class (or in all): the ~22 rows of held_letter.
    const l = heldLetter;
    const res: any = await db.execute(sql`
      select ${by === 'total' ? sql`0` : sql`${l.classLetter}`} as key, sum(${l.titles})::int as titles,
        sum(${l.copies})::int as copies, sum(${l.valueFen})::bigint as "valueFen"
      from ${l} where ${l.schoolId} = ${scope.schoolId} group by 1 having sum(${l.copies}) > 0`);
    return ((res.rows ?? res) as HeldRow[]).map((r) => ({ ...r, valueFen: Number(r.valueFen) }));
  }
  const where = and(
    eq(h.schoolId, scope.schoolId),
    gt(h.copies, 0),
    f.locationId ? eq(h.locationId, f.locationId) : undefined,
    f.resourceTypeId ? eq(h.resourceTypeId, f.resourceTypeId) : undefined,
    f.classNo ? eq(h.classLetter, f.classNo.toUpperCase()) : undefined,
  );
  const res: any = await db.execute(sql`
    select k as key, count(*)::int as titles, sum(n)::int as copies, sum(v)::bigint as "valueFen"
    from (select ${KEYS[by]} as k, ${h.recordId}, sum(${h.copies}) as n,
            sum(${h.ownFen}::bigint + ${h.unpriced}::bigint * coalesce(${h.priceFen}, 0)) as v
          from ${h} where ${where} group by 1, 2) x
    group by 1`);
  return ((res.rows ?? res) as HeldRow[]).map((r) => ({ ...r, valueFen: Number(r.valueFen) }));
}
