import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { seedAll } from '../apps/server/src/db/seed.ts';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens.ts';
import { appUser } from '../apps/server/src/modules/auth/user.table.ts';
import { operationLog } from '../apps/server/src/platform/audit.table.ts';
import { P } from '../packages/contracts/src/common/paths.ts';
import { report, summarize } from './stats.ts';

/** The list every school uses daily and that grows without bound: the operation log. */
export const LIST_URL = `${P}/Log/GetOperationLogList`;
const ROWS = 20_000;

async function prepare(database: Database): Promise<{ app: FastifyInstance; token: string; schoolId: number }> {
  await runMigrations(database);
  const config = { ...loadConfig({}), adminPassword: 'Bench#2026pw', loginCaptcha: false, webDist: '/nonexistent' };
  await seedAll(database.db, config);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const [{ userId, schoolId }] = await database.db
    .select({ userId: appUser.id, schoolId: appUser.schoolId })
    .from(appUser)
    .orderBy(appUser.id)
    .limit(1);
  const batch = Array.from({ length: 1000 }, (_, i) => ({
    schoolId,
    userId,
    account: 'admin',
    userName: '管理员',
    action: i % 2 ? 'branch.update' : 'role.add',
    path: `${P}/Basic/UpdateBranch`,
    detail: { id: i },
  }));
  for (let i = 0; i < ROWS / 1000; i++) await database.db.insert(operationLog).values(batch);
  // As the server does periodically (scheduleMaintenance on PGlite, autovacuum on PostgreSQL).
  await database.exec('analyze');
  return { app, token: await issueAccessToken(database.db, { userId }), schoolId };
}

async function measure(label: string, database: Database) {
  const { app, token, schoolId } = await prepare(database);
  const address = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}${LIST_URL}`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, schoolid: String(schoolId) };
  const call = async (page: number) => {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ Page: page, Rows: 20 }) });
    const body = await res.json();
    if (!body.success || body.data.List.length !== 20)
      throw new Error(`list failed: ${JSON.stringify(body).slice(0, 300)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 50; i++) await call(1 + (i % 10));
  const samples: number[] = [];
  for (let i = 0; i < 500; i++) samples.push(await call(1 + (i % 50)));
  const s = summarize(samples);
  report(`20-row list request p95, ${label} (${ROWS} rows)`, s.p95, 'ms', 10);
  console.log(
    `  (p50 ${s.p50.toFixed(2)} ms, max ${s.max.toFixed(2)} ms, ${s.n} sequential signed-in requests over HTTP)`,
  );
  await app.close();
  await database.close();
}

export async function benchList(pgUrl: string | null) {
  await measure('PGlite', await openDatabase({}));
  if (pgUrl) {
    const { createScratchDatabase } = await import('./pg.ts');
    const scratch = await createScratchDatabase(pgUrl);
    try {
      await measure('PostgreSQL', await openDatabase({ databaseUrl: scratch.url }));
    } finally {
      await scratch.drop();
    }
  } else console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
}
