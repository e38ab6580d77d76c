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
import { refreshUnionIndex } from './union-index.service.ts';

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

/** The index row (alias u, union_record) of a work. */
const u = {
  search: sql.raw('u.search'),
  title: sql.raw('u.title'),
  titles: sql.raw('u.titles'),
  authors: sql.raw('u.authors'),
  publishers: sql.raw('u.publishers'),
};

/**
 * WHERE and rank of the text on a work's index row, by the catalogue's search lib: the same words, pinyin, ISBNs.
 * Its document is its records' documents merged; a field search looks inside every title (author, publisher) its
 * records give; rank reads the first record's title.
 */
function textCondition(q: UnionSearchQuery): { where: SQL; rank: SQL } {
  const none = sql`0`;
  switch (q.field) {
    case 'title':
      return {
        where: fieldWhere(u.search, [u.titles], q.SearchKey, 'A'),
        rank: sql`similarity(u.title, ${q.SearchKey})`,
      };
    case 'author':
      return { where: fieldWhere(u.search, [u.authors], q.SearchKey, 'B'), rank: none };
    case 'publisher':
      return { where: fieldWhere(u.search, [u.publishers], q.SearchKey, 'C'), rank: none };
    case 'isbn': {
      const forms = isbnForms(q.SearchKey);
      return { where: forms.length ? sql`u.isbns && ${sql.param(forms)}::text[]` : sql`false`, rank: none };
    }
    default: {
      const parsed = parseSearchQuery(q.SearchKey);
      if (!parsed) return { where: sql`false`, rank: none };
      return {
        where: searchWhere({ vector: u.search, title: u.titles }, parsed),
        rank: searchRank({ vector: u.search, title: u.title }, parsed),
      };
    }
  }
}

const FACETS: UnionFacetName[] = ['school', 'classLetter', 'year', 'language', 'available'];

/**
 * The best matching works looked at per search (by rank): grouped into the page, counted in the total and facets.
 * A broad word over a district matches tens of thousands of works; past this the answer says "more than N".
 */
export const MAX_MATCHES = 3000;

/** Works a search refreshes itself before it reads (more: the schedule takes them, the answer says `Updating`). */
const INLINE_REFRESH = 1000;

/**
 * One search over the shared catalogues of a union: one read of its index (union_record: a work per row, the same
 * title at five schools is one row) giving the page, the total and the facets, then the page's holdings and
 * availability read live through the union's view (so nothing a member stopped sharing shows, even before the
 * index has taken the change in). The caller's school must be a passed member; `exceptOwn` (union cataloguing)
 * leaves its own records out.
 */
export async function unionSearch(
  db: Db,
  scope: Scope,
  q: UnionSearchQuery,
  opts: { exceptOwn?: boolean } = {},
): Promise<Omit<UnionSearchResult, 'List'> & { List: (UnionHit & { matchKeys: string[] })[]; view: UnionView | null }> {
  await mustBeMember(db, scope, q.unionId);
  const empty = {
    List: [],
    Total: 0,
    More: false,
    Updating: false,
    Facets: Object.fromEntries(FACETS.map((f) => [f, []])) as never,
    view: null,
  };
  if (!q.SearchKey) return empty;
  const { pending } = await refreshUnionIndex(db, q.unionId, { batch: INLINE_REFRESH, inline: true });
  const view = await unionView(db, q.unionId, opts.exceptOwn ? scope.schoolId : undefined);
  if (!view) return { ...empty, Updating: pending };
  const text = textCondition(q);
  const f = q.facets;
  const conds: SQL[] = [sql`u.union_id = ${q.unionId}`, text.where];
  if (opts.exceptOwn) conds.push(sql`not (u.school_ids <@ array[${scope.schoolId}]::int[])`);
  if (f.schoolId !== undefined) conds.push(sql`${f.schoolId}::int = any(u.school_ids)`);
  if (f.classLetter) conds.push(sql`${f.classLetter.toUpperCase()}::text = any(u.class_letters)`);
  if (f.year !== undefined) conds.push(sql`${f.year}::int = any(u.years)`);
  if (f.language !== undefined) conds.push(sql`${f.language}::text = any(u.languages)`);
  const records = recordFilter(q);
  // A work is on the shelf when one of its shared records (within the filters) has a copy on the shelf: read live.
  // Per work (offset 0 keeps it a probe of the work's own records, not a join of every record with every work).
  const available = (ids: SQL) => sql`exists (select 1 from unnest(${ids}) rid
      join ${r} on catalogue_record.id = rid join ${view.values} on m.school_id = catalogue_record.school_id
      join copy c on c.record_id = catalogue_record.id and c.school_id = catalogue_record.school_id
    where ${records} and ${view.copy} and ${onShelf} offset 0)`;
  if (f.available) conds.push(available(sql`u.record_ids`));
  const within = (col: string, value: unknown) =>
    value === undefined || value === null || value === '' ? sql`true` : sql`${sql.raw(col)} = ${value}`;
  const rows = await rowsOf<{ f: string; v: string | null; n: number; ids: number[] | null }>(
    db,
    sql`
    with matched as materialized (
      select u.id, u.first_id, u.record_ids, u.school_ids, u.class_letters, u.years, u.languages, ${text.rank} as rank
      from union_record u
      where ${sql.join(conds, sql` and `)}
      order by rank desc, u.first_id desc limit ${MAX_MATCHES + 1}
    ),
    page as (
      select record_ids, row_number() over (order by rank desc, first_id desc) as k from matched
      order by rank desc, first_id desc limit ${q.Rows} offset ${pageOffset(q)}
    ),
    f as (
      select 'total' as f, null::text as v, count(*)::int as n from matched
      union all select 'school', s::text, count(*)::int from matched, unnest(school_ids) s
        where ${within('s', f.schoolId)} and ${opts.exceptOwn ? sql`s <> ${scope.schoolId}` : sql`true`} group by s
      union all select 'classLetter', x, count(*)::int from matched, unnest(class_letters) x
        where ${within('x', f.classLetter?.toUpperCase())} group by x
      union all select 'year', y::text, count(*)::int from matched, unnest(years) y where ${within('y', f.year)} group by y
      union all select 'language', l, count(*)::int from matched, unnest(languages) l
        where ${within('l', f.language)} group by l
      union all select 'available', 'true', count(*)::int from matched where ${available(sql`matched.record_ids`)}
    )
    select 'page' as f, null as v, k::int as n, record_ids as ids from page
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
      facets[name].push({ value, count: Math.min(x.n, MAX_MATCHES) });
    }
  }
  const List = await holdingsOf(
    db,
    view,
    page.map((p) => (p.ids ?? []).map(Number)),
    records,
  );
  const names = await schoolNames(
    db,
    view.members.map((m) => m.schoolId),
  );
  for (const v of facets.school) v.label = names.get(v.value as number) ?? '';
  for (const k of FACETS) facets[k].sort((a, b) => b.count - a.count);
  return {
    List,
    Total: Math.min(total, MAX_MATCHES),
    More: total > MAX_MATCHES,
    Updating: pending,
    Facets: facets,
    view,
  };
}

/** The facets chosen, on one record (`catalogue_record`): a hit's holdings are its records within them. */
function recordFilter(q: UnionSearchQuery): SQL {
  const f = q.facets;
  const conds: SQL[] = [sql`true`];
  if (f.schoolId !== undefined) conds.push(sql`catalogue_record.school_id = ${f.schoolId}`);
  if (f.classLetter) conds.push(sql`upper(left(${r.classNo}, 1)) = ${f.classLetter.toUpperCase()}`);
  if (f.year !== undefined) conds.push(eq(r.pubYear, f.year));
  if (f.language !== undefined) conds.push(eq(r.language, f.language));
  return sql.join(conds, sql` and `);
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
  records: SQL,
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
      where catalogue_record.id = any(${sql.param(ids)}::int[]) and ${records}`,
  );
  // Records no longer shared (the index has not taken the change in yet) show nothing.
  const byId = new Map(rows.filter((x) => x.copies > 0).map((x) => [Number(x.id), x]));
  const names = await schoolNames(
    db,
    view.members.map((m) => m.schoolId),
  );
  const lends = new Map(view.members.map((m) => [m.schoolId, m.share === 'lending']));
  return groups.flatMap((all) => {
    const g = all.filter((id) => byId.has(id));
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
