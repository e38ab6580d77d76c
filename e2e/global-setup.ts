import { buildWebOnce } from './support/server.ts';

/**
 * Builds the web app once for the whole run; the files' own buildWebOnce() then reuse it. Vitest sets
 * NODE_ENV=test, which vite would pass on to React and antd (development builds): build as production.
 */
export default function setup(): void {
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    buildWebOnce();
  } finally {
    process.env.NODE_ENV = env;
  }
  process.env.E2E_REUSE_BUILD = '1';
}
