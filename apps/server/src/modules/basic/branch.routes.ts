import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BranchCreate, BranchListQuery, BranchUpdate } from '@shuyuan/contracts/basic/branch';
import { ResourceTypeCreate, ResourceTypeListQuery, ResourceTypeUpdate } from '@shuyuan/contracts/basic/resource-type';
import { defineResource } from '../../platform/resource/define.ts';
import { branch, resourceType } from './branch.table.ts';
import { location } from './location.table.ts';
import { clearOtherDefaults, refuseIfUsed } from './refs.ts';

export function branchRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Basic',
    entity: 'Branch',
    table: branch,
    permission: 'resource-mana.basic-set.branch',
    audit: 'branch',
    contracts: { create: BranchCreate, update: BranchUpdate, list: BranchListQuery },
    search: [branch.name, branch.code, branch.address],
    filters: (q) => [q.state === undefined ? undefined : eq(branch.state, q.state)],
    orderBy: [asc(branch.sort), asc(branch.id)],
    unique: [
      { field: 'code', labelKey: 'basic.branch.code', columns: [branch.code], constraint: 'branch_school_code_uq' },
    ],
    hooks: {
      // One default branch per school: marking one clears the others.
      afterSave: async ({ ctx, db, row }) => {
        if (row.isDefault) await clearOtherDefaults(db, ctx, branch, branch.isDefault, row.id);
      },
      beforeDelete: async ({ ctx, db, rows }) => {
        await refuseIfUsed(
          db,
          ctx,
          location,
          location.branchId,
          rows.map((r) => r.id),
          'basic.branch.hasLocations',
        );
      },
    },
  });

  defineResource(app, {
    area: 'Basic',
    entity: 'ResourceType',
    table: resourceType,
    permission: 'resource-mana.basic-Set.resource-type',
    audit: 'resourceType',
    contracts: { create: ResourceTypeCreate, update: ResourceTypeUpdate, list: ResourceTypeListQuery },
    search: [resourceType.name, resourceType.code, resourceType.enName],
    filters: (q) => [q.state === undefined ? undefined : eq(resourceType.state, q.state)],
    orderBy: [asc(resourceType.sort), asc(resourceType.id)],
    unique: [
      {
        field: 'code',
        labelKey: 'basic.resourceType.code',
        columns: [resourceType.code],
        constraint: 'resource_type_school_code_uq',
      },
    ],
  });
}
