import { defineConfig } from 'vitest/config';

/** `TEST_TIMEOUT_SCALE=3` stretches every time limit on a loaded machine (several builds and test runs at once). */
const scale = Number(process.env.TEST_TIMEOUT_SCALE) || 1;

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    testTimeout: 30_000 * scale,
    hookTimeout: 60_000 * scale,
    pool: 'forks',
  },
});
