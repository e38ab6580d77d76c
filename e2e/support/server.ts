import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sourceKey } from '../../apps/server/src/test/source-key.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const E2E_WEB_DIST = path.join(root, '.tmp/e2e-web');
export const ADMIN_PASSWORD = 'E2e#Admin2026';

/** Builds the web app once per run into .tmp/e2e-web (not apps/web/dist, which `npm start` owns). */
export function buildWebOnce(): void {
  const stamp = path.join(E2E_WEB_DIST, '.built-by-e2e');
  if (process.env.E2E_REUSE_BUILD === '1' && fs.existsSync(stamp)) return;
  const r = spawnSync('npx', ['vite', 'build', '--outDir', E2E_WEB_DIST, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make vite build development React: test what users get.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('web build failed');
  fs.writeFileSync(stamp, new Date().toISOString());
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  /** The answer of a picture code the server drew (what a person reads off the picture). */
  captchaAnswer(captchaId: string): Promise<string>;
  /** Resolves once the work the server started after start-up (the full CLC install…) has ended. */
  startupWorkDone(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A data folder the server has already migrated and seeded (empty demo school), made once per source version by the
 * run's global setup: each file's server starts on a copy of it instead of creating its embedded database (an initdb,
 * migrations and seeds: 4–12 s per file on a busy machine) and installing the full CLC in the background (45,785
 * classes). The PostgreSQL counterpart is pg-template.ts.
 */
export async function prepareDataTemplate(): Promise<string> {
  const dir = path.join(root, '.tmp', `e2e-data-${sourceKey()}`);
  if (!fs.existsSync(path.join(dir, '.ready'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    const s = await startServer({ DATA_DIR: dir });
    try {
      await s.startupWorkDone();
    } finally {
      await s.stop();
    }
    fs.rmSync(path.join(dir, 'shuyuan.lock'), { force: true });
    fs.writeFileSync(path.join(dir, '.ready'), new Date().toISOString());
    for (const f of fs.readdirSync(path.join(root, '.tmp')))
      if (f.startsWith('e2e-data-') && path.join(root, '.tmp', f) !== dir)
        fs.rmSync(path.join(root, '.tmp', f), { recursive: true, force: true });
  }
  return dir;
}

/** A new temporary data folder, a copy of `template` (a folder holding `.ready`) when one is given. */
export function dataDirFrom(template?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-e2e-'));
  if (template && fs.existsSync(path.join(template, '.ready')))
    fs.cpSync(template, dir, { recursive: true, filter: (src) => !src.endsWith('.ready') });
  return dir;
}

/** A fresh data folder: a copy of the run's template when the server starts as the template was made. */
function freshDataDir(env: Record<string, string>): string {
  const plain = !env.DATABASE_URL && (env.DEMO_DATA ?? 'off') === 'off' && Object.keys(env).length === 0;
  return dataDirFrom(plain ? process.env.E2E_DATA_TEMPLATE : undefined);
}

/**
 * The server's error lines (pino level ≥ 50: failed requests, crashes) printed when it stops, so a browser test that
 * failed on a refused or broken request shows why in the run's output (the server's log is otherwise lost with it).
 */
function printServerErrors(out: string, port: number): void {
  const errors = out.split('\n').filter((line) => {
    if (!line.startsWith('{')) return /\b(Error|error):/.test(line);
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
  if (errors.length)
    console.error(`server :${port} logged ${errors.length} error line(s):\n${errors.slice(-20).join('\n')}`);
}

/** Starts the real server (`main.ts`) on a free port and a fresh data folder; resolves once it listens. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? freshDataDir(env);
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOGIN_CAPTCHA: 'off',
      // The harness may ask the answer of a picture code (asked after a failed sign-in even with the code off).
      SHUYUAN_TEST_IPC: '1',
      SIP2_PORT: '0',
      WEB_DIST: E2E_WEB_DIST,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Browser tests start from an empty demo school (no demo books, readers, loans) unless they ask.
      DEMO_DATA: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    // E2E_START_MS: more time on a busy machine.
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${out}`)),
      Number(process.env.E2E_START_MS ?? 60_000),
    );
    proc.on('message', (m: any) => {
      if (m?.ready) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    proc,
    output: () => out,
    captchaAnswer: (captchaId: string) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no captcha answer')), 10_000);
        const onMessage = (m: any) => {
          if (m?.captchaAnswer !== captchaId) return;
          clearTimeout(timer);
          proc.off('message', onMessage);
          resolve(String(m.answer));
        };
        proc.on('message', onMessage);
        proc.send({ captchaAnswer: captchaId });
      }),
    startupWorkDone: () =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('start-up work not done')),
          Number(process.env.E2E_START_MS ?? 60_000) * 3,
        );
        const onMessage = (m: any) => {
          if (m?.startupWorkDone !== true) return;
          clearTimeout(timer);
          proc.off('message', onMessage);
          resolve();
        };
        proc.on('message', onMessage);
        proc.send({ startupWorkDone: true });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        printServerErrors(out, port);
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
