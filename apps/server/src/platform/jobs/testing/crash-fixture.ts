import { loadConfig } from '../../../config.ts';
import { openDatabase, runMigrations } from '../../../db/client.ts';
import { seedAll } from '../../../db/seed.ts';
import { buildApp } from '../../../app.ts';
import { school } from '../../../modules/school/school.table.ts';
import { registerJobKind, startJob } from '../jobs.ts';
import type { JobHandle } from '../runtime.ts';

/** Counts to 300 slowly; resumable (registered) so a restart continues it from where it was. */
export async function slowCount(job: JobHandle) {
  await job.setTotal(300);
  for (let i = job.done + 1; i <= 300; i++) {
    if (job.stopped) return;
    await new Promise((r) => setTimeout(r, 10));
    await job.progress(i);
  }
}
export const RESUMABLE = 'test.crash.resumable';

/** Opens the database the way main.ts does (PGlite folder or PostgreSQL) and builds the app. */
export async function openApp(target: { dataDir?: string; databaseUrl?: string }) {
  const config = { ...loadConfig({}), ...target, adminPassword: 'Crash#2026pw', webDist: '/nonexistent' };
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await runMigrations(database);
  await seedAll(database.db, config);
  const app = await buildApp({ config: config as any, database });
  return { app, database };
}

// Run as a child process: start two tasks, print their ids, and wait to be killed.
if (process.argv[2] === 'child') {
  registerJobKind(RESUMABLE, slowCount);
  const target = JSON.parse(process.argv[3]);
  const { app, database } = await openApp(target);
  await app.ready();
  const [{ id: schoolId }] = await database.db.select({ id: school.id }).from(school).limit(1);
  const plain = await startJob(app, {
    schoolId,
    userId: null,
    operationType: 'test.crash.plain',
    fileName: 'p.csv',
    run: slowCount,
  });
  const resumable = await startJob(app, { schoolId, userId: null, operationType: RESUMABLE, fileName: 'r.csv' });
  process.stdout.write(`${JSON.stringify({ plain: plain.id, resumable: resumable.id, schoolId })}\n`);
  setInterval(() => {}, 1000);
}
