import { loadConfig } from '../config.ts';
import { cliLang } from '../platform/i18n/cli-lang.ts';
import { t } from '../platform/i18n/messages.ts';
import { DataDirLockedError } from './lock.ts';
import { MoveError, moveToPostgres, redact } from './move-to-postgres.ts';

/**
 * `npm run move-to-postgres -- postgres://user:pass@host:5432/db [--lang=zh|en]` (server stopped): see
 * move-to-postgres.ts. Speaks Chinese or English: --lang, else the locale (LC_ALL, LC_MESSAGES, LANG; zh_* is Chinese).
 */
const args = process.argv.slice(2);
const lang = cliLang(args, process.env);
const url = args.find((a) => /^postgres(ql)?:\/\//.test(a));
if (!url) {
  console.error(t(lang, 'move.usage'));
  process.exit(2);
}
const config = loadConfig();
try {
  console.log(t(lang, 'move.copying', { dir: config.dataDir, url: redact(url) }));
  const started = Date.now();
  const r = await moveToPostgres({ dataDir: config.dataDir, url, lang, log: (l) => console.log(l) });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n${t(lang, 'move.done', { seconds, tables: r.tables, rows: r.rows.toLocaleString('en') })}`);
  console.log(`${t(lang, 'move.startWith')}\n`);
  console.log(`DATABASE_URL=${url}\n`);
} catch (e) {
  if (e instanceof MoveError || e instanceof DataDirLockedError) {
    const message =
      e instanceof MoveError ? t(lang, e.msgKey, e.params) : t(lang, 'move.locked', { dir: e.dir, pid: e.pid });
    console.error(`\n✖ ${message}\n`);
    process.exit(1);
  }
  throw e;
}
