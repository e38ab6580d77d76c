import type { RecordSearchQuery } from '@shuyuan/contracts/catalogue/record';
import { eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { isbnForms } from '../search/lib/isbn.ts';
import { fieldWhere, parseSearchQuery, searchRank, searchWhere } from '../search/lib/query.ts';
import { acceptanceBatch, catalogueRecord as r, copy } from './catalogue.table.ts';
import { allIdsWhenBroad, catalogueChange, keepSearch, keptSearch, parseIds } from './kept-search.ts';

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
type Facets = Record<FacetName, Facet[]>;

/** One key of a result order: an expression over the record and its direction. */
interface SortKey {
  expr: SQL;
  dir: 'asc' | 'desc' | 'asc nulls last' | 'desc nulls last';
}

/**
 * The result order. Call number: class number, then the book number (numeric ones by value, so 9 before 10),
 * as the shelves are; the record's class/book number is the main part of its copies' call numbers.
 */
function sortKeys(sort: RecordSearchQuery['sort'], rank: SQL | undefined): SortKey[] {
  const id = (dir: 'asc' | 'desc'): SortKey => ({ expr: sql`${r.id}`, dir });
  switch (sort) {
    case 'year':
      return [{ expr: sql`${r.pubYear}`, dir: 'desc nulls last' }, id('desc')];
    case 'title':
      return [{ expr: sql`${r.title}`, dir: 'asc' }, id('asc')];
    case 'callNo':
      return [
        { expr: sql`${r.classNo} = ''`, dir: 'asc' },
        { expr: sql`upper(${r.classNo})`, dir: 'asc' },
        { expr: sql`case when ${r.bookNo} ~ '^[0-9]{1,9}$' then ${r.bookNo}::int end`, dir: 'asc nulls last' },
        { expr: sql`${r.bookNo}`, dir: 'asc' },
        id('asc'),
      ];
    default:
      return rank ? [{ expr: rank, dir: 'desc' }, id('desc')] : [id('desc')];
  }
}

const orderBy = (keys: SortKey[]) => keys.map((k) => sql`${k.expr} ${sql.raw(k.dir)}`);

/**
 * Staff search (spec §6 书目检索): text by field, facet filters, facet counts over the whole hit list
 * (language, class letter, year, resource type, copy location, copy state), sorted by relevance, year, title
 * or call number.
 */
export async function staffSearch(db: Db, scope: Scope, q: RecordSearchQuery) {
  const { total, facets, ids } = await staffHits(db, scope, q);
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
  const rows = ids.length
    ? await db
        .select(cols)
        .from(r)
        .where(scope.where(r, inArray(r.id, ids)))
    : [];
  const at = new Map(ids.map((id, i) => [id, i]));
  const List = rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
  return { List, Total: total, Facets: facets };
}

/** The hit count, the facets and the page's record ids of a staff search: kept (kept-search.ts) or found now. */
async function staffHits(db: Db, scope: Scope, q: RecordSearchQuery) {
  const offset = pageOffset(q);
  const key = `${scope.schoolId}|${JSON.stringify([q.SearchKey, q.field ?? null, q.sort, q.facets])}`;
  const change = await catalogueChange(db);
  const k = keptSearch<Facets>(db, key, change);
  if (k) return { total: k.total, facets: k.facets, ids: [...k.ids.subarray(offset, offset + q.Rows)] };
  const { where, keys } = await searchKeys(db, scope, q);
  const found = await hitsPage(db, scope, where, keys, q.Rows, offset);
  if (found.all) keepSearch(db, key, change, { total: found.total, facets: found.facets, ids: found.all });
  return found;
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
  const { where, keys } = await searchKeys(db, scope, q);
  return { where, order: orderBy(keys) };
}

async function searchKeys(
  db: Db,
  scope: Scope,
  q: Pick<RecordSearchQuery, 'SearchKey' | 'field' | 'sort' | 'facets'>,
): Promise<{ where: SQL; keys: SortKey[] }> {
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
  return { where: scope.where(r, ...conds), keys: sortKeys(q.sort, rank) };
}

const FACETS = ['language', 'classLetter', 'year', 'resourceType', 'location', 'state'] as const;
type FacetName = (typeof FACETS)[number];

/**
 * The hit count, every facet and the page's ids in ONE statement: the hit list is computed once (a materialized
 * CTE, with the sort keys), grouped six ways, top 30 values each, and its page taken in the chosen order. On
 * PGlite (one connection) separate statements would run one after another, each finding the hits again.
 */
async function hitsPage(db: Db, scope: Scope, where: SQL, keys: SortKey[], limit: number, offset: number) {
  const k = (i: number) => sql.raw(`k${i}`);
  const order = sql.join(
    keys.map((key, i) => sql`${k(i)} ${sql.raw(key.dir)}`),
    sql`, `,
  );
  const res: any = await db.execute(sql`
    with hits as materialized (
      select ${r.id} as id, ${r.language} as language, upper(left(${r.classNo}, 1)) as cl, ${r.pubYear} as year,
        ${r.resourceTypeId} as rt, ${sql.join(
          keys.map((key, i) => sql`${key.expr} as ${k(i)}`),
          sql`, `,
        )}
      from ${r} where ${where}
    ),
    held as (
      -- The hits' copies by the record index (a join walked the whole index for thousands of hits).
      select c.record_id, c.location_id, c.circ_state from ${copy} c
      where c.record_id = any(array(select id from hits)) and c.school_id = ${scope.schoolId}
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
    ),
    page as (select * from hits order by ${order} limit ${limit} offset ${offset})
    select f, v, n from (
      select f, v, n, row_number() over (partition by f order by n desc, v) as k from f
    ) x where k <= 30
    union all select 'page', id::text, (row_number() over (order by ${order}))::int from page
    union all select 'all', ${allIdsWhenBroad(order)}, 0`);
  const rows = (res.rows ?? res) as { f: FacetName | 'total' | 'page' | 'all'; v: string | null; n: number }[];
  const facets = Object.fromEntries(FACETS.map((k) => [k, [] as Facet[]])) as Facets;
  let total = 0;
  const page: { id: number; n: number }[] = [];
  let all: Int32Array | undefined;
  for (const row of rows) {
    if (row.f === 'total') total = row.n;
    else if (row.f === 'all') all = row.v === null ? undefined : parseIds(row.v);
    else if (row.f === 'page') page.push({ id: Number(row.v), n: row.n });
    else {
      const numeric = row.f === 'year' || row.f === 'location' || row.f === 'resourceType';
      facets[row.f].push({ value: numeric && row.v !== null ? Number(row.v) : row.v, count: row.n });
    }
  }
  for (const k of FACETS) facets[k].sort((a, b) => b.count - a.count);
  return { total, facets, ids: page.sort((a, b) => a.n - b.n).map((p) => p.id), all };
}
