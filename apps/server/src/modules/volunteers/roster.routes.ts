import { P } from '@shuyuan/contracts/common/paths';
import {
  VOLUNTEER_CODE,
  VolunteerApply,
  VolunteerAudit,
  VolunteerCreate,
  type VolunteerDto,
  VolunteerListQuery,
  VolunteerUpdate,
} from '@shuyuan/contracts/volunteers/volunteer';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fail, invalid } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { myVolunteer } from './my.service.ts';
import { personByCard, personMatches, personOf } from './people.ts';
import { serviceSign, volunteer } from './volunteers.table.ts';

type Row = typeof volunteer.$inferSelect;

export async function volunteerDto(db: Db, scope: Scope, r: Row): Promise<VolunteerDto> {
  const p = await personOf(db, scope, r.userId).catch(() => null);
  return {
    id: r.id,
    userId: r.userId,
    account: p?.account ?? '',
    name: p?.name ?? '',
    identity: p?.identity ?? '',
    className: p?.className ?? '',
    kind: r.kind as VolunteerDto['kind'],
    state: r.state as VolunteerDto['state'],
    source: r.source as VolunteerDto['source'],
    reason: r.reason,
    rejectReason: r.rejectReason,
    note: r.note,
    auditedByName: r.auditedByName,
    auditedAt: r.auditedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** /volunteer: the roster (staff add people directly; readers apply and staff pass or reject). */
export function rosterRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Volunteer',
    entity: 'Volunteer',
    table: volunteer,
    permission: VOLUNTEER_CODE,
    audit: 'volunteer',
    contracts: { create: VolunteerCreate, update: VolunteerUpdate, list: VolunteerListQuery },
    filters: (q, ctx) => [
      q.kind ? eq(volunteer.kind, q.kind) : undefined,
      q.state ? eq(volunteer.state, q.state) : undefined,
      personMatches(ctx.scope, volunteer.userId, q.SearchKey),
    ],
    unique: [
      {
        field: 'account',
        labelKey: 'volunteers.col.account',
        columns: [volunteer.userId],
        constraint: 'volunteer_school_user_uq',
      },
    ],
    toValues: async ({ ctx, db, input, existing }) => {
      if (existing) {
        const u = input as VolunteerUpdate;
        const onRoster = existing.state === 'approved' || existing.state === 'inactive';
        if (u.state && !onRoster) throw fail('VOLUNTEER_STATE', 'volunteers.notOnRoster');
        return { kind: u.kind, note: u.note, ...(u.state ? { state: u.state } : {}) };
      }
      const c = input as VolunteerCreate;
      const p = await personByCard(db, ctx.scope, c.account).catch(() => {
        throw invalid([{ path: 'account', message: ctx.t('volunteers.userNotFound', { account: c.account }) }]);
      });
      const [had] = await db
        .select({ id: volunteer.id })
        .from(volunteer)
        .where(ctx.scope.where(volunteer, eq(volunteer.userId, p.id)));
      if (had) throw invalid([{ path: 'account', message: ctx.t('volunteers.already', { name: p.name }) }]);
      return {
        userId: p.id,
        kind: c.kind,
        note: c.note,
        state: 'approved',
        source: 'added',
        auditedBy: ctx.user?.userId ?? null,
        auditedByName: ctx.user?.name ?? '',
        auditedAt: new Date(),
      };
    },
    hooks: {
      // Service hours are kept: someone who served leaves the roster (inactive) instead of being deleted.
      beforeDelete: async ({ db, ctx, rows }) => {
        const [used] = await db
          .select({ id: serviceSign.id })
          .from(serviceSign)
          .where(
            ctx.scope.where(
              serviceSign,
              inArray(
                serviceSign.volunteerId,
                rows.map((r) => r.id),
              ),
            ),
          )
          .limit(1);
        if (used) throw fail('IN_USE', 'volunteers.hasSigns');
      },
    },
    toDto: (r, ctx) => volunteerDto(ctx.db, ctx.scope, r),
    export: {
      fileNameKey: 'volunteers.file.roster',
      columns: [
        { labelKey: 'volunteers.col.account', value: (d) => d.account },
        { labelKey: 'volunteers.col.name', value: (d) => d.name },
        { labelKey: 'volunteers.col.className', value: (d) => d.className },
        { labelKey: 'volunteers.col.kind', value: (d, t) => t(`volunteers.kind.${d.kind}`) },
        { labelKey: 'volunteers.col.state', value: (d, t) => t(`volunteers.state.${d.state}`) },
        { labelKey: 'volunteers.col.reason', value: (d) => d.reason },
        { labelKey: 'volunteers.col.createdAt', value: (d) => d.createdAt.slice(0, 10) },
      ],
    },
  });

  route(app, {
    url: `${P}/Volunteer/AuditVolunteer`,
    access: `${VOLUNTEER_CODE}:audit`,
    schema: VolunteerAudit,
    audit: 'volunteer.audit',
    summary: 'Pass or reject pending applications (a rejection carries its reason)',
    handler: async ({ db, scope, body, user }) =>
      db.transaction(async (tx) => {
        const ids = [...new Set(body.ids)];
        const rows = await tx
          .select({ id: volunteer.id, state: volunteer.state })
          .from(volunteer)
          .where(scope.where(volunteer, inArray(volunteer.id, ids)))
          .for('update');
        if (rows.length !== ids.length || rows.some((r) => r.state !== 'pending'))
          throw fail('VOLUNTEER_STATE', 'volunteers.notPending');
        await tx
          .update(volunteer)
          .set({
            state: body.pass ? 'approved' : 'rejected',
            rejectReason: body.pass ? '' : body.reason,
            auditedBy: user?.userId ?? null,
            auditedByName: user?.name ?? '',
            auditedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(scope.where(volunteer, inArray(volunteer.id, ids)));
        return { count: ids.length };
      }),
  });

  // ——— The reader's side (personal area): apply, see one's application, duties and hours ———
  route(app, {
    url: `${P}/Volunteer/Apply`,
    access: 'school',
    schema: VolunteerApply,
    audit: 'volunteer.apply',
    summary: 'The caller applies to be a volunteer or small librarian (a rejected or former one may apply again)',
    handler: async ({ db, scope, body, user, t }) =>
      db.transaction(async (tx) => {
        const me = user!.userId;
        const [had] = await tx
          .select()
          .from(volunteer)
          .where(scope.where(volunteer, eq(volunteer.userId, me)))
          .for('update');
        if (had && (had.state === 'pending' || had.state === 'approved'))
          throw fail('VOLUNTEER_APPLIED', 'volunteers.alreadyApplied', { state: t(`volunteers.state.${had.state}`) });
        const values = {
          kind: body.kind,
          reason: body.reason,
          state: 'pending',
          source: 'applied',
          rejectReason: '',
          auditedBy: null,
          auditedByName: '',
          auditedAt: null,
          updatedAt: new Date(),
        };
        if (had) await tx.update(volunteer).set(values).where(eq(volunteer.id, had.id));
        else await tx.insert(volunteer).values(scope.values({ ...values, userId: me }));
        return myVolunteer(tx, scope, me);
      }),
  });
  route(app, {
    url: `${P}/Volunteer/MyVolunteer`,
    access: 'school',
    summary: 'The caller’s application, duties, hours this term and latest sign-ins',
    handler: ({ db, scope, user }) => myVolunteer(db, scope, user!.userId),
  });
}
