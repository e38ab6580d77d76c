import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../ts-worker.ts';
import { checkSheetFile, sheetLimits, sheetReadError, sheetRows } from './sheet.ts';
import { type SheetRow, TooManyRows } from './sheet-stream.ts';

type WorkerMsg =
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'end' }
  | { type: 'error'; tooMany: boolean; message: string }
  | { type: 'failed'; message: string };

const WORKER_URL = new URL('./sheet.worker.ts', import.meta.url);
/** Rows per message, and messages ahead of the reader: a few hundred KB at most wait in memory. */
const CHUNK_ROWS = 256;
const AHEAD = 4;

/**
 * `sheetRows` with the parsing in a worker thread (sheet.worker.ts, at a lower priority): the same rows, limits and
 * messages, but unzipping, XML parsing and their garbage leave the event loop that answers requests, which only takes
 * chunks of finished rows. During a 30,000-row reader import beside a 20,000-record MARC import the parsing was the
 * largest piece of the reader import's work on that loop, in turns of up to 8 ms a desk's loan waited behind. Falls
 * back to reading on this thread when no worker can start or load.
 */
export async function* sheetRowsOffThread(file: string, o: { checked?: boolean } = {}): AsyncGenerator<SheetRow> {
  if (!o.checked) await checkSheetFile(file);
  let worker: Worker;
  try {
    worker = startTsWorker(WORKER_URL, {
      file,
      cap: sheetLimits.maxRows + 1,
      chunkRows: CHUNK_ROWS,
      ahead: AHEAD,
    });
  } catch {
    yield* sheetRows(file, { checked: true });
    return;
  }
  const queue: WorkerMsg[] = [];
  let wake: (() => void) | null = null;
  let heard = false;
  const push = (m: WorkerMsg) => {
    queue.push(m);
    wake?.();
    wake = null;
  };
  worker.on('message', (m: WorkerMsg) => {
    heard = true;
    push(m);
  });
  worker.on('error', (e) => push({ type: 'failed', message: e.message }));
  worker.on('exit', (code) => push({ type: 'failed', message: `sheet worker exited (${code})` }));
  let inline = false;
  try {
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      const m = queue.shift() as WorkerMsg;
      if (m.type === 'end') return;
      if (m.type === 'rows') {
        worker.postMessage('more');
        yield* m.rows;
        continue;
      }
      if (m.type === 'error') throw sheetReadError(m.tooMany ? new TooManyRows() : new Error(m.message));
      // The worker died before a word (its module could not load: no tsx): this thread reads the sheet.
      if (!heard) {
        inline = true;
        break;
      }
      throw new Error(m.message);
    }
  } finally {
    await worker.terminate();
  }
  if (inline) yield* sheetRows(file, { checked: true });
}
