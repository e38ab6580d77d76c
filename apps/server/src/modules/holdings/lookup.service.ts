import type { CallNumberQuery, DuplicateRow, IsbnMarkBody, IsbnReportQuery } from '@shuyuan/contracts/holdings/lookup';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord as r, copy } from '../catalogue/catalogue.table.ts';
import { normalizeClassCode, peekBookNumber } from '../classification/book-number.service.ts';
import { findClasses } from '../classification/class.service.ts';
import { dayFilter } from '../reminders/day-filter.ts';
import { isbnForms, isValidIsbn } from '../search/lib/isbn.ts';
import { isbnReport } from './holdings.table.ts';

const copies = (scope: Scope) =>
  sql<number>`(select count(*)::int from ${copy} where ${scope.where(copy, eq(copy.recordId, r.id))})`;
const recCols = (scope: Scope) => ({ id: r.id, title: r.title, author: r.author, isbn: r.isbn, copies: copies(scope) });
const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
/** Digits, hyphens and an X only, 10 or 13 of them: meant as an ISBN (a wrong one is said so, not read as a title). */
const looksLikeIsbn = (s: string) => /^[\d\-\s]+[\dXx]$/.test(s) && [10, 13].includes(s.replace(/[^\dXx]/g, '').length);

/**
 * `/newbook-duplicate-check`: each line is an ISBN (either form, hyphens allowed) or "title, author"
 * (separated by a tab, comma, ，, / or ／). A title matches ignoring case and spaces; an author given must be
 * contained in the record's. Answer per line: held or not, the records and their copy counts.
 */
export async function duplicateCheck(db: Db, scope: Scope, lines: string[]): Promise<DuplicateRow[]> {
  const isbnLines = lines.filter((l) => isValidIsbn(l));
  const forms = [...new Set(isbnLines.flatMap((l) => isbnForms(l)))];
  const byIsbn = new Map<string, { id: number; title: string; author: string; isbn: string; copies: number }[]>();
  for (let i = 0; i < forms.length; i += 1000) {
    const rows = await db
      .select(recCols(scope))
      .from(r)
      .where(scope.where(r, inArray(r.isbn, forms.slice(i, i + 1000))));
    for (const x of rows) byIsbn.set(x.isbn, [...(byIsbn.get(x.isbn) ?? []), x]);
  }
  const out: DuplicateRow[] = [];
  for (const line of lines) {
    let records: DuplicateRow['records'];
    let by: DuplicateRow['by'];
    if (!isValidIsbn(line) && looksLikeIsbn(line)) {
      out.push({ line, by: 'isbn', held: false, invalidIsbn: true, records: [], copies: 0 });
      continue;
    }
    if (isValidIsbn(line)) {
      by = 'isbn';
      const seen = new Set<number>();
      records = isbnForms(line)
        .flatMap((f) => byIsbn.get(f) ?? [])
        .filter((x) => !seen.has(x.id) && seen.add(x.id));
    } else {
      by = 'title';
      const [title, author = ''] = line.split(/\t|,|，|\/|／/).map((s) => s.trim());
      const conds: SQL[] = [sql`replace(lower(${r.title}), ' ', '') = ${squash(title)}`];
      if (author) conds.push(ilike(r.author, `%${author.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
      records = await db
        .select(recCols(scope))
        .from(r)
        .where(scope.where(r, ...conds))
        .orderBy(asc(r.id))
        .limit(20);
    }
    const n = records.reduce((s, x) => s + x.copies, 0);
    out.push({ line, by, held: records.length > 0, records, copies: n });
  }
  return out;
}

function isbnWhere(scope: Scope, q: IsbnReportQuery): SQL {
  return scope.where(
    r,
    ne(r.isbn, ''),
    ...dayFilter(r.createdAt, r.schoolId, q.dateFrom, q.dateTo),
    q.batchId
      ? exists(
          sql`(select 1 from ${copy} where ${scope.where(copy, eq(copy.recordId, r.id), eq(copy.batchId, q.batchId))})`,
        )
      : undefined,
    q.reported === 'yes' ? isNotNull(isbnReport.id) : q.reported === 'no' ? isNull(isbnReport.id) : undefined,
  );
}

/** `/isbn-reporting`: records with an ISBN of the period / batch, with their report mark. */
export async function isbnList(db: Db, scope: Scope, q: IsbnReportQuery, all = false) {
  const where = isbnWhere(scope, q);
  const base = db
    .select({
      id: r.id,
      isbn: r.isbn,
      title: r.title,
      author: r.author,
      publisher: r.publisher,
      pubYear: r.pubYear,
      priceFen: r.priceFen,
      classNo: r.classNo,
      copies: copies(scope),
      createdAt: r.createdAt,
      reportedAt: isbnReport.reportedAt,
    })
    .from(r)
    .leftJoin(isbnReport, eq(isbnReport.recordId, r.id))
    .where(where)
    .orderBy(desc(r.createdAt), desc(r.id));
  const [rows, [{ n }]] = await Promise.all([
    all ? base.limit(50_000) : base.limit(q.Rows).offset(pageOffset(q)),
    db.select({ n: count() }).from(r).leftJoin(isbnReport, eq(isbnReport.recordId, r.id)).where(and(where)),
  ]);
  return list(rows, n);
}

/** Marks records reported (or takes the mark back): the selected ids, or every record of a query. */
export async function markIsbn(db: Db, scope: Scope, user: Principal | undefined, b: IsbnMarkBody) {
  const ids = b.ids?.length
    ? (
        await db
          .select({ id: r.id })
          .from(r)
          .where(scope.where(r, inArray(r.id, b.ids)))
      ).map((x) => x.id)
    : b.query
      ? (await isbnList(db, scope, { ...b.query, reported: b.reported ? 'no' : 'yes' }, true)).List.map((x) => x.id)
      : [];
  if (!ids.length) return { count: 0 };
  if (!b.reported) {
    const gone = await db
      .delete(isbnReport)
      .where(scope.where(isbnReport, inArray(isbnReport.recordId, ids)))
      .returning({ id: isbnReport.id });
    return { count: gone.length };
  }
  const rows = await db
    .insert(isbnReport)
    .values(ids.map((recordId) => scope.values({ recordId, operatorId: user?.userId ?? null })))
    .onConflictDoNothing()
    .returning({ id: isbnReport.id });
  return { count: rows.length };
}

/**
 * `/callnumber-search`: the call numbers in use under a class number (prefix, or exactly it): one row per
 * class + book number with its titles and copy count; for the class typed, the class name, the book numbers
 * in use and the next free one (after both the sequence and the highest number in the catalogue).
 */
export async function callNumberSearch(db: Db, scope: Scope, q: CallNumberQuery) {
  const cls = normalizeClassCode(q.classNo);
  const classCol = sql<string>`upper(replace(${r.classNo}, ' ', ''))`;
  const where = scope.where(
    r,
    q.exact ? sql`${classCol} = ${cls}` : sql`${classCol} like ${`${cls.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
  );
  const group = [r.classNo, r.bookNo] as const;
  const [rows, [{ n }], used, seq, names] = await Promise.all([
    db
      .select({
        classNo: r.classNo,
        bookNo: r.bookNo,
        records: count(),
        titles: sql<string[]>`(array_agg(${r.title} order by ${r.id}))[1:3]`,
        copies: sql<number>`sum(${copies(scope)})::int`,
      })
      .from(r)
      .where(where)
      .groupBy(...group)
      .orderBy(
        asc(r.classNo),
        sql`nullif(regexp_replace(${r.bookNo}, '\\D', '', 'g'), '')::numeric nulls last`,
        asc(r.bookNo),
      )
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db
      .select({ n: sql<number>`count(distinct (${r.classNo}, ${r.bookNo}))::int` })
      .from(r)
      .where(where),
    db
      .select({ bookNo: r.bookNo })
      .from(r)
      .where(scope.where(r, sql`${classCol} = ${cls}`, ne(r.bookNo, '')))
      .groupBy(r.bookNo),
    peekBookNumber(db, scope, cls),
    findClasses(db, { scheme: 'clc', q: cls, limit: 5 }, scope),
  ]);
  const numbers = used.map((u) => Number(u.bookNo.replace(/\D/g, ''))).filter((x) => Number.isFinite(x) && x > 0);
  const max = numbers.length ? Math.max(...numbers) : 0;
  return {
    ...list(rows, n),
    classNo: cls,
    className: names.find((c) => c.code.toUpperCase() === cls)?.name ?? '',
    usedCount: used.length,
    maxBookNo: max,
    nextFree: Math.max(max + 1, seq),
  };
}
