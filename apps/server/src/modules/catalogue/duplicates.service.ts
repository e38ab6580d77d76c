import type { DuplicateGroup, DuplicateGroupsQuery, DuplicateRecord } from '@shuyuan/contracts/catalogue/duplicates';
import { type CircState, isLoanState } from '@shuyuan/contracts/catalogue/copy-state';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
import { keyValue, kindOf, SHUYUAN_AGENCY } from './match-keys.ts';

/**
 * Groups of the school's records sharing a match key (`/record-duplicates`). Records sharing several keys form
 * one group listing them all; a group whose every pair was marked "not duplicates" is left out. A record typed
 * on the form (no stored MARC) carries its own `001:SHUYUAN|<id>`, so a copy of our export imported as new is
 * paired with it.
 */
export async function duplicateGroups(db: Db, scope: Scope, q: DuplicateGroupsQuery) {
  const own = `001:${SHUYUAN_AGENCY.toUpperCase()}|`;
  const kind = q.kind ? sql`where k.key like ${`${q.kind}:%`}` : sql``;
  const rows = await rowsOf<{ key: string; ids: number[] }>(
    db,
    sql`with k as (
      select unnest(match_keys) as key, id from catalogue_record where school_id = ${scope.schoolId}
      union all
      select ${own} || id, id from catalogue_record where school_id = ${scope.schoolId} and marc is null
    )
    select k.key, array_agg(k.id order by k.id) as ids from k ${kind} group by k.key having count(*) > 1`,
  );
  const ids = [...new Set(rows.flatMap((r) => r.ids.map(Number)))];
  const marked = new Set<string>();
  if (ids.length) {
    const pairs = await db
      .select({ a: recordNotDuplicate.recordA, b: recordNotDuplicate.recordB })
      .from(recordNotDuplicate)
      .where(scope.where(recordNotDuplicate, inArray(recordNotDuplicate.recordA, ids)));
    for (const p of pairs) marked.add(`${p.a}-${p.b}`);
  }
  const groups = new Map<string, { ids: number[]; keys: string[] }>();
  for (const r of rows) {
    const list = r.ids.map(Number);
    const open = list.some((a, i) => list.slice(i + 1).some((b) => !marked.has(`${a}-${b}`)));
    if (!open) continue;
    const id = list.join(',');
    const g = groups.get(id) ?? { ids: list, keys: [] };
    g.keys.push(r.key);
    groups.set(id, g);
  }
  const all = [...groups.values()].sort((a, b) => a.ids[0] - b.ids[0] || a.ids.length - b.ids.length);
  const page = all.slice((q.Page - 1) * q.Rows, q.Page * q.Rows);
  const records = await recordsById(
    db,
    scope,
    page.flatMap((g) => g.ids),
  );
  const List: DuplicateGroup[] = page.map((g) => ({
    keys: g.keys.map((k) => ({ kind: kindOf(k), value: keyValue(k) })),
    records: g.ids.map((id) => records.get(id)).filter((r): r is DuplicateRecord => !!r),
  }));
  return { List, Total: all.length };
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
 * Merges two records of the school in one transaction: the copies of `dropId` — and what names it (loans,
 * holds, suggestions, loss records, weeding records, a periodical title, its ISBN report) — move to `keepId`, then `dropId` is
 * deleted. Answers the number of copies moved.
 */
export async function mergeRecords(db: Db, scope: Scope, keepId: number, dropId: number) {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: catalogueRecord.id })
      .from(catalogueRecord)
      .where(scope.where(catalogueRecord, inArray(catalogueRecord.id, [keepId, dropId])))
      .for('update');
    if (found.length !== 2) throw notFound();
    const moved = await tx
      .update(copy)
      .set({ recordId: keepId, updatedAt: sql`now()` })
      .where(scope.where(copy, eq(copy.recordId, dropId)))
      .returning({ id: copy.id });
    for (const t of [loan, reservation, recommendation, lossRecord, weedingRecord, serialTitle])
      await tx
        .update(t)
        .set({ recordId: keepId })
        .where(scope.where(t, eq(t.recordId, dropId)));
    // One ISBN report per record: the kept record's own, else the merged one's.
    await tx
      .delete(isbnReport)
      .where(
        and(eq(isbnReport.recordId, dropId), sql`exists (select 1 from ${isbnReport} k where k.record_id = ${keepId})`),
      );
    await tx.update(isbnReport).set({ recordId: keepId }).where(eq(isbnReport.recordId, dropId));
    await tx.delete(catalogueRecord).where(scope.where(catalogueRecord, eq(catalogueRecord.id, dropId)));
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
