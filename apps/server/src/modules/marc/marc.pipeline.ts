import type { Worker } from 'node:worker_threads';
import type { MarcReadOptions } from '@shuyuan/contracts/marc/api';
import { type PreparedBatch, preparedBatches } from './marc.prepare.ts';
import { startTsWorker } from '../../platform/ts-worker.ts';
import type { RuleSet } from './marc.rules.ts';

type WorkerMsg =
  | { type: 'ready' }
  | { type: 'batch'; batch: PreparedBatch }
  | { type: 'end' }
  | { type: 'error'; message: string };

/**
 * Records per batch while this thread prepares them (the worker starting meanwhile): small, so the event loop is
 * held a few ms at a time and the worker takes over soon after it is ready.
 */
const HEAD_BATCH = 25;

const WORKER_URL = new URL('./marc.worker.ts', import.meta.url);

/**
 * Prepared batches of a MARC file, made in a worker thread so parsing, mapping and search documents overlap with the
 * database writes. The worker takes ~1 s to load its modules (the search document's dictionaries, the contracts),
 * which this thread has loaded already: meanwhile this thread prepares the first records itself (in small batches,
 * at most `head` records), so the database is writing from the start; once the worker is ready it goes on from the
 * next record. Falls back to the same work on this thread when no worker can start. Batches arrive in file order.
 */
export async function* importBatches(
  file: string,
  rules: RuleSet,
  size: number,
  read?: MarcReadOptions,
  o: { useWorker?: boolean; onMode?: (mode: 'worker' | 'inline') => void; head?: number } = {},
): AsyncGenerator<PreparedBatch> {
  let worker: Worker;
  const inline = (from = 0) => {
    o.onMode?.('inline');
    return preparedBatches(file, rules, size, read, from);
  };
  try {
    if (!(o.useWorker ?? process.env.MARC_IMPORT_WORKER !== '0')) throw new Error('worker disabled');
    worker = startTsWorker(WORKER_URL, { file, rules, size, ahead: 2, read });
  } catch {
    yield* inline();
    return;
  }
  const queue: WorkerMsg[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  let ready = false;
  const push = (m: WorkerMsg) => {
    if (m.type === 'ready') ready = true;
    else queue.push(m);
    wake?.();
    wake = null;
  };
  worker.on('message', push);
  worker.on('error', (e) => push({ type: 'error', message: e.message }));
  worker.on('exit', (code) => push({ type: 'error', message: `MARC import worker exited (${code})` }));
  let received = 0;
  try {
    // The first records, here, until the worker is ready (or could not start: then all of them).
    let from = 0;
    const limit = o.head ?? Number.POSITIVE_INFINITY;
    if (limit > 0) {
      const head = preparedBatches(file, rules, Math.min(size, HEAD_BATCH), read);
      let made = 0;
      try {
        while (!ready && !queue.length && from < limit) {
          const n = await head.next();
          if (n.done) return;
          if (!made++) o.onMode?.('inline');
          const last = n.value.items.at(-1);
          if (last) from = last.index + 1;
          yield n.value;
        }
      } finally {
        await head.return(undefined);
      }
    }
    while (!ready && !queue.length) await new Promise<void>((r) => (wake = r));
    if (!ready) {
      // A worker that could not even load (no tsx): the rest on this thread.
      const m = queue.shift() as WorkerMsg;
      if (m.type === 'error' && /Unknown file extension|Cannot find (module|package)/.test(m.message)) {
        yield* inline(from);
        return;
      }
      throw new Error(m.type === 'error' ? m.message : `MARC import worker: ${m.type} before ready`);
    }
    worker.postMessage({ start: from });
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      const m = queue.shift() as WorkerMsg;
      if (m.type === 'end') break;
      if (m.type === 'error') {
        failure = new Error(m.message);
        break;
      }
      if (m.type !== 'batch') continue;
      if (!received++) o.onMode?.('worker');
      worker.postMessage('more');
      yield m.batch;
    }
  } finally {
    await worker.terminate();
  }
  if (failure) throw failure;
}
