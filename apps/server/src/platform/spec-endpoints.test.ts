import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../../../../scripts/shared-data.ts';
import { useTestApp } from '../test/helper.ts';

/** Spec §7 lists 146 endpoints (../shared/spec/endpoints.txt, `METHOD /path` with P written out): each is served. */
const FILE = sharedPath('spec/endpoints.txt');

describe('the endpoints of spec §7', () => {
  const t = useTestApp();

  it.skipIf(!fs.existsSync(FILE))('are all served, with the method the spec gives', async () => {
    const lines = fs
      .readFileSync(FILE, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(lines.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const l of lines) {
      const [method, url] = l.split(/\s+/) as ['GET' | 'POST', string];
      if (t.app.hasRoute({ method, url })) continue;
      // Served by a mounted app rather than a route of ours (the OpenID provider under /oauth2): it must answer.
      const r = await t.app.inject({ method, url });
      if (r.statusCode === 404) missing.push(l);
    }
    expect(missing).toEqual([]);
  });
});
