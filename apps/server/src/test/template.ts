import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type Database, openDatabase, runMigrations } from '../db/client.ts';
import { seedAll } from '../db/seed.ts';
import { sourceKey } from './source-key.ts';

/**
 * A migrated and seeded database to start every API test file from, instead of creating, migrating and seeding one
 * per file. An empty embedded cluster costs an initdb (3–7 s on a busy 2-core machine) before 1 s of migrations and
 * 2 s of seeding; loading a dumped copy costs about 1.5 s. On PostgreSQL, `create database … template` replaces
 * migrations and seeding (4–5 s per file).
 *
 * The copy is keyed by the sources' hash (source-key.ts). The first test file that finds none builds it from its own fresh database and
 * keeps using that database itself; files starting meanwhile may build one too (no lock: a few redundant builds on
 * the first run after a change, never a stale copy). Written under a temporary name, then renamed into place.
 */

const CACHE_DIR = path.resolve(import.meta.dirname, '../../../..', '.tmp', 'test-db');
/** PostgreSQL template databases kept (newest by oid): other worktrees or runs may still copy an older one. */
const KEEP_PG_TEMPLATES = 6;

async function freshDatabase(config: Config, databaseUrl?: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  await runMigrations(database);
  await seedAll(database.db, config);
  return database;
}

/** The embedded engine: the template's copy, or a fresh database that becomes the template. */
export async function embeddedFromTemplate(config: Config): Promise<Database> {
  const file = path.join(CACHE_DIR, `pglite-${sourceKey()}.tar`);
  if (fs.existsSync(file)) {
    const database = await openDatabase({ poolSize: 10, loadDataDir: file });
    // Both are no-ops on the template (5 ms and ~70 ms): they keep a copy made by other code honest.
    await runMigrations(database);
    await seedAll(database.db, config);
    return database;
  }
  const database = await freshDatabase(config);
  try {
    const snap = await database.snapshot!();
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
    fs.writeFileSync(tmp, snap.data);
    fs.renameSync(tmp, file);
    for (const f of fs.readdirSync(CACHE_DIR))
      if (f.startsWith('pglite-') && f.endsWith('.tar') && f !== path.basename(file))
        fs.rmSync(path.join(CACHE_DIR, f), { force: true });
  } catch (e) {
    console.warn(`test template not written: ${(e as Error).message}`);
  }
  return database;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The template database's name on this server, built (and older ones pruned) if missing. */
async function pgTemplate(baseUrl: string, config: Config): Promise<string> {
  const name = `shuyuan_tpl_${sourceKey()}`;
  const exists = await withClient(baseUrl, async (c) => {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    return r.rowCount === 1;
  });
  if (exists) return name;
  const building = `shuyuan_tplb_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withClient(baseUrl, (c) => c.query(`create database ${building}`));
  const database = await freshDatabase(config, withDatabase(baseUrl, building));
  await database.close();
  await withClient(baseUrl, async (c) => {
    try {
      await c.query(`alter database ${building} rename to ${name}`);
    } catch {
      // Another file built it meanwhile.
      await c.query(`drop database if exists ${building} with (force)`);
    }
    const old = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like 'shuyuan\\_tpl\\_%' order by oid desc offset ${KEEP_PG_TEMPLATES}`,
    );
    for (const r of old.rows) await c.query(`drop database if exists ${r.datname}`).catch(() => {});
  });
  return name;
}

/**
 * A new PostgreSQL database for one test file, copied from the template; on any trouble with the template (pruned
 * by another run at that moment), made the long way.
 */
export async function pgFromTemplate(
  baseUrl: string,
  config: Config,
): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const name = `shuyuan_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    const template = await pgTemplate(baseUrl, config);
    await withClient(baseUrl, (c) => c.query(`create database ${name} template ${template}`));
  } catch {
    await withClient(baseUrl, (c) => c.query(`create database ${name}`));
  }
  const url = withDatabase(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  await runMigrations(database);
  await seedAll(database.db, config);
  return {
    url,
    database,
    drop: () => withClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
