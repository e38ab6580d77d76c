import { IdsBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import {
  CertificateBody,
  type HoursAnswer,
  HoursQuery,
  SIGNIN_CODE,
  SIGNRECORD_CODE,
  type SignRecordDto,
  SignRecordQuery,
  SignRecordUpdate,
  SignScan,
  VOLUNTEER_CODE,
} from '@shuyuan/contracts/volunteers/volunteer';
import { desc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fail, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/files/files.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { configOf } from '../../platform/school-config.ts';
import { SCHOOL_ZONE, schoolToday } from '../circulation/rules.service.ts';
import { school } from '../school/school.table.ts';
import { certificatePdf } from './certificate.ts';
import { hoursOf } from './hours.service.ts';
import { personMatches } from './people.ts';
import { correctSign, scan, signDtos, termOf } from './sign.service.ts';
import { serviceSign, volunteer } from './volunteers.table.ts';

const fmtTime = (iso: string | null, timeZone: string) =>
  iso ? new Date(iso).toLocaleString('sv-SE', { timeZone }).slice(0, 16) : '';

/** /service-signin (the desk's scan), /signrecord (records, export, hours per term) and the service certificate. */
export function signRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Volunteer/ScanSign`,
    access: `${SIGNIN_CODE}:add`,
    schema: SignScan,
    audit: 'volunteer.sign',
    summary: 'A card scan at the desk: signs the volunteer in, or out with the minutes served',
    handler: ({ db, scope, body, user }) => scan(db, scope, body, user?.userId ?? null),
  });
  route(app, {
    url: `${P}/Volunteer/TodaySigns`,
    access: SIGNIN_CODE,
    summary: 'Sign-ins of today at the desk, newest first',
    handler: async ({ db, scope }) => {
      const rows = await db
        .select()
        .from(serviceSign)
        .where(scope.where(serviceSign, eq(serviceSign.day, await schoolToday(db, scope))))
        .orderBy(desc(serviceSign.signInAt))
        .limit(200);
      return signDtos(db, scope, rows);
    },
  });

  defineResource(app, {
    area: 'Volunteer',
    entity: 'SignRecord',
    table: serviceSign,
    permission: SIGNRECORD_CODE,
    audit: 'volunteer.signRecord',
    contracts: { create: SignRecordUpdate, update: SignRecordUpdate, list: SignRecordQuery },
    routes: { add: false, update: false, delete: false },
    filters: (q, ctx) => [
      q.volunteerId ? eq(serviceSign.volunteerId, q.volunteerId) : undefined,
      q.serviceTypeId ? eq(serviceSign.serviceTypeId, q.serviceTypeId) : undefined,
      q.state ? eq(serviceSign.state, q.state) : undefined,
      q.from ? gte(serviceSign.day, q.from) : undefined,
      q.to ? lte(serviceSign.day, q.to) : undefined,
      personMatches(ctx.scope, serviceSign.userId, q.SearchKey),
    ],
    orderBy: [desc(serviceSign.signInAt)],
    toDto: async (r, ctx): Promise<SignRecordDto> => (await signDtos(ctx.db, ctx.scope, [r]))[0],
    export: {
      fileNameKey: 'volunteers.file.signs',
      columns: [
        { labelKey: 'volunteers.col.day', value: (d) => d.day },
        { labelKey: 'volunteers.col.account', value: (d) => d.account },
        { labelKey: 'volunteers.col.name', value: (d) => d.name },
        { labelKey: 'volunteers.col.kind', value: (d, t) => t(`volunteers.kind.${d.kind}`) },
        { labelKey: 'volunteers.col.type', value: (d) => d.serviceTypeName },
        { labelKey: 'volunteers.col.signIn', value: (d, _t, z) => fmtTime(d.signInAt, z.timeZone) },
        { labelKey: 'volunteers.col.signOut', value: (d, _t, z) => fmtTime(d.signOutAt, z.timeZone) },
        { labelKey: 'volunteers.col.minutes', value: (d) => d.minutes },
        { labelKey: 'volunteers.col.state', value: (d, t) => t(`volunteers.sign.${d.state}`) },
      ],
    },
  });
  route(app, {
    url: `${P}/Volunteer/UpdateSignRecord`,
    access: `${SIGNIN_CODE}:edit`,
    schema: SignRecordUpdate,
    audit: 'volunteer.signRecord.update',
    summary: 'Correct the times of a closed record (e.g. a forgotten sign-out); its minutes are counted again',
    handler: async ({ db, scope, body }) => correctSign(db, scope, body, await configOf(db, scope, SCHOOL_ZONE)),
  });
  route(app, {
    url: `${P}/Volunteer/DeleteSignRecord`,
    access: `${SIGNIN_CODE}:delete`,
    schema: IdsBody,
    audit: 'volunteer.signRecord.delete',
    handler: async ({ db, scope, body }) =>
      db.transaction(async (tx) => {
        const ids = [...new Set(body.ids)];
        const rows = await tx
          .delete(serviceSign)
          .where(scope.where(serviceSign, inArray(serviceSign.id, ids)))
          .returning({ id: serviceSign.id });
        if (rows.length !== ids.length) throw notFound();
        return { count: rows.length };
      }),
  });

  route(app, {
    url: `${P}/Volunteer/GetHours`,
    access: SIGNRECORD_CODE,
    schema: HoursQuery,
    summary: 'Minutes and hours served per volunteer in a term (default: the current term)',
    handler: async ({ db, scope, body }): Promise<HoursAnswer> => {
      const term = await termOf(db, scope, body.termId, await schoolToday(db, scope));
      return { term, ...(await hoursOf(db, scope, term, body)) };
    },
  });

  route(app, {
    url: `${P}/Volunteer/Certificate`,
    access: `${VOLUNTEER_CODE}:export`,
    schema: CertificateBody,
    raw: true,
    summary: 'The certificate of service of one volunteer for a term (PDF)',
    handler: async ({ db, scope, body, t, reply }) => {
      const today = await schoolToday(db, scope);
      const term = await termOf(db, scope, body.termId, today);
      const [v] = await db
        .select()
        .from(volunteer)
        .where(scope.where(volunteer, eq(volunteer.id, body.volunteerId), ne(volunteer.state, 'pending')));
      if (!v || v.state === 'rejected') throw fail('VOLUNTEER_STATE', 'volunteers.notOnRoster');
      const { List } = await hoursOf(db, scope, term, { Page: 1, Rows: 1, volunteerId: v.id });
      const row = List[0];
      const [s] = await db.select({ name: school.name }).from(school).where(eq(school.id, scope.schoolId));
      const period = term ? `${term.name}（${term.startDate} ~ ${term.endDate}）` : t('volunteers.cert.allTime');
      const pdf = await certificatePdf({
        title: t('volunteers.cert.title'),
        body: t('volunteers.cert.body', {
          name: row?.name ?? '',
          className: row?.className || '—',
          period,
          kind: t(`volunteers.kind.${v.kind}`),
          hours: row?.hours ?? 0,
          signs: row?.signs ?? 0,
          types: row?.types.join('、') || '—',
        }),
        thanks: t('volunteers.cert.thanks'),
        issuer: `${s?.name ?? ''}`,
        date: today,
      });
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', contentDisposition(`${t('volunteers.cert.file')}-${row?.name ?? v.id}.pdf`));
      return reply.send(pdf);
    },
  });
}
