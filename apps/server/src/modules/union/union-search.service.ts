import { CircState, StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import type {
  UnionFacetName,
  UnionFacetValue,
  UnionHit,
  UnionSearchQuery,
  UnionSearchResult,
} from '@shuyuan/contracts/union/union';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord as r } from '../catalogue/catalogue.table.ts';
import { resourceAuth } from '../holdings/holdings.table.ts';
import { canViewSql } from '../opac/visibility.ts';
import { school } from '../school/school.table.ts';
import { isbnForms } from '../search/lib/isbn.ts';
import { fieldWhere, parseSearchQuery, searchRank, searchWhere } from '../search/lib/query.ts';
import { mustBeMember, sharingMembers } from './membership.ts';

type Member = Awaited<ReturnType<typeof sharingMembers>>[number];

/** What the union may see of its members, computed once per search. */
export interface UnionView {
  members: Member[];
  /** `m(school_id, locs, types)`: the members as a VALUES list, joined on the record's school. */
  values: SQL;
  /** A copy (alias c, of the record `catalogue_record` joined with m) the union sees. */
  copy: SQL;
}

const intArray = (ids: number[] | null) =>
  ids === null ? sql.raw('null::int[]') : sql.raw(`'{${ids.map((i) => Math.trunc(i)).join(',')}}'::int[]`);

/**
 * The union's view: its passed members (without `exceptSchool`), each sharing its copies not weeded, in its shared
 * locations and resource types, that its resource rules let the public see. `null` when no member shares.
 */
export async function unionView(db: Db, unionId: number, exceptSchool?: number): Promise<UnionView | null> {
  const members = (await sharingMembers(db, unionId)).filter((m) => m.schoolId !== exceptSchool);
  if (!members.length) return null;
  const ids = members.map((m) => m.schoolId);
  const hiding = await db
    .selectDistinct({ schoolId: resourceAuth.schoolId })
    .from(resourceAuth)
    .where(and(inArray(resourceAuth.schoolId, ids), eq(resourceAuth.canView, false)));
  const values = sql`(values ${sql.join(
    members.map(
      (m) =>
        sql`(${sql.raw(String(Math.trunc(m.schoolId)))}, ${intArray(m.locationIds)}, ${intArray(m.resourceTypeIds)})`,
    ),
    sql`, `,
  )}) as m(school_id, locs, types)`;
  const conds = [
    sql`c.store_type <> ${StoreType.WEEDED}`,
    sql`(m.locs is null or c.location_id = any(m.locs))`,
    sql`(m.types is null or catalogue_record.resource_type_id = any(m.types))`,
  ];
  if (hiding.length)
    conds.push(
      sql`(c.school_id not in (${sql.join(
        hiding.map((h) => sql`${h.schoolId}`),
        sql`, `,
      )}) or ${canViewSql(sql`c.school_id`)})`,
    );
  return { members, values, copy: sql.join(conds, sql` and `) };
}

const onShelf = sql`c.circ_state = ${CircState.AVAILABLE} and c.store_type = ${StoreType.CIRCULATION}`;

/** WHERE and rank of the text, by the catalogue's search document (search lib): the same words, pinyin, ISBNs. */
function textCondition(q: UnionSearchQuery): { where: SQL; rank: SQL } {
  const none = sql`0`;
  switch (q.field) {
    case 'title':
      return {
        where: fieldWhere(r.search, [r.title, r.parallelTitle], q.SearchKey, 'A'),
        rank: sql`similarity(${r.title}, ${q.SearchKey})`,
      };
    case 'author':
      return { where: fieldWhere(r.search, [r.author], q.SearchKey, 'B'), rank: none };
    case 'publisher':
      return { where: fieldWhere(r.search, [r.publisher], q.SearchKey, 'C'), rank: none };
    case 'isbn': {
      const forms = isbnForms(q.SearchKey);
      return { where: forms.length ? inArray(r.isbn, forms) : sql`false`, rank: none };
    }
    default: {
      const parsed = parseSearchQuery(q.SearchKey);
      if (!parsed) return { where: sql`false`, rank: none };
      const cols = { vector: r.search, title: r.title };
      return { where: searchWhere(cols, parsed), rank: searchRank(cols, parsed) };
    }
  }
}

/**
 * The same title at several schools is one hit: records are grouped by their first ISBN match key, else their
 * title+author+year key (catalogue/match-keys.ts), else stand alone.
 */
const groupKey = sql`coalesce(
  (select min(k) from unnest(catalogue_record.match_keys) k where k like 'isbn:%'),
  (select min(k) from unnest(catalogue_record.match_keys) k where k like 'tay:%'),
  'r:' || catalogue_record.id)`;

const FACETS: UnionFacetName[] = ['school', 'classLetter', 'year', 'language', 'available'];

/**
 * The best text matches looked at per search (by rank): their copies are probed, grouped and counted. A broad word
 * over 40 schools matches tens of thousands of records; past this the total and facets count these only.
 */
export const MAX_MATCHES = 3000;

/**
 * One search over the shared catalogues of a union: two statements whatever the number of schools — the page of
 * hits with the total and facets (hits computed once, a materialized CTE), then the holdings of the page.
 * The caller's school must be a passed member; `exceptOwn` (union cataloguing) leaves its own records out.
 */
export async function unionSearch(
  db: Db,
  scope: Scope,
  q: UnionSearchQuery,
  opts: { exceptOwn?: boolean } = {},
): Promise<Omit<UnionSearchResult, 'List'> & { List: (UnionHit & { matchKeys: string[] })[]; view: UnionView | null }> {
  await mustBeMember(db, scope, q.unionId);
  const empty = { List: [], Total: 0, Facets: Object.fromEntries(FACETS.map((f) => [f, []])) as never, view: null };
  if (!q.SearchKey) return empty;
  const view = await unionView(db, q.unionId, opts.exceptOwn ? scope.schoolId : undefined);
  if (!view) return empty;
  const text = textCondition(q);
  const f = q.facets;
  const conds: SQL[] = [text.where];
  if (f.schoolId !== undefined) conds.push(sql`catalogue_record.school_id = ${f.schoolId}`);
  if (f.classLetter) conds.push(sql`upper(left(${r.classNo}, 1)) = ${f.classLetter.toUpperCase()}`);
  if (f.year !== undefined) conds.push(eq(r.pubYear, f.year));
  if (f.language !== undefined) conds.push(eq(r.language, f.language));
  const shared = (extra?: SQL) =>
    sql`exists (select 1 from copy c where c.record_id = catalogue_record.id and c.school_id = catalogue_record.school_id
      and ${view.copy}${extra ? sql` and ${extra}` : sql``})`;
  const held = [shared()];
  if (f.available) held.push(shared(onShelf));
  const rows = await rowsOf<{ f: string; v: string | null; n: number; ids: number[] | null }>(
    db,
    sql`
    with matched as materialized (
      select catalogue_record.id as id, ${text.rank} as rank
      from ${r} join ${view.values} on m.school_id = catalogue_record.school_id
      where ${sql.join(conds, sql` and `)} and (m.types is null or catalogue_record.resource_type_id = any(m.types))
      order by 2 desc, 1 desc limit ${MAX_MATCHES}
    ),
    hits as materialized (
      select catalogue_record.id as id, catalogue_record.school_id as school_id, matched.rank as rank, ${groupKey} as gk,
        upper(left(${r.classNo}, 1)) as cl, ${r.pubYear} as year, ${r.language} as language,
        ${shared(onShelf)} as avail
      from matched join ${r} on catalogue_record.id = matched.id
        join ${view.values} on m.school_id = catalogue_record.school_id
      where ${sql.join(held, sql` and `)}
    ),
    groups as (
      select gk, max(rank) as rank, min(id) as first_id, array_agg(id order by id) as ids from hits group by gk
    ),
    page as (
      select first_id, ids, row_number() over (order by rank desc, first_id desc) as k from groups
      order by rank desc, first_id desc limit ${q.Rows} offset ${pageOffset(q)}
    ),
    f as (
      select 'total' as f, null::text as v, count(*)::int as n from groups
      union all select 'school', school_id::text, count(distinct gk)::int from hits group by school_id
      union all select 'classLetter', cl, count(distinct gk)::int from hits where cl <> '' group by cl
      union all select 'year', year::text, count(distinct gk)::int from hits where year is not null group by year
      union all select 'language', language, count(distinct gk)::int from hits where language <> '' group by language
      union all select 'available', 'true', count(distinct gk)::int from hits where avail
    )
    select 'page' as f, null as v, k::int as n, ids from page
    union all
    select f, v, n, null from (select f, v, n, row_number() over (partition by f order by n desc, v) as k from f) x
    where k <= 30 and n > 0`,
  );
  const page = rows.filter((x) => x.f === 'page').sort((a, b) => a.n - b.n);
  const facets = Object.fromEntries(FACETS.map((k) => [k, [] as UnionFacetValue[]])) as Record<
    UnionFacetName,
    UnionFacetValue[]
  >;
  let total = 0;
  for (const x of rows) {
    if (x.f === 'page') continue;
    if (x.f === 'total') total = x.n;
    else {
      const name = x.f as UnionFacetName;
      const value = name === 'school' || name === 'year' ? Number(x.v) : name === 'available' ? true : (x.v ?? '');
      facets[name].push({ value, count: x.n });
    }
  }
  const List = await holdingsOf(
    db,
    view,
    page.map((p) => (p.ids ?? []).map(Number)),
  );
  const names = await schoolNames(
    db,
    view.members.map((m) => m.schoolId),
  );
  for (const v of facets.school) v.label = names.get(v.value as number) ?? '';
  for (const k of FACETS) facets[k].sort((a, b) => b.count - a.count);
  return { List, Total: total, Facets: facets, view };
}

async function schoolNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: school.id, name: school.name }).from(school).where(inArray(school.id, ids));
  return new Map(rows.map((x) => [x.id, x.name]));
}

/** The hits of a page: the first record's fields and, per school, its shared copies and those on the shelf. */
async function holdingsOf(
  db: Db,
  view: UnionView,
  groups: number[][],
): Promise<(UnionHit & { matchKeys: string[] })[]> {
  const ids = groups.flat();
  if (!ids.length) return [];
  const rows = await rowsOf<{
    id: number;
    school_id: number;
    title: string;
    author: string;
    publisher: string;
    pub_year: number | null;
    isbn: string;
    class_no: string;
    match_keys: string[];
    copies: number;
    available: number;
  }>(
    db,
    sql`select catalogue_record.id, catalogue_record.school_id, catalogue_record.title, catalogue_record.author,
        catalogue_record.publisher, catalogue_record.pub_year, catalogue_record.isbn, catalogue_record.class_no,
        catalogue_record.match_keys,
        (select count(*)::int from copy c where c.record_id = catalogue_record.id and c.school_id = catalogue_record.school_id and ${view.copy}) as copies,
        (select count(*)::int from copy c where c.record_id = catalogue_record.id and c.school_id = catalogue_record.school_id and ${view.copy} and ${onShelf}) as available
      from ${r} join ${view.values} on m.school_id = catalogue_record.school_id
      where catalogue_record.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const byId = new Map(rows.map((x) => [Number(x.id), x]));
  const names = await schoolNames(
    db,
    view.members.map((m) => m.schoolId),
  );
  const lends = new Map(view.members.map((m) => [m.schoolId, m.share === 'lending']));
  return groups.flatMap((g) => {
    const first = byId.get(g[0]);
    if (!first) return [];
    return [
      {
        recordId: Number(first.id),
        title: first.title,
        author: first.author,
        publisher: first.publisher,
        pubYear: first.pub_year,
        isbn: first.isbn,
        classNo: first.class_no,
        matchKeys: first.match_keys,
        holdings: g.flatMap((id) => {
          const x = byId.get(id);
          return x
            ? [
                {
                  schoolId: Number(x.school_id),
                  schoolName: names.get(Number(x.school_id)) ?? '',
                  recordId: id,
                  copies: x.copies,
                  available: x.available,
                  lends: lends.get(Number(x.school_id)) ?? false,
                },
              ]
            : [];
        }),
      },
    ];
  });
}
