import type {
  OpacComplexQuery,
  OpacFacetName,
  OpacFacetValue,
  OpacFacets,
  OpacField,
  OpacHit,
  OpacSearchQuery,
  OpacSearchResult,
  OpacSort,
} from '@shuyuan/contracts/opac/search';
import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { and, desc, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import { requestConfigVersion } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { searchPlan } from '../catalogue/catalogue-search.service.ts';
import { catalogueRecord as r } from '../catalogue/catalogue.table.ts';
import { fieldWhere } from '../search/lib/query.ts';
import { broadSearch } from './broad-search.ts';
import { copyVisibleSql, publicCopySql, recordVisibleSql } from './visibility.ts';

/** What the public may see of a school's copies, computed once per request. */
export interface PublicView {
  scope: Scope;
  /** Condition on copy alias `c`: a copy shown to the public. */
  copy: SQL;
  /** Condition on the record: shown to the public (undefined: every record). */
  record: SQL | undefined;
  /** The school configuration's version the rules were read at (keys the broad searches kept: broad-search.ts). */
  version: string | undefined;
}

export async function publicView(db: Db, scope: Scope): Promise<PublicView> {
  const visible = await copyVisibleSql(db, scope);
  return {
    scope,
    copy: publicCopySql(visible),
    record: recordVisibleSql(scope, visible),
    version: requestConfigVersion(db),
  };
}

/** A public copy of the record matches `cond` (on alias c). */
const anyPublicCopy = (v: PublicView, cond: SQL) =>
  sql`exists (select 1 from copy c where c.school_id = ${v.scope.schoolId} and c.record_id = catalogue_record.id and ${v.copy} and ${cond})`;

/** On the shelf and lends now: available, in the circulation store. */
const onShelf = sql`c.circ_state = ${CircState.AVAILABLE} and c.store_type = ${StoreType.CIRCULATION}`;

/** The staff search's field for ours (the staff search knows title, author, ISBN, class number). */
const STAFF_FIELD = { any: undefined, title: 'title', author: 'author', isbn: 'isbn', classNo: 'classNo' } as const;

/** WHERE (and the relevance order) of one text in one field, through the staff search where it has the field. */
async function textPlan(db: Db, scope: Scope, field: OpacField, text: string, sort: OpacSort) {
  const staffSort = sort === 'new' ? 'relevance' : sort;
  if (field === 'subject' || field === 'series') {
    const base = await searchPlan(db, scope, { SearchKey: '', sort: staffSort, facets: {} });
    const where =
      field === 'subject'
        ? fieldWhere(r.search, [sql`array_to_string(${r.subjects}, ' ')`], text, 'B')
        : fieldWhere(r.search, [r.series], text, 'C');
    return { where: and(base.where, where)!, order: base.order };
  }
  const plan = await searchPlan(db, scope, { SearchKey: text, field: STAFF_FIELD[field], sort: staffSort, facets: {} });
  // A reader who types a whole title expects that book first (红楼梦 before 红楼梦人物论).
  if (text && sort === 'relevance' && (field === 'any' || field === 'title'))
    return { where: plan.where, order: [sql`(${r.title} = ${text.trim()}) desc`, ...plan.order] };
  return plan;
}

/** Facet filters the staff search does not have, or must see through the public view (locations). */
function facetConds(v: PublicView, f: OpacFacets): SQL[] {
  const out: SQL[] = [];
  if (f.classLetter) out.push(sql`upper(left(${r.classNo}, 1)) = ${f.classLetter.toUpperCase()}`);
  if (f.author !== undefined) out.push(eq(r.author, f.author));
  if (f.year !== undefined) out.push(eq(r.pubYear, f.year));
  if (f.language !== undefined) out.push(eq(r.language, f.language));
  if (f.resourceTypeId !== undefined)
    out.push(f.resourceTypeId ? eq(r.resourceTypeId, f.resourceTypeId) : sql`${r.resourceTypeId} is null`);
  if (f.locationId !== undefined) out.push(anyPublicCopy(v, sql`c.location_id = ${f.locationId}`));
  if (f.available) out.push(anyPublicCopy(v, onShelf));
  if (f.readingLevel) out.push(eq(r.readingLevel, f.readingLevel));
  if (f.lexileFrom !== undefined || f.lexileTo !== undefined) {
    // The measure of a Lexile level ('650L', 'AD560L'); other levels (graded bands) never match a Lexile range.
    const lexile = sql`(substring(${r.readingLevel} from '^[A-Za-z]{0,2}([0-9]{1,4})L$'))::int`;
    out.push(sql`${lexile} between ${f.lexileFrom ?? 0} and ${f.lexileTo ?? 2000}`);
  }
  return out;
}

/** P/Search/Catalogue: one text in one field (or none: the newest records), facets, sort, page. */
export async function opacSearch(db: Db, v: PublicView, q: OpacSearchQuery): Promise<OpacSearchResult> {
  const { Page, Rows, ...query } = q;
  return run(db, v, { simple: query }, q, async () => {
    const plan = await textPlan(db, v.scope, q.field, q.SearchKey, q.sort);
    return { conds: [plan.where, ...facetConds(v, q.facets)], order: q.sort === 'new' ? newest : plan.order };
  });
}

const newest = [desc(r.id)];

/**
 * P/Search/ComplexCatalogue: lines joined in order (`a and b or c not d` = ((a and b) or c) and not d), then the
 * year range, resource type, location and language, then facets.
 */
export async function opacComplexSearch(db: Db, v: PublicView, q: OpacComplexQuery): Promise<OpacSearchResult> {
  const { Page, Rows, ...query } = q;
  return run(db, v, { complex: query }, q, () => complexPlan(db, v, q));
}

async function complexPlan(db: Db, v: PublicView, q: OpacComplexQuery) {
  const lines = q.lines.filter((l) => l.text);
  let where: SQL | undefined;
  let order: SQL[] | undefined;
  for (const l of lines) {
    const p = await textPlan(db, v.scope, l.field, l.text, q.sort);
    order ??= p.order;
    if (!where) where = l.op === 'not' ? not(p.where) : p.where;
    else if (l.op === 'and') where = and(where, p.where);
    else if (l.op === 'or') where = or(where, p.where);
    else where = and(where, not(p.where));
  }
  if (!order) order = (await textPlan(db, v.scope, 'any', '', q.sort)).order;
  const conds = [v.scope.where(r), where];
  if (q.yearFrom !== undefined) conds.push(sql`${r.pubYear} >= ${q.yearFrom}`);
  if (q.yearTo !== undefined) conds.push(sql`${r.pubYear} <= ${q.yearTo}`);
  conds.push(
    ...facetConds(v, {
      resourceTypeId: q.resourceTypeId,
      locationId: q.locationId,
      language: q.language,
    }),
    ...facetConds(v, q.facets),
  );
  return { conds, order: q.sort === 'new' ? newest : order };
}

/** The columns of a hit: copies and available count only public copies. */
export function hitColumns(v: PublicView) {
  const s = v.scope.schoolId;
  return {
    id: r.id,
    title: r.title,
    author: r.author,
    publisher: r.publisher,
    pubYear: r.pubYear,
    isbn: r.isbn,
    classNo: r.classNo,
    bookNo: r.bookNo,
    coverUrl: r.coverUrl,
    resourceTypeId: r.resourceTypeId,
    series: r.series,
    copies: sql<number>`(select count(*)::int from copy c where c.school_id = ${s} and c.record_id = catalogue_record.id and ${v.copy})`,
    available: sql<number>`(select count(*)::int from copy c where c.school_id = ${s} and c.record_id = catalogue_record.id and ${v.copy} and ${onShelf})`,
  };
}

/**
 * A search's page and facets: its rows (copies and available now read afresh) from the ids a broad search kept,
 * or the page and the facets in two statements (in parallel on PostgreSQL).
 */
async function run(
  db: Db,
  v: PublicView,
  query: object,
  page: { Page: number; Rows: number },
  plan: () => Promise<{ conds: (SQL | undefined)[]; order: SQL[] }>,
): Promise<OpacSearchResult> {
  const broad = broadSearch(db, v.scope.schoolId, v.version, query, page);
  const kept = broad.kept();
  if (kept?.ids) return { List: await hitsById(db, v, kept.ids), Total: kept.total, Facets: kept.facets };
  return broad.run(async () => {
    const { conds, order } = await plan();
    const where = and(v.scope.where(r), v.record, ...conds)!;
    const list = db
      .select(hitColumns(v))
      .from(r)
      .where(where)
      .orderBy(...order)
      .limit(page.Rows)
      .offset(pageOffset(page));
    if (kept) return { List: (await list) as OpacHit[], Total: kept.total, Facets: kept.facets };
    const [List, facets] = await Promise.all([list, totalAndFacets(db, v, where)]);
    return { List: List as OpacHit[], Total: facets.total, Facets: facets.facets };
  });
}

/** The rows of the given records in that order (those still shown to the public). */
async function hitsById(db: Db, v: PublicView, ids: number[]): Promise<OpacHit[]> {
  if (!ids.length) return [];
  const rows = (await db
    .select(hitColumns(v))
    .from(r)
    .where(and(v.scope.where(r), v.record, inArray(r.id, ids)))) as OpacHit[];
  const byId = new Map(rows.map((x) => [x.id, x]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const FACETS: OpacFacetName[] = ['classLetter', 'author', 'year', 'location', 'resourceType', 'language', 'available'];
const NUMERIC = new Set<OpacFacetName>(['year', 'location', 'resourceType']);

/**
 * The hit count and every facet in one statement (as the staff search does): the hits once, grouped seven ways,
 * top 20 values each, location and resource type names joined in. Locations count public copies only;
 * `available` counts hits with a copy on the shelf. The hits' copies are read once, grouped by location and in
 * all (grouping sets), so a broad search does not write them aside to group them twice.
 */
export async function totalAndFacets(db: Db, v: PublicView, where: SQL) {
  const s = v.scope.schoolId;
  const res: any = await db.execute(sql`
    with hits as materialized (
      select ${r.id} as id, upper(left(${r.classNo}, 1)) as cl, ${r.author} as author, ${r.pubYear} as year,
        ${r.resourceTypeId} as rt, ${r.language} as language
      from ${r} where ${where}
    ),
    held as (
      select grouping(c.location_id) as g, c.location_id, count(distinct c.record_id)::int as n,
        (count(distinct c.record_id) filter (where ${onShelf}))::int as av
      from copy c join hits h on h.id = c.record_id
      where c.school_id = ${s} and ${v.copy}
      group by grouping sets ((c.location_id), ())
    ),
    f as (
      select 'total' as f, null::text as v, count(*)::int as n from hits
      union all select 'classLetter', cl, count(*)::int from hits where cl <> '' group by cl
      union all select 'author', author, count(*)::int from hits where author <> '' group by author
      union all select 'year', year::text, count(*)::int from hits where year is not null group by year
      union all select 'resourceType', rt::text, count(*)::int from hits group by rt
      union all select 'language', language, count(*)::int from hits where language <> '' group by language
      union all select 'location', location_id::text, n from held where g = 0 and location_id is not null
      union all select 'available', 'true', av from held where g = 1
    )
    select f, v, n,
      case f
        when 'location' then (select l.name from location l where l.id = v::int and l.school_id = ${s})
        when 'resourceType' then (select t.name from resource_type t where t.id = v::int and t.school_id = ${s})
      end as label,
      case when f = 'resourceType' then (select t.en_name from resource_type t where t.id = v::int and t.school_id = ${s}) end
        as en_label
    from (
      select f, v, n, row_number() over (partition by f order by n desc, v) as k from f
    ) x where k <= 20 and n > 0`);
  const rows = (res.rows ?? res) as {
    f: OpacFacetName | 'total';
    v: string | null;
    n: number;
    label: string | null;
    en_label: string | null;
  }[];
  const facets = Object.fromEntries(FACETS.map((k) => [k, [] as OpacFacetValue[]])) as Record<
    OpacFacetName,
    OpacFacetValue[]
  >;
  let total = 0;
  for (const row of rows) {
    if (row.f === 'total') {
      total = row.n;
      continue;
    }
    const value = NUMERIC.has(row.f) && row.v !== null ? Number(row.v) : row.f === 'available' ? true : row.v;
    const out = { value, count: row.n } as OpacFacetValue;
    if (row.f === 'location') out.label = row.label ?? '';
    if (row.f === 'resourceType') {
      out.label = row.label ?? '';
      out.enLabel = row.en_label || row.label || '';
    }
    facets[row.f].push(out);
  }
  for (const k of FACETS) facets[k].sort((a, b) => b.count - a.count);
  return { total, facets };
}
