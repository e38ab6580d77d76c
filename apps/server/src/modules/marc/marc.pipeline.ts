import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MarcReadOptions } from '@shuyuan/contracts/marc/api';
import { type PreparedBatch, preparedBatches } from './marc.prepare.ts';
import type { RuleSet } from './marc.rules.ts';

type WorkerMsg = { type: 'batch'; batch: PreparedBatch } | { type: 'end' } | { type: 'error'; message: string };

const WORKER_URL = new URL('./marc.worker.ts', import.meta.url).href;

/**
 * The worker's entry: loads the TypeScript worker through tsx's `tsImport` (tsx is how the server runs;
 * `--import tsx` in a worker's execArgv does not reach its entry module on Node 20).
 */
function bootScript(): string {
  const tsx = path.dirname(createRequire(import.meta.url).resolve('tsx'));
  const api = pathToFileURL(path.join(tsx, 'esm/api/index.mjs')).href;
  return `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(WORKER_URL)}, ${JSON.stringify(WORKER_URL)}))`;
}

/**
 * Prepared batches of a MARC file, made in a worker thread
 * so parsing, mapping and search documents overlap with the database writes. Falls back to the same work on
 * this thread when no worker can start. Batches arrive in file order.
 */
export async function* importBatches(
  file: string,
  rules: RuleSet,
  size: number,
  read?: MarcReadOptions,
  o: { useWorker?: boolean; onMode?: (mode: 'worker' | 'inline') => void } = {},
): AsyncGenerator<PreparedBatch> {
  let worker: Worker;
  const inline = () => {
    o.onMode?.('inline');
    return preparedBatches(file, rules, size, read);
  };
  try {
    if (!(o.useWorker ?? process.env.MARC_IMPORT_WORKER !== '0')) throw new Error('worker disabled');
    worker = new Worker(bootScript(), { eval: true, workerData: { file, rules, size, ahead: 2, read }, execArgv: [] });
  } catch {
    yield* inline();
    return;
  }
  const queue: WorkerMsg[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  const push = (m: WorkerMsg) => {
    queue.push(m);
    wake?.();
    wake = null;
  };
  worker.on('message', push);
  worker.on('error', (e) => push({ type: 'error', message: e.message }));
  worker.on('exit', (code) => push({ type: 'error', message: `MARC import worker exited (${code})` }));
  let received = 0;
  try {
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      const m = queue.shift() as WorkerMsg;
      if (m.type === 'end') break;
      if (m.type === 'error') {
        // A worker that could not even load (no tsx): do the work on this thread instead.
        if (!received && /Unknown file extension|Cannot find (module|package)/.test(m.message)) {
          yield* inline();
          return;
        }
        failure = new Error(m.message);
        break;
      }
      if (!received++) o.onMode?.('worker');
      worker.postMessage('more');
      yield m.batch;
    }
  } finally {
    await worker.terminate();
  }
  if (failure) throw failure;
}
