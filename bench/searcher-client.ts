/**
 * The public search bench's readers, run in a process of their own (phones and hall screens are other computers:
 * their HTTP work must not share the server's event loop). Reads its task from SEARCHER_CLIENT (JSON): `searchers`
 * loops, each sending the next query of `bodies` a pause (`pauseMs`, the time to read the answer) after its last
 * answer arrived, until `total` queries were answered. Prints the timings as one JSON line.
 */
interface Task {
  base: string;
  url: string;
  headers: Record<string, string>;
  bodies: unknown[];
  searchers: number;
  total: number;
  /** A reader reads the answer before the next search: a pause of pauseMs on average (0.5–1.5×), 0 for none. */
  pauseMs: number;
}
export {};
const task = JSON.parse(process.env.SEARCHER_CLIENT as string) as Task;
/** Per answer, in the order they arrived: server time, round trip and the hit count. */
const out = {
  server: [] as number[],
  trips: [] as number[],
  totals: [] as number[],
  failures: 0,
  empty: 0,
  seconds: 0,
  msg: '',
};
let next = 0;

async function searcher() {
  while (next < task.total) {
    if (task.pauseMs) await new Promise((r) => setTimeout(r, task.pauseMs * (0.5 + Math.random())));
    if (next >= task.total) break;
    const body = task.bodies[next++ % task.bodies.length];
    const t0 = performance.now();
    const res = await fetch(task.base + task.url, {
      method: 'POST',
      headers: task.headers,
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; msg: string; data: { Total: number } };
    out.trips.push(performance.now() - t0);
    out.server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN));
    out.totals.push(json.data?.Total ?? -1);
    if (!json.success) {
      out.failures++;
      out.msg ||= json.msg;
    } else if (json.data.Total === 0) out.empty++;
  }
}

const t0 = performance.now();
await Promise.all(Array.from({ length: task.searchers }, () => searcher()));
out.seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${JSON.stringify(out)}\n`);
