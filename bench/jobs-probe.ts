/**
 * The jobs bench's probes, in a process of their own (a monitor and a desk are other computers): `/healthz` every
 * 50 ms, and one desk lending and taking back a copy every ~200 ms, until a line arrives on stdin. Prints the
 * timings as one JSON line. Task in JOBS_PROBE (JSON).
 */
export {};

interface Task {
  base: string;
  headers: Record<string, string>;
  borrow: string;
  back: string;
  reader: string;
  barcodes: string[];
}
const task = JSON.parse(process.env.JOBS_PROBE as string) as Task;
const out = {
  health: [] as number[],
  healthFailures: 0,
  borrowServer: [] as number[],
  borrowTrip: [] as number[],
  failures: 0,
};
const refusals: string[] = [];
let running = true;
process.stdin.once('data', () => {
  running = false;
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(p: string, body: unknown) {
  const t0 = performance.now();
  const res = await fetch(task.base + p, { method: 'POST', headers: task.headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { success: boolean; msg: string };
  return {
    json,
    trip: performance.now() - t0,
    server: Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN),
  };
}

async function health() {
  while (running) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${task.base}/healthz`, { signal: AbortSignal.timeout(60_000) });
      await res.text();
      if (res.ok) out.health.push(performance.now() - t0);
      else out.healthFailures++;
    } catch {
      out.healthFailures++;
    }
    await sleep(50);
  }
}

async function desk() {
  for (let i = 0; running; i++) {
    const barcode = task.barcodes[i % task.barcodes.length];
    const b = await post(task.borrow, { readerBarcode: task.reader, barcode });
    if (!b.json.success) {
      out.failures++;
      if (refusals.length < 3) refusals.push(b.json.msg);
    } else {
      out.borrowServer.push(b.server);
      out.borrowTrip.push(b.trip);
    }
    await sleep(100);
    const r = await post(task.back, { barcode });
    if (!r.json.success) out.failures++;
    await sleep(100);
  }
}

await Promise.all([health(), desk()]);
process.stdout.write(`${JSON.stringify({ ...out, refusals })}\n`);
process.exit(0);
