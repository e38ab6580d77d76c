import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { DataDirLockedError } from '../../db/lock.ts';
import { BackupError } from './archive.ts';
import { restoreBackup, restoreSummary } from './restore.ts';

/**
 * `npm run restore -- FILE [--force]`, with the server stopped: restores a backup into DATA_DIR (embedded
 * database) or DATABASE_URL (PostgreSQL), uploaded files into DATA_DIR/files (modules/backup/README.md).
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length !== 1) {
  console.error('Usage: npm run restore -- BACKUP_FILE [--force]');
  process.exit(2);
}
const config = loadConfig();
try {
  const r = await restoreBackup({
    file: path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]),
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force,
    log: (l) => console.log(l),
  });
  for (const l of restoreSummary(r, config.databaseUrl ? 'the PostgreSQL database' : config.dataDir)) console.log(l);
} catch (e) {
  if (e instanceof BackupError || e instanceof DataDirLockedError) {
    console.error(`\n✖ ${e.message}\n`);
    process.exit(1);
  }
  throw e;
}
