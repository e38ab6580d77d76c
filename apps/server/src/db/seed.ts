import { count } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { modules, type SeedContext } from '../modules/index.ts';
import { school } from '../modules/school/school.table.ts';
import type { Db } from './client.ts';

/** Runs every module's idempotent seed; the first run creates the demo school. Returns notices to print. */
export async function seedAll(db: Db, config: Config): Promise<string[]> {
  const [{ n }] = await db.select({ n: count() }).from(school);
  const ctx: SeedContext = { config, notices: [], firstRun: n === 0 };
  for (const m of modules) if (m.seed) await m.seed(db, ctx);
  return ctx.notices;
}
