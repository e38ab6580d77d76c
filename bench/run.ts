import { benchList } from './list.bench.ts';
import { localPg } from './pg.ts';
import { benchStartTime } from './start-time.bench.ts';
import { benchWebSize } from './web-size.bench.ts';

/**
 * `npm run bench [name…]`: prints each figure with its budget and ratio (architecture.md "Budgets").
 * Never a pass/fail test: shared machines make timings noisy, so figures are read, not asserted.
 */
const all: Record<string, () => Promise<void>> = {
  list: async () => benchList(await localPg()),
  start: benchStartTime,
  web: benchWebSize,
};
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(all);
console.log(
  `Shuyuan benchmarks — ${new Date().toISOString()} — node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`,
);
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
