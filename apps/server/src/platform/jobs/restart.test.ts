import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { jobTiming, registerJobKind } from './jobs.ts';
import { INTERRUPTED } from './runtime.ts';
import { openApp, RESUMABLE, slowCount } from './testing/crash-fixture.ts';

const fixture = path.join(import.meta.dirname, 'testing/crash-fixture.ts');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** A real process starts two tasks and is killed (SIGKILL) half-way. */
async function runAndKill(target: object): Promise<{ plain: number; resumable: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, 'child', JSON.stringify(target)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ids = await new Promise<{ plain: number; resumable: number }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  await new Promise((r) => setTimeout(r, 800)); // mid-way: ~80 of 300 done
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return ids;
}

async function target(): Promise<{ dataDir?: string; databaseUrl?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { dataDir };
  }
  const name = `shuyuan_crash_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { databaseUrl: u.toString(), dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-crash-files-')) };
}

describe('a task survives a killed process', () => {
  it('the next start fails the plain task with the reason and resumes the resumable one', async () => {
    const where = await target();
    const ids = await runAndKill(where);
    registerJobKind(RESUMABLE, slowCount);
    // On PostgreSQL another process could still be alive: its tasks count as dead once the heartbeat is stale.
    const stale = jobTiming.staleMs;
    jobTiming.staleMs = 1000;
    if (where.databaseUrl) await new Promise((r) => setTimeout(r, 1200));
    const { app, database } = await openApp(where);
    cleanups.unshift(async () => {
      await app.close();
      await database.close();
    });
    await app.ready();
    jobTiming.staleMs = stale;
    const row = async (id: number) => {
      const r: any = await database.db.execute(sql`select state, progress, error from job where id = ${id}`);
      return (r.rows ?? r)[0];
    };
    const plain = await row(ids.plain);
    expect(plain).toMatchObject({ state: 3, error: INTERRUPTED });
    expect(plain.progress).toBeGreaterThan(0);
    expect(plain.progress).toBeLessThan(300);
    let resumed = await row(ids.resumable);
    for (let i = 0; i < 200 && resumed.state !== 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      resumed = await row(ids.resumable);
    }
    expect(resumed).toMatchObject({ state: 2, progress: 300 });
  }, 60_000);
});
