import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { Scope } from '../../platform/tenancy.ts';
import { TEST_SCALE as scale, taskDone, useTestApp } from '../../test/helper.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { BackupError } from './archive.ts';
import { listBackups } from './backup.service.ts';
import { restoreBackup } from './restore.ts';

const t = useTestApp();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const root = path.resolve(import.meta.dirname, '../../../../..');

type Query = (q: string) => Promise<{ rows: any[] }>;
const TABLES = `select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`;

/** Every table's row count and a checksum of its rows (md5 of the rows as text, in order). */
async function fingerprint(q: Query): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { schemaname: s, tablename: n } of (await q(TABLES)).rows) {
    const r = await q(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${s}"."${n}" t`,
    );
    out[`${s}.${n}`] = `${r.rows[0].n}:${r.rows[0].sum}`;
  }
  return out;
}
/** `npm run restore -- ARGS` into `target` with these locale variables: its exit code and what it printed. */
async function restoreCli(
  args: string[],
  target: { dataDir: string; databaseUrl?: string },
  locale: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '' };
  for (const k of ['LANG', 'LC_ALL', 'LC_MESSAGES']) delete env[k];
  const r = await promisify(execFile)('npm', ['run', '--silent', 'restore', '--', ...args], {
    cwd: root,
    env: { ...env, ...locale },
  }).catch((e) => e);
  return { code: r.code ?? 0, stdout: r.stdout, stderr: r.stderr };
}

const live: Query = async (q) => ({ rows: await rowsOf(t.db, sql.raw(q)) });

/** A fresh target: an empty data folder, and on PostgreSQL an empty scratch database (dropped after the file). */
const scratch: (() => Promise<void>)[] = [];
async function freshTarget(): Promise<{
  dataDir: string;
  databaseUrl?: string;
  open: () => Promise<Query & { close(): Promise<void> }>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-restore-'));
  scratch.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (t.database.kind === 'pglite') {
    return {
      dataDir,
      open: async () => {
        const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
        return Object.assign((q: string) => db.query(q), { close: () => db.close() });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `shuyuan_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  scratch.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return {
    dataDir,
    databaseUrl: u.toString(),
    open: async () => {
      const c = new pg.Client({ connectionString: u.toString() });
      await c.connect();
      return Object.assign((q: string) => c.query(q), { close: () => c.end() });
    },
  };
}

afterAll(async () => {
  for (const s of scratch) await s().catch(() => {});
});

async function backupNow(): Promise<string> {
  const r = await t.post(`${P}/Backup/StartBackup`);
  expect(r.json.success, JSON.stringify(r.json)).toBe(true);
  const j = await taskDone(t, r.json.data.DataID, { timeoutMs: 120_000 });
  if (j.State !== 2) throw new Error(`backup failed: ${j.Error}`);
  return path.join(t.app.config.backupDir, j.FileName);
}

const readers: string[] = [];
let books: string[] = [];
beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  for (let i = 0; i < 6; i++) readers.push((await makeReader(t.db, scope)).account);
  books = await makeCopies(t.db, scope, 60);
  const upload = path.join(t.app.config.dataDir, 'files/uploads', String(t.schoolId), 'photo.jpg');
  fs.mkdirSync(path.dirname(upload), { recursive: true });
  fs.writeFileSync(upload, randomBytes(3000));
}, 60_000 * scale);

describe('restore', () => {
  let during = '';

  it(
    'restores a backup taken while the desk lends: every table holds the rows of the moment of the copy',
    async () => {
      let lending = true;
      let lent = 0;
      const desk = (async () => {
        for (let i = 0; lending && i < books.length; i++) {
          const r = await t.post(`${P}/Circulation/LiteratureCirc`, {
            readerBarcode: readers[i % readers.length],
            barcode: books[i],
          });
          if (r.json.success) lent++;
          await sleep(20);
        }
      })();
      await sleep(300);
      during = await backupNow();
      lending = false;
      await desk;
      expect(lent).toBeGreaterThan(0);

      const target = await freshTarget();
      const r = await restoreBackup({ file: during, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
      // restoreBackup compares every table's count with the manifest itself; the loans made before it are there.
      expect(r.counts).toEqual(r.manifest.counts);
      expect(r.counts['public.loan']).toBeGreaterThan(0);
      expect(r.files).toBe(1);
      expect(fs.existsSync(path.join(target.dataDir, 'files/uploads', String(t.schoolId), 'photo.jpg'))).toBe(true);
    },
    300_000 * scale,
  );

  it(
    'restores a quiet database exactly: every table has the same row count and checksum',
    async () => {
      const file = await backupNow();
      const want = await fingerprint(live);
      const target = await freshTarget();
      await restoreBackup({ file, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
      const q = await target.open();
      try {
        const got = await fingerprint(q);
        // The backup's own task row and its "back up now" log line are written after the copy; every other table is
        // identical.
        for (const own of ['public.job', 'public.operation_log']) {
          delete want[own];
          delete got[own];
        }
        expect(got).toEqual(want);
      } finally {
        await q.close();
      }
      const photo = path.join('files/uploads', String(t.schoolId), 'photo.jpg');
      expect(fs.readFileSync(path.join(target.dataDir, photo))).toEqual(
        fs.readFileSync(path.join(t.app.config.dataDir, photo)),
      );

      // Into the same place again: refused without --force, the data moved aside with it.
      await expect(restoreBackup({ file, dataDir: target.dataDir, databaseUrl: target.databaseUrl })).rejects.toThrow(
        /already hold|--force/,
      );
      // npm run restore says so in the command line's language: a zh_* locale, or --lang.
      const refusal = t.database.kind === 'pglite' ? 'folderNotEmpty' : 'databaseNotEmpty';
      const said = {
        zh: {
          folderNotEmpty: '中已经有数据。请恢复到一个空的数据文件夹（DATA_DIR），或加上 --force 把现有数据移到一旁。',
          databaseNotEmpty: '目标数据库中已经有数据表。请恢复到一个空数据库，或加上 --force 替换其中的全部内容。',
        },
        en: {
          folderNotEmpty:
            'already holds data. Restore into an empty data folder (DATA_DIR), or add --force to move the present data aside.',
          databaseNotEmpty:
            'The database already holds tables. Restore into an empty database, or add --force to replace everything in it.',
        },
      };
      const zh = await restoreCli([file], target, { LANG: 'zh_CN.UTF-8' });
      expect(zh.code).toBe(1);
      expect(zh.stderr).toContain(said.zh[refusal]);
      const en = await restoreCli([file, '--lang', 'en'], target, { LANG: 'zh_CN.UTF-8' });
      expect(en.code).toBe(1);
      expect(en.stderr).toContain(said.en[refusal]);
      const forced = await restoreBackup({
        file,
        dataDir: target.dataDir,
        databaseUrl: target.databaseUrl,
        force: true,
      });
      expect(forced.movedAside.length).toBeGreaterThan(0);
      expect(forced.movedAside.every((p) => fs.existsSync(p))).toBe(true);
    },
    300_000 * scale,
  );

  it(
    'refuses a truncated backup before touching anything, and says so (npm run restore)',
    async () => {
      const [b] = listBackups(t.app.config.backupDir);
      const bytes = fs.readFileSync(path.join(t.app.config.backupDir, b.Name));
      const cut = path.join(t.app.config.dataDir, 'cut.tar.gz');
      fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 1000));
      const target = await freshTarget();
      await expect(
        restoreBackup({ file: cut, dataDir: target.dataDir, databaseUrl: target.databaseUrl }),
      ).rejects.toThrow(BackupError);
      expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
      expect(fs.existsSync(path.join(target.dataDir, 'files'))).toBe(false);

      const en = await restoreCli([cut], target, { LANG: 'en_US.UTF-8' });
      expect(en.code).toBe(1);
      expect(en.stderr).toContain(
        'The backup file is incomplete or damaged (it was cut short or changed after it was written)',
      );
      const zh = await restoreCli(['--lang=zh', cut], target, { LANG: 'C.UTF-8' });
      expect(zh.code).toBe(1);
      expect(zh.stderr).toContain('备份文件不完整或已损坏（被截断，或写入后被改动），请使用其他备份。');
      const byLocale = await restoreCli([cut], target, { LANG: '', LC_ALL: 'zh_TW.UTF-8' });
      expect(byLocale.stderr).toContain('备份文件不完整或已损坏');
      expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
    },
    120_000 * scale,
  );
});
