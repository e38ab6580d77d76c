import { sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { P } from '../packages/contracts/src/common/paths.ts';
import { barcodeOf, type LibrarySize, makeTitles } from './library-fixture.ts';
import { libraryServer, timedPost } from './library-app.ts';
import { report, summarize } from './stats.ts';

/** BENCH_SCALE (e.g. 0.02) shrinks the library to try the benchmarks quickly; figures count only at 1. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
export const SEARCH_LIBRARY: LibrarySize = {
  records: Math.round(100_000 * SCALE),
  copiesPerRecord: 3,
  readers: Math.max(100, Math.round(5_000 * SCALE)),
  onLoan: Math.round(20_000 * SCALE),
};
const URL = `${P}/Catalogue/SearchRecords`;

/** What a cataloguer types: words, pinyin, initials, English, ISBN, a scanned barcode, fields. */
function queries(n: number) {
  const titles = makeTitles(SEARCH_LIBRARY.records);
  const out: { kind: string; body: Record<string, unknown> }[] = [];
  for (let i = 0; out.length < n; i += 997) {
    const t = titles[(i * 7919) % titles.length];
    const zh = /[\u4e00-\u9fff]{2,}/.exec(t.title)?.[0];
    const k = out.length % 8;
    if (zh && k === 0) out.push({ kind: 'Chinese word', body: { SearchKey: zh.slice(0, 4) } });
    else if (zh && k === 1)
      out.push({
        kind: 'pinyin',
        body: { SearchKey: pinyin(zh.slice(0, 2), { toneType: 'none', type: 'array' }).join('') },
      });
    else if (zh && k === 2)
      out.push({
        kind: 'initials',
        body: { SearchKey: pinyin(zh.slice(0, 3), { pattern: 'first', type: 'array' }).join('') },
      });
    else if (!zh && k < 3) out.push({ kind: 'English', body: { SearchKey: t.title.split(' ').slice(1, 3).join(' ') } });
    else if (k === 3) out.push({ kind: 'ISBN', body: { SearchKey: t.isbn } });
    else if (k === 4) out.push({ kind: 'barcode', body: { SearchKey: barcodeOf(1 + ((i * 31) % 300_000)) } });
    else if (k === 5) out.push({ kind: 'author field', body: { SearchKey: t.author.slice(0, 2), field: 'author' } });
    else if (k === 6) out.push({ kind: 'call number field', body: { SearchKey: t.classNo, field: 'callNo' } });
    else out.push({ kind: 'title + year sort', body: { SearchKey: t.title.slice(0, 3), sort: 'year' } });
  }
  return out;
}

async function measure(kind: 'PGlite' | 'PostgreSQL', pgUrl?: string | null) {
  const s = await libraryServer(kind, SEARCH_LIBRARY, pgUrl);
  try {
    const qs = queries(400);
    for (const q of qs.slice(0, 40)) await timedPost(s, URL, { Page: 1, Rows: 20, ...q.body });
    const server: number[] = [];
    const trip: number[] = [];
    const byKind = new Map<string, number[]>();
    let hits = 0;
    for (const q of qs) {
      const r = await timedPost(s, URL, { Page: 1, Rows: 20, ...q.body });
      if (!r.json.success) throw new Error(`search failed: ${r.json.msg}`);
      if (r.json.data.Total > 0) hits++;
      server.push(r.server);
      trip.push(r.roundTrip);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), r.server]);
    }
    const sv = summarize(server);
    const budget = kind === 'PostgreSQL' ? 50 : 50;
    report(`staff search p95 server time, ${kind} (${SEARCH_LIBRARY.records / 1000}k records)`, sv.p95, 'ms', budget);
    console.log(
      `  (p50 ${sv.p50.toFixed(1)} ms, max ${sv.max.toFixed(1)} ms; round trip p95 ${summarize(trip).p95.toFixed(1)} ms; ${hits}/${qs.length} queries found something; facets included)`,
    );
    for (const [k, v] of byKind) {
      const x = summarize(v);
      console.log(
        `    ${k.padEnd(20)} p50 ${x.p50.toFixed(1).padStart(6)} ms  p95 ${x.p95.toFixed(1).padStart(6)} ms  n=${x.n}`,
      );
    }
    // 1–2 character queries fall back to a title scan (search/lib README): reported on their own.
    const short: number[] = [];
    for (const q of ['梦', '中国', '史', 'ab']) {
      for (let i = 0; i < 5; i++) short.push((await timedPost(s, URL, { Page: 1, Rows: 20, SearchKey: q })).server);
    }
    const sh = summarize(short);
    console.log(`    1–2 character queries (5 times each)  p50 ${sh.p50.toFixed(1)} ms  p95 ${sh.p95.toFixed(1)} ms`);
    // Broad answers are kept while the catalogue is unchanged (catalogue/kept-search.ts), so the figures above count
    // a repeated broad search at its kept cost. Found afresh (the change number moved first), once each:
    const afresh: string[] = [];
    for (const [name, body] of [
      ['The + year', { SearchKey: 'The', sort: 'year' }],
      ['史', { SearchKey: '史' }],
      ['中国', { SearchKey: '中国' }],
      ['qita', { SearchKey: 'qita' }],
      ['Sc author', { SearchKey: 'Sc', field: 'author' }],
    ] as const) {
      await s.database.db.execute(sql`select nextval('catalogue_change_seq')`);
      const r = await timedPost(s, URL, { Page: 1, Rows: 20, ...body });
      afresh.push(`${name} ${r.server.toFixed(0)} (${r.json.data.Total} hits)`);
    }
    console.log(`    broad searches found afresh, ms: ${afresh.join(', ')}`);
  } finally {
    await s.close();
  }
}

/** `npm run bench search`: staff search on 100k records / 300k copies (budget p95 < 50 ms on PostgreSQL). */
export async function benchSearch(pgUrl: string | null) {
  if (pgUrl) await measure('PostgreSQL', pgUrl);
  else console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
  await measure('PGlite');
}
