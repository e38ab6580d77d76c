import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sourceKey } from '../../apps/server/src/test/source-key.ts';
import { dataDirFrom, startServer } from './server.ts';

/** The PostgreSQL server of the browser tests that use one (TEST_DATABASE_URL or the local one). */
export const PG = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Template databases kept (newest first): another worktree's run may still copy an older one. */
const KEEP = 4;
const root = path.resolve(import.meta.dirname, '../..');

export async function pgQuery(url: string, text: string, params: unknown[] = []): Promise<any[]> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** The address of database `name` on the PG server. */
export function databaseUrl(name: string): string {
  const u = new URL(PG);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface PgTemplate {
  /** The template database (`create database … template <name>`). */
  name: string;
  /** The data folder its server started on (secret key, files): each copy's server starts on a copy of it. */
  dataDir: string;
}

/** Renames a database once the server that used it has gone (its connections may linger a moment). */
async function rename(from: string, to: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await pgQuery(PG, `alter database ${from} rename to ${to}`);
      return;
    } catch (e) {
      if (i >= 20 || !/being accessed/.test((e as Error).message)) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * The PostgreSQL counterpart of the data-folder template (server.ts prepareDataTemplate), made by the run's global
 * setup once per source version: a database the server migrated and seeded on its first start, with the full CLC
 * it installs after start-up, kept as `shuyuan_e2e_tpl_<sources' hash>` beside the data folder that server used.
 * Each useAdminOnPg file copies both instead of its server migrating, seeding and installing on an empty database.
 * Undefined when no PostgreSQL answers (the files then make their database the long way, as before).
 */
export async function preparePgTemplate(): Promise<PgTemplate | undefined> {
  const key = sourceKey();
  const name = `shuyuan_e2e_tpl_${key}`;
  const dataDir = path.join(root, '.tmp', `e2e-pgdata-${key}`);
  let exists: boolean;
  try {
    exists = (await pgQuery(PG, 'select 1 from pg_database where datname = $1', [name])).length === 1;
  } catch {
    return undefined;
  }
  if (exists && fs.existsSync(path.join(dataDir, '.ready'))) return { name, dataDir };
  const building = `shuyuan_e2e_tplb_${process.pid}_${randomBytes(3).toString('hex')}`;
  const buildDir = `${dataDir}.${process.pid}`;
  fs.rmSync(buildDir, { recursive: true, force: true });
  await pgQuery(PG, `create database ${building}`);
  try {
    const s = await startServer({ DATABASE_URL: databaseUrl(building), DATA_DIR: buildDir });
    try {
      await s.startupWorkDone();
    } finally {
      await s.stop();
    }
    // A template whose data folder is gone is made again.
    if (exists) await pgQuery(PG, `drop database if exists ${name} with (force)`);
    await rename(building, name);
  } catch (e) {
    await pgQuery(PG, `drop database if exists ${building} with (force)`).catch(() => undefined);
    fs.rmSync(buildDir, { recursive: true, force: true });
    console.warn(`browser tests: no PostgreSQL template (${(e as Error).message.split('\n')[0]})`);
    return undefined;
  }
  fs.rmSync(path.join(buildDir, 'shuyuan.lock'), { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(buildDir, dataDir);
  fs.writeFileSync(path.join(dataDir, '.ready'), new Date().toISOString());
  const old = await pgQuery(
    PG,
    `select datname from pg_database where datname like 'shuyuan\\_e2e\\_tpl\\_%' order by oid desc offset ${KEEP}`,
  );
  for (const r of old) {
    await pgQuery(PG, `drop database if exists ${r.datname}`).catch(() => undefined);
    fs.rmSync(path.join(root, '.tmp', `e2e-pgdata-${String(r.datname).slice('shuyuan_e2e_tpl_'.length)}`), {
      recursive: true,
      force: true,
    });
  }
  return { name, dataDir };
}

/**
 * Creates database `dbName` for one test file, a copy of the run's template (an empty one when there is none or it
 * was pruned meanwhile), and answers the data folder the file's server starts on (a copy of the template's).
 */
export async function createTestDatabase(dbName: string): Promise<string> {
  const template = process.env.E2E_PG_TEMPLATE;
  let copied = false;
  if (template)
    copied = await pgQuery(PG, `create database ${dbName} template ${template}`).then(
      () => true,
      () => false,
    );
  if (!copied) await pgQuery(PG, `create database ${dbName}`);
  return dataDirFrom(copied ? process.env.E2E_PG_TEMPLATE_DIR : undefined);
}
