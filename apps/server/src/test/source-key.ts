import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCES = ['apps/server/src', 'packages/contracts/src'];

let key: string | undefined;
/**
 * A hash of the server and contracts sources (tests excluded): the key of the prepared databases tests start from
 * (test/template.ts, e2e/support/server.ts). Any change to a table, a migration or a seed makes new ones.
 */
export function sourceKey(): string {
  if (key) return key;
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!e.name.includes('.test.')) h.update(path.relative(ROOT, p)).update(fs.readFileSync(p));
    }
  };
  for (const s of SOURCES) walk(path.join(ROOT, s));
  key = h.digest('hex').slice(0, 16);
  return key;
}
