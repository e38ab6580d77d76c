import { asc, eq, isNull, min, or } from 'drizzle-orm';
import type { TranslationOverrides } from '@shuyuan/contracts/translation/translation';
import type { Db } from '../../db/client.ts';
import { setOverrides } from '../../platform/i18n/messages.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { school } from '../school/school.table.ts';
import { translation } from './translation.table.ts';

/** school_id of install-wide overrides. */
export const ALL_SCHOOLS = 0;

/** Rows a school sees and uses: its own overrides and the install-wide ones. */
export const ownOrAll = (scope: Scope) => or(scope.where(translation), eq(translation.schoolId, ALL_SCHOOLS));

/**
 * The school that may set install-wide overrides: the install's first top-level school (the district created
 * at the first start). Other schools override texts for themselves only.
 */
export async function installSchoolId(db: Db): Promise<number | null> {
  const [r] = await db
    .select({ id: min(school.id) })
    .from(school)
    .where(isNull(school.parentId));
  return r?.id ?? null;
}

/** Rebuilds the server-side override table (API messages) from the database; called after every change. */
export async function reloadOverrides(db: Db): Promise<void> {
  const rows = await db.select().from(translation).orderBy(asc(translation.id));
  const next: Record<number, Record<string, { zh?: string; en?: string }>> = {};
  for (const r of rows) {
    const entry: { zh?: string; en?: string } = {};
    if (r.zh) entry.zh = r.zh;
    if (r.en) entry.en = r.en;
    next[r.schoolId] ??= {};
    next[r.schoolId][r.key] = entry;
  }
  setOverrides(next);
}

/** The overrides in force for one school (its own rows win over install-wide ones), per language. */
export async function overridesFor(db: Db, scope: Scope): Promise<TranslationOverrides> {
  const rows = await db.select().from(translation).where(ownOrAll(scope)).orderBy(asc(translation.schoolId));
  const out: TranslationOverrides = { zh: {}, en: {} };
  // Ordered by school id: install-wide (0) first, so the school's own rows overwrite them.
  for (const r of rows) {
    if (r.zh) out.zh[r.key] = r.zh;
    if (r.en) out.en[r.key] = r.en;
  }
  return out;
}
