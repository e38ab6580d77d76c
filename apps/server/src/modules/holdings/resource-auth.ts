import { ResourceAuthCreate, ResourceAuthListQuery, ResourceAuthUpdate } from '@shuyuan/contracts/holdings/access';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { configOf, configPart } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { branch, resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { mustExist, nameOf } from '../basic/refs.ts';
import type { BorrowCheck } from '../circulation/circulation.hooks.ts';
import { resourceAuth } from './holdings.table.ts';

const CODE = 'resource-mana.basic-set.resource-auth';
type ResourceAuthRow = typeof resourceAuth.$inferSelect;

/** The school's resource rules (remembered in the configuration snapshot: school-config.ts). */
export const RESOURCE_RULES = configPart('resourceRules', (db, scope) =>
  db.select().from(resourceAuth).where(scope.where(resourceAuth)).orderBy(asc(resourceAuth.id)),
);

const fits = (col: number | null, v: number | null) => col == null || (v != null && col === v);

/**
 * What a branch may do with a resource: the most specific matching rule (branch, then resource type, then
 * location) decides; with no rule everything is visible and lendable.
 */
export function accessBy(
  rules: readonly ResourceAuthRow[],
  q: { branchId: number | null; resourceTypeId: number | null; locationId: number | null },
): { canView: boolean; canLend: boolean } {
  const rows = rules.filter(
    (r) => fits(r.branchId, q.branchId) && fits(r.resourceTypeId, q.resourceTypeId) && fits(r.locationId, q.locationId),
  );
  const weight = (r: ResourceAuthRow) =>
    (r.branchId != null ? 4 : 0) + (r.resourceTypeId != null ? 2 : 0) + (r.locationId != null ? 1 : 0);
  const best = rows.sort((a, b) => weight(b) - weight(a))[0];
  return best ? { canView: best.canView, canLend: best.canLend } : { canView: true, canLend: true };
}

/** What a branch may do with a resource in the school (see accessBy). For search and circulation. */
export async function resourceAccess(
  db: Db,
  scope: Scope,
  q: { branchId: number | null; resourceTypeId: number | null; locationId: number | null },
): Promise<{ canView: boolean; canLend: boolean }> {
  return accessBy(await configOf(db, scope, RESOURCE_RULES), q);
}

/** Circulation (desk, batch, SIP2): a copy whose rule says "not lendable" is refused. */
export const lendCheck: BorrowCheck = async ({ config, copy: c, resourceTypeId }) => {
  const rules = await config.get(RESOURCE_RULES);
  if (!rules.length) return undefined;
  const access = accessBy(rules, { branchId: c.branchId, resourceTypeId, locationId: c.locationId });
  if (!access.canLend) throw fail('NOT_LENDABLE', 'holdings.auth.notLendable');
  return undefined;
};

/** `/resource-mana/basic-set/resource-auth`: the rules, on the resource kit (P/Holdings/*ResourceAuth). */
export function resourceAuthRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Holdings',
    entity: 'ResourceAuth',
    table: resourceAuth,
    permission: CODE,
    audit: 'resourceAuth',
    contracts: { create: ResourceAuthCreate, update: ResourceAuthUpdate, list: ResourceAuthListQuery },
    search: [resourceAuth.remark],
    filters: (q) => [q.branchId ? eq(resourceAuth.branchId, q.branchId) : undefined],
    orderBy: [asc(resourceAuth.branchId), asc(resourceAuth.resourceTypeId), asc(resourceAuth.locationId)],
    unique: [
      {
        field: 'branchId',
        labelKey: 'holdings.auth.rule',
        columns: [resourceAuth.branchId, resourceAuth.resourceTypeId, resourceAuth.locationId],
        constraint: 'resource_auth_scope_uq',
      },
    ],
    toDto: async (r, ctx) => ({
      ...r,
      branchName: await nameOf(ctx, branch, branch.name, r.branchId),
      resourceTypeName: await nameOf(ctx, resourceType, resourceType.name, r.resourceTypeId),
      locationName: await nameOf(ctx, location, location.name, r.locationId),
    }),
    hooks: {
      beforeSave: async ({ ctx, db, input }) => {
        await mustExist(db, ctx, branch, input.branchId, 'branchId', 'holdings.ref.branch');
        await mustExist(db, ctx, resourceType, input.resourceTypeId, 'resourceTypeId', 'holdings.ref.resourceType');
        await mustExist(db, ctx, location, input.locationId, 'locationId', 'holdings.ref.location');
      },
    },
    export: {
      fileNameKey: 'holdings.auth.file',
      columns: [
        { labelKey: 'holdings.field.branchId', value: (d) => d.branchName ?? '' },
        { labelKey: 'holdings.field.resourceTypeId', value: (d) => d.resourceTypeName ?? '' },
        { labelKey: 'holdings.field.locationId', value: (d) => d.locationName ?? '' },
        { labelKey: 'holdings.auth.canView', value: (d) => (d.canView ? '✓' : '✗') },
        { labelKey: 'holdings.auth.canLend', value: (d) => (d.canLend ? '✓' : '✗') },
      ],
    },
  });
}
