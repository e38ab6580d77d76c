import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.ts';
import { t } from '../../platform/i18n/messages.ts';
import './backup.messages.ts';
import { type EntrySink, readTar, TarWriter, TruncatedArchiveError } from './tar.ts';

/**
 * One backup = one .tar.gz: the database (PGlite's data-folder tar, or a `pg_dump -Fc` file), every file under
 * DATA_DIR/files, the secret key when it lives in the data folder, and last `manifest.json` with the version, the
 * schema migration, every table's row count and every entry's size and SHA-256 (README.md).
 */
export const MANIFEST = 'manifest.json';
export const PGLITE_ENTRY = 'database/pgdata.tar';
export const PGDUMP_ENTRY = 'database/shuyuan.pgdump';
export const SECRET_ENTRY = 'secret.key';
export const FILES_PREFIX = 'files/';

export interface BackupManifest {
  format: 1;
  product: 'shuyuan';
  version: string;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  /** The newest applied schema migration (drizzle's hash and time) and how many are applied. */
  migration: { count: number; hash: string; createdAt: number };
  /** Rows per table at the moment of the copy ('public.loan', …). */
  counts: Record<string, number>;
  /** Every entry but the manifest: size and SHA-256. */
  entries: Record<string, { size: number; sha256: string }>;
}

/**
 * A backup or restore failure: an i18n key (backup.messages.ts) and its parameters; the message is the English text
 * (the command line, logs), a failed backup task shows it in the user's language (platform/jobs `msgKey`).
 */
export class BackupError extends Error {
  constructor(
    readonly msgKey: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(t('en', msgKey, params));
  }
}

/** A damaged or truncated file; `detail` is an i18n key of what is wrong (with its parameters) or the raw reason. */
const damaged = (detail: string, params?: Record<string, unknown>) =>
  new BackupError('backup.damaged', { detail: { key: detail, params } });

const run = promisify(execFile);

/** Runs pg_dump / pg_restore; a failure is a BackupError with the tool's own message. */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError('backup.toolFailed', { tool, detail: err.trim() || `exit ${code}` })),
    );
  });
}

/** The major version of a PostgreSQL client tool (pg_dump, pg_restore), or a clear error when it is missing. */
export async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const m = /(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^)]*\)/, ''));
    if (!m) throw new Error(stdout);
    return Number(m[1]);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') throw new BackupError('backup.toolMissing', { tool });
    throw e;
  }
}

async function serverMajor(client: pg.Client): Promise<number> {
  const r = await client.query('show server_version_num');
  return Math.floor(Number(r.rows[0].server_version_num) / 10000);
}

/** pg_dump/pg_restore must be at least the server's major version (an older one refuses to read it). */
export async function checkToolFor(tool: 'pg_dump' | 'pg_restore', client: pg.Client): Promise<void> {
  const [have, server] = [await toolMajor(tool), await serverMajor(client)];
  if (have < server) throw new BackupError('backup.toolTooOld', { tool, have, server });
}

export async function tableCounts(q: (sql: string) => Promise<{ rows: any[] }>): Promise<Record<string, number>> {
  const tables = await q(
    `select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables.rows) {
    const r = await q(`select count(*)::int as n from "${t.schemaname}"."${t.tablename}"`);
    counts[`${t.schemaname}.${t.tablename}`] = Number(r.rows[0].n);
  }
  return counts;
}

async function lastMigration(q: (sql: string) => Promise<{ rows: any[] }>): Promise<BackupManifest['migration']> {
  const r = await q(
    'select count(*) over () as n, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const row = r.rows[0];
  return row
    ? { count: Number(row.n), hash: String(row.hash), createdAt: Number(row.created_at) }
    : { count: 0, hash: '', createdAt: 0 };
}

function* walk(dir: string, rel = ''): Generator<{ abs: string; rel: string }> {
  let list: fs.Dirent[];
  try {
    list = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of list.sort((a, b) => a.name.localeCompare(b.name))) {
    const abs = path.join(dir, e.name);
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) yield* walk(abs, r);
    else if (e.isFile()) yield { abs, rel: r };
  }
}

export interface WriteBackupOptions {
  database: Database;
  dataDir: string;
  /** True when the secret key is DATA_DIR/secret.key (not given by SECRET_KEY): it goes into the backup. */
  secretKeyInDataDir: boolean;
  version: string;
  /** The archive to write (written to `<file>.partial`, renamed when verified). */
  file: string;
  /** Called as the work moves: done of total steps (the database, each file, the check). */
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

/** Writes a backup archive, verifies it by reading it back, and answers its manifest. */
export async function writeBackup(opts: WriteBackupOptions): Promise<BackupManifest> {
  const partial = `${opts.file}.partial`;
  const filesDir = path.join(opts.dataDir, 'files');
  const files = [...walk(filesDir)];
  const total = files.length + 2;
  let done = 0;
  const step = async () => opts.onProgress?.(++done, total);
  const entries: BackupManifest['entries'] = {};
  const gzip = zlib.createGzip({ level: 6 });
  const out = fs.createWriteStream(partial);
  const written = pipeline(gzip, out);
  const tar = new TarWriter(gzip);
  const addBytes = async (name: string, data: Buffer) => {
    entries[name] = { size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    await tar.add(name, data);
  };
  let manifest: BackupManifest;
  try {
    let counts: Record<string, number>;
    let migration: BackupManifest['migration'];
    if (opts.database.kind === 'pglite') {
      const snap = await opts.database.snapshot!();
      counts = snap.counts;
      await addBytes(PGLITE_ENTRY, snap.data);
      // The migration record is among the copied rows; read it now (it changes only at start).
      migration = await lastMigration(async (q) => ({ rows: await rowsOf<any>(opts.database.db, sql.raw(q)) }));
    } else {
      ({ counts, migration } = await dumpPostgres(opts.database.url!, partial, async (name, size, body) => {
        const hash = createHash('sha256');
        const hashed = (async function* () {
          for await (const c of body) {
            hash.update(c);
            yield c;
          }
        })();
        await tar.addStream(name, size, new Date(), hashed);
        entries[name] = { size, sha256: hash.digest('hex') };
      }));
    }
    await step();
    for (const f of files) {
      let data: Buffer;
      try {
        data = await fs.promises.readFile(f.abs);
      } catch {
        continue; // removed meanwhile (a task's temporary file)
      }
      await addBytes(`${FILES_PREFIX}${f.rel}`, data);
      await step();
    }
    const keyFile = path.join(opts.dataDir, 'secret.key');
    if (opts.secretKeyInDataDir && fs.existsSync(keyFile)) await addBytes(SECRET_ENTRY, fs.readFileSync(keyFile));
    manifest = {
      format: 1,
      product: 'shuyuan',
      version: opts.version,
      engine: opts.database.kind,
      createdAt: new Date().toISOString(),
      migration,
      counts,
      entries,
    };
    await tar.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.finish();
    await written;
  } catch (e) {
    gzip.destroy();
    out.destroy();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw e;
  }
  try {
    await verifyBackup(partial);
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw e;
  }
  await step();
  fs.renameSync(partial, opts.file);
  return manifest;
}

/**
 * pg_dump in custom format of one snapshot, with the row counts of that same snapshot (an exported snapshot held
 * by a repeatable-read transaction while pg_dump runs). The dump goes to a temporary file, then into the archive.
 */
async function dumpPostgres(
  url: string,
  partial: string,
  add: (name: string, size: number, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<{ counts: Record<string, number>; migration: BackupManifest['migration'] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dumpFile = `${partial}.pgdump`;
  try {
    await checkToolFor('pg_dump', client);
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query('select pg_export_snapshot() as s');
    const q = (s: string) => client.query(s);
    const counts = await tableCounts(q);
    const migration = await lastMigration(q);
    await runTool('pg_dump', ['-Fc', `--snapshot=${rows[0].s}`, '-f', dumpFile, '-d', url]);
    await client.query('commit');
    await add(PGDUMP_ENTRY, fs.statSync(dumpFile).size, fs.createReadStream(dumpFile));
    return { counts, migration };
  } finally {
    fs.rmSync(dumpFile, { force: true });
    await client.end().catch(() => {});
  }
}

/** Opens a backup for reading: the gunzipped tar stream, with a damaged gzip reported as a BackupError. */
function openArchive(file: string): Readable {
  const gunzip = zlib.createGunzip();
  const src = fs.createReadStream(file);
  src.on('error', (e) => gunzip.destroy(e));
  const out = new PassThrough();
  gunzip.on('error', (e) => out.destroy(damaged(e.message)));
  src.pipe(gunzip).pipe(out);
  return out;
}

/**
 * Reads a backup through and checks it: every entry's size and SHA-256 against the manifest, the manifest present,
 * a PostgreSQL dump listed by pg_restore when one is at hand. Answers the manifest; throws a BackupError saying
 * what is wrong with a truncated or damaged file.
 */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const seen: Record<string, { size: number; sha256: string }> = {};
  let manifestText = '';
  const dumpCopy = `${file}.check.pgdump`;
  let dumpFd: number | null = null;
  try {
    await readArchive(file, (e) => {
      if (e.name === MANIFEST) {
        const parts: Buffer[] = [];
        return {
          write: (c) => void parts.push(c),
          end: () => {
            manifestText = Buffer.concat(parts).toString();
          },
        };
      }
      const hash = createHash('sha256');
      if (e.name === PGDUMP_ENTRY) dumpFd = fs.openSync(dumpCopy, 'w');
      return {
        write: (c) => {
          hash.update(c);
          if (e.name === PGDUMP_ENTRY) fs.writeSync(dumpFd!, c);
        },
        end: () => {
          seen[e.name] = { size: e.size, sha256: hash.digest('hex') };
          if (e.name === PGDUMP_ENTRY) {
            fs.closeSync(dumpFd!);
            dumpFd = null;
          }
        },
      };
    });
    if (fs.existsSync(dumpCopy)) await listPgDump(dumpCopy);
  } finally {
    if (dumpFd !== null) fs.closeSync(dumpFd);
    fs.rmSync(dumpCopy, { force: true });
  }
  if (!manifestText) throw damaged('backup.noManifest');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    throw damaged('backup.badManifest');
  }
  if (manifest.product !== 'shuyuan' || manifest.format !== 1) throw new BackupError('backup.notBackup');
  for (const [name, want] of Object.entries(manifest.entries)) {
    const got = seen[name];
    if (!got || got.size !== want.size || got.sha256 !== want.sha256)
      throw damaged(got ? 'backup.entryChanged' : 'backup.entryMissing', { name });
  }
  return manifest;
}

/** Reads a backup's entries in order (see readTar); a truncated or damaged file is a BackupError. */
export async function readArchive(file: string, onEntry: (e: { name: string; size: number }) => EntrySink) {
  if (!fs.existsSync(file)) throw new BackupError('backup.fileMissing', { file });
  try {
    await readTar(openArchive(file), onEntry);
  } catch (e) {
    if (e instanceof TruncatedArchiveError) throw damaged(e.message);
    throw e;
  }
}

/** Lists a pg_dump custom-format file with pg_restore (it opens), or throws. */
export async function listPgDump(dumpFile: string): Promise<void> {
  await toolMajor('pg_restore');
  try {
    await run('pg_restore', ['--list', dumpFile], { maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    throw damaged('backup.dumpUnreadable', { detail: (e as Error).message });
  }
}
