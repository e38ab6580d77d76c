import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Broad staff searches (`The`, `史`, a class word: thousands of hits) cost their time in counting the facets over
 * every hit's copies and in ordering every hit — hundreds of milliseconds at 100k records — and a cataloguer pages
 * through them, re-sorts and comes back to them. Such an answer (hit count, facets and every hit's id in order) is
 * kept with the catalogue's change number and served while that number stands; the rows of a page (titles, copy
 * counts) are read afresh every time. The number is a sequence that every statement writing records, copies or
 * acceptance batches moves (migration 0030), so a kept answer is never stale: unlike the public site's broad
 * searches (opac/broad-search.ts) there is no time limit and no lag.
 *
 * An answer is kept only when no other transaction that could write was running while it was computed (its
 * snapshot lists none in progress): a writer that moved the number before it was read but had not committed when
 * the hits were found would otherwise leave an answer without its change under the new number. Per process and
 * database handle; at most `maxEntries` answers (ids of every hit: 4 bytes each).
 */
export const keptSearchTuning = { minHits: 500, maxEntries: 50 };

export interface KeptSearch<F> {
  total: number;
  facets: F;
  /** Every hit's id, in the answer's order. */
  ids: Int32Array;
}

const kept = new WeakMap<Db, Map<string, KeptSearch<unknown> & { change: string }>>();

/** The catalogue's change number now (read before the search whose answer may be kept under it). */
export async function catalogueChange(db: Db): Promise<string> {
  const res: any = await db.execute(sql`select last_value::text as v from catalogue_change_seq`);
  return (res.rows ?? res)[0].v;
}

/** The answer kept for `key` at this change number, if any. */
export function keptSearch<F>(db: Db, key: string, change: string): KeptSearch<F> | null {
  const k = kept.get(db)?.get(key);
  if (!k) return null;
  if (k.change === change) return k as KeptSearch<F>;
  kept.get(db)?.delete(key);
  return null;
}

export function keepSearch<F>(db: Db, key: string, change: string, answer: KeptSearch<F>) {
  let m = kept.get(db);
  if (!m) {
    m = new Map();
    kept.set(db, m);
  }
  m.delete(key);
  while (m.size >= keptSearchTuning.maxEntries) m.delete(m.keys().next().value as string);
  m.set(key, { ...answer, change });
}

/**
 * SQL text of one value: the ids of every hit in order (`array_agg(id order by …)` from `hits`) when there are at
 * least `minHits` and no other transaction that may write is in progress; else null.
 */
export const allIdsWhenBroad = (order: SQL) =>
  sql`(select array_agg(id order by ${order})::text from hits
    where (select count(*) from hits) >= ${keptSearchTuning.minHits}
      and not exists (select from pg_snapshot_xip(pg_current_snapshot())))`;

/** The ids of `allIdsWhenBroad`'s text ('{3,1,2}'). */
export const parseIds = (text: string) => Int32Array.from(text.slice(1, -1).split(','), Number);
