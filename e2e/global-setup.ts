import { buildWebOnce } from './support/server.ts';

/** Builds the web app (production) once for the whole run; the files' own buildWebOnce() then reuse it. */
export default function setup(): void {
  buildWebOnce();
  process.env.E2E_REUSE_BUILD = '1';
}
