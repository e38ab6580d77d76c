// Which API test files `npm test` runs a second time on PostgreSQL, and why. Every API test file runs on PGlite;
// a file runs on PostgreSQL too only when the database matters to what it checks — the engines differ there:
// PostgreSQL serves a pool of connections at once where PGlite has one session, CI's PostgreSQL is another build
// and version than the one PGlite bundles, and some code takes another path per engine (`database.kind`). A file
// that exercises HTTP validation, permissions, i18n or pure logic runs once. When in doubt, a file goes here.
// `TEST_PG_ALL=1 npm test` (or `node scripts/test.mjs pg`) runs every API file on PostgreSQL, e.g. after a change to
// db/client.ts or the test helper. scripts/test.mjs checks the list: each entry names existing files, and a test that
// reads TEST_DATABASE_URL is listed here or in NOT_ON_POSTGRES.
import fs from 'node:fs';
import path from 'node:path';

const S = 'apps/server/src/';

/** Reviewed groups: the reason a file needs PostgreSQL, then the files (paths under apps/server/src; a folder ends in /). */
export const ON_POSTGRES = [
  {
    reason: 'code that takes another path per engine, or a test written for PostgreSQL',
    files: [
      'db/move-to-postgres.test.ts', // PostgreSQL only
      'db/requests-first.test.ts', // both engines in the PostgreSQL run; background commits on PostgreSQL only
      'platform/several-servers.test.ts', // PostgreSQL only
      'platform/jobs/jobs.test.ts', // dead owners by heartbeat on PostgreSQL, FOR UPDATE SKIP LOCKED claims
      'platform/jobs/restart.test.ts', // a killed process on each engine
      'modules/backup/backup.test.ts', // pg_dump vs the data-folder snapshot
      'modules/backup/restore.test.ts', // pg_restore into a database
      'modules/translation/translation.test.ts', // overrides re-read on PostgreSQL
      'platform/platform.test.ts', // health names the engine
      'platform/metrics.test.ts', // pool figures per engine
    ],
  },
  {
    reason:
      'requests at the same moment and row locks: PostgreSQL runs them on several connections at once, PGlite one after another',
    files: [
      'modules/catalogue/catalogue.test.ts',
      'modules/catalogue/editing.test.ts',
      'modules/catalogue/match-key-table.test.ts',
      'modules/circulation/circulation.test.ts',
      'modules/circulation/sip-port.test.ts',
      'modules/classification/book-number-lock.test.ts',
      'modules/classification/book-number.test.ts',
      'modules/points/points.test.ts',
      'modules/serials/arrival.test.ts',
      'modules/union/union-lending.test.ts',
      'modules/union/union-index.test.ts',
    ],
  },
  {
    reason:
      'transactions, statement triggers and what other connections see (configuration and caller versions, rollbacks, round trips per transport)',
    files: [
      'platform/school-config.test.ts',
      'modules/circulation/desk-statements.test.ts',
      'modules/catalogue/duplicates.test.ts',
      'modules/marc/marc.insert.test.ts',
      'platform/resource/kit.test.ts',
      'modules/auth/tokens.test.ts',
      'modules/auth/user.test.ts',
    ],
  },
  {
    reason: 'statistics: aggregates, date and time-zone arithmetic in SQL, rollups kept by triggers',
    files: ['modules/statistics/', 'modules/serials/statistics.test.ts', 'modules/gate/gate.test.ts'],
  },
  {
    reason: 'search: text-search documents, pg_trgm, ranking, planner statistics (PGlite bundles its own builds)',
    files: [
      'modules/search/lib/search-lib.test.ts',
      'modules/opac/opac-search.test.ts',
      'modules/opac/opac-broad.test.ts',
      'modules/marc/marc-search.test.ts',
      'modules/union/union-search.test.ts',
      'modules/capture/sru-server.test.ts',
    ],
  },
  {
    reason:
      'imports and background tasks: batch sizes and commits differ by engine (MARC WritePace, Excel BATCH), resumed after a crash',
    files: [
      'modules/marc/marc-import.test.ts',
      'modules/marc/marc.test.ts',
      'modules/marc/marc-duplicates.test.ts',
      'modules/marc/marc-edit.test.ts',
      'modules/serials/marc-titles.test.ts',
      'modules/readers/readers-import.test.ts',
      'modules/stocktake/stocktake.test.ts',
    ],
  },
  {
    reason: 'sweeps over every route: each route’s statements meet the server PostgreSQL at least once',
    files: ['platform/access-matrix.test.ts', 'platform/paging.test.ts'],
  },
  {
    reason: 'work done once after start-up on an existing database',
    files: ['modules/classification/clc-full.test.ts'],
  },
];

/** Files that read TEST_DATABASE_URL yet need no PostgreSQL run, with the reason. */
export const NOT_ON_POSTGRES = {
  'db/lock.test.ts': 'the embedded data-folder lock; skipped on PostgreSQL',
  'db/upgrade.test.ts': 'embedded data folders of earlier releases; skipped on PostgreSQL',
  'modules/reminders/reminders.test.ts': 'reads it only to pick its mail port',
  'modules/mail/mail.test.ts': 'reads it only to pick its mail port',
  'modules/auth/external.test.ts': 'reads it only to pick its provider port',
};

function apiTestFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.test.ts')) out.push(p);
    }
  };
  walk(S.slice(0, -1));
  return out.sort();
}

/**
 * The API test files to run on PostgreSQL (repository-relative), by group, with the list's problems (an entry that
 * names no file, a test reading TEST_DATABASE_URL that is in neither list). `all`: every API file, one group.
 */
export function postgresSelection(root, all = false) {
  const every = apiTestFiles(root);
  if (all) return { groups: [{ reason: 'every API test file (TEST_PG_ALL=1)', files: every }], every, problems: [] };
  const problems = [];
  const chosen = new Set();
  const groups = ON_POSTGRES.map((g) => {
    const files = [];
    for (const entry of g.files) {
      const hit = entry.endsWith('/')
        ? every.filter((f) => f.startsWith(S + entry))
        : every.filter((f) => f === S + entry);
      if (!hit.length) problems.push(`${entry} names no API test file`);
      for (const f of hit) if (!chosen.has(f)) files.push(f);
      for (const f of hit) chosen.add(f);
    }
    return { reason: g.reason, files };
  });
  for (const f of every) {
    const rel = f.slice(S.length);
    if (chosen.has(f) || rel in NOT_ON_POSTGRES) continue;
    if (fs.readFileSync(path.join(root, f), 'utf8').includes('TEST_DATABASE_URL'))
      problems.push(`${rel} reads TEST_DATABASE_URL: list it in ON_POSTGRES or NOT_ON_POSTGRES`);
  }
  for (const rel of Object.keys(NOT_ON_POSTGRES))
    if (!every.includes(S + rel)) problems.push(`${rel} (NOT_ON_POSTGRES) names no API test file`);
  return { groups, every, problems };
}

/** `apps/server/src/modules/gate/gate.test.ts` → `modules/gate/gate`, for the run's output. */
export const shortName = (f) => f.replace(S, '').replace(/\.test\.ts$/, '');
