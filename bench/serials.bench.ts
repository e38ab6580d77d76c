import { P } from '../packages/contracts/src/common/paths.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf, runMigrations } from '../apps/server/src/db/client.ts';
import { seedAll } from '../apps/server/src/db/seed.ts';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens.ts';
import { appUser } from '../apps/server/src/modules/auth/user.table.ts';
import { type LibraryServer, timedPost } from './library-app.ts';
import { createScratchDatabase } from './pg.ts';
import { report, summarize } from './stats.ts';

/** Copies already in the catalogue (the barcode generator looks for the highest one in use) and issues checked in. */
const COPIES = 300_000;
const ISSUES = 300;
const BUDGET_P95 = 30;

/**
 * A school with COPIES copies numbered by the default barcode rule (00000001…), a daily newspaper ordered with 2
 * copies and ISSUES expected issues: written with SQL, fast to build, no cache needed.
 */
async function fill(database: Database) {
  await runMigrations(database);
  await seedAll(database.db, {
    ...loadConfig({}),
    adminPassword: 'Bench#2026pw',
    loginCaptcha: false,
    webDist: '/x',
    demoData: false,
  });
  const [admin] = await database.db.select().from(appUser).orderBy(appUser.id).limit(1);
  const sid = admin.schoolId as number;
  const one = async (text: string) => ({ rows: await rowsOf<Record<string, unknown>>(database.db, sql.raw(text)) });
  const rec = await one(`insert into catalogue_record (school_id, title) values (${sid}, 'Bench books') returning id`);
  await database.exec(
    `insert into copy (school_id, record_id, barcode, store_type)
       select ${sid}, ${rec.rows[0].id}, lpad(g::text, 8, '0'), 2 from generate_series(1, ${COPIES}) g on conflict do nothing`,
  );
  const serialRec = await one(
    `insert into catalogue_record (school_id, title) values (${sid}, 'Bench daily') returning id`,
  );
  const title = await one(
    `insert into serial_title (school_id, kind, record_id, title, issn, postal_code, frequency, language)
       values (${sid}, 'newspaper', ${serialRec.rows[0].id}, 'Bench daily', '1009-5853', '1-1', 'daily', 'chi') returning id`,
  );
  const sub = await one(
    `insert into serial_subscription (school_id, title_id, year, copies) values (${sid}, ${title.rows[0].id}, 2026, 2) returning id`,
  );
  await database.exec(
    `insert into serial_issue (school_id, subscription_id, title_id, seq, expected_date, year, issue_no)
       select ${sid}, ${sub.rows[0].id}, ${title.rows[0].id}, g, date '2026-01-01' + g - 1, 2026, g
         from generate_series(1, ${ISSUES}) g`,
  );
  await database.exec('analyze');
  const ids = await one(`select id from serial_issue where subscription_id = ${sub.rows[0].id} order by seq`);
  return { admin, ids: ids.rows.map((r) => Number(r.id)) };
}

async function measure(kind: 'PGlite' | 'PostgreSQL', pgUrl?: string) {
  const scratch = kind === 'PostgreSQL' ? await createScratchDatabase(pgUrl as string) : null;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : {});
  try {
    const { admin, ids } = await fill(database);
    const app = await buildApp({
      config: { ...loadConfig({}), loginCaptcha: false, webDist: '/x' },
      database,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const token = await issueAccessToken(database.db, { userId: admin.id });
    const s = {
      url: (p: string) => `http://127.0.0.1:${port}${p}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        schoolid: String(admin.schoolId),
      },
    } as unknown as LibraryServer;
    const trips: number[] = [];
    const server: number[] = [];
    let refused = 0;
    for (const [i, issueId] of ids.entries()) {
      const r = await timedPost(s, `${P}/Serials/Newspaper/CheckIn`, { issueId, copies: 2 });
      if (!r.json.success) {
        refused++;
        if (refused < 3) console.log(`  refused: ${r.json.msg}`);
        continue;
      }
      // The first few warm the caches (statements, school configuration).
      if (i < 10) continue;
      trips.push(r.roundTrip);
      server.push(r.server);
    }
    const t = summarize(trips);
    report(`arrival check-in p95, ${kind}, ${COPIES / 1000}k copies`, t.p95, 'ms', BUDGET_P95);
    console.log(
      `  (p50 ${t.p50.toFixed(1)} ms, max ${t.max.toFixed(1)} ms; server time p50 ${summarize(server).p50.toFixed(1)} / p95 ${summarize(server).p95.toFixed(1)} ms; ${trips.length} check-ins of 2 copies, ${refused} refused)`,
    );
    await app.close();
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

/**
 * `npm run bench serials`: one check-in at the arrival desk (lock the issue, make 2 copies with barcodes of the
 * school's rule after the highest of 300k in use, link them, mark the issue arrived) — issue 15's budget p95 < 30 ms.
 */
export async function benchSerials(pgUrl: string | null) {
  if (pgUrl) await measure('PostgreSQL', pgUrl);
  else console.log('  PostgreSQL: skipped (no server answers; set BENCH_DATABASE_URL)');
  await measure('PGlite');
}
