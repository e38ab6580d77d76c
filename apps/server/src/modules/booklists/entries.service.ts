import type { EntryDto, EntryInput } from '@shuyuan/contracts/booklists/booklist';
import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { toIsbn13 } from '@shuyuan/contracts/marc/isbn';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { recordsByMatchKeys } from '../catalogue/match.service.ts';
import { bookListEntry } from './booklists.table.ts';

/** A copy (alias c) counted in the school's availability: not weeded. */
export const STAFF_COPY = sql`c.store_type <> ${StoreType.WEEDED}`;

/** The school's record holding each ISBN (ISBN-10 and -13 match each other: the catalogue's match keys). */
export async function recordsByIsbn(db: Db, scope: Scope, isbns: string[]): Promise<Map<string, number>> {
  const keys = [...new Set(isbns.map((i) => toIsbn13(i)).filter((k): k is string => !!k))].map((k) => `isbn:${k}`);
  const found = await recordsByMatchKeys(db, scope, keys);
  const out = new Map<string, number>();
  for (const i of isbns) {
    const hit = found.get(`isbn:${toIsbn13(i)}`);
    if (hit) out.set(i, hit.id);
  }
  return out;
}

/**
 * Entries as stored: records must be the school's (else an issue on `entries.n`); a title without a record whose
 * ISBN the school holds is linked to that record. Row values in list order.
 */
export async function entryRows(db: Db, scope: Scope, entries: EntryInput[], msg: (k: string) => string) {
  const linked = await recordsByIsbn(
    db,
    scope,
    entries.filter((e) => !e.recordId && e.isbn).map((e) => e.isbn),
  );
  const chosen = entries.map((e) => e.recordId ?? (e.isbn ? (linked.get(e.isbn) ?? null) : null));
  const ids = [...new Set(chosen.filter((id): id is number => !!id))];
  const records = ids.length
    ? await db
        .select({
          id: catalogueRecord.id,
          title: catalogueRecord.title,
          author: catalogueRecord.author,
          isbn: catalogueRecord.isbn,
          publisher: catalogueRecord.publisher,
        })
        .from(catalogueRecord)
        .where(scope.where(catalogueRecord, inArray(catalogueRecord.id, ids)))
    : [];
  const byId = new Map(records.map((r) => [r.id, r]));
  const issues = entries.flatMap((e, i) =>
    e.recordId && !byId.has(e.recordId) ? [{ path: `entries.${i}`, message: msg('booklists.badRecord') }] : [],
  );
  if (issues.length) throw invalid(issues);
  return entries.map((e, sort) => {
    const recordId = chosen[sort];
    const r = recordId ? byId.get(recordId) : undefined;
    return {
      recordId,
      // A title the school lacks, given by its ISBN only: the ISBN stands for its title.
      title: e.title || r?.title || e.isbn,
      author: e.author || r?.author || '',
      isbn: e.isbn || r?.isbn || '',
      publisher: e.publisher || r?.publisher || '',
      readingLevel: e.readingLevel,
      note: e.note,
      sort,
    };
  });
}

/** Replaces the entries of list `listId` (the form sends the whole list, in order). */
export async function saveEntries(db: Db, scope: Scope, listId: number, rows: Awaited<ReturnType<typeof entryRows>>) {
  await db.delete(bookListEntry).where(scope.where(bookListEntry, eq(bookListEntry.listId, listId)));
  if (rows.length) await db.insert(bookListEntry).values(rows.map((r) => scope.values({ ...r, listId })));
}

/**
 * The entries of lists `listIds` with their availability: copies (alias c, condition `copyCond`) and those on the
 * shelf now; an entry whose record was deleted since counts as not held. Keyed by list id, in list order.
 */
export async function entriesOf(
  db: Db,
  scope: Scope,
  listIds: number[],
  copyCond: SQL = STAFF_COPY,
): Promise<Map<number, EntryDto[]>> {
  const out = new Map<number, EntryDto[]>(listIds.map((id) => [id, []]));
  if (!listIds.length) return out;
  const s = scope.schoolId;
  const rows = await rowsOf<{
    id: number;
    list_id: number;
    record_id: number | null;
    title: string;
    author: string;
    isbn: string;
    publisher: string;
    reading_level: string;
    note: string;
    level: string | null;
    copies: number | null;
    available: number | null;
  }>(
    db,
    sql`select e.id, e.list_id, r.id as record_id, e.title, e.author, e.isbn, e.publisher, e.reading_level, e.note,
        r.reading_level as level,
        (select count(*)::int from copy c where c.school_id = ${s} and c.record_id = r.id and ${copyCond}) as copies,
        (select count(*)::int from copy c where c.school_id = ${s} and c.record_id = r.id and ${copyCond}
          and c.circ_state = ${CircState.AVAILABLE} and c.store_type = ${StoreType.CIRCULATION}) as available
      from ${bookListEntry} e
      left join ${catalogueRecord} r on r.id = e.record_id and r.school_id = ${s}
      where e.school_id = ${s} and e.list_id in (${sql.join(
        listIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by e.list_id, e.sort, e.id`,
  );
  for (const e of rows)
    out.get(Number(e.list_id))?.push({
      id: Number(e.id),
      recordId: e.record_id === null ? null : Number(e.record_id),
      title: e.title,
      author: e.author,
      isbn: e.isbn,
      publisher: e.publisher,
      readingLevel: e.reading_level || e.level || '',
      note: e.note,
      held: e.record_id !== null,
      copies: Number(e.copies ?? 0),
      available: Number(e.available ?? 0),
    });
  return out;
}

/** Next sort position of list `listId`. */
export async function nextSort(db: Db, scope: Scope, listId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(max(${bookListEntry.sort}) + 1, 0)::int` })
    .from(bookListEntry)
    .where(scope.where(bookListEntry, eq(bookListEntry.listId, listId)));
  return r.n;
}
