import type { MyVolunteer } from '@shuyuan/contracts/volunteers/volunteer';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { inTerm, signDtos, termOf } from './sign.service.ts';
import { serviceSign, serviceType, volunteer, volunteerDuty } from './volunteers.table.ts';

/** A reader's own application, weekly duties, minutes served this term and latest ten sign-ins. */
export async function myVolunteer(db: Db, scope: Scope, userId: number): Promise<MyVolunteer> {
  const [v] = await db
    .select()
    .from(volunteer)
    .where(scope.where(volunteer, eq(volunteer.userId, userId)));
  if (!v) return { application: null, duties: [], termName: '', termMinutes: 0, recent: [] };
  const duties = await db
    .select({
      weekday: volunteerDuty.weekday,
      startTime: volunteerDuty.startTime,
      endTime: volunteerDuty.endTime,
      serviceTypeName: sql<string>`coalesce(${serviceType.name}, '')`,
    })
    .from(volunteerDuty)
    .leftJoin(serviceType, eq(serviceType.id, volunteerDuty.serviceTypeId))
    .where(scope.where(volunteerDuty, eq(volunteerDuty.volunteerId, v.id)))
    .orderBy(asc(volunteerDuty.weekday), asc(volunteerDuty.startTime));
  const term = await termOf(db, scope, undefined, await schoolToday(db, scope));
  const [sum] = await db
    .select({ m: sql<number>`coalesce(sum(${serviceSign.minutes}), 0)::int` })
    .from(serviceSign)
    .where(scope.where(serviceSign, eq(serviceSign.volunteerId, v.id), inTerm(term)));
  const recent = await db
    .select()
    .from(serviceSign)
    .where(scope.where(serviceSign, eq(serviceSign.volunteerId, v.id)))
    .orderBy(desc(serviceSign.signInAt))
    .limit(10);
  return {
    application: {
      id: v.id,
      kind: v.kind as 'volunteer',
      state: v.state as 'pending',
      reason: v.reason,
      rejectReason: v.rejectReason,
      createdAt: v.createdAt.toISOString(),
    },
    duties,
    termName: term?.name ?? '',
    termMinutes: Number(sum?.m ?? 0),
    recent: (await signDtos(db, scope, recent)).map((r) => ({
      day: r.day,
      signInAt: r.signInAt,
      signOutAt: r.signOutAt,
      minutes: r.minutes,
      state: r.state,
      serviceTypeName: r.serviceTypeName,
    })),
  };
}
