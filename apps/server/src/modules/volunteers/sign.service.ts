import type { SignRecordDto, SignScanResult } from '@shuyuan/contracts/volunteers/volunteer';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { configOf } from '../../platform/school-config.ts';
import { dateIn, SCHOOL_ZONE } from '../circulation/rules.service.ts';
import { term } from '../org/term.table.ts';
import { awardServiceHours } from './points.ts';
import { peopleOf, personByCard } from './people.ts';
import { serviceSign, serviceType, volunteer, volunteerDuty } from './volunteers.table.ts';

type SignRow = typeof serviceSign.$inferSelect;

/** SignRecordDto of rows, with names and service types in two queries. */
export async function signDtos(db: Db, scope: Scope, rows: SignRow[]): Promise<SignRecordDto[]> {
  const people = await peopleOf(
    db,
    scope,
    rows.map((r) => r.userId),
  );
  const vIds = [...new Set(rows.map((r) => r.volunteerId))];
  const tIds = [...new Set(rows.map((r) => r.serviceTypeId).filter((x): x is number => x != null))];
  const kinds = vIds.length
    ? await db
        .select({ id: volunteer.id, kind: volunteer.kind })
        .from(volunteer)
        .where(scope.where(volunteer, inArray(volunteer.id, vIds)))
    : [];
  const types = tIds.length
    ? await db
        .select({ id: serviceType.id, name: serviceType.name })
        .from(serviceType)
        .where(scope.where(serviceType, inArray(serviceType.id, tIds)))
    : [];
  const kindOf = new Map(kinds.map((k) => [k.id, k.kind]));
  const typeOf = new Map(types.map((k) => [k.id, k.name]));
  return rows.map((r) => ({
    id: r.id,
    volunteerId: r.volunteerId,
    userId: r.userId,
    account: people.get(r.userId)?.account ?? '',
    name: people.get(r.userId)?.name ?? '',
    kind: (kindOf.get(r.volunteerId) ?? 'volunteer') as SignRecordDto['kind'],
    serviceTypeId: r.serviceTypeId,
    serviceTypeName: r.serviceTypeId == null ? '' : (typeOf.get(r.serviceTypeId) ?? ''),
    day: r.day,
    signInAt: r.signInAt.toISOString(),
    signOutAt: r.signOutAt?.toISOString() ?? null,
    minutes: r.minutes,
    state: r.state as SignRecordDto['state'],
    note: r.note,
  }));
}

/** Whole minutes between two instants (never negative). */
export const minutesBetween = (a: Date, b: Date) => Math.max(0, Math.floor((b.getTime() - a.getTime()) / 60000));

/** Weekday of a calendar day: 1 Monday … 7 Sunday. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** "HH:MM" of an instant in a time zone. */
function clockIn(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
}

/**
 * One card scan at the desk, in one transaction with the volunteer's row locked (two desks scanning one card queue):
 * - an open sign-in of an earlier day is closed as `forgotten` with 0 minutes — the volunteer did not sign out, so
 *   no hours are counted for it (staff may correct its times on /signrecord, which counts them then);
 * - an open sign-in of today → signed out now, minutes counted, points for whole hours;
 * - else → signed in for the service chosen at the desk, or the volunteer's duty now (weekday and time), subject to
 *   the service type's daily count and interval since the last sign-out.
 * People not approved on the roster are refused with their name.
 */
export async function scan(
  db: Db,
  scope: Scope,
  b: { cardNo: string; serviceTypeId?: number },
  operatorId: number | null,
  now = new Date(),
): Promise<SignScanResult> {
  const zone = await configOf(db, scope, SCHOOL_ZONE);
  return db.transaction(async (tx) => {
    const person = await personByCard(tx, scope, b.cardNo.trim());
    const [v] = await tx
      .select()
      .from(volunteer)
      .where(scope.where(volunteer, eq(volunteer.userId, person.id)))
      .for('update');
    if (v?.state !== 'approved') throw fail('NOT_VOLUNTEER', 'volunteers.notVolunteer', { name: person.name });
    const today = dateIn(now, zone);
    const stale = await tx
      .update(serviceSign)
      .set({ state: 'forgotten', minutes: 0, updatedAt: now })
      .where(
        scope.where(
          serviceSign,
          eq(serviceSign.volunteerId, v.id),
          eq(serviceSign.state, 'open'),
          lt(serviceSign.day, today),
        ),
      )
      .returning({ id: serviceSign.id });
    const [open] = await tx
      .select()
      .from(serviceSign)
      .where(scope.where(serviceSign, eq(serviceSign.volunteerId, v.id), eq(serviceSign.state, 'open')));
    if (open) {
      const minutes = minutesBetween(open.signInAt, now);
      const [row] = await tx
        .update(serviceSign)
        .set({ state: 'done', signOutAt: now, minutes, updatedAt: now })
        .where(eq(serviceSign.id, open.id))
        .returning();
      const points = await awardServiceHours(tx, scope, row);
      const [dto] = await signDtos(tx, scope, [row]);
      return { action: 'out', record: dto, forgotten: stale.length, points };
    }
    const typeId = b.serviceTypeId ?? (await dutyTypeNow(tx, scope, v.id, today, clockIn(now, zone)));
    if (!typeId) throw fail('SERVICE_TYPE_REQUIRED', 'volunteers.chooseType', { name: person.name });
    const [type] = await tx
      .select()
      .from(serviceType)
      .where(scope.where(serviceType, eq(serviceType.id, typeId), eq(serviceType.state, 1)));
    if (!type) throw fail('SERVICE_TYPE', 'volunteers.typeNotFound');
    await checkTypeRules(tx, scope, { volunteerId: v.id, type, today, now, name: person.name });
    const [row] = await tx
      .insert(serviceSign)
      .values(
        scope.values({
          volunteerId: v.id,
          userId: person.id,
          serviceTypeId: type.id,
          day: today,
          signInAt: now,
          state: 'open',
          operatorId,
        }),
      )
      .returning();
    const [dto] = await signDtos(tx, scope, [row]);
    return { action: 'in', record: dto, forgotten: stale.length, points: 0 };
  });
}

/** The service of the volunteer's duty covering this weekday and time (start ≤ now < end), if any. */
async function dutyTypeNow(db: Db, scope: Scope, volunteerId: number, today: string, hhmm: string) {
  const [d] = await db
    .select({ typeId: volunteerDuty.serviceTypeId })
    .from(volunteerDuty)
    .where(
      scope.where(
        volunteerDuty,
        eq(volunteerDuty.volunteerId, volunteerId),
        eq(volunteerDuty.weekday, weekdayOf(today)),
        lte(volunteerDuty.startTime, hhmm),
        sql`${volunteerDuty.endTime} > ${hhmm}`,
      ),
    )
    .orderBy(asc(volunteerDuty.startTime))
    .limit(1);
  return d?.typeId;
}

/** The spec's per-service-type rules: sign-ins per day and the interval after the last sign-out. */
async function checkTypeRules(
  db: Db,
  scope: Scope,
  o: { volunteerId: number; type: typeof serviceType.$inferSelect; today: string; now: Date; name: string },
) {
  const mine = (...c: ReturnType<typeof eq>[]) =>
    scope.where(
      serviceSign,
      eq(serviceSign.volunteerId, o.volunteerId),
      eq(serviceSign.serviceTypeId, o.type.id),
      ...c,
    );
  if (o.type.dailyLimit > 0) {
    const [n] = await db
      .select({ n: count() })
      .from(serviceSign)
      .where(mine(eq(serviceSign.day, o.today)));
    if (Number(n?.n ?? 0) >= o.type.dailyLimit)
      throw fail('SIGN_DAILY_LIMIT', 'volunteers.dailyLimit', {
        name: o.name,
        type: o.type.name,
        n: o.type.dailyLimit,
      });
  }
  if (o.type.intervalMinutes > 0) {
    const [last] = await db
      .select({ out: serviceSign.signOutAt })
      .from(serviceSign)
      .where(mine(gte(serviceSign.signOutAt, new Date(o.now.getTime() - o.type.intervalMinutes * 60000))))
      .orderBy(desc(serviceSign.signOutAt))
      .limit(1);
    if (last?.out) {
      const wait = o.type.intervalMinutes - minutesBetween(last.out, o.now);
      throw fail('SIGN_TOO_SOON', 'volunteers.tooSoon', {
        name: o.name,
        type: o.type.name,
        minutes: Math.max(1, wait),
      });
    }
  }
}

/** Staff correct a closed record's times; minutes are counted again (points for hours newly reached). */
export async function correctSign(
  db: Db,
  scope: Scope,
  b: { id: number; signInAt: string; signOutAt: string; note: string },
  zone: string,
) {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(serviceSign)
      .where(scope.where(serviceSign, eq(serviceSign.id, b.id)))
      .for('update');
    if (!r) throw notFound();
    if (r.state === 'open') throw fail('SIGN_OPEN', 'volunteers.recordOpen');
    const inAt = new Date(b.signInAt);
    const outAt = new Date(b.signOutAt);
    const [row] = await tx
      .update(serviceSign)
      .set({
        signInAt: inAt,
        signOutAt: outAt,
        day: dateIn(inAt, zone),
        minutes: minutesBetween(inAt, outAt),
        state: 'done',
        note: b.note,
        updatedAt: new Date(),
      })
      .where(eq(serviceSign.id, r.id))
      .returning();
    await awardServiceHours(tx, scope, row);
    return (await signDtos(tx, scope, [row]))[0];
  });
}

/** The term asked for, else the current one, else the one containing today; null when the school has none. */
export async function termOf(db: Db, scope: Scope, termId: number | undefined, today: string) {
  const cols = { id: term.id, name: term.name, startDate: term.startDate, endDate: term.endDate };
  if (termId) {
    const [t] = await db
      .select(cols)
      .from(term)
      .where(scope.where(term, eq(term.id, termId)));
    if (!t) throw notFound();
    return t;
  }
  const [cur] = await db
    .select(cols)
    .from(term)
    .where(scope.where(term, eq(term.isCurrent, true)))
    .limit(1);
  if (cur) return cur;
  const [within] = await db
    .select(cols)
    .from(term)
    .where(scope.where(term, lte(term.startDate, today), gte(term.endDate, today)))
    .limit(1);
  return within ?? null;
}

/** Days of a term as a condition on a sign-in's day (no term: every day). */
export const inTerm = (t: { startDate: string; endDate: string } | null) =>
  t ? and(gte(serviceSign.day, t.startDate), lte(serviceSign.day, t.endDate)) : undefined;
