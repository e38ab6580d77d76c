import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../../e2e/support/server.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

// Process-level: a real server holds its embedded data folder; a second process on it must refuse to start.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded data folder lock', () => {
  let first: RunningServer;
  afterAll(async () => {
    await first?.stop();
  });

  it('lets the first server run, makes a second one exit with a clear message, and keeps the first one working', async () => {
    first = await startServer({ WEB_DIST: '/nonexistent' });
    const second = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, PORT: String(first.port + 1), DATA_DIR: first.dataDir, SIP2_PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('is in use by another Shuyuan process');
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect((await health.json()).db).toBe('pglite');
  }, 120_000);

  it('restarts on the same folder after a clean stop, keeping the data', async () => {
    await first.stop();
    const again = await startServer({ DATA_DIR: first.dataDir, WEB_DIST: '/nonexistent' });
    try {
      // The demo school was created by the first start only: no new admin password is printed.
      expect(again.output()).not.toContain('Sign in as admin');
      expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
