import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, runMigrations } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { scheduleMaintenance } from './db/maintenance.ts';
import { seedAll } from './db/seed.ts';
import { modules } from './modules/index.ts';

const started = performance.now();
const config = loadConfig();

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(`\n✖ ${e.message}\n`);
    process.exit(1);
  }
  throw e;
}
await runMigrations(database);
const stopMaintenance = scheduleMaintenance(database);
const notices = await seedAll(database.db, config);
const app = await buildApp({ config, database, logger: process.env.NODE_ENV !== 'test' });
await app.listen({ port: config.port, host: config.host });

const stoppers: ((() => Promise<void> | void) | undefined)[] = [];
for (const m of modules) if (m.start) stoppers.push(await m.start(app));

const ms = Math.round(performance.now() - started);
console.log(`\n  书苑 Shuyuan is running (${database.kind}, started in ${ms} ms)`);
console.log(`  → ${config.publicUrl}/library/\n`);
for (const n of notices) console.log(`  ${n}`);
if (notices.length) console.log('');
process.env.SHUYUAN_READY_MS = String(ms);
if (process.send) process.send({ ready: true, ms });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`\n${signal}: shutting down…`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  stopMaintenance();
  for (const s of stoppers) await s?.();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
