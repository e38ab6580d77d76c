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
 * Sheets `sheetRowsOffThread` read, by where they were parsed: in the worker, or on this thread because no worker
 * started or loaded. Tests check with it that an import's rows came from the worker.
 */
export const sheetReads = { worker: 0, inline: 0 };

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
    sheetReads.inline++;
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
    if (!heard) sheetReads.worker++;
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
  if (inline) {
    sheetReads.inline++;
    yield* sheetRows(file, { checked: true });
  }
}

/**
 * Unpacked size from which `readSheet` parses in the worker (~2,000 one-column rows). Measured on a loaded 2-core
 * machine: the worker's start (tsx, exceljs's modules) cost ~1.2 s of CPU and 1.5–2.3 s before its first row, where
 * parsing on this thread costs ~0.3 ms of it per KB unpacked (a 100-row list ~15–75 ms, 2,000 rows ~80–140 ms,
 * 20,000 rows ~0.7 s).
 */
const OFF_THREAD_BYTES = 256 * 1024;

/**
 * The rows of a list file (the desk's batch lists, handheld barcodes, bulk edits, booklists), within the limits, in
 * memory. A request waits for them: a small file (the usual, a few hundred lines) is parsed on this thread, where
 * it takes a fraction of the worker's start; a bigger one (a whole collection's barcodes for a stocktake) in the
 * worker, so the other desks' requests do not queue behind seconds of parsing. Same rows, limits and messages.
 */
export async function readSheet(file: string): Promise<SheetRow[]> {
  const bytes = await checkSheetFile(file);
  const rows =
    bytes > OFF_THREAD_BYTES ? sheetRowsOffThread(file, { checked: true }) : sheetRows(file, { checked: true });
  const out: SheetRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}
