import type { RecordSearchQuery } from '@shuyuan/contracts/catalogue/record';
import { count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { isbnForms } from '../search/lib/isbn.ts';
import { parseSearchQuery, searchRank, searchWhere } from '../search/lib/query.ts';
import { acceptanceBatch, catalogueRecord as r, copy } from './catalogue.table.ts';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const starts = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Some copy of the record matches `cond` (copy-level fields: barcode, call number, batch, location, state). */
const anyCopy = (scope: Scope, ...cond: (SQL | undefined)[]) =>
  sql`exists (select 1 from ${copy} where ${scope.where(copy, eq(copy.recordId, r.id), ...cond)})`;

/** WHERE and rank for the search text; a named field searches that field only, as staff expect. */
async function textCondition(
  db: Db,
  scope: Scope,
  field: RecordSearchQuery['field'],
  key: string,
): Promise<{ where: SQL; rank?: SQL }> {
  switch (field) {
    case 'title':
      return {
        where: or(ilike(r.title, like(key)), ilike(r.parallelTitle, like(key)))!,
        rank: sql`similarity(${r.title}, ${key})`,
      };
    case 'author':
      return { where: ilike(r.author, like(key)) };
    case 'publisher':
      return { where: ilike(r.publisher, like(key)) };
    case 'isbn': {
      const forms = isbnForms(key);
      return { where: forms.length ? inArray(r.isbn, forms) : sql`false` };
    }
    case 'classNo':
      return { where: ilike(r.classNo, starts(key)) };
    case 'barcode':
      return { where: anyCopy(scope, eq(copy.barcode, key)) };
    case 'callNo':
      return { where: anyCopy(scope, ilike(copy.callNo, starts(key))) };
    case 'batch':
      return {
        where: anyCopy(
          scope,
          inArray(
            copy.batchId,
            sql`(select ${acceptanceBatch.id} from ${acceptanceBatch} where ${scope.where(acceptanceBatch, eq(acceptanceBatch.batchNo, key))})`,
          ),
        ),
      };
    default: {
      // Free text: the search document (title, author, pinyin, ISBN…), or a scanned copy barcode. The barcode
      // is looked up first, so the OR is with a primary key and the GIN index still serves the text part.
      const q = parseSearchQuery(key);
      const [hit] = await db
        .select({ id: copy.recordId })
        .from(copy)
        .where(scope.where(copy, eq(copy.barcode, key)));
      const barcode = hit ? eq(r.id, hit.id) : sql`false`;
      if (!q) return { where: barcode };
      const cols = { vector: r.search, title: r.title };
      return { where: or(searchWhere(cols, q), barcode)!, rank: searchRank(cols, q) };
    }
  }
}

type Facet = { value: string | number | null; count: number };

/**
 * Staff search (spec §6 书目检索): text by field, facet filters, facet counts over the whole hit list
 * (language, class letter, year, copy location, copy state), sorted by relevance or year.
 */
export async function staffSearch(db: Db, scope: Scope, q: RecordSearchQuery) {
  const conds: SQL[] = [];
  let rank: SQL | undefined;
  if (q.SearchKey) {
    const c = await textCondition(db, scope, q.field, q.SearchKey);
    conds.push(c.where);
    rank = c.rank;
  }
  const f = q.facets;
  if (f.language !== undefined) conds.push(eq(r.language, f.language));
  if (f.classLetter) conds.push(sql`upper(left(${r.classNo}, 1)) = ${f.classLetter.toUpperCase()}`);
  if (f.year !== undefined) conds.push(eq(r.pubYear, f.year));
  if (f.locationId !== undefined) conds.push(anyCopy(scope, eq(copy.locationId, f.locationId)));
  if (f.state) conds.push(anyCopy(scope, eq(copy.circState, f.state)));
  const where = scope.where(r, ...conds);

  const order =
    q.sort === 'year'
      ? [sql`${r.pubYear} desc nulls last`, desc(r.id)]
      : rank
        ? [sql`${rank} desc`, desc(r.id)]
        : [desc(r.id)];
  const cols = {
    id: r.id,
    title: r.title,
    parallelTitle: r.parallelTitle,
    author: r.author,
    publisher: r.publisher,
    pubYear: r.pubYear,
    isbn: r.isbn,
    classNo: r.classNo,
    bookNo: r.bookNo,
    priceFen: r.priceFen,
    language: r.language,
    coverUrl: r.coverUrl,
    copies: sql<number>`(select count(*)::int from ${copy} where ${scope.where(copy, eq(copy.recordId, r.id))})`,
  };
  const byRecord = async (key: SQL) => {
    const rows = await db
      .select({ value: key, count: count() })
      .from(r)
      .where(where)
      .groupBy(key)
      .orderBy(desc(count()))
      .limit(30);
    return rows as Facet[];
  };
  const byCopy = async (key: SQL) => {
    const rows = await db
      .select({ value: key, count: sql<number>`count(distinct ${copy.recordId})::int` })
      .from(copy)
      .innerJoin(r, eq(r.id, copy.recordId))
      .where(scope.where(copy, where))
      .groupBy(key)
      .orderBy(sql`2 desc`)
      .limit(30);
    return rows as Facet[];
  };
  const [List, [{ n }], language, classLetter, year, location, state] = await Promise.all([
    db
      .select(cols)
      .from(r)
      .where(where)
      .orderBy(...order)
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(r).where(where),
    byRecord(sql`${r.language}`),
    byRecord(sql`upper(left(${r.classNo}, 1))`),
    byRecord(sql`${r.pubYear}`),
    byCopy(sql`${copy.locationId}`),
    byCopy(sql`${copy.circState}`),
  ]);
  return { List, Total: n, Facets: { language, classLetter, year, location, state } };
}
