import { benchBackOffice } from './backoffice.bench.ts';
import { benchCirculation } from './circulation.bench.ts';
import { benchGuide } from './guide.bench.ts';
import { benchLabels } from './labels.bench.ts';
import { benchLabelsEndToEnd } from './labels-e2e.bench.ts';
import { benchJobs } from './jobs.bench.ts';
import { benchList } from './list.bench.ts';
import { benchMarcImport } from './marc-import.bench.ts';
import { benchMarcMemory } from './marc-memory.bench.ts';
import { benchMarcParse } from './marc-parse.bench.ts';
import { benchOpac } from './opac.bench.ts';
import { localPg } from './pg.ts';
import { benchSearch } from './search.bench.ts';
import { benchSerials } from './serials.bench.ts';
import { benchSip2 } from './sip2.bench.ts';
import { benchStartTime } from './start-time.bench.ts';
import { benchStatistics } from './statistics.bench.ts';
import { benchUnion } from './union.bench.ts';
import { benchWebSize } from './web-size.bench.ts';

/**
 * `npm run bench [name…]`: prints each figure with its budget and ratio (architecture.md "Budgets").
 * Never a pass/fail test: shared machines make timings noisy, so figures are read, not asserted.
 */
const all: Record<string, () => Promise<void>> = {
  list: async () => benchList(await localPg()),
  sip2: async () => benchSip2(await localPg()),
  search: async () => benchSearch(await localPg()),
  opac: async () => benchOpac(await localPg()),
  guide: benchGuide,
  circulation: async () => benchCirculation(await localPg()),
  start: benchStartTime,
  web: benchWebSize,
  backoffice: benchBackOffice,
  labels: async () => {
    await benchLabels();
    await benchLabelsEndToEnd();
  },
  'marc-parse': benchMarcParse,
  'marc-import': async () => benchMarcImport(await localPg()),
  'marc-memory': benchMarcMemory,
  jobs: async () => benchJobs(await localPg()),
  statistics: async () => benchStatistics(await localPg()),
  serials: async () => benchSerials(await localPg()),
  union: async () => benchUnion(await localPg()),
};
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(all);
if (!process.env.BENCH_CHILD)
  console.log(
    `Shuyuan benchmarks — ${new Date().toISOString()} — node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`,
  );
// Several benchmarks: each in a process of its own, so one's memory (a 100k-record library held by PGlite) and
// warm caches never colour another's figures (the MARC import's peak RSS above all).
if (wanted.length > 1) {
  const { spawnSync } = await import('node:child_process');
  for (const name of wanted) {
    spawnSync(process.execPath, [...process.execArgv, process.argv[1], name], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_CHILD: '1' },
    });
  }
  process.exit(0);
}
for (const name of wanted) {
  const fn = all[name];
  if (!fn) {
    console.log(`unknown benchmark ${name}; known: ${Object.keys(all).join(', ')}`);
    continue;
  }
  console.log(`── ${name} ──`);
  try {
    await fn();
  } catch (e) {
    console.log(`  failed: ${(e as Error).message}`);
  }
  console.log('');
}
process.exit(0);
