import type { RecordSearchQuery } from '@shuyuan/contracts/catalogue/record';
import { asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { isbnForms } from '../search/lib/isbn.ts';
import { fieldWhere, parseSearchQuery, searchRank, searchWhere } from '../search/lib/query.ts';
import { acceptanceBatch, catalogueRecord as r, copy } from './catalogue.table.ts';

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
        where: fieldWhere(r.search, [r.title, r.parallelTitle], key, 'A'),
        rank: sql`similarity(${r.title}, ${key})`,
      };
    case 'author':
      return { where: fieldWhere(r.search, [r.author], key, 'B') };
    case 'publisher':
      return { where: fieldWhere(r.search, [r.publisher], key, 'C') };
    case 'isbn': {
      const forms = isbnForms(key);
      return { where: forms.length ? inArray(r.isbn, forms) : sql`false` };
    }
    // Class and call numbers are codes looked up by their start: upper(x) LIKE 'I24%' uses the
    // (school_id, upper(x) text_pattern_ops) indexes.
    case 'classNo':
      return { where: sql`upper(${r.classNo}) like ${starts(key.trim().toUpperCase())}` };
    case 'barcode':
      return { where: anyCopy(scope, eq(copy.barcode, key)) };
    case 'callNo':
      return {
        where: inArray(
          r.id,
          sql`(select ${copy.recordId} from ${copy} where ${scope.where(copy, sql`upper(${copy.callNo}) like ${starts(key.trim().toUpperCase())}`)})`,
        ),
      };
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
 * The result order. Call number: class number, then the book number (numeric ones by value, so 9 before 10),
 * as the shelves are; the record's class/book number is the main part of its copies' call numbers.
 */
function orderBy(sort: RecordSearchQuery['sort'], rank: SQL | undefined): SQL[] {
  switch (sort) {
    case 'year':
      return [sql`${r.pubYear} desc nulls last`, desc(r.id)];
    case 'title':
      return [asc(r.title), asc(r.id)];
    case 'callNo':
      return [
        sql`${r.classNo} = ''`,
        sql`upper(${r.classNo})`,
        sql`case when ${r.bookNo} ~ '^[0-9]{1,9}$' then ${r.bookNo}::int end nulls last`,
        asc(r.bookNo),
        asc(r.id),
      ];
    default:
      return rank ? [sql`${rank} desc`, desc(r.id)] : [desc(r.id)];
  }
}

/**
 * Staff search (spec §6 书目检索): text by field, facet filters, facet counts over the whole hit list
 * (language, class letter, year, resource type, copy location, copy state), sorted by relevance, year, title
 * or call number.
 */
export async function staffSearch(db: Db, scope: Scope, q: RecordSearchQuery) {
  const { where, order } = await searchPlan(db, scope, q);
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
    copies: copyCount(scope),
  };
  const [List, facets] = await Promise.all([
    db
      .select(cols)
      .from(r)
      .where(where)
      .orderBy(...order)
      .limit(q.Rows)
      .offset(pageOffset(q)),
    totalAndFacets(db, scope, where),
  ]);
  return { List, Total: facets.total, Facets: facets.facets };
}

/** The number of the school's copies of the record. */
export const copyCount = (scope: Scope) =>
  sql<number>`(select count(*)::int from ${copy} where ${scope.where(copy, eq(copy.recordId, r.id))})`;

/** WHERE and ORDER BY of a staff search (text, facets, sort): the list and its export find the same records. */
export async function searchPlan(
  db: Db,
  scope: Scope,
  q: Pick<RecordSearchQuery, 'SearchKey' | 'field' | 'sort' | 'facets'>,
): Promise<{ where: SQL; order: SQL[] }> {
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
  if (f.resourceTypeId !== undefined)
    conds.push(f.resourceTypeId ? eq(r.resourceTypeId, f.resourceTypeId) : isNull(r.resourceTypeId));
  return { where: scope.where(r, ...conds), order: orderBy(q.sort, rank) };
}

const FACETS = ['language', 'classLetter', 'year', 'resourceType', 'location', 'state'] as const;
type FacetName = (typeof FACETS)[number];

/**
 * The hit count and every facet in ONE statement: the hit list is computed once (a materialized CTE) and grouped
 * six ways, top 30 values each. Two statements per search instead of seven: on PGlite (one connection) the
 * queries would run one after another, on PostgreSQL each would take a pool connection.
 */
async function totalAndFacets(db: Db, scope: Scope, where: SQL) {
  const res: any = await db.execute(sql`
    with hits as materialized (
      select ${r.id} as id, ${r.language} as language, upper(left(${r.classNo}, 1)) as cl, ${r.pubYear} as year,
        ${r.resourceTypeId} as rt
      from ${r} where ${where}
    ),
    held as (
      select c.record_id, c.location_id, c.circ_state from ${copy} c join hits h on h.id = c.record_id
      where c.school_id = ${scope.schoolId}
    ),
    f as (
      select 'total' as f, null::text as v, count(*)::int as n from hits
      union all select 'language', language, count(*)::int from hits group by language
      union all select 'classLetter', cl, count(*)::int from hits group by cl
      union all select 'year', year::text, count(*)::int from hits group by year
      union all select 'resourceType', rt::text, count(*)::int from hits group by rt
      union all select 'location', location_id::text, count(*)::int
        from (select distinct record_id, location_id from held) d group by location_id
      union all select 'state', circ_state, count(*)::int
        from (select distinct record_id, circ_state from held) d group by circ_state
    )
    select f, v, n from (
      select f, v, n, row_number() over (partition by f order by n desc, v) as k from f
    ) x where k <= 30`);
  const rows = (res.rows ?? res) as { f: FacetName | 'total'; v: string | null; n: number }[];
  const facets = Object.fromEntries(FACETS.map((k) => [k, [] as Facet[]])) as Record<FacetName, Facet[]>;
  let total = 0;
  for (const row of rows) {
    if (row.f === 'total') total = row.n;
    else {
      const numeric = row.f === 'year' || row.f === 'location' || row.f === 'resourceType';
      facets[row.f].push({ value: numeric && row.v !== null ? Number(row.v) : row.v, count: row.n });
    }
  }
  for (const k of FACETS) facets[k].sort((a, b) => b.count - a.count);
  return { total, facets };
}
