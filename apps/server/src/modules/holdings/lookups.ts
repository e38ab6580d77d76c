import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { branch, resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { acceptanceBatch } from '../catalogue/catalogue.table.ts';

type Named = { id: number; name: string; code: string };

/**
 * The school's branches, locations, batches and resource types, loaded once per bulk request: names for
 * before → after previews, and names/codes of a file's cells → ids.
 */
export interface Lookups {
  branches: Map<number, Named>;
  locations: Map<number, Named & { branchId: number }>;
  batches: Map<number, Named>;
  types: Map<number, Named & { enName: string }>;
}

export async function loadLookups(db: Db, scope: Scope): Promise<Lookups> {
  const [b, l, a, r] = await Promise.all([
    db.select({ id: branch.id, name: branch.name, code: branch.code }).from(branch).where(scope.where(branch)),
    db
      .select({ id: location.id, name: location.name, code: location.code, branchId: location.branchId })
      .from(location)
      .where(scope.where(location)),
    db
      .select({ id: acceptanceBatch.id, name: acceptanceBatch.batchNo, code: acceptanceBatch.batchNo })
      .from(acceptanceBatch)
      .where(scope.where(acceptanceBatch)),
    db
      .select({ id: resourceType.id, name: resourceType.name, code: resourceType.code, enName: resourceType.enName })
      .from(resourceType)
      .where(scope.where(resourceType, eq(resourceType.state, 1))),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((x) => [x.id, x]));
  return { branches: byId(b), locations: byId(l), batches: byId(a), types: byId(r) };
}

/** A cell's text → id: an id, a code or a name (case-insensitive). */
export function findByText<T extends Named & { enName?: string }>(map: Map<number, T>, text: string): number | null {
  const v = text.trim().toLowerCase();
  if (!v) return null;
  for (const x of map.values()) {
    if (String(x.id) === v || x.code.toLowerCase() === v || x.name.toLowerCase() === v) return x.id;
    if (x.enName && x.enName.toLowerCase() === v) return x.id;
  }
  return null;
}
