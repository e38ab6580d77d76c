import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { t } from '../../platform/i18n/messages.ts';
import './restore.messages.ts';
import { lockDataDir } from '../../db/lock.ts';
import {
  type BackupManifest,
  BackupError,
  checkToolFor,
  FILES_PREFIX,
  PGDUMP_ENTRY,
  PGLITE_ENTRY,
  readArchive,
  runTool,
  SECRET_ENTRY,
  tableCounts,
  verifyBackup,
} from './archive.ts';

export interface RestoreOptions {
  file: string;
  /** The data folder: the embedded database (pgdata) and the uploaded files go here. */
  dataDir: string;
  /** Restore into this PostgreSQL database instead of the data folder's embedded one. */
  databaseUrl?: string;
  /** Overwrite a data folder or database that already holds data (the old one is moved aside / dropped). */
  force?: boolean;
  /** The language of the progress lines (refusals are BackupErrors: key and parameters). Default English. */
  lang?: Lang;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  counts: Record<string, number>;
  files: number;
  /** Where the data that was there before went (--force on a data folder). */
  movedAside: string[];
}

const nonEmptyDir = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

/**
 * Restores a backup (modules/backup/README.md) with the server stopped: checks the whole file first (a truncated or
 * damaged one is refused before anything is touched), refuses a target that holds data unless `force`, restores the
 * database and the files, then counts every table and compares with the backup's manifest.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const lang = opts.lang ?? 'en';
  const log = (key: string, params?: Record<string, unknown>) => opts.log?.(t(lang, key, params));
  const file = path.resolve(opts.file);
  log('restore.checking', { file });
  const manifest = await verifyBackup(file);
  log('restore.checked', {
    createdAt: manifest.createdAt,
    version: manifest.version,
    engine: { key: `restore.engine.${manifest.engine}` },
  });
  if (manifest.engine === 'pglite' && opts.databaseUrl) throw new BackupError('restore.embeddedIntoPostgres');
  if (manifest.engine === 'postgres' && !opts.databaseUrl) throw new BackupError('restore.postgresNeedsUrl');

  const dataDir = path.resolve(opts.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  // The server must be stopped: its lock on the data folder says it is not.
  const release = lockDataDir(dataDir);
  const movedAside: string[] = [];
  try {
    const pgdata = path.join(dataDir, 'pgdata');
    const filesDir = path.join(dataDir, 'files');
    const keyFile = path.join(dataDir, 'secret.key');
    const occupied: string[] = [];
    if (!opts.databaseUrl && nonEmptyDir(pgdata)) occupied.push(pgdata);
    if (nonEmptyDir(filesDir)) occupied.push(filesDir);
    const pgClient = opts.databaseUrl ? new pg.Client({ connectionString: opts.databaseUrl }) : null;
    try {
      if (pgClient) {
        await pgClient.connect();
        await checkToolFor('pg_restore', pgClient);
        const r = await pgClient.query(
          `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
        );
        if (r.rows[0].n > 0 && !opts.force) throw new BackupError('restore.databaseNotEmpty');
      }
      if (occupied.length && !opts.force)
        throw new BackupError('restore.folderNotEmpty', { paths: occupied.join(', ') });
      const suffix = `before-restore-${stamp()}`;
      for (const p of [...occupied, ...(fs.existsSync(keyFile) && manifest.entries[SECRET_ENTRY] ? [keyFile] : [])]) {
        const aside = `${p}.${suffix}`;
        fs.renameSync(p, aside);
        movedAside.push(aside);
        log('restore.movedAside', { from: p, to: aside });
      }
      if (pgClient && opts.force) {
        await pgClient.query('drop schema if exists drizzle cascade');
        await pgClient.query('drop schema if exists public cascade');
        await pgClient.query('create schema public');
      }

      // Second pass: write out the database and the files.
      const dbTemp = path.join(dataDir, `restore-${process.pid}.${manifest.engine === 'pglite' ? 'tar' : 'pgdump'}`);
      let files = 0;
      try {
        await readArchive(file, (e) => {
          let target: string | null = null;
          if (e.name === PGLITE_ENTRY || e.name === PGDUMP_ENTRY) target = dbTemp;
          else if (e.name === SECRET_ENTRY) target = keyFile;
          else if (e.name.startsWith(FILES_PREFIX)) {
            const rel = e.name.slice(FILES_PREFIX.length);
            const abs = path.resolve(filesDir, rel);
            if (!abs.startsWith(filesDir + path.sep) || rel.split('/').includes('..'))
              throw new BackupError('restore.unsafeName', { name: e.name });
            target = abs;
            files++;
          }
          if (!target) return null;
          fs.mkdirSync(path.dirname(target), { recursive: true });
          const fd = fs.openSync(target, 'w', target === keyFile ? 0o600 : 0o644);
          return {
            write: (c) => void fs.writeSync(fd, c),
            end: () => fs.closeSync(fd),
          };
        });
        log('restore.filesRestored', { n: files });
        let counts: Record<string, number>;
        if (manifest.engine === 'pglite') {
          log('restore.restoringEmbedded');
          const tar = fs.readFileSync(dbTemp);
          const db = await PGlite.create({ dataDir: pgdata, loadDataDir: new Blob([tar]), extensions: { pg_trgm } });
          try {
            counts = await tableCounts((q) => db.query(q));
          } finally {
            await db.close();
          }
        } else {
          log('restore.restoringPostgres');
          await runTool('pg_restore', [
            '--no-owner',
            '--no-privileges',
            '--exit-on-error',
            '-d',
            opts.databaseUrl!,
            dbTemp,
          ]);
          counts = await tableCounts((q) => pgClient!.query(q));
        }
        const wrong = Object.entries(manifest.counts).filter(([t, n]) => counts[t] !== n);
        if (wrong.length)
          throw new BackupError('restore.countsDiffer', {
            detail: wrong.map(([table, n]) => `${table}: ${counts[table] ?? '—'} ≠ ${n}`).join('; '),
          });
        return { manifest, counts, files, movedAside };
      } finally {
        fs.rmSync(dbTemp, { force: true });
      }
    } finally {
      await pgClient?.end().catch(() => {});
    }
  } finally {
    release();
  }
}

/** The lines `npm run restore` prints when it is done; `target` is the data folder, or null for DATABASE_URL. */
export function restoreSummary(r: RestoreResult, target: string | null, lang: Lang = 'en'): string[] {
  const rows = Object.values(r.counts).reduce((a, b) => a + b, 0);
  const n = r.files;
  return [
    t(lang, 'restore.summary.into', { target: target ?? t(lang, 'restore.theDatabase') }),
    t(lang, 'restore.summary.backup', {
      createdAt: r.manifest.createdAt,
      version: r.manifest.version,
      migrations: r.manifest.migration.count,
    }),
    t(lang, 'restore.summary.rows', {
      tables: Object.keys(r.counts).length,
      rows: rows.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en'),
    }),
    t(lang, r.manifest.entries[SECRET_ENTRY] ? 'restore.summary.filesAndKey' : 'restore.summary.files', { n }),
    ...r.movedAside.map((p) => t(lang, 'restore.summary.kept', { path: p })),
    t(lang, 'restore.summary.start'),
  ];
}
