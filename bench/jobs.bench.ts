import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { ensureDir } from '../apps/server/src/platform/files/files.ts';
import { P } from '../packages/contracts/src/common/paths.ts';
import { barcodeOf, type LibrarySize, readerOf } from './library-fixture.ts';
import { type LibraryServer, libraryServer } from './library-app.ts';
import { profiled } from './cpu-profile.ts';
import { writeSynthFile } from './marc-harness.ts';
import { report, summarize } from './stats.ts';

/** A small school (built once and cached like the others): the desk's figures here are about waiting, not size. */
const LIBRARY: LibrarySize = { records: 5_000, copiesPerRecord: 2, readers: 500, onLoan: 200 };
const READER_ROWS = Number(process.env.JOBS_BENCH_READERS ?? 30_000);
const MARC_RECORDS = Number(process.env.JOBS_BENCH_MARC ?? 20_000);
const BIG_ROWS = Number(process.env.JOBS_BENCH_BIG_ROWS ?? 1_000_000);
const BORROW = `${P}/Circulation/LiteratureCirc`;
const RETURN = `${P}/Circulation/LiteratureReturn`;

/** A reader sheet of `n` rows (template headers), streamed to disk: nothing big is committed to the repository. */
async function readerSheet(file: string, n: number, prefix: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = wb.addWorksheet('读者');
  ws.addRow(['读者条码', '姓名', '身份', '性别', '手机号码']).commit();
  for (let i = 0; i < n; i++)
    ws.addRow([`${prefix}${String(i).padStart(7, '0')}`, `读者${i}`, '学生', i % 2 ? '男' : '女', '']).commit();
  ws.commit();
  await wb.commit();
}

/** The zip-bomb-like sheet: a million short numeric rows, a few MB packed, ~70 MB unpacked (under the size limit). */
async function bigSheet(file: string, n: number) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const ws = wb.addWorksheet('读者');
  ws.addRow(['读者条码', '姓名']).commit();
  for (let i = 0; i < n; i++) ws.addRow([i, i]).commit();
  ws.commit();
  await wb.commit();
}

function place(s: LibraryServer, file: string): string {
  fs.copyFileSync(file, path.join(ensureDir(s.app, `uploads/${s.schoolId}/bench`), path.basename(file)));
  return `/files/uploads/${s.schoolId}/bench/${path.basename(file)}`;
}

async function call(s: LibraryServer, url: string, body: unknown) {
  const r = await s.app.inject({ method: 'POST', url, headers: s.headers, payload: body as object });
  return r.json() as { code: number; msg: string; data: any };
}

async function waitJob(s: LibraryServer, id: number, onTick?: () => void) {
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    onTick?.();
    const j = (await call(s, `${P}/Config/GetProgress`, { DataID: id })).data;
    if (j.State >= 2) return j as { State: number; Error: string | null; Progress: number; DataCount: number };
  }
}

/** The probes (healthz, one desk) in a child process while `work` runs; answers their samples. */
async function probed(s: LibraryServer, work: () => Promise<void>) {
  const task = {
    base: s.url(''),
    headers: s.headers,
    borrow: BORROW,
    back: RETURN,
    reader: readerOf(1),
    barcodes: Array.from({ length: 20 }, (_, i) => barcodeOf(i + 1)),
  };
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL('./jobs-probe.ts', import.meta.url))],
    {
      env: { ...process.env, JOBS_PROBE: JSON.stringify(task) },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let text = '';
  child.stdout.on('data', (c) => {
    text += c;
  });
  await new Promise((r) => setTimeout(r, 1500)); // the child starts and warms up
  await work();
  child.stdin.write('stop\n');
  await new Promise((done) => child.on('close', done));
  return JSON.parse(text) as {
    health: number[];
    healthFailures: number;
    borrowServer: number[];
    borrowTrip: number[];
    failures: number;
    refusals: string[];
  };
}

function print(label: string, kind: string, p: Awaited<ReturnType<typeof probed>>) {
  const h = summarize(p.health);
  const b = summarize(p.borrowServer);
  report(`/healthz p95, ${label} (${kind})`, h.p95, 'ms', 50);
  report(`borrow p95 server time, ${label} (${kind})`, b.p95, 'ms', kind === 'PGlite' ? 40 : 20);
  console.log(
    `  (/healthz p50 ${h.p50.toFixed(1)} max ${h.max.toFixed(0)} ms, ${h.n} answers, ${p.healthFailures} failed; borrow p50 ${b.p50.toFixed(1)} ms, round trip p95 ${summarize(p.borrowTrip).p95.toFixed(1)} ms, ${b.n} loans, ${p.failures} refused${p.refusals.length ? `: ${p.refusals[0]}` : ''})`,
  );
}

/** CPU seconds of this process's main thread (the event loop's), from Linux's /proc; NaN elsewhere. */
function mainThreadCpu(): number {
  try {
    const f = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function measure(
  kind: 'PGlite' | 'PostgreSQL',
  files: { readers: string; marc: string; big: string },
  pgUrl?: string | null,
) {
  const s = await libraryServer(kind, LIBRARY, pgUrl);
  try {
    print('idle', kind, await probed(s, () => new Promise((r) => setTimeout(r, 8000))));

    const readersUrl = place(s, files.readers);
    const marcUrl = place(s, files.marc);
    let secs = { readers: 0, marc: 0 };
    // The server's own event loop (imports parse on it): a long block there delays every request, whatever the
    // database does. Told apart from the database's own holds (PGLITE_SLOW_MS=n logs those).
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    // CPU of this process (all its threads) while the imports run: on a loaded machine a steadier A/B figure than times.
    const cpu0 = process.cpuUsage();
    // The event loop's own busy time (the thread requests wait for), apart from the process's other threads.
    const elu0 = performance.eventLoopUtilization();
    const main0 = mainThreadCpu();
    // BENCH_PROFILE=1: where the server's event loop goes during the imports (bench/cpu-profile.ts).
    const during = await profiled(`jobs-during-${kind}`, () =>
      probed(s, async () => {
        const t0 = performance.now();
        const a = await call(s, `${P}/Readers/ImportReaders`, { fileUrl: readersUrl });
        const m = await call(s, `${P}/Marc/Import`, { fileUrl: marcUrl, duplicatePolicy: 'skip' });
        if (a.code || m.code) throw new Error(`import refused: ${a.msg} ${m.msg}`);
        await Promise.all([
          waitJob(s, a.data.DataID).then((j) => {
            secs.readers = (performance.now() - t0) / 1000;
            if (j.State !== 2) console.log(`  reader import ended in state ${j.State}: ${j.Error}`);
          }),
          waitJob(s, m.data.DataID).then((j) => {
            secs.marc = (performance.now() - t0) / 1000;
            if (j.State !== 2) console.log(`  MARC import ended in state ${j.State}: ${j.Error}`);
          }),
        ]);
      }),
    );
    loop.disable();
    const cpu = process.cpuUsage(cpu0);
    const elu = performance.eventLoopUtilization(elu0);
    const mainCpu = mainThreadCpu() - main0;
    print(`during ${READER_ROWS / 1000}k-reader + ${MARC_RECORDS / 1000}k-MARC imports`, kind, during);
    console.log(
      `  (server event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; busy ${(elu.active / 1000).toFixed(1)} s, its CPU ${mainCpu.toFixed(1)} s; server process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; load average ${os.loadavg()[0].toFixed(1)})`,
    );
    console.log(
      `  (reader import ${secs.readers.toFixed(0)} s = ${(READER_ROWS / secs.readers).toFixed(0)} rows/s; MARC import ${secs.marc.toFixed(0)} s, both at once)`,
    );
    secs = { readers: 0, marc: 0 };

    // The zip-bomb-like sheet: refused with a message, at bounded memory.
    const bigUrl = place(s, files.big);
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    const start = await call(s, `${P}/Readers/ImportReaders`, { fileUrl: bigUrl });
    const msg = start.code ? start.msg : (await waitJob(s, start.data.DataID)).Error;
    clearInterval(sampler);
    report(`peak RSS over idle, ${BIG_ROWS / 1000}k-row xlsx (${kind})`, (peak - idle) / 2 ** 20, 'MB', 500);
    console.log(`  (refused in ${((performance.now() - t0) / 1000).toFixed(1)} s: "${msg}")`);
  } finally {
    await s.close();
  }
}

/**
 * `npm run bench jobs`: does a job stall the server? `/healthz` and one desk's borrow, p95, idle and while a
 * 30,000-row reader import and a 20,000-record MARC import run; then the peak memory of a 1,000,000-row sheet
 * (8 MB or so on disk), which must be refused with a message. Spreadsheets are generated here, never committed.
 */
export async function benchJobs(pgUrl: string | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-'));
  try {
    const files = {
      readers: path.join(dir, 'readers.xlsx'),
      marc: path.join(dir, 'records.mrc'),
      big: path.join(dir, 'million.xlsx'),
    };
    const t0 = performance.now();
    await readerSheet(files.readers, READER_ROWS, 'J');
    await writeSynthFile(files.marc, MARC_RECORDS);
    await bigSheet(files.big, BIG_ROWS);
    console.log(
      `  files generated in ${((performance.now() - t0) / 1000).toFixed(0)} s (${BIG_ROWS / 1000}k-row sheet: ${(fs.statSync(files.big).size / 2 ** 20).toFixed(1)} MB)`,
    );
    // JOBS_BENCH_DB=pg|pglite runs one database only.
    const only = process.env.JOBS_BENCH_DB;
    if (only !== 'pglite') {
      if (pgUrl) await measure('PostgreSQL', files, pgUrl);
      else console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
    }
    if (only !== 'pg') await measure('PGlite', files);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
