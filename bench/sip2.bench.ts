import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { seedAll } from '../apps/server/src/db/seed.ts';
import { school } from '../apps/server/src/modules/school/school.table.ts';
import { Scope } from '../apps/server/src/platform/tenancy.ts';
import { startSip2Server } from '../apps/server/src/sip2/server.ts';
import { createSipAccount } from '../apps/server/src/sip2/sip-account.service.ts';
import { SipTestClient, withChecksum } from '../apps/server/src/sip2/test-client.ts';
import { report, summarize } from './stats.ts';

const ROUNDS = 1000;

/**
 * SIP2 round trip over loopback TCP: a signed-in machine sends 99 (with checksum) and waits for 98, as a
 * self-check does between patrons. Each exchange is also written to sip2_log, as in production. The checkout
 * budget (< 20 ms) applies once circulation implements the CirculationPort; until then this is the floor.
 */
async function measure(label: string, database: Database) {
  await runMigrations(database);
  const config = { ...loadConfig({}), adminPassword: 'Bench#2026pw', loginCaptcha: false, webDist: '/nonexistent' };
  await seedAll(database.db, config);
  const app = await buildApp({ config, database });
  await app.ready();
  const [s] = await database.db.select({ id: school.id }).from(school).limit(1);
  await createSipAccount(database.db, new Scope(s.id), { login: 'bench-kiosk', password: 'Bench#2026' });
  const sip = await startSip2Server(app, { port: 0, host: '127.0.0.1' });
  const c = await SipTestClient.connect(sip.port);
  const login = await c.request(withChecksum('9300CNbench-kiosk|COBench#2026|', 0));
  if (!login?.startsWith('941')) throw new Error(`login failed: ${login}`);
  const once = async (i: number) => {
    const t0 = performance.now();
    const answer = await c.request(withChecksum('9900302.00', i % 10));
    if (!answer?.startsWith('98')) throw new Error(`status failed: ${answer}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 100; i++) await once(i);
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) samples.push(await once(i));
  const r = summarize(samples);
  report(`SIP2 99/98 round trip p95, ${label}`, r.p95, 'ms', 20);
  console.log(
    `  (p50 ${r.p50.toFixed(2)} ms, max ${r.max.toFixed(2)} ms, ${r.n} sequential exchanges on one connection)`,
  );
  c.end();
  await sip.close();
  await app.close();
  await database.close();
}

export async function benchSip2(pgUrl: string | null = null) {
  await measure('PGlite', await openDatabase({}));
  if (!pgUrl) {
    console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
    return;
  }
  const { createScratchDatabase } = await import('./pg.ts');
  const scratch = await createScratchDatabase(pgUrl);
  try {
    await measure('PostgreSQL', await openDatabase({ databaseUrl: scratch.url }));
  } finally {
    await scratch.drop();
  }
}
