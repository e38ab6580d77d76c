import { P } from '../packages/contracts/src/common/paths.ts';
import { barcodeOf, type LibrarySize, readerOf } from './library-fixture.ts';
import { type LibraryServer, libraryServer, timedPost } from './library-app.ts';
import { SEARCH_LIBRARY } from './search.bench.ts';
import { report, summarize } from './stats.ts';

/** Same library as the search bench (cached once): 100k records, 300k copies, 5,000 readers, 20k on loan. */
const LIBRARY: LibrarySize = SEARCH_LIBRARY;
const DESKS = 50;
const ROUNDS = 30;
/**
 * A librarian scans at human pace: the next book about half a second after the last answer (fast; a real desk
 * is slower). 50 such desks send ~100 requests a second. The saturated case (no pause) is printed as throughput.
 */
const SCAN_PAUSE_MS = 500;
const BORROW = `${P}/Circulation/LiteratureCirc`;
const RETURN = `${P}/Circulation/LiteratureReturn`;

/**
 * 50 desks at once, each lending a copy to one of its readers and taking it back, ROUNDS times. Each desk has its
 * own readers and copies (as real desks do), so every request succeeds; the database still sees 50 concurrent
 * transactions locking reader and copy rows and counting loans.
 */
async function desks(s: LibraryServer, label: string, budget: number, pauseMs: number) {
  const pause = () => new Promise((r) => setTimeout(r, pauseMs * (0.5 + Math.random())));
  const borrowServer: number[] = [];
  const returnServer: number[] = [];
  const trips: number[] = [];
  let failures = 0;
  const desk = async (d: number) => {
    for (let i = 0; i < ROUNDS; i++) {
      const per = LIBRARY.readers / DESKS;
      const reader = readerOf((d % DESKS) * per + (i % per) + 1);
      const barcode = barcodeOf(d * Math.floor(LIBRARY.records * 0.04) + i + 1);
      await pause();
      const b = await timedPost(s, BORROW, { readerBarcode: reader, barcode });
      if (!b.json.success) {
        failures++;
        if (failures < 3) console.log(`  borrow refused: ${b.json.msg}`);
        continue;
      }
      borrowServer.push(b.server);
      trips.push(b.roundTrip);
      await pause();
      const r = await timedPost(s, RETURN, { barcode });
      if (!r.json.success) failures++;
      returnServer.push(r.server);
      trips.push(r.roundTrip);
    }
  };
  if (pauseMs) await desk(DESKS); // warm-up desk (its own readers/copies range)
  const t0 = performance.now();
  await Promise.all(Array.from({ length: DESKS }, (_, d) => desk(d)));
  const seconds = (performance.now() - t0) / 1000;
  const b = summarize(borrowServer);
  const r = summarize(returnServer);
  if (!pauseMs) {
    console.log(
      `  saturated (${DESKS} desks, no pause): ${((b.n + r.n) / seconds).toFixed(0)} borrows+returns/s; server time p50 ${b.p50.toFixed(1)} / p95 ${b.p95.toFixed(1)} ms (queueing for the CPU included)`,
    );
    return;
  }
  report(`borrow p95 server time, ${label}, ${DESKS} desks`, b.p95, 'ms', budget);
  report(`return p95 server time, ${label}, ${DESKS} desks`, r.p95, 'ms', budget);
  console.log(
    `  (borrow p50 ${b.p50.toFixed(1)} ms, return p50 ${r.p50.toFixed(1)} ms; round trip p50 ${summarize(trips).p50.toFixed(1)} ms p95 ${summarize(trips).p95.toFixed(1)} ms; ${b.n + r.n} operations in ${seconds.toFixed(0)} s, ${failures} refused)`,
  );
}

async function measure(kind: 'PGlite' | 'PostgreSQL', pgUrl?: string | null) {
  const s = await libraryServer(kind, LIBRARY, pgUrl);
  try {
    await desks(s, kind, kind === 'PostgreSQL' ? 20 : 40, SCAN_PAUSE_MS);
    await desks(s, kind, 0, 0);
  } finally {
    await s.close();
  }
}

/** `npm run bench circulation`: 50 desks against 300k copies and 5,000 readers (self-check: `npm run bench sip2`). */
export async function benchCirculation(pgUrl: string | null) {
  if (pgUrl) await measure('PostgreSQL', pgUrl);
  else console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
  await measure('PGlite');
}
