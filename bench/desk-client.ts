import { barcodeOf, readerOf } from './library-fixture.ts';

/**
 * The circulation bench's desks, run in a process of their own: real desks are browsers on other computers, so
 * their HTTP client work must not share the server's event loop (in one process, a desk's fetch bookkeeping
 * delays the server's answers and is counted as server time). Reads its task from DESK_CLIENT (JSON), prints
 * the timings as one JSON line.
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

const pause = () => new Promise((r) => setTimeout(r, task.pauseMs * (0.5 + Math.random())));
const out = {
  borrowServer: [] as number[],
  returnServer: [] as number[],
  trips: [] as number[],
  failures: 0,
  seconds: 0,
};
const refusals: string[] = [];

/** One desk lends a copy to one of its readers and takes it back, `rounds` times (its own readers and copies). */
async function desk(d: number) {
  for (let i = 0; i < task.rounds; i++) {
    const per = task.readers / task.desks;
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
    out.trips.push(b.roundTrip);
    await pause();
    const r = await post(task.back, { barcode });
    if (!r.json.success) out.failures++;
    out.returnServer.push(r.server);
    out.trips.push(r.roundTrip);
  }
}

if (task.pauseMs) {
  await desk(task.desks); // warm-up desk (its own readers/copies range), not counted
  out.borrowServer.length = out.returnServer.length = out.trips.length = 0;
}
const t0 = performance.now();
await Promise.all(Array.from({ length: task.desks }, (_, d) => desk(d)));
out.seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${JSON.stringify({ ...out, refusals })}\n`);
