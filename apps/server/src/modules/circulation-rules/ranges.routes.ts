import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  BorrowRangeCreate,
  type BorrowRangeDto,
  BorrowRangeListQuery,
  BorrowRangeUpdate,
  RANGES_SCREEN,
} from '@shuyuan/contracts/circulation-rules/rules';
import { defineResource } from '../../platform/resource/define.ts';
import type { Ctx } from '../../platform/route.ts';
import { mustExist, nameOf } from '../basic/refs.ts';
import { permissionGroup } from '../org/organization.table.ts';
import type { BorrowRangeRow } from './borrow-range.service.ts';
import { borrowRange } from './borrow-range.table.ts';
import { mustAllExist, namesById } from './names.ts';
import { refuseSameScope } from './scope-dup.ts';

export async function rangeDto(r: BorrowRangeRow, ctx: Ctx<any>): Promise<BorrowRangeDto> {
  const locs = await namesById(ctx.db, ctx.schoolId, 'location', r.locationIds);
  const types = await namesById(ctx.db, ctx.schoolId, 'type', r.resourceTypeIds);
  return {
    id: r.id,
    permissionGroupId: r.permissionGroupId,
    identity: r.identity as BorrowRangeDto['identity'],
    locationIds: r.locationIds,
    resourceTypeIds: r.resourceTypeIds,
    remark: r.remark,
    permissionGroupName: await nameOf(ctx, permissionGroup, permissionGroup.name, r.permissionGroupId),
    locationNames: r.locationIds.map((id) => locs.get(id)).filter((n): n is string => !!n),
    resourceTypeNames: r.resourceTypeIds.map((id) => types.get(id)).filter((n): n is string => !!n),
  };
}

/** /borrow-range-mana: which locations and resource types readers of a group / identity may borrow. */
export function rangesRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'CirculationRules',
    entity: 'BorrowRange',
    table: borrowRange,
    permission: RANGES_SCREEN,
    audit: 'borrowRange',
    contracts: { create: BorrowRangeCreate, update: BorrowRangeUpdate, list: BorrowRangeListQuery },
    search: [borrowRange.remark],
    filters: (q) => [q.permissionGroupId ? eq(borrowRange.permissionGroupId, q.permissionGroupId) : undefined],
    orderBy: [
      sql`(${borrowRange.permissionGroupId} is not null)::int * 2 + (${borrowRange.identity} is not null)::int desc`,
      asc(borrowRange.id),
    ],
    // The id column never clashes: this rule only maps a race on the scope index to the same field issue.
    unique: [
      {
        field: 'permissionGroupId',
        labelKey: 'circRules.range.scope',
        columns: [borrowRange.id],
        constraint: 'borrow_range_scope_uq',
      },
    ],
    toDto: rangeDto,
    toValues: ({ input }) => ({
      permissionGroupId: input.permissionGroupId,
      identity: input.identity,
      locationIds: [...new Set(input.locationIds)],
      resourceTypeIds: [...new Set(input.resourceTypeIds)],
      remark: input.remark,
      updatedAt: new Date(),
    }),
    hooks: {
      beforeSave: async ({ ctx, db, input, existing }) => {
        await mustExist(
          db,
          ctx,
          permissionGroup,
          input.permissionGroupId,
          'permissionGroupId',
          'circRules.rule.groupInvalid',
        );
        await mustAllExist(db, ctx, 'location', input.locationIds, 'locationIds');
        await mustAllExist(db, ctx, 'type', input.resourceTypeIds, 'resourceTypeIds');
        await refuseSameScope(
          db,
          ctx,
          borrowRange,
          [
            [borrowRange.permissionGroupId, input.permissionGroupId],
            [borrowRange.identity, input.identity],
          ],
          existing?.id,
          'permissionGroupId',
          'circRules.range.scope',
        );
      },
    },
  });
}
