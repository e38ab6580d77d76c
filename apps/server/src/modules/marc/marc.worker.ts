import { parentPort, workerData } from 'node:worker_threads';
import type { MarcReadOptions } from '@shuyuan/contracts/marc/api';
import { lowerThreadPriority } from '../../platform/thread-priority.ts';
import { preparedBatches } from './marc.prepare.ts';
import type { RuleSet } from './marc.rules.ts';

/**
 * Worker thread of the import: reads, maps and builds search documents (the CPU half of an import) while the
 * main thread writes the previous batches. Its modules loaded, it says 'ready' and waits for the record number to
 * start from (the main thread prepares the first records itself while this thread starts: marc.pipeline.ts). The
 * parent sends 'more' for every batch it takes, so at most `ahead` batches wait in memory whatever the file size.
 */
// The import's CPU half gives way to requests on a busy machine.
lowerThreadPriority();
const { file, rules, size, ahead, read } = workerData as {
  file: string;
  rules: RuleSet;
  size: number;
  ahead: number;
  read?: MarcReadOptions;
};
const port = parentPort;
if (port) {
  let credit = ahead;
  let wake: (() => void) | null = null;
  let from: number | null = null;
  port.on('message', (m: 'more' | { start: number }) => {
    if (m === 'more') credit++;
    else from = m.start;
    wake?.();
    wake = null;
  });
  port.postMessage({ type: 'ready' });
  try {
    while (from === null) await new Promise<void>((r) => (wake = r));
    for await (const batch of preparedBatches(file, rules, size, read, from)) {
      while (credit <= 0) await new Promise<void>((r) => (wake = r));
      credit--;
      port.postMessage({ type: 'batch', batch });
    }
    port.postMessage({ type: 'end' });
  } catch (e) {
    port.postMessage({ type: 'error', message: (e as Error).message });
  }
}
