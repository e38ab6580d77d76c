import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { seedAll } from '../apps/server/src/db/seed.ts';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens.ts';
import { appUser } from '../apps/server/src/modules/auth/user.table.ts';
import { buildLibrary, type LibrarySize, schemaKey } from './library-fixture.ts';

const CACHE = process.env.BENCH_CACHE ?? path.join(os.tmpdir(), 'shuyuan-bench');
const config = () => ({ ...loadConfig({}), adminPassword: 'Bench#2026pw', loginCaptcha: false, webDist: '/x' });

async function adminOf(database: Database) {
  const [u] = await database.db
    .select({ userId: appUser.id, schoolId: appUser.schoolId })
    .from(appUser)
    .orderBy(appUser.id)
    .limit(1);
  return u;
}

async function fill(database: Database, size: LibrarySize) {
  await runMigrations(database);
  await seedAll(database.db, config());
  await buildLibrary(database, (await adminOf(database)).schoolId, size);
}

/** A PGlite data folder holding the library; built once per schema and size, then copied for each run. */
async function pgliteLibrary(size: LibrarySize): Promise<{ database: Database; cleanup: () => void }> {
  const ready = path.join(CACHE, `pglite-${schemaKey(size)}`);
  if (!fs.existsSync(ready)) {
    console.log(`  building the PGlite library once (${size.records} records; cached in ${ready})`);
    const building = `${ready}.building`;
    fs.rmSync(building, { recursive: true, force: true });
    fs.mkdirSync(building, { recursive: true });
    const database = await openDatabase({ dataDir: building, lock: false });
    await fill(database, size);
    await database.close();
    fs.renameSync(building, ready);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lib-'));
  fs.cpSync(ready, dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir, lock: false });
  return { database, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A PostgreSQL template database holding the library; each run gets a fresh copy of it. */
async function postgresLibrary(baseUrl: string, size: LibrarySize) {
  const tpl = `shuyuan_bench_tpl_${schemaKey(size)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const urlOf = (name: string) => {
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [tpl]);
    if (!exists.rowCount) {
      console.log(`  building the PostgreSQL library once (${size.records} records; template ${tpl})`);
      await admin.query(`drop database if exists ${tpl}_b with (force)`);
      await admin.query(`create database ${tpl}_b`);
      const database = await openDatabase({ databaseUrl: urlOf(`${tpl}_b`) });
      await fill(database, size);
      await database.close();
      await admin.query(`alter database ${tpl}_b rename to ${tpl}`);
    }
    const name = `shuyuan_bench_run_${process.pid}`;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${tpl}`);
    const database = await openDatabase({ databaseUrl: urlOf(name) });
    await database.exec('analyze');
    return {
      database,
      cleanup: async () => {
        const c = new pg.Client({ connectionString: baseUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  } finally {
    await admin.end();
  }
}

export interface LibraryServer {
  app: FastifyInstance;
  database: Database;
  url: (path: string) => string;
  headers: Record<string, string>;
  schoolId: number;
  close: () => Promise<void>;
}

/** The server over HTTP on a loopback port, signed in as the demo school's administrator. */
export async function libraryServer(kind: 'PGlite' | 'PostgreSQL', size: LibrarySize, pgUrl?: string | null) {
  const lib = kind === 'PGlite' ? await pgliteLibrary(size) : await postgresLibrary(pgUrl as string, size);
  const { database } = lib;
  const app = await buildApp({ config: config(), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { userId, schoolId } = await adminOf(database);
  const token = await issueAccessToken(database.db, { userId });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    database,
    schoolId,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, schoolid: String(schoolId) },
    close: async () => {
      await app.close();
      await database.close();
      await lib.cleanup();
    },
  } satisfies LibraryServer;
}

/** POST and return the answer with the server's own time (Server-Timing) and the round trip. */
export async function timedPost(s: LibraryServer, p: string, body: unknown) {
  const t0 = performance.now();
  const res = await fetch(s.url(p), { method: 'POST', headers: s.headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { success: boolean; msg: string; data: any; code: number };
  const roundTrip = performance.now() - t0;
  const server = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
  return { json, roundTrip, server };
}
