import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { DataDirLockedError } from '../../db/lock.ts';
import { cliLang } from '../../platform/i18n/cli-lang.ts';
import { t } from '../../platform/i18n/messages.ts';
import { BackupError } from './archive.ts';
import { restoreBackup, restoreSummary } from './restore.ts';

/**
 * `npm run restore -- FILE [--force] [--lang=zh|en]`, with the server stopped: restores a backup into DATA_DIR
 * (embedded database) or DATABASE_URL (PostgreSQL), uploaded files into DATA_DIR/files (modules/backup/README.md).
 * Speaks Chinese or English: --lang, else the locale (LC_ALL, LC_MESSAGES, LANG; zh_* is Chinese).
 */
const args = process.argv.slice(2);
const lang = cliLang(args, process.env);
const force = args.includes('--force');
// The file: the one argument that is neither a flag nor the value of `--lang zh`.
const files = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--lang');
if (files.length !== 1) {
  console.error(t(lang, 'restore.usage'));
  process.exit(2);
}
const config = loadConfig();
try {
  const r = await restoreBackup({
    file: path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]),
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force,
    lang,
    log: (l) => console.log(l),
  });
  for (const l of restoreSummary(r, config.databaseUrl ? null : config.dataDir, lang)) console.log(l);
} catch (e) {
  if (e instanceof BackupError || e instanceof DataDirLockedError) {
    const message =
      e instanceof BackupError ? t(lang, e.msgKey, e.params) : t(lang, 'restore.locked', { dir: e.dir, pid: e.pid });
    console.error(`\n✖ ${message}\n`);
    process.exit(1);
  }
  throw e;
}
