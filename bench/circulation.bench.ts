import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { P } from '../packages/contracts/src/common/paths.ts';
import type { LibrarySize } from './library-fixture.ts';
import { type LibraryServer, libraryServer } from './library-app.ts';
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
 * transactions locking reader and copy rows and counting loans. The desks run in another process (desk-client.ts),
 * as browsers on the desks' computers would.
 */
async function desks(s: LibraryServer, label: string, budget: number, pauseMs: number) {
  const task = {
    base: s.url(''),
    headers: s.headers,
    borrow: BORROW,
    back: RETURN,
    desks: DESKS,
    rounds: ROUNDS,
    pauseMs,
    readers: LIBRARY.readers,
    copiesPerDesk: Math.floor(LIBRARY.records * 0.04),
  };
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL('./desk-client.ts', import.meta.url))],
    {
      env: { ...process.env, DESK_CLIENT: JSON.stringify(task) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let text = '';
  child.stdout.on('data', (c) => {
    text += c;
  });
  await new Promise((done) => child.on('close', done));
  const { borrowServer, returnServer, trips, failures, seconds, refusals } = JSON.parse(text) as {
    borrowServer: number[];
    returnServer: number[];
    trips: number[];
    failures: number;
    seconds: number;
    refusals: string[];
  };
  for (const m of refusals) console.log(`  borrow refused: ${m}`);
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
