import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module, loaded through tsx's `tsImport` (tsx is how the server runs;
 * `--import tsx` in a worker's execArgv does not reach its entry module on Node 20). Throws when no worker can start;
 * a module that cannot load (no tsx) ends in the worker's 'error' event before it posts anything.
 */
export function startTsWorker(url: URL, workerData: unknown): Worker {
  const tsx = path.dirname(createRequire(import.meta.url).resolve('tsx'));
  const api = pathToFileURL(path.join(tsx, 'esm/api/index.mjs')).href;
  const entry = JSON.stringify(url.href);
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${entry}, ${entry}))`;
  return new Worker(boot, { eval: true, workerData, execArgv: [] });
}
