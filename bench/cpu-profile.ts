import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * BENCH_PROFILE=1: profiles this process (the server, and on PGlite the database) while `run` runs, writes the
 * profile to .tmp/<name>.cpuprofile (open it in Chrome's DevTools) and prints the functions with the most self
 * time, and the files (packages) with the most. Without the variable, just runs.
 */
export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_PROFILE) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const file = path.resolve('.tmp', `${name}.cpuprofile`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    printTop(profile as Profile, file);
  }
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

function printTop(p: Profile, file: string) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const perFile = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const us = p.timeDeltas[i] ?? 0;
    const f = byId.get(id)?.callFrame;
    if (!f) return;
    total += us;
    const where = f.url
      .replace(/^file:\/\//, '')
      .replace(/.*\/node_modules\//, '~/')
      .replace(/.*\/apps\//, 'apps/');
    const fn = `${f.functionName || '(anonymous)'} ${where ? `${where}:${f.lineNumber + 1}` : ''}`.trim();
    self.set(fn, (self.get(fn) ?? 0) + us);
    const pkg = where.startsWith('~/')
      ? where
          .split('/')
          .slice(0, where.startsWith('~/@') ? 3 : 2)
          .join('/')
      : where || fn;
    perFile.set(pkg, (perFile.get(pkg) ?? 0) + us);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
  console.log(`  profile ${file} (${(total / 1000).toFixed(0)} ms sampled); top self time:`);
  console.log(top(self, 25).join('\n'));
  console.log('  by file / package:');
  console.log(top(perFile, 15).join('\n'));
}
