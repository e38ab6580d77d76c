import { preparePgTemplate } from './support/pg-template.ts';
import { buildWebOnce, prepareDataTemplate } from './support/server.ts';

/**
 * Builds the web app (production) once for the whole run (the files' own buildWebOnce() then reuse it), and the
 * migrated, seeded data folder every file's server starts from (a copy each), and its PostgreSQL counterpart for the
 * files that run on PostgreSQL (useAdminOnPg).
 */
export default async function setup(): Promise<void> {
  buildWebOnce();
  process.env.E2E_REUSE_BUILD = '1';
  process.env.E2E_DATA_TEMPLATE = await prepareDataTemplate();
  const pg = await preparePgTemplate();
  if (pg) {
    process.env.E2E_PG_TEMPLATE = pg.name;
    process.env.E2E_PG_TEMPLATE_DIR = pg.dataDir;
  }
}
