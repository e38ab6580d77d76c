import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { seedAll } from '../apps/server/src/db/seed.ts';
import { copy } from '../apps/server/src/modules/catalogue/catalogue.table.ts';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens.ts';
import { appUser } from '../apps/server/src/modules/auth/user.table.ts';
import { writeIso2709 } from '../apps/server/src/modules/marc/lib/iso2709-writer.ts';
import { ensureDir } from '../apps/server/src/platform/files/files.ts';
import { P } from '../packages/contracts/src/common/paths.ts';
import { createScratchDatabase } from './pg.ts';

const TITLES = ['红楼梦', '三国演义', 'Pride and prejudice', '西游记', '水浒传', '十万个为什么', 'Charlotte’s web'];

/** Copies per synthetic record (852 fields): the import budget counts records with their copies. */
export const SYNTH_COPIES = 2;

/**
 * A school-library MARC21 record with a unique valid ISBN-13, so every record is imported, and two copies (852 $b
 * location code of the seeded school's 图书流通室, $h call number, $p barcode: 8 digits, as the school's default barcode
 * rule wants, unique up to 40M copies and clear of the demo library's 00000001…).
 */
export function synth(i: number): MarcRecord {
  const sf = (tag: string, ...pairs: string[]) => ({
    tag,
    ind1: ' ',
    ind2: ' ',
    subfields: pairs.map((p) => ({ code: p[0], value: p.slice(1) })),
  });
  const body = `978${String(7_000_000_000 + i).slice(1)}`.slice(0, 12);
  const sum = [...body].reduce((s, d, k) => s + Number(d) * (k % 2 ? 3 : 1), 0);
  const isbn = `${body}${(10 - (sum % 10)) % 10}`;
  return {
    leader: '00000nam a2200000   4500',
    fields: [
      { tag: '001', value: String(1_000_000 + i) },
      { tag: '008', value: '240101s2024    cc a          000 0 chi d' },
      sf('020', `a${isbn}`, 'cCNY36.00'),
      sf('084', `aI247.5${i % 10}`, '2clc'),
      sf('100', 'a曹雪芹', 'd1715-1763'),
      sf('245', `a${TITLES[i % TITLES.length]} 第${i}卷 /`, 'c曹雪芹著'),
      sf('260', 'a北京 :', 'b人民文学出版社,', 'c2024'),
      sf('300', 'a356页 :', 'b插图 ;', 'c21cm'),
      sf('520', 'aA classic novel of eighteenth-century China, annotated for young readers.'),
      sf('650', 'a章回小说', 'y清代', 'z中国'),
      ...Array.from({ length: SYNTH_COPIES }, (_, k) =>
        sf('852', 'bLT', `hI247.5${i % 10}/${i}`, `p${10_000_000 + SYNTH_COPIES * i + k}`),
      ),
    ],
  };
}

/** Writes `n` synthetic records to `file` without holding them in memory (the 100k case). */
export async function writeSynthFile(file: string, n: number) {
  const out = fs.createWriteStream(file);
  for (let i = 0; i < n; i++) {
    if (!out.write(writeIso2709(synth(i)))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

/** CPU seconds (user + system) from /proc: the whole process, and its main thread alone (Linux). */
export function cpuSeconds(): { process: number; main: number } | null {
  const ticks = (stat: string) => {
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, fields 14 and 15, at 100 Hz
  };
  try {
    return {
      process: ticks(fs.readFileSync('/proc/self/stat', 'utf8')),
      main: ticks(fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')),
    };
  } catch {
    return null;
  }
}

/**
 * The machine is shared, so wall-clock rates mostly measure the neighbours. Besides the wall rate this prints
 * the rate the import would reach with the two cores to itself: records / max(main-thread CPU, CPU of the
 * other threads: worker, GC, I/O), i.e. the busier of the two overlapping halves (the database server's own
 * CPU is not counted for PostgreSQL).
 */
export function cpuRate(n: number, before: ReturnType<typeof cpuSeconds>, after: ReturnType<typeof cpuSeconds>) {
  if (!before || !after) return null;
  const main = after.main - before.main;
  const rest = after.process - before.process - main;
  return { rate: n / Math.max(main, rest, 0.01), main, rest };
}

export const loadAverage = () => os.loadavg()[0].toFixed(1);

export type MarcBenchApp = Awaited<ReturnType<typeof marcBenchApp>>;

/**
 * The server with a seeded school, for the MARC benchmarks: PGlite in memory (default), PGlite on disk
 * (`onDisk`, as `npm start` runs it), or a scratch PostgreSQL database (`pgUrl`).
 */
export async function marcBenchApp(o: { pgUrl?: string | null; onDisk?: boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-marc-'));
  const scratch = o.pgUrl ? await createScratchDatabase(o.pgUrl) : null;
  const config = { ...loadConfig({}), adminPassword: 'Bench#2026pw', loginCaptcha: false, webDist: '/x', dataDir };
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : o.onDisk ? { dataDir } : {});
  await runMigrations(database);
  await seedAll(database.db, config);
  const app = await buildApp({ config, database });
  await app.ready();
  const [u] = await database.db.select().from(appUser).orderBy(appUser.id).limit(1);
  const headers = { authorization: `Bearer ${await issueAccessToken(database.db, { userId: u.id })}` };
  const call = async (url: string, payload: Record<string, unknown>) =>
    (await app.inject({ method: 'POST', url, headers: { ...headers, schoolid: String(u.schoolId) }, payload })).json();
  /** Runs a task started by `url` to its end; answers its seconds and final progress row. */
  const runJob = async (url: string, payload: Record<string, unknown>, onTick?: () => void) => {
    const t0 = performance.now();
    const start = await call(url, payload);
    let job: { State: number; Error?: string; ResultFile: string } | undefined;
    while (!(job && job.State >= 2)) {
      await new Promise((r) => setTimeout(r, 100));
      onTick?.();
      job = (await call(`${P}/Config/GetProgress`, { DataID: start.data.DataID })).data;
    }
    if (job.State !== 2) throw new Error(`task ${url} ended in state ${job.State}: ${job.Error}`);
    return { secs: (performance.now() - t0) / 1000, job };
  };
  /** Places a file as an upload of the school without reading it into memory; answers its url. */
  const placeUpload = (file: string) => {
    const dir = ensureDir(app, `uploads/${u.schoolId}/bench`);
    const name = `${path.basename(file)}`;
    fs.copyFileSync(file, path.join(dir, name));
    return `/files/uploads/${u.schoolId}/bench/${name}`;
  };
  /** The school's copies (to check an import created every copy of the file). */
  const copyCount = async () => {
    const [r] = await database.db.select({ n: count() }).from(copy).where(eq(copy.schoolId, u.schoolId));
    return r.n;
  };
  const close = async () => {
    await app.close();
    await database.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, call, runJob, placeUpload, copyCount, close, schoolId: u.schoolId, dataDir, kind: database.kind };
}
