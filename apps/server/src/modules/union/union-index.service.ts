import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { unionView } from './union-search.service.ts';

/** Advisory lock class of the index refresh (with the union id): one refresher per union at a time. */
const LOCK_CLASS = 17017;
/** Works computed again per transaction. */
export const REFRESH_BATCH = 2000;

/**
 * Computes the index rows of union `unionId` again: the works of `keys` (or every work of the union with `null`),
 * from the members' records that have a copy the union sees (`unionView`, the same rule as the search). A work
 * none of whose records is shared any more loses its row. One statement.
 */
async function recompute(tx: Db, unionId: number, keys: string[] | null): Promise<void> {
  const view = await unionView(tx, unionId);
  if (!view) {
    await tx.execute(sql`delete from union_record where union_id = ${unionId}`);
    return;
  }
  const gk = sql`union_group_key(catalogue_record.match_keys, catalogue_record.id)`;
  let which: SQL = sql`true`;
  let mine: SQL = sql`true`;
  if (keys) {
    const ids = keys.filter((k) => k.startsWith('r:')).map((k) => Number(k.slice(2)));
    const shared = keys.filter((k) => !k.startsWith('r:'));
    // The match-keys GIN index finds the records of the works; the group key keeps those the work is theirs.
    which = sql`(catalogue_record.match_keys && ${sql.param(shared)}::text[] or catalogue_record.id = any(${sql.param(ids)}::int[]))
      and ${gk} = any(${sql.param(keys)}::text[])`;
    mine = sql`u.group_key = any(${sql.param(keys)}::text[])`;
  }
  await tx.execute(sql`
    with recs as materialized (
      select catalogue_record.id, catalogue_record.school_id, ${gk} as gk,
        coalesce(catalogue_record.search, ''::tsvector) as search, catalogue_record.title,
        catalogue_record.parallel_title, catalogue_record.author, catalogue_record.publisher,
        upper(left(catalogue_record.class_no, 1)) as cl, catalogue_record.pub_year, catalogue_record.language,
        catalogue_record.isbn
      from catalogue_record join ${view.values} on m.school_id = catalogue_record.school_id
      where ${which} and (m.types is null or catalogue_record.resource_type_id = any(m.types))
        and exists (select 1 from copy c where c.record_id = catalogue_record.id
          and c.school_id = catalogue_record.school_id and ${view.copy})
    ),
    agg as (
      select gk, union_tsvector_agg(distinct search) as search, (array_agg(title order by id))[1] as title,
        string_agg(distinct concat_ws(E'\n', title, nullif(parallel_title, '')), E'\n') as titles,
        coalesce(string_agg(distinct author, E'\n') filter (where author <> ''), '') as authors,
        coalesce(string_agg(distinct publisher, E'\n') filter (where publisher <> ''), '') as publishers,
        min(id) as first_id, array_agg(id order by id) as record_ids,
        array_agg(distinct school_id) as school_ids,
        coalesce(array_agg(distinct cl) filter (where cl <> ''), '{}') as class_letters,
        coalesce(array_agg(distinct pub_year) filter (where pub_year is not null), '{}') as years,
        coalesce(array_agg(distinct language) filter (where language <> ''), '{}') as languages,
        coalesce(array_agg(distinct isbn) filter (where isbn <> ''), '{}') as isbns
      from recs group by gk
    ),
    up as (
      insert into union_record as u (union_id, group_key, search, title, titles, authors, publishers, first_id,
        record_ids, school_ids, class_letters, years, languages, isbns)
      select ${unionId}::int, gk, search, title, titles, authors, publishers, first_id, record_ids, school_ids,
        class_letters, years, languages, isbns from agg
      on conflict (union_id, group_key) do update set search = excluded.search, title = excluded.title,
        titles = excluded.titles, authors = excluded.authors, publishers = excluded.publishers,
        first_id = excluded.first_id, record_ids = excluded.record_ids, school_ids = excluded.school_ids,
        class_letters = excluded.class_letters, years = excluded.years, languages = excluded.languages,
        isbns = excluded.isbns
      returning 1
    )
    delete from union_record u where u.union_id = ${unionId} and ${mine}
      and not exists (select 1 from agg where agg.gk = u.group_key)`);
}

/** A member's every work (its records', and the rows it is in now): listed as dirty keys in place of the member. */
async function expandMembers(tx: Db, unionId: number): Promise<void> {
  await tx.execute(sql`
    with mk as (delete from union_dirty where union_id = ${unionId} and school_id is not null returning school_id)
    insert into union_dirty (union_id, group_key)
    select ${unionId}::int, union_group_key(r.match_keys, r.id) from catalogue_record r
      where r.school_id in (select school_id from mk)
    union
    select ${unionId}::int, u.group_key from union_record u
      where u.union_id = ${unionId} and u.school_ids && array(select school_id from mk)`);
}

/** Past this share of a union's works to compute again (a member joining), the union is computed whole: faster. */
const WHOLE_SHARE = 0.2;

/**
 * One step of the refresh of a union's index, in its own transaction: the members that changed are turned into
 * their works, then up to `batch` dirty works are computed again, or the whole union when that is more than a fifth
 * of its works. Skipped (`busy`) while another process or request refreshes the same union. `inline` (a search
 * refreshing before it reads) does only a small change (`batch` works, a member's records counted as works) and
 * leaves a bigger one to the schedule.
 */
async function refreshStep(
  db: Db,
  unionId: number,
  batch: number,
  inline: boolean,
): Promise<{ busy: boolean; left: boolean }> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LOCK_CLASS}, ${unionId}) as ok`,
    );
    if (!lock.ok) return { busy: true, left: true };
    const [st] = await rowsOf<{ members: number; keys: number }>(
      tx,
      sql`with mk as (select school_id from union_dirty where union_id = ${unionId} and school_id is not null)
        select (select count(*)::int from mk) + (select count(*)::int from catalogue_record r
            where r.school_id in (select school_id from mk)) as members,
          (select count(*)::int from (select 1 from union_dirty where union_id = ${unionId} and group_key is not null
            limit 1000000) x) as keys`,
    );
    const todo = st.members + st.keys;
    if (!todo) return { busy: false, left: false };
    if (inline && todo > batch) return { busy: false, left: true };
    if (todo > batch) {
      const [w] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from union_record where union_id = ${unionId}`,
      );
      if (todo > WHOLE_SHARE * w.n) {
        await tx.execute(sql`delete from union_dirty where union_id = ${unionId}`);
        await recompute(tx, unionId, null);
        return { busy: false, left: false };
      }
    }
    if (st.members) await expandMembers(tx, unionId);
    const taken = await rowsOf<{ group_key: string }>(
      tx,
      sql`with k as (select distinct group_key from union_dirty where union_id = ${unionId} and group_key is not null
          limit ${batch})
        delete from union_dirty d using k where d.union_id = ${unionId} and d.group_key = k.group_key
        returning d.group_key`,
    );
    const keys = [...new Set(taken.map((x) => x.group_key))];
    if (keys.length) await recompute(tx, unionId, keys);
    const [more] = await rowsOf<{ left: boolean }>(
      tx,
      sql`select exists (select 1 from union_dirty where union_id = ${unionId}) as left`,
    );
    return { busy: false, left: more.left };
  });
}

/**
 * Brings the union's index up to date with the writes listed in `union_dirty`, step by step. `inline` (a search):
 * one small step at most; `pending` then says a change is still to be taken in (the schedule does it). Exact: a
 * write committed during a step stays listed and is taken by the next one.
 */
export async function refreshUnionIndex(
  db: Db,
  unionId: number,
  opts: { batch?: number; inline?: boolean } = {},
): Promise<{ pending: boolean }> {
  const batch = opts.batch ?? REFRESH_BATCH;
  // Nothing listed (a search's usual case): one indexed read, no transaction.
  const [any] = await rowsOf<{ x: boolean }>(
    db,
    sql`select exists (select 1 from union_dirty where union_id = ${unionId}) as x`,
  );
  if (!any.x) return { pending: false };
  for (;;) {
    const r = await refreshStep(db, unionId, batch, opts.inline ?? false);
    if (!r.left) return { pending: false };
    if (r.busy || opts.inline) return { pending: true };
  }
}

/** Every union with listed writes, brought up to date (the schedule's turn). */
export async function refreshAllUnionIndexes(db: Db): Promise<void> {
  const unions = await rowsOf<{ union_id: number }>(db, sql`select distinct union_id from union_dirty`);
  for (const u of unions) await refreshUnionIndex(db, Number(u.union_id));
}

/** The whole index of a union computed again (after an upgrade of the rules, or to measure it: bench/union). */
export async function rebuildUnionIndex(db: Db, unionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${unionId})`);
    await tx.execute(sql`delete from union_dirty where union_id = ${unionId}`);
    await recompute(tx, unionId, null);
  });
}
