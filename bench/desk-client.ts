import { createInterface } from 'node:readline';
import { barcodeOf, readerOf } from './library-fixture.ts';

/**
 * The circulation bench's desks, run in a process of their own: real desks are browsers on other computers, so
 * their HTTP client work must not share the server's event loop (in one process, a desk's fetch bookkeeping
 * delays the server's answers and is counted as server time). Reads its task from DESK_CLIENT (JSON). After a
 * warm-up it prints `warm` and waits for a line on stdin (the server process then starts counting its CPU time),
 * runs the desks and prints the timings as one JSON line.
 */
interface Task {
  base: string;
  headers: Record<string, string>;
  borrow: string;
  back: string;
  desks: number;
  rounds: number;
  pauseMs: number;
  readers: number;
  copiesPerDesk: number;
}
const task = JSON.parse(process.env.DESK_CLIENT as string) as Task;

async function post(p: string, body: unknown) {
  const t0 = performance.now();
  const res = await fetch(task.base + p, { method: 'POST', headers: task.headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { success: boolean; msg: string };
  const roundTrip = performance.now() - t0;
  const server = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
  return { json, roundTrip, server };
}

const pause = () =>
  task.pauseMs ? new Promise((r) => setTimeout(r, task.pauseMs * (0.5 + Math.random()))) : Promise.resolve();
const out = {
  /** Round trips of one desk flow (what the screen sends for one scan: one request), as the desk waits for them. */
  borrowTrips: [] as number[],
  returnTrips: [] as number[],
  borrowServer: [] as number[],
  returnServer: [] as number[],
  failures: 0,
  seconds: 0,
};
const refusals: string[] = [];

/** One desk lends a copy to one of its readers and takes it back, `rounds` times (its own readers and copies). */
async function desk(d: number, rounds: number) {
  for (let i = 0; i < rounds; i++) {
    const per = Math.floor(task.readers / task.desks);
    const reader = readerOf((d % task.desks) * per + (i % per) + 1);
    const barcode = barcodeOf(d * task.copiesPerDesk + i + 1);
    await pause();
    const b = await post(task.borrow, { readerBarcode: reader, barcode });
    if (!b.json.success) {
      out.failures++;
      if (refusals.length < 3) refusals.push(b.json.msg);
      continue;
    }
    out.borrowServer.push(b.server);
    out.borrowTrips.push(b.roundTrip);
    await pause();
    const r = await post(task.back, { barcode });
    if (!r.json.success) out.failures++;
    out.returnServer.push(r.server);
    out.returnTrips.push(r.roundTrip);
  }
}

// Warm-up desk (its own copies range), not counted: the server's statements are planned, its caches filled.
await desk(task.desks, Math.min(task.rounds, 30));
out.borrowServer.length = out.returnServer.length = out.borrowTrips.length = out.returnTrips.length = 0;
out.failures = 0;
refusals.length = 0;
process.stdout.write('warm\n');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((go) => lines.once('line', () => go()));
lines.close();
const t0 = performance.now();
await Promise.all(Array.from({ length: task.desks }, (_, d) => desk(d, task.rounds)));
out.seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${JSON.stringify({ ...out, refusals })}\n`);
