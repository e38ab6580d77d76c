import {
  DutyCreate,
  type DutyDto,
  DutyListQuery,
  DutyUpdate,
  SIGNIN_CODE,
  ServiceTypeCreate,
  type ServiceTypeDto,
  ServiceTypeListQuery,
  ServiceTypeUpdate,
  VOLUNTEER_CODE,
} from '@shuyuan/contracts/volunteers/volunteer';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { peopleOf } from './people.ts';
import { serviceSign, serviceType, volunteer, volunteerDuty } from './volunteers.table.ts';

/** The duty's volunteer must be on the roster and its service a type of the school in use. */
async function checkDuty(db: Db, ctx: Ctx<any>, d: DutyCreate) {
  const [v] = await db
    .select({ state: volunteer.state })
    .from(volunteer)
    .where(ctx.scope.where(volunteer, eq(volunteer.id, d.volunteerId)));
  if (v?.state !== 'approved') throw invalid([{ path: 'volunteerId', message: ctx.t('volunteers.notOnRoster') }]);
  const [t] = await db
    .select({ id: serviceType.id })
    .from(serviceType)
    .where(ctx.scope.where(serviceType, eq(serviceType.id, d.serviceTypeId), eq(serviceType.state, 1)));
  if (!t) throw invalid([{ path: 'serviceTypeId', message: ctx.t('volunteers.typeNotFound') }]);
}

/** Service types (on /service-signin, where their sign-in rules apply) and the weekly duty schedule (/volunteer). */
export function setupRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Volunteer',
    entity: 'ServiceType',
    table: serviceType,
    permission: SIGNIN_CODE,
    audit: 'volunteer.serviceType',
    contracts: { create: ServiceTypeCreate, update: ServiceTypeUpdate, list: ServiceTypeListQuery },
    search: [serviceType.name],
    filters: (q) => [q.state === undefined ? undefined : eq(serviceType.state, q.state)],
    orderBy: [asc(serviceType.sort), asc(serviceType.name)],
    unique: [
      {
        field: 'name',
        labelKey: 'volunteers.col.type',
        columns: [serviceType.name],
        constraint: 'service_type_school_name_uq',
      },
    ],
    hooks: {
      beforeDelete: async ({ db, ctx, rows }) => {
        const ids = rows.map((r) => r.id);
        const [d] = await db
          .select({ id: volunteerDuty.id })
          .from(volunteerDuty)
          .where(ctx.scope.where(volunteerDuty, inArray(volunteerDuty.serviceTypeId, ids)))
          .limit(1);
        const [s] = await db
          .select({ id: serviceSign.id })
          .from(serviceSign)
          .where(ctx.scope.where(serviceSign, inArray(serviceSign.serviceTypeId, ids)))
          .limit(1);
        if (d || s) throw fail('IN_USE', 'volunteers.typeInUse');
      },
    },
    toDto: (r): ServiceTypeDto => ({
      id: r.id,
      name: r.name,
      description: r.description,
      intervalMinutes: r.intervalMinutes,
      dailyLimit: r.dailyLimit,
      state: r.state,
      sort: r.sort,
    }),
  });

  defineResource(app, {
    area: 'Volunteer',
    entity: 'Duty',
    table: volunteerDuty,
    permission: VOLUNTEER_CODE,
    audit: 'volunteer.duty',
    contracts: { create: DutyCreate, update: DutyUpdate, list: DutyListQuery },
    filters: (q) => [
      q.volunteerId ? eq(volunteerDuty.volunteerId, q.volunteerId) : undefined,
      q.weekday ? eq(volunteerDuty.weekday, q.weekday) : undefined,
    ],
    orderBy: [asc(volunteerDuty.weekday), asc(volunteerDuty.startTime)],
    hooks: { beforeSave: ({ db, ctx, input }) => checkDuty(db, ctx, input as DutyCreate) },
    toDto: async (r, ctx): Promise<DutyDto> => {
      const [v] = await ctx.db
        .select({ userId: volunteer.userId })
        .from(volunteer)
        .where(ctx.scope.where(volunteer, eq(volunteer.id, r.volunteerId)));
      const [t] = await ctx.db
        .select({ name: serviceType.name })
        .from(serviceType)
        .where(ctx.scope.where(serviceType, eq(serviceType.id, r.serviceTypeId)));
      const p = v ? (await peopleOf(ctx.db, ctx.scope, [v.userId])).get(v.userId) : undefined;
      return {
        id: r.id,
        volunteerId: r.volunteerId,
        volunteerName: p?.name ?? '',
        weekday: r.weekday,
        startTime: r.startTime,
        endTime: r.endTime,
        serviceTypeId: r.serviceTypeId,
        serviceTypeName: t?.name ?? '',
      };
    },
  });
}
