import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { makeCopies, makeReader } from '../modules/circulation/test-fixtures.ts';
import { school } from '../modules/school/school.table.ts';
import { Scope } from '../platform/tenancy.ts';
import { openDatabase, runMigrations } from './client.ts';
import { moveToPostgres } from './move-to-postgres.ts';
import { seedAll } from './seed.ts';

// Against the PostgreSQL of the API tests' PostgreSQL run (TEST_DATABASE_URL): a scratch database per run. The
// PGlite run (`npm test` sets TEST_DATABASE_URL empty there) leaves it to that run.
const base = process.env.TEST_DATABASE_URL || '';
const scale = Number(process.env.TEST_TIMEOUT_SCALE) || 1;
const root = path.resolve(import.meta.dirname, '../../../..');
const made: string[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-move-'));

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
async function scratchDb(): Promise<string> {
  const name = `shuyuan_move_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  made.push(name);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

type Q = (q: string) => Promise<{ rows: any[] }>;
/** Every public table's row count and checksum, timestamps written in UTC on both sides. */
async function fingerprint(q: Q): Promise<Record<string, string>> {
  await q(`set timezone = 'UTC'`);
  const out: Record<string, string> = {};
  const tables = await q(`select tablename from pg_tables where schemaname = 'public' order by 1`);
  for (const { tablename: n } of tables.rows) {
    const r = await q(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from public."${n}" t`,
    );
    out[n] = `${r.rows[0].n}:${r.rows[0].sum}`;
  }
  return out;
}

let want: Record<string, string>;
beforeAll(async () => {
  if (!base) return;
  // A school library in an embedded data folder: the seeded school, readers, books, a loan with microseconds.
  const db = await openDatabase({ dataDir });
  await runMigrations(db);
  await seedAll(db.db, { ...loadConfig({}), dataDir, demoData: false, adminPassword: 'Admin#2026pw' });
  const [s] = await db.db.select().from(school).limit(1);
  const scope = new Scope(s.id);
  for (let i = 0; i < 5; i++) await makeReader(db.db, scope, { name: `读者 ${i} "quoted", {braces}` });
  await makeCopies(db.db, scope, 30);
  await db.exec(`update copy set created_at = '2026-01-02 03:04:05.123456+00' where id = (select min(id) from copy)`);
  const client = (db.db as any).$client as pg.Pool;
  want = await fingerprint((q) => client.query(q));
  await db.close();
}, 120_000 * scale);

afterAll(async () => {
  for (const n of made) await admin((c) => c.query(`drop database if exists ${n} with (force)`)).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!base)('move to PostgreSQL', () => {
  it(
    'copies every table exactly, sets the sequences and refuses a database that is not empty',
    async () => {
      const url = await scratchDb();
      const r = await moveToPostgres({ dataDir, url });
      expect(r.rows).toBeGreaterThan(40);

      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        expect(await fingerprint((q) => c.query(q))).toEqual(want);
        // New rows continue after the copied ids.
        const before = await c.query('select max(id)::int as m from app_user');
        const added = await c.query(
          `insert into app_user (school_id, account, name, identity) values (1, 'after-move', 'After', 'student') returning id`,
        );
        expect(added.rows[0].id).toBeGreaterThan(before.rows[0].m);
        const applied = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied.rows[0].n).toBeGreaterThan(0);
      } finally {
        await c.end();
      }

      // The server starts on it: the seed finds its school and adds nothing twice.
      const onPg = await openDatabase({ databaseUrl: url });
      try {
        await runMigrations(onPg);
        const schools = await onPg.db.execute(sql`select count(*)::int as n from school`);
        expect((schools as any).rows[0].n).toBe(Number(want.school.split(':')[0]));
      } finally {
        await onPg.close();
      }

      await expect(moveToPostgres({ dataDir, url })).rejects.toThrow(/not empty/);
    },
    300_000 * scale,
  );

  it(
    'npm run move-to-postgres prints the DATABASE_URL line, and refuses a full database in Chinese with --lang=zh',
    async () => {
      const url = await scratchDb();
      const run = promisify(execFile);
      const { stdout } = await run('npm', ['run', '--silent', 'move-to-postgres', '--', url], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LC_ALL: '', LC_MESSAGES: '', LANG: 'en_US.UTF-8' },
      });
      expect(stdout).toContain("every table's row count matches");
      expect(stdout).toContain(`DATABASE_URL=${url}`);

      // Again into the same (now full) database, in Chinese: refused, and says why.
      const again = await run('npm', ['run', '--silent', 'move-to-postgres', '--', url, '--lang=zh'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).catch((e: { code: number; stderr: string }) => e);
      expect((again as { code?: number }).code).toBe(1);
      expect(again.stderr).toContain('该 PostgreSQL 数据库不是空的');
    },
    300_000 * scale,
  );
});
