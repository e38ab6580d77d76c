import { DEFAULT_EDITING_CONFIG, EditingConfig } from '@shuyuan/contracts/catalogue/editing-config';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { configOf, configPart } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { branch, resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { mustExist } from '../basic/refs.ts';
import { acceptanceBatch } from './catalogue.table.ts';
import { editingConfig } from './editing-config.table.ts';
import type { Tr } from './catalogue.service.ts';

/**
 * The school's cataloguing settings; a school that never saved any gets the defaults. A stored value that a
 * later version no longer accepts falls back to its default (parse of the stored JSON, field by field).
 */
export async function getEditingConfig(db: Db, scope: Scope): Promise<EditingConfig> {
  return configOf(db, scope, EDITING_CONFIG);
}

/** The school's cataloguing settings, remembered in the configuration snapshot (school-config.ts); read-only. */
export const EDITING_CONFIG = configPart('editingConfig', async (db, scope) =>
  Object.freeze(await loadEditingConfig(db, scope)),
);

async function loadEditingConfig(db: Db, scope: Scope): Promise<EditingConfig> {
  const [row] = await db.select().from(editingConfig).where(scope.where(editingConfig)).limit(1);
  if (!row) return DEFAULT_EDITING_CONFIG;
  const parsed = EditingConfig.safeParse(row.config);
  if (parsed.success) return parsed.data;
  const stored = row.config as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_EDITING_CONFIG };
  for (const [k, field] of Object.entries(EditingConfig.shape)) {
    const r = field.safeParse(stored[k]);
    if (r.success) out[k] = r.data;
  }
  return out as EditingConfig;
}

/** Saves the settings after checking that the default branch/location/resource type are the school's. */
export async function saveEditingConfig(db: Db, scope: Scope, input: EditingConfig, tr: Tr): Promise<EditingConfig> {
  const ctx = { schoolId: scope.schoolId, t: tr } as Ctx<unknown>;
  await mustExist(db, ctx, branch, input.defaultBranchId, 'defaultBranchId', 'catalogue.ref.branch');
  await mustExist(db, ctx, location, input.defaultLocationId, 'defaultLocationId', 'catalogue.ref.location');
  await mustExist(db, ctx, resourceType, input.defaultResourceTypeId, 'defaultResourceTypeId', 'catalogue.ref.type');
  await db
    .insert(editingConfig)
    .values(scope.values({ config: input }))
    .onConflictDoUpdate({ target: editingConfig.schoolId, set: { config: input, updatedAt: sql`now()` } });
  return input;
}

/** P/Config/GetAFI: the AFI values written to tags; refused until the editing settings give one. */
export async function getAfi(db: Db, scope: Scope): Promise<{ afi: string; afiLoaned: string }> {
  const c = await getEditingConfig(db, scope);
  if (!c.afi) throw fail('AFI_NOT_SET', 'catalogue.afiNotSet');
  return { afi: c.afi, afiLoaned: c.afiLoaned };
}

/**
 * Names the cataloguing screens pick from (branches, locations, resource types, open batches), so a
 * cataloguer needs no basic-data permission to fill a copy form.
 */
export async function editingOptions(db: Db, scope: Scope) {
  const [branches, locations, types, batches] = await Promise.all([
    db
      .select({ id: branch.id, name: branch.name })
      .from(branch)
      .where(scope.where(branch))
      .orderBy(asc(branch.sort), asc(branch.id)),
    db
      .select({ id: location.id, name: location.name, branchId: location.branchId })
      .from(location)
      .where(scope.where(location))
      .orderBy(asc(location.sort), asc(location.id)),
    db
      .select({ id: resourceType.id, name: resourceType.name, enName: resourceType.enName })
      .from(resourceType)
      .where(scope.where(resourceType, eq(resourceType.state, 1)))
      .orderBy(asc(resourceType.sort), asc(resourceType.id)),
    db
      .select({ id: acceptanceBatch.id, name: acceptanceBatch.batchNo, bookseller: acceptanceBatch.bookseller })
      .from(acceptanceBatch)
      .where(scope.where(acceptanceBatch, eq(acceptanceBatch.state, 0)))
      .orderBy(desc(acceptanceBatch.id))
      .limit(200),
  ]);
  return { branches, locations, types, batches };
}
