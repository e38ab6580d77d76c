import type { DuplicateGroup, DuplicateGroupsQuery, DuplicateRecord } from '@shuyuan/contracts/catalogue/duplicates';
import { type CircState, isLoanState } from '@shuyuan/contracts/catalogue/copy-state';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { loan } from '../circulation/circulation.table.ts';
import { isbnReport } from '../holdings/holdings.table.ts';
import { lossRecord } from '../losses/loss.table.ts';
import { recommendation, reservation } from '../reservations/reservation.table.ts';
import { serialTitle } from '../serials/serials.table.ts';
import { weedingRecord } from '../stocktake/stocktake.table.ts';
import { catalogueRecord, copy } from './catalogue.table.ts';
import { recordNotDuplicate } from './duplicates.table.ts';
import { recordMatchKey } from './match-key.table.ts';
import { keyValue, kindOf } from './match-keys.ts';

/**
 * Groups of the school's records sharing a match key (`/record-duplicates`). Records sharing several keys form
 * one group listing them all; a group whose every pair was marked "not duplicates" is left out. A record typed
 * on the form (no stored MARC) carries its own `001:SHUYUAN|<id>` in `record_match_key`, so a copy of our export
 * imported as new is paired with it. Grouped, counted and paged in the database: the (school, key) btree is read
 * in key order once, only the page's groups come back.
 */
export async function duplicateGroups(db: Db, scope: Scope, q: DuplicateGroupsQuery) {
  // `key` is COLLATE "C": a kind's keys are the range [kind + ':', kind + ';').
  const kind = q.kind ? sql`and k.key >= ${`${q.kind}:`} and k.key < ${`${q.kind};`}` : sql``;
  const rows = await rowsOf<{ ids: number[]; keys: string[]; total: number }>(
    db,
    sql`with shared as (
      select k.key, array_agg(k.record_id order by k.record_id) as ids
      from ${recordMatchKey} k where k.school_id = ${scope.schoolId} ${kind}
      group by k.key having count(*) > 1
    ), grouped as (
      select s.ids, array_agg(s.key order by s.key) as keys from shared s
      where exists (
        select 1 from unnest(s.ids) with ordinality a(id, i) join unnest(s.ids) with ordinality b(id, j) on a.i < b.j
        where not exists (select 1 from ${recordNotDuplicate} n
          where n.school_id = ${scope.schoolId} and n.record_a = a.id and n.record_b = b.id))
      group by s.ids
    )
    select ids, keys, count(*) over () as total from grouped
    order by ids[1], cardinality(ids), ids limit ${q.Rows} offset ${(q.Page - 1) * q.Rows}`,
  );
  const page = rows.map((r) => ({ ids: r.ids.map(Number), keys: r.keys }));
  const total = rows.length ? Number(rows[0].total) : await countGroups(db, scope, q);
  const records = await recordsById(
    db,
    scope,
    page.flatMap((g) => g.ids),
  );
  const List: DuplicateGroup[] = page.map((g) => ({
    keys: g.keys.map((k) => ({ kind: kindOf(k), value: keyValue(k) })),
    records: g.ids.map((id) => records.get(id)).filter((r): r is DuplicateRecord => !!r),
  }));
  return { List, Total: total };
}

/** A page past the last one answers no rows, hence no total: count on its own then (rare). */
async function countGroups(db: Db, scope: Scope, q: DuplicateGroupsQuery): Promise<number> {
  if (q.Page === 1) return 0;
  const first = await duplicateGroups(db, scope, { ...q, Page: 1 });
  return first.Total;
}

async function recordsById(db: Db, scope: Scope, ids: number[]): Promise<Map<number, DuplicateRecord>> {
  const out = new Map<number, DuplicateRecord>();
  if (!ids.length) return out;
  const c = catalogueRecord;
  const rows = await db
    .select({
      id: c.id,
      title: c.title,
      author: c.author,
      publisher: c.publisher,
      pubYear: c.pubYear,
      isbn: c.isbn,
      issn: c.issn,
      classNo: c.classNo,
      bookNo: c.bookNo,
      keys: c.matchKeys,
    })
    .from(c)
    .where(scope.where(c, inArray(c.id, ids)));
  const copies = await db
    .select({ recordId: copy.recordId, state: copy.circState })
    .from(copy)
    .where(scope.where(copy, inArray(copy.recordId, ids)));
  for (const { keys, ...r } of rows) {
    const control = keys.find((k) => kindOf(k) === '001');
    const mine = copies.filter((x) => x.recordId === r.id);
    out.set(r.id, {
      ...r,
      control: control ? keyValue(control) : '',
      copies: mine.length,
      onLoan: mine.filter((x) => isLoanState(x.state as CircState)).length,
    });
  }
  return out;
}

/**
 * Merges a group of the school's records into one, all or nothing (one transaction): the copies of every
 * `dropIds` record — and what names it (loans, holds, suggestions, loss records, weeding records, a periodical
 * title, its ISBN report) — move to `keepId`, then the dropped records are deleted. The records are locked in id
 * order first, so two merges of one group at once wait for each other: the second finds a record gone (NOT_FOUND)
 * and changes nothing. Answers the number of copies moved.
 */
export async function mergeRecords(db: Db, scope: Scope, keepId: number, dropIds: number[]) {
  const drops = [...new Set(dropIds)].filter((id) => id !== keepId);
  const all = [keepId, ...drops].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: catalogueRecord.id })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, inArray(catalogueRecord.id, all)))
      .orderBy(catalogueRecord.id)
      .for('update');
    if (found.length !== all.length || !drops.length) throw notFound();
    const moved = await tx
      .update(copy)
      .set({ recordId: keepId, updatedAt: sql`now()` })
      .where(scope.where(copy, inArray(copy.recordId, drops)))
      .returning({ id: copy.id });
    for (const t of [loan, reservation, recommendation, lossRecord, weedingRecord, serialTitle])
      await tx
        .update(t)
        .set({ recordId: keepId })
        .where(scope.where(t, inArray(t.recordId, drops)));
    // One ISBN report per record: the kept record's own, else that of the first dropped record having one.
    const reports = await tx
      .select({ recordId: isbnReport.recordId })
      .from(isbnReport)
      .where(inArray(isbnReport.recordId, all))
      .orderBy(isbnReport.recordId);
    const kept = reports.some((r) => r.recordId === keepId) ? keepId : reports[0]?.recordId;
    const gone = reports.map((r) => r.recordId).filter((id) => id !== kept);
    if (gone.length) await tx.delete(isbnReport).where(inArray(isbnReport.recordId, gone));
    if (kept !== undefined && kept !== keepId)
      await tx.update(isbnReport).set({ recordId: keepId }).where(eq(isbnReport.recordId, kept));
    await tx.delete(catalogueRecord).where(scope.where(catalogueRecord, inArray(catalogueRecord.id, drops)));
    return { copies: moved.length };
  });
}

/** Marks records as not duplicates of one another (every pair); marks already made are kept. */
export async function markNotDuplicates(db: Db, scope: Scope, ids: number[], userId?: number) {
  const sorted = [...ids].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: catalogueRecord.id })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, inArray(catalogueRecord.id, sorted)));
    if (found.length !== sorted.length) throw notFound();
    const values = sorted.flatMap((a, i) =>
      sorted.slice(i + 1).map((b) => scope.values({ recordA: a, recordB: b, userId: userId ?? null })),
    );
    await tx.insert(recordNotDuplicate).values(values).onConflictDoNothing();
    return { pairs: values.length };
  });
}
