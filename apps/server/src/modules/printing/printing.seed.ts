import type { Db } from '../../db/client.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { SeedContext } from '../index.ts';
import { school } from '../school/school.table.ts';
import { ensureTemplates } from './templates.service.ts';

/** Default label templates for every school (schools created later get theirs on first use). */
export async function seedPrinting(db: Db, _ctx: SeedContext): Promise<void> {
  const schools = await db.select({ id: school.id }).from(school);
  for (const s of schools) await ensureTemplates(db, new Scope(s.id));
}
