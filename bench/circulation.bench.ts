import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { P } from '../packages/contracts/src/common/paths.ts';
import type { LibrarySize } from './library-fixture.ts';
import { type LibraryServer, libraryServer } from './library-app.ts';
import { profiled } from './cpu-profile.ts';
import { SEARCH_LIBRARY } from './search.bench.ts';
import { report, summarize } from './stats.ts';

/** Same library as the search bench (cached once): 100k records, 300k copies, 5,000 readers, 20k on loan. */
const LIBRARY: LibrarySize = SEARCH_LIBRARY;
/**
 * A desk flow is what the desk screen sends for one scan: since the one-request scans, one request — the loan with
 * the reader panel after it (DeskBorrow), the return with the reader's other loans (DeskReturn).
 */
const BORROW = `${P}/Circulation/DeskBorrow`;
const RETURN = `${P}/Circulation/DeskReturn`;

/** Budgets of issue 13, per database: one desk's flow p50, ten desks' flows per second, server CPU per pair. */
const BUDGET = {
  PostgreSQL: { borrowP50: 6, returnP50: 3, flowsPerSecond: 250, cpuPerPair: 5 },
  PGlite: { borrowP50: 10, returnP50: 5, flowsPerSecond: 150, cpuPerPair: null },
} as const;

interface DeskFigures {
  borrowTrips: number[];
  returnTrips: number[];
  borrowServer: number[];
  returnServer: number[];
  failures: number;
  seconds: number;
  refusals: string[];
  /** Server process CPU time (user + system) while the desks ran, ms. */
  cpuMs: number;
}

/**
 * `desks` desks scanning as fast as the server answers, each lending a copy to one of its readers and taking it
 * back `rounds` times. Each desk has its own readers and copies (as real desks do), so every request succeeds; the
 * database still sees concurrent transactions locking reader and copy rows and counting loans. The desks run in
 * another process (desk-client.ts), as browsers on the desks' computers would; this process — the server, and on
 * PGlite the database too — counts its CPU time from the end of the client's warm-up to its last answer.
 */
async function runDesks(s: LibraryServer, desks: number, rounds: number): Promise<DeskFigures> {
  const task = {
    base: s.url(''),
    headers: s.headers,
    borrow: BORROW,
    back: RETURN,
    desks,
    rounds,
    pauseMs: 0,
    readers: LIBRARY.readers,
    copiesPerDesk: Math.floor(LIBRARY.records * 0.04),
  };
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL('./desk-client.ts', import.meta.url))],
    { env: { ...process.env, DESK_CLIENT: JSON.stringify(task) }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let text = '';
  let cpu0: NodeJS.CpuUsage | null = null;
  let cpu: NodeJS.CpuUsage | null = null;
  child.stdout.on('data', (c) => {
    text += c;
    if (!cpu0 && text.includes('warm\n')) {
      text = text.slice(text.indexOf('warm\n') + 5);
      cpu0 = process.cpuUsage();
      child.stdin.write('go\n');
    } else if (cpu0 && !cpu && text.endsWith('\n')) cpu = process.cpuUsage(cpu0);
  });
  await new Promise((done) => child.on('close', done));
  const used = (cpu ?? process.cpuUsage(cpu0 ?? undefined)) as NodeJS.CpuUsage;
  return { ...(JSON.parse(text) as Omit<DeskFigures, 'cpuMs'>), cpuMs: (used.user + used.system) / 1000 };
}

async function measure(kind: 'PGlite' | 'PostgreSQL', pgUrl?: string | null) {
  const budget = BUDGET[kind];
  const s = await libraryServer(kind, LIBRARY, pgUrl);
  try {
    const one = await profiled(`circulation-${kind}`, () => runDesks(s, 1, 300));
    for (const m of one.refusals) console.log(`  borrow refused: ${m}`);
    const b = summarize(one.borrowTrips);
    const r = summarize(one.returnTrips);
    report(`check-out desk flow p50, ${kind}, 1 desk`, b.p50, 'ms', budget.borrowP50);
    report(`check-in desk flow p50, ${kind}, 1 desk`, r.p50, 'ms', budget.returnP50);
    const pairs = one.returnTrips.length;
    const cpuPerPair = one.cpuMs / Math.max(1, pairs);
    if (budget.cpuPerPair) report(`server CPU per loan + return, ${kind}`, cpuPerPair, 'ms', budget.cpuPerPair);
    else console.log(`  server CPU per loan + return, ${kind}: ${cpuPerPair.toFixed(2)} ms (database included)`);
    console.log(
      `  (1 desk: check-out p95 ${b.p95.toFixed(1)} ms, check-in p95 ${r.p95.toFixed(1)} ms; server time p50 ${summarize(one.borrowServer).p50.toFixed(1)} / ${summarize(one.returnServer).p50.toFixed(1)} ms; ${pairs} loans + returns in ${one.seconds.toFixed(1)} s, ${((2 * pairs) / one.seconds).toFixed(0)} flows/s, ${one.failures} refused)`,
    );

    const ten = await runDesks(s, 10, 60);
    for (const m of ten.refusals) console.log(`  borrow refused: ${m}`);
    const flows = ten.borrowTrips.length + ten.returnTrips.length;
    report(`desk flows per second, ${kind}, 10 desks`, flows / ten.seconds, '/s', budget.flowsPerSecond, 'higher');
    const b10 = summarize(ten.borrowTrips);
    const r10 = summarize(ten.returnTrips);
    console.log(
      `  (10 desks: check-out p50 ${b10.p50.toFixed(1)} / p95 ${b10.p95.toFixed(1)} ms, check-in p50 ${r10.p50.toFixed(1)} / p95 ${r10.p95.toFixed(1)} ms; server CPU ${(ten.cpuMs / Math.max(1, ten.returnTrips.length)).toFixed(2)} ms per loan + return; ${flows} flows in ${ten.seconds.toFixed(1)} s, ${ten.failures} refused)`,
    );
  } finally {
    await s.close();
  }
}

/**
 * `npm run bench circulation`: desk flows (one scan = one request) with 1 and 10 desks against 300k copies and
 * 5,000 readers, on both databases (self-check: `npm run bench sip2`). Figures on a busy machine are indicative.
 * CIRC_BENCH_DB=pg|pglite runs one database only.
 */
export async function benchCirculation(pgUrl: string | null) {
  const only = process.env.CIRC_BENCH_DB;
  if (only !== 'pglite') {
    if (pgUrl) await measure('PostgreSQL', pgUrl);
    else console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
  }
  if (only !== 'pg') await measure('PGlite');
}
