// `npm test`: type check, lint, unit + API tests on PGlite, the API tests where the database matters again on
// PostgreSQL (TEST_DATABASE_URL, or the local server when one answers; the files of scripts/test-on-postgres.mjs),
// then the browser tests. Ends with one line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresSelection, shortName } from './test-on-postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
/** The failed tests' names, printed again right above the totals: CI keeps only the end of the output. */
const failures = [];
const only = process.argv[2];

function step(name, cmd, args, env = {}) {
  console.log(`\n── ${name} ──`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function vitest(name, args, env = {}) {
  const out = path.join(tmp, `vitest-${name.replace(/\W+/g, '-')}.json`);
  fs.rmSync(out, { force: true });
  const ok = step(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    env,
  );
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const f of r.testResults) {
      const file = path.relative(root, f.name);
      // A file that failed to load counts as one failure.
      if (f.status === 'failed' && f.assertionResults.length === 0) {
        failed++;
        failures.push(`${name}: ${file}: ${(f.message ?? '').split('\n')[0]}`);
      }
      for (const a of f.assertionResults)
        if (a.status === 'failed')
          failures.push(
            `${name}: ${file} > ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`,
          );
    }
  } else if (!ok) {
    failed++;
    failures.push(`${name}: no report written`);
  }
}

async function localPostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const url = 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.end();
    return url;
  } catch {
    return null;
  }
}

if (!only || only === 'static') {
  for (const [name, cmd, args] of [
    ['type check', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npx', ['biome', 'check', '.']],
  ]) {
    if (step(name, cmd, args)) passed++;
    else {
      failed++;
      failures.push(name);
    }
  }
}
// The list of API files that run on PostgreSQL too: checked whether or not a PostgreSQL answers here.
if (!only || only === 'static' || only === 'pg') {
  const { problems } = postgresSelection(root);
  if (problems.length) {
    failed++;
    failures.push(`scripts/test-on-postgres.mjs: ${problems.join('; ')}`);
    console.log(
      `\n── PostgreSQL file list: ${problems.length} problem(s) ──\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}
// The embedded engine even when TEST_DATABASE_URL is set (CI sets it for the PostgreSQL run below).
if (!only || only === 'unit') vitest('unit and API tests (PGlite)', [], { TEST_DATABASE_URL: '' });
if (!only || only === 'pg') {
  const url = await localPostgres();
  if (url) {
    const { groups, every } = postgresSelection(root, process.env.TEST_PG_ALL === '1');
    const files = groups.flatMap((g) => g.files);
    console.log(
      `\n── API tests on PostgreSQL: ${files.length} of ${every.length} files, where the database matters` +
        ' (scripts/test-on-postgres.mjs; TEST_PG_ALL=1 runs all) ──',
    );
    for (const g of groups) console.log(`  ${g.reason}:\n    ${g.files.map(shortName).join(', ')}`);
    vitest('API tests (PostgreSQL)', files, { TEST_DATABASE_URL: url });
  } else console.log('\n── API tests (PostgreSQL): skipped, no server answers (set TEST_DATABASE_URL) ──');
}
if (!only || only === 'e2e') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) vitest('browser tests', ['--config', 'e2e/vitest.config.ts']);
  else {
    console.log(`\n── browser tests: skipped, ${chromium} not found (apt-get install chromium fonts-wqy-microhei) ──`);
    skipped++;
  }
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
