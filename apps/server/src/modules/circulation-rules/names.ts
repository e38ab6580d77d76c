import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import { resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';

/** Names of locations / resource types by id, in the caller's school (unknown ids are left out). */
export async function namesById(db: Db, schoolId: number, kind: 'location' | 'type', ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const table = kind === 'location' ? location : resourceType;
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(new Scope(schoolId).where(table, inArray(table.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every id must be a location / resource type of the caller's school; unknown ones are reported on the field. */
export async function mustAllExist(db: Db, ctx: Ctx<any>, kind: 'location' | 'type', ids: number[], field: string) {
  const unique = [...new Set(ids)];
  const found = await namesById(db, ctx.schoolId, kind, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (!missing.length) return;
  const key = kind === 'location' ? 'circRules.range.locationInvalid' : 'circRules.range.resourceTypeInvalid';
  throw invalid([{ path: field, message: ctx.t(key, { ids: missing.join(', ') }) }]);
}
