import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../thread-priority.ts';
import { type SheetRow, streamSheet, TooManyRows } from './sheet-stream.ts';

/**
 * Worker thread of `sheetRowsOffThread` (sheet-thread.ts): parses the first sheet of an .xlsx and posts its rows in
 * chunks. The parent sends 'more' for every chunk it takes, so at most `ahead` chunks wait in memory whatever the
 * sheet's size. Its garbage and its CPU are this thread's, at a lower priority: the thread that answers requests
 * only reads the rows.
 */
lowerThreadPriority();
const { file, cap, chunkRows, ahead } = workerData as { file: string; cap: number; chunkRows: number; ahead: number };
const port = parentPort;
if (port) {
  let credit = ahead;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    credit++;
    wake?.();
    wake = null;
  });
  const send = async (rows: SheetRow[]) => {
    while (credit <= 0) await new Promise<void>((r) => (wake = r));
    credit--;
    port.postMessage({ type: 'rows', rows });
  };
  try {
    let chunk: SheetRow[] = [];
    for await (const row of streamSheet(file, cap)) {
      chunk.push(row);
      if (chunk.length < chunkRows) continue;
      await send(chunk);
      chunk = [];
    }
    if (chunk.length) await send(chunk);
    port.postMessage({ type: 'end' });
  } catch (e) {
    port.postMessage({ type: 'error', tooMany: e instanceof TooManyRows, message: (e as Error).message });
  }
}
