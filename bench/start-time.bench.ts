import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/support/server.ts';
import { report } from './stats.ts';

/** Server start on an existing data folder (budget < 5 s): first start creates it, the next ones are timed. */
export async function benchStartTime() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-bench-start-'));
  const first = await startServer({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
  await first.stop();
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const s = await startServer({ DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
    times.push(performance.now() - t0);
    await s.stop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const best = Math.min(...times);
  const worst = Math.max(...times);
  report('server start, existing data folder (worst of 3)', worst / 1000, 's', 5);
  console.log(`  (best ${(best / 1000).toFixed(2)} s; includes loading Node, tsx and opening PGlite)`);
}
