import type { OpacFacetName, OpacFacetValue, OpacSearchResult } from '@shuyuan/contracts/opac/search';
import type { Db } from '../../db/client.ts';

/**
 * Broad public searches: a word or two letters found in thousands of titles (`中国`, `Th`, the home page's hot
 * words). Their cost is in ranking every hit and in counting the facets over every hit's copies — hundreds of
 * milliseconds at 100k records, during which the embedded database serves nobody else — while many readers ask
 * the same. Such an answer's ranked page ids, hit count and facets are kept for `ttlMs` (Evergreen keeps its
 * search results in memcached the same way); the rows of a page — titles, copies, available now — are read
 * afresh every time. So within a minute a broad search's list and counts may miss a record catalogued or weeded
 * meanwhile (a record deleted meanwhile drops off its page); a search with fewer than `minHits` hits is always
 * exact. The key carries the school configuration's version: a change to the resource rules or the site's
 * settings takes effect at once. Per process and database handle; at most `maxEntries` answers (~10 kB each).
 *
 * Identical searches that arrive while one is being answered wait for it instead of running again.
 */
export const broadSearchTuning = { minHits: 1000, ttlMs: 60_000, maxEntries: 300 };

/** Since the process started: answers from kept ids, answers shared with an identical search running, searches run. */
export const broadSearchCounts = { fromKept: 0, shared: 0, ran: 0 };

type Facets = Record<OpacFacetName, OpacFacetValue[]>;
interface Kept {
  at: number;
  total: number;
  facets: Facets;
  /** Ranked record ids per page ("Page:Rows"). */
  pages: Map<string, number[]>;
}

const kept = new WeakMap<Db, Map<string, Kept>>();
const running = new WeakMap<Db, Map<string, Promise<OpacSearchResult>>>();

function mapOf<T>(m: WeakMap<Db, Map<string, T>>, db: Db): Map<string, T> {
  let x = m.get(db);
  if (!x) {
    x = new Map();
    m.set(db, x);
  }
  return x;
}

export interface BroadSearch {
  /** A kept answer of this search: its count and facets, and the page's ids when that page was asked already. */
  kept(): { total: number; facets: Facets; ids?: number[] } | null;
  /** Runs the search once for every identical caller meanwhile, and keeps a broad answer. */
  run(search: () => Promise<OpacSearchResult>): Promise<OpacSearchResult>;
}

/**
 * The kept answers of one search. `version` is the request's configuration version (undefined: nothing is kept
 * nor shared); `query` the body without its page.
 */
export function broadSearch(
  db: Db,
  schoolId: number,
  version: string | undefined,
  query: object,
  page: { Page: number; Rows: number },
): BroadSearch {
  const key = version === undefined ? undefined : `${schoolId}|${version}|${JSON.stringify(query)}`;
  const pageKey = `${page.Page}:${page.Rows}`;
  const cache = mapOf(kept, db);
  return {
    kept() {
      const k = key ? cache.get(key) : undefined;
      if (!k || !key) return null;
      if (performance.now() - k.at > broadSearchTuning.ttlMs) {
        cache.delete(key);
        return null;
      }
      const ids = k.pages.get(pageKey);
      if (ids) broadSearchCounts.fromKept++;
      return { total: k.total, facets: k.facets, ids };
    },
    async run(search) {
      broadSearchCounts.ran++;
      if (!key) return search();
      const inFlight = mapOf(running, db);
      const full = `${key}|${pageKey}`;
      const already = inFlight.get(full);
      if (already) {
        broadSearchCounts.ran--;
        broadSearchCounts.shared++;
        return already;
      }
      const p = search();
      inFlight.set(full, p);
      try {
        const res = await p;
        if (res.Total >= broadSearchTuning.minHits) keep(cache, key, pageKey, res);
        return res;
      } finally {
        inFlight.delete(full);
      }
    },
  };
}

function keep(cache: Map<string, Kept>, key: string, pageKey: string, res: OpacSearchResult) {
  const ids = res.List.map((h) => h.id);
  const k = cache.get(key);
  // Another page of an answer still kept: its count and facets stay those of the first page's moment.
  if (k && performance.now() - k.at <= broadSearchTuning.ttlMs) {
    k.pages.set(pageKey, ids);
    return;
  }
  cache.delete(key);
  while (cache.size >= broadSearchTuning.maxEntries) cache.delete(cache.keys().next().value as string);
  cache.set(key, { at: performance.now(), total: res.Total, facets: res.Facets, pages: new Map([[pageKey, ids]]) });
}

const figures = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

/**
 * The library in figures (P/Search/Statfile: every record and copy counted, on every visit to the home page) kept
 * for `broadSearchTuning.ttlMs` per school and configuration version, like a broad search: a minute-old count is
 * as good to a reader, and at 300k copies each count costs what a broad search does.
 */
export function keptFigures<T>(db: Db, schoolId: number, version: string | undefined, count: () => Promise<T>) {
  if (version === undefined) return count();
  const m = mapOf(figures, db);
  const key = `${schoolId}|${version}`;
  const k = m.get(key);
  if (k && performance.now() - k.at <= broadSearchTuning.ttlMs) return k.value as Promise<T>;
  if (m.size >= broadSearchTuning.maxEntries) m.clear();
  const value = count();
  m.set(key, { at: performance.now(), value });
  // A failed count is not kept.
  value.catch(() => {
    if (m.get(key)?.value === value) m.delete(key);
  });
  return value;
}
