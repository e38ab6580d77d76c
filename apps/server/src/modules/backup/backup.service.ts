import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_JOB, type BackupView } from '@shuyuan/contracts/backup/backup';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { startJob } from '../../platform/jobs/jobs.ts';
import { nextRun } from '../../platform/jobs/schedule-time.ts';
import { Scope } from '../../platform/tenancy.ts';
import { getSettings } from '../settings/settings.service.ts';
import { type BackupManifest, FILES_PREFIX, writeBackup } from './archive.ts';

export const PRODUCT_VERSION: string = JSON.parse(
  fs.readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'),
).version;

const NAME = /^shuyuan-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;

/** What is kept beside each backup (`<name>.json`): the list reads it instead of opening the archives. */
interface Sidecar {
  createdAt: string;
  engine: string;
  version: string;
  rows: number;
  files: number;
  size: number;
  durationMs: number;
  trigger: 'schedule' | 'manual';
  migration: BackupManifest['migration'];
}

/** The backups in the folder, newest first. */
export function listBackups(dir: string): BackupView[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => NAME.test(n));
  } catch {
    return [];
  }
  const out: BackupView[] = [];
  for (const name of names) {
    const st = fs.statSync(path.join(dir, name));
    let side: Partial<Sidecar> = {};
    try {
      side = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8'));
    } catch {}
    out.push({
      Name: name,
      Size: st.size,
      CreatedAt: side.createdAt ?? st.mtime.toISOString(),
      Engine: side.engine ?? '',
      Version: side.version ?? '',
      Rows: side.rows ?? 0,
      Files: side.files ?? 0,
      DurationMs: side.durationMs ?? 0,
      Trigger: side.trigger ?? '',
    });
  }
  return out.sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt) || b.Name.localeCompare(a.Name));
}

/** Keeps the `keep` newest backups; removes older ones and leftovers of interrupted writes. */
export function pruneBackups(dir: string, keep: number, writing?: string): string[] {
  const removed: string[] = [];
  for (const b of listBackups(dir).slice(keep)) {
    fs.rmSync(path.join(dir, b.Name), { force: true });
    fs.rmSync(path.join(dir, `${b.Name}.json`), { force: true });
    removed.push(b.Name);
  }
  for (const n of fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    if (/\.partial(\.pgdump)?$/.test(n) && (!writing || !n.startsWith(writing)))
      fs.rmSync(path.join(dir, n), { force: true });
  return removed;
}

/** The absolute path of a listed backup, or null (a name not in the folder is not a way to read elsewhere). */
export function backupFile(dir: string, name: string): string | null {
  if (!NAME.test(name)) return null;
  const abs = path.join(dir, name);
  return fs.existsSync(abs) ? abs : null;
}

/** The installation's top-level school (the first school without a parent): its settings rule backups. */
export async function topSchoolId(app: FastifyInstance): Promise<number | null> {
  const [r] = await rowsOf<{ id: number }>(
    app.database.db,
    sql`select id from school where parent_id is null order by id limit 1`,
  );
  return r?.id ?? null;
}

/** True when the school has no parent school (a district or a stand-alone school). */
export async function isTopSchool(app: FastifyInstance, schoolId: number): Promise<boolean> {
  const [r] = await rowsOf<{ top: boolean }>(
    app.database.db,
    sql`select parent_id is null as top from school where id = ${schoolId}`,
  );
  return !!r?.top;
}

export async function runningBackupJob(app: FastifyInstance): Promise<number | null> {
  const [r] = await rowsOf<{ id: number }>(
    app.database.db,
    sql`select id from job where operation_type = ${BACKUP_JOB} and state in (0, 1) and key is null
        order by id desc limit 1`,
  );
  return r?.id ?? null;
}

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

async function backupSettings(app: FastifyInstance, schoolId: number) {
  const s = await getSettings(app.database.db, new Scope(schoolId), ['backup.enabled', 'backup.hour', 'backup.keep']);
  return {
    enabled: s['backup.enabled'] as boolean,
    hour: s['backup.hour'] as number,
    keep: s['backup.keep'] as number,
  };
}

/**
 * Starts a backup as a background task of the school (its progress on /process and the backups screen); refuses
 * while another backup runs. Answers the task id.
 */
export async function startBackup(
  app: FastifyInstance,
  schoolId: number,
  userId: number | null,
  trigger: 'schedule' | 'manual',
): Promise<number> {
  if (await runningBackupJob(app)) throw fail('BACKUP_RUNNING', 'backup.running');
  const dir = app.config.backupDir;
  const now = new Date();
  let name = `shuyuan-${stamp(now)}.tar.gz`;
  for (let i = 2; fs.existsSync(path.join(dir, name)); i++) name = `shuyuan-${stamp(now)}-${i}.tar.gz`;
  const { id } = await startJob(app, {
    schoolId,
    userId,
    operationType: BACKUP_JOB,
    fileName: name,
    run: async (job) => {
      const started = Date.now();
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, name);
      app.log.info({ backup: name, trigger }, 'backup started');
      let totalSet = false;
      const manifest = await writeBackup({
        database: app.database,
        dataDir: app.config.dataDir,
        secretKeyInDataDir: !app.config.secretKey,
        version: PRODUCT_VERSION,
        file,
        onProgress: async (done, total) => {
          if (!totalSet) {
            totalSet = true;
            await job.setTotal(total);
          }
          await job.progress(done);
        },
      });
      const size = fs.statSync(file).size;
      const durationMs = Date.now() - started;
      const side: Sidecar = {
        createdAt: manifest.createdAt,
        engine: manifest.engine,
        version: manifest.version,
        rows: Object.values(manifest.counts).reduce((a, b) => a + b, 0),
        files: Object.keys(manifest.entries).filter((n) => n.startsWith(FILES_PREFIX)).length,
        size,
        durationMs,
        trigger,
        migration: manifest.migration,
      };
      fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(side, null, 2));
      const { keep } = await backupSettings(app, schoolId);
      const removed = pruneBackups(dir, keep, name);
      app.log.info({ backup: name, size, durationMs, rows: side.rows, files: side.files, removed }, 'backup written');
    },
  });
  return id;
}

const processStarted = new Date();

/**
 * The daily backup (a schedule checked every minute, run by one process): due at the configured hour after the
 * last backup — at once when the last one is older than a day's turn (the server was off at that hour), and on a
 * new installation at the first such hour after the start.
 */
export async function scheduledBackup(app: FastifyInstance, now = new Date()): Promise<number | null> {
  const schoolId = await topSchoolId(app);
  if (!schoolId) return null;
  const { enabled, hour } = await backupSettings(app, schoolId);
  if (!enabled) return null;
  const last = listBackups(app.config.backupDir)[0];
  const since = last ? new Date(last.CreatedAt) : processStarted;
  const due = nextRun({ dailyAt: `${hour}:00` }, since, app.config.timeZone);
  if (now < due || (await runningBackupJob(app))) return null;
  return startBackup(app, schoolId, null, 'schedule');
}
