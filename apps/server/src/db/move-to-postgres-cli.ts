import { loadConfig } from '../config.ts';
import { DataDirLockedError } from './lock.ts';
import { MoveError, moveToPostgres, redact } from './move-to-postgres.ts';

/** `npm run move-to-postgres -- postgres://user:pass@host:5432/db` (server stopped): see move-to-postgres.ts. */
const url = process.argv.slice(2).find((a) => /^postgres(ql)?:\/\//.test(a));
if (!url) {
  console.error('Usage: npm run move-to-postgres -- postgres://user:password@host:5432/database');
  process.exit(2);
}
const config = loadConfig();
try {
  console.log(`Copying the embedded database of ${config.dataDir} to ${redact(url)} …`);
  const started = Date.now();
  const r = await moveToPostgres({ dataDir: config.dataDir, url, log: (l) => console.log(l) });
  console.log(
    `\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s: ${r.tables} tables, ${r.rows.toLocaleString('en')} rows; every table's row count matches.`,
  );
  console.log('Start the server on PostgreSQL with this line in its environment (keep DATA_DIR for the files):\n');
  console.log(`DATABASE_URL=${url}\n`);
} catch (e) {
  if (e instanceof MoveError || e instanceof DataDirLockedError) {
    console.error(`\n✖ ${e.message}\n`);
    process.exit(1);
  }
  throw e;
}
