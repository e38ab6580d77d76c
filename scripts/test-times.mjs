// Where the last `npm test` spent its time: per phase (the vitest JSON reports in .tmp/vitest-*.json), the wall
// time, the files' summed time and the slowest files. `node scripts/test-times.mjs [N]` prints the N slowest (15).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
const top = Number(process.argv[2]) || 15;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

const reports = fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((f) => /^vitest-.*\.json$/.test(f)) : [];
if (!reports.length) console.log('no reports in .tmp (run npm test or node scripts/test.mjs unit|pg|e2e first)');
for (const name of reports.sort()) {
  const r = JSON.parse(fs.readFileSync(path.join(tmp, name), 'utf8'));
  const files = r.testResults.map((f) => ({
    file: path.relative(root, f.name),
    ms: (f.endTime ?? 0) - (f.startTime ?? 0),
    start: f.startTime ?? 0,
    end: f.endTime ?? 0,
    tests: f.assertionResults.length,
  }));
  if (!files.length) continue;
  const wall = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start));
  const sum = files.reduce((a, f) => a + f.ms, 0);
  const when = new Date(r.startTime).toISOString().slice(0, 16).replace('T', ' ');
  console.log(
    `\n${name} (${when} UTC): ${files.length} files, ${r.numTotalTests} tests; wall ${s(wall)}, files' sum ${s(sum)}`,
  );
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, top))
    console.log(`  ${s(f.ms).padStart(8)}  ${String(f.tests).padStart(3)} tests  ${f.file}`);
}
