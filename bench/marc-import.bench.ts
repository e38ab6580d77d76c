import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P } from '../packages/contracts/src/common/paths.ts';
import { cpuRate, cpuSeconds, loadAverage, marcBenchApp, SYNTH_COPIES, writeSynthFile } from './marc-harness.ts';
import { report } from './stats.ts';

const N = Number(process.env.MARC_BENCH_RECORDS ?? 20_000);

/**
 * `npm run bench marc-import`: a 20k-record file, two copies per record, through P/Marc/Import (task, worker
 * thread, mapping, search documents, GIN indexes, copies) on PGlite (on disk, as `npm start` runs it), and on PostgreSQL when `pgUrl` is given; then the same file again (every
 * record a duplicate by its match keys) and the duplicate-check screen's first page.
 */
export async function benchMarcImport(pgUrl?: string | null) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-marc-file-')), 'bench-20k.mrc');
  await writeSynthFile(file, N);
  try {
    for (const target of pgUrl ? [null, pgUrl] : [null]) {
      // PGlite on disk, as `npm start` keeps it (in memory, its file system copies every growing file anew: slower).
      const h = await marcBenchApp({ pgUrl: target, onDisk: !target });
      try {
        const fileUrl = h.placeUpload(file);
        const copies0 = await h.copyCount();
        const cpu0 = cpuSeconds();
        const { secs } = await h.runJob(`${P}/Marc/Import`, { fileUrl, duplicatePolicy: 'skip' });
        const cpu = cpuRate(N, cpu0, cpuSeconds());
        const where = h.kind === 'pglite' ? 'PGlite on disk' : 'PostgreSQL';
        report(`MARC import ${N / 1000}k with copies via task (${where}, indexed)`, N / secs, 'rec/s', 2000, 'higher');
        const copies = (await h.copyCount()) - copies0;
        console.log(`    copies created ${copies} of ${SYNTH_COPIES * N}`);
        if (copies !== SYNTH_COPIES * N)
          throw new Error(`the import created ${copies} copies, not ${SYNTH_COPIES * N}`);
        if (cpu) {
          report(`  same, CPU-bound rate (${where})`, cpu.rate, 'rec/s', 2000, 'higher');
          console.log(
            `    main thread ${cpu.main.toFixed(1)} s CPU, other threads ${cpu.rest.toFixed(1)} s, wall ${secs.toFixed(1)} s, load ${loadAverage()}`,
          );
        }
        // Issue 14 §2: the same file again, every record a duplicate by its match keys (skip).
        const again = await h.runJob(`${P}/Marc/Import`, { fileUrl, duplicatePolicy: 'skip' });
        report(`  re-import, all ${N / 1000}k duplicates skipped (${where})`, N / again.secs, 'rec/s', 2000, 'higher');
        // The duplicate-check screen's first page, with none and then with N groups (the file imported as new).
        const groups = async (label: string) => {
          const t0 = performance.now();
          const r = await h.call(`${P}/Catalogue/DuplicateGroups`, { Page: 1, Rows: 10 });
          if (r.code !== 0) throw new Error(JSON.stringify(r));
          report(`  duplicate check, first page, ${label} (${where})`, performance.now() - t0, 'ms', 1000, 'lower');
        };
        await groups('no duplicates');
        // Records only: the file's barcodes are in use now (every copy would be refused and listed).
        await h.runJob(`${P}/Marc/Import`, { fileUrl, duplicatePolicy: 'new', createCopies: false });
        await groups(`${N / 1000}k groups`);
      } finally {
        await h.close();
      }
    }
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMarcImport(process.env.BENCH_DATABASE_URL);
