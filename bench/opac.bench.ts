import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pinyin } from 'pinyin-pro';
import { broadSearchCounts, broadSearchTuning } from '../apps/server/src/modules/opac/broad-search.ts';
import { P } from '../packages/contracts/src/common/paths.ts';
import { makeTitles } from './library-fixture.ts';
import { libraryServer } from './library-app.ts';
import { SEARCH_LIBRARY } from './search.bench.ts';
import { report, summarize } from './stats.ts';

/**
 * OPAC_BENCH_SEARCHERS (default 50) readers search at once, each reading an answer for OPAC_BENCH_PAUSE_MS (default
 * 2000, 0.5–1.5×) before the next search; OPAC_BENCH_QUERIES (default 1500) answers are counted, from 600 different
 * searches (so each is asked two or three times: a broad one may be answered from what it kept). With no pause (0)
 * the searchers hammer the server back to back: a capacity figure, not a reader's wait.
 */
const SEARCHERS = Number(process.env.OPAC_BENCH_SEARCHERS ?? 50);
const QUERIES = Number(process.env.OPAC_BENCH_QUERIES ?? 1500);
const PAUSE_MS = Number(process.env.OPAC_BENCH_PAUSE_MS ?? 2000);
const SEARCH_URL = `${P}/Search/Catalogue`;

/** What readers type on the public site: words, pinyin, initials, authors, titles, ISBN, a class; a facet, page 2. */
export function queries(n: number) {
  const titles = makeTitles(SEARCH_LIBRARY.records);
  const out: Record<string, unknown>[] = [];
  for (let i = 0; out.length < n; i += 997) {
    const t = titles[(i * 7919) % titles.length];
    const zh = /[\u4e00-\u9fff]{2,}/.exec(t.title)?.[0];
    const k = out.length % 8;
    if (zh && k === 0) out.push({ SearchKey: zh.slice(0, 4) });
    else if (zh && k === 1)
      out.push({ SearchKey: pinyin(zh.slice(0, 2), { toneType: 'none', type: 'array' }).join('') });
    else if (zh && k === 2)
      out.push({ SearchKey: pinyin(zh.slice(0, 3), { pattern: 'first', type: 'array' }).join('') });
    else if (!zh && k < 3) out.push({ SearchKey: t.title.split(' ').slice(1, 3).join(' ') });
    else if (k === 3) out.push({ SearchKey: t.isbn, field: 'isbn' });
    else if (k === 4) out.push({ SearchKey: t.author.slice(0, 2), field: 'author' });
    else if (k === 5) out.push({ SearchKey: t.title.slice(0, 4), field: 'title', facets: { available: true } });
    else if (k === 6) out.push({ SearchKey: t.classNo, field: 'classNo', sort: 'new' });
    else out.push({ SearchKey: (zh ?? t.title).slice(0, 2), Page: 2 });
  }
  return out.map((q) => ({ Page: 1, Rows: 20, ...q }));
}

/** Runs `searchers` readers in another process until `total` answers; their timings. */
function searchers(
  base: string,
  headers: Record<string, string>,
  bodies: unknown[],
  n: number,
  total: number,
  pauseMs: number,
) {
  return new Promise<{
    server: number[];
    trips: number[];
    totals: number[];
    failures: number;
    empty: number;
    seconds: number;
    msg: string;
  }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(new URL('./searcher-client.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          SEARCHER_CLIENT: JSON.stringify({ base, url: SEARCH_URL, headers, bodies, searchers: n, total, pauseMs }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(text.trim().split('\n').pop()!)) : reject(new Error(`searchers exited ${code}`)),
    );
  });
}

/** p50/p95 of the server times of answers with fewer than / at least `minHits` hits. */
function bySize(r: { server: number[]; totals: number[] }, minHits: number) {
  const narrow = r.server.filter((_, i) => r.totals[i] < minHits);
  const broad = r.server.filter((_, i) => r.totals[i] >= minHits);
  const f = (xs: number[]) => {
    if (!xs.length) return 'none';
    const s = summarize(xs);
    return `${xs.length} answers p50/p95 ${s.p50.toFixed(1)}/${s.p95.toFixed(1)} ms`;
  };
  return `narrow (< ${minHits} hits) ${f(narrow)}; broad ${f(broad)}`;
}

async function measure(kind: 'PGlite' | 'PostgreSQL', pgUrl?: string | null) {
  const s = await libraryServer(kind, SEARCH_LIBRARY, pgUrl);
  const tuning = { ...broadSearchTuning };
  try {
    // Anonymous readers of the public site: no token, the school chosen by its code (schoolID header).
    const headers = { 'content-type': 'application/json', schoolid: String(s.schoolId) };
    const base = s.url('');
    const bodies = queries(600);
    const copies = SEARCH_LIBRARY.records * SEARCH_LIBRARY.copiesPerRecord;
    // Warm-up (statements planned, buffers filled), one reader at a time and nothing kept: each search's own cost.
    broadSearchTuning.minHits = Number.POSITIVE_INFINITY;
    const one = await searchers(base, headers, bodies, 1, 200, 0);
    if (one.failures) throw new Error(`public search failed: ${one.msg}`);
    const alone = summarize(one.server);
    console.log(
      `  one searcher alone, nothing kept: p50/p95 ${alone.p50.toFixed(1)}/${alone.p95.toFixed(1)} ms — ${bySize(one, tuning.minHits)}`,
    );
    // The same readers twice: every search run (broad ones too), then broad answers kept (broad-search.ts).
    for (const keep of [false, true]) {
      broadSearchTuning.minHits = keep ? tuning.minHits : Number.POSITIVE_INFINITY;
      const c0 = { ...broadSearchCounts };
      const cpu0 = process.cpuUsage();
      const many = await searchers(base, headers, bodies, SEARCHERS, QUERIES, PAUSE_MS);
      const cpu = process.cpuUsage(cpu0);
      // The server's own CPU per answer (this process: HTTP, planning, the embedded database's thread on PGlite;
      // not PostgreSQL's): a figure the machine's other load hardly moves, unlike the times.
      const cpuMs = (cpu.user + cpu.system) / 1000 / many.server.length;
      if (many.failures) throw new Error(`public search failed under load: ${many.msg}`);
      const sv = summarize(many.server);
      const trip = summarize(many.trips);
      report(
        `public search p95 server time, ${kind}, ${SEARCHERS} searchers (${copies / 1000}k copies)${keep ? '' : ', nothing kept'}`,
        sv.p95,
        'ms',
        50,
      );
      console.log(
        `  (server CPU ${cpuMs.toFixed(1)} ms per search${kind === 'PostgreSQL' ? ' besides PostgreSQL' : ''}; p50 ${sv.p50.toFixed(1)} ms, max ${sv.max.toFixed(1)} ms; round trip p50/p95 ${trip.p50.toFixed(0)}/${trip.p95.toFixed(0)} ms (pause ${PAUSE_MS} ms); ${(many.server.length / many.seconds).toFixed(0)} searches/s; ${many.empty}/${many.server.length} found nothing; ${bySize(many, tuning.minHits)}; searches run ${broadSearchCounts.ran - c0.ran}, answered from kept ids ${broadSearchCounts.fromKept - c0.fromKept}, shared with an identical one running ${broadSearchCounts.shared - c0.shared}; facets in every answer)`,
      );
    }
  } finally {
    Object.assign(broadSearchTuning, tuning);
    await s.close();
  }
}

/**
 * `npm run bench opac`: the public search site (P/Search/Catalogue, anonymous, facets included) on 100k records /
 * 300k copies with 50 readers searching at once (issue 11: p95 < 50 ms; SLiMS's OPAC measured 112 ms p50).
 * BENCH_SCALE shrinks the library (shared with the staff search bench's cache).
 */
export async function benchOpac(pgUrl: string | null) {
  if (pgUrl) await measure('PostgreSQL', pgUrl);
  else console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
  await measure('PGlite');
}
