import { ResourceAuthCreate, ResourceAuthListQuery, ResourceAuthUpdate } from '@shuyuan/contracts/holdings/access';
import { asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { branch, resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { mustExist, nameOf } from '../basic/refs.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import type { BorrowCheck } from '../circulation/circulation.hooks.ts';
import { resourceAuth } from './holdings.table.ts';

const CODE = 'resource-mana.basic-set.resource-auth';
const matches = (col: PgColumn, v: number | null) => (v == null ? isNull(col) : (or(isNull(col), eq(col, v)) as SQL));

/**
 * What a branch may do with a resource: the most specific matching rule (branch, then resource type, then
 * location) decides; with no rule everything is visible and lendable. For search and circulation.
 */
export async function resourceAccess(
  db: Db,
  scope: Scope,
  q: { branchId: number | null; resourceTypeId: number | null; locationId: number | null },
): Promise<{ canView: boolean; canLend: boolean }> {
  const rows = await db
    .select()
    .from(resourceAuth)
    .where(
      scope.where(
        resourceAuth,
        matches(resourceAuth.branchId, q.branchId),
        matches(resourceAuth.resourceTypeId, q.resourceTypeId),
        matches(resourceAuth.locationId, q.locationId),
      ),
    );
  const weight = (r: typeof resourceAuth.$inferSelect) =>
    (r.branchId != null ? 4 : 0) + (r.resourceTypeId != null ? 2 : 0) + (r.locationId != null ? 1 : 0);
  const best = rows.sort((a, b) => weight(b) - weight(a))[0];
  return best ? { canView: best.canView, canLend: best.canLend } : { canView: true, canLend: true };
}

/**
 * Circulation (desk, batch, SIP2): a copy whose rule says "not lendable" is refused. Schools without rules pay one
 * indexed look-up per borrow.
 */
export const lendCheck: BorrowCheck = async ({ tx, scope, copy: c }) => {
  const [any] = await tx.select({ id: resourceAuth.id }).from(resourceAuth).where(scope.where(resourceAuth)).limit(1);
  if (!any) return undefined;
  const [rec] = await tx
    .select({ typeId: catalogueRecord.resourceTypeId })
    .from(catalogueRecord)
    .where(eq(catalogueRecord.id, c.recordId))
    .limit(1);
  const access = await resourceAccess(tx, scope, {
    branchId: c.branchId,
    resourceTypeId: rec?.typeId ?? null,
    locationId: c.locationId,
  });
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
