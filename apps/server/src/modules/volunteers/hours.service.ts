import type { HoursRow } from '@shuyuan/contracts/volunteers/volunteer';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { peopleOf } from './people.ts';
import { serviceSign, serviceType, volunteer } from './volunteers.table.ts';

type Term = { startDate: string; endDate: string } | null;

/**
 * Hours per volunteer in a term (every day when `term` is null): closed sessions only (open ones have no minutes yet,
 * forgotten ones count 0), most hours first. Lists everyone on the roster, and anyone who served in the term since.
 */
export async function hoursOf(
  db: Db,
  scope: Scope,
  term: Term,
  q: { Page: number; Rows: number; kind?: string; volunteerId?: number },
): Promise<{ List: (HoursRow & { types: string[] })[]; Total: number }> {
  const signOn: SQL[] = [eq(serviceSign.volunteerId, volunteer.id), eq(serviceSign.state, 'done')];
  if (term) signOn.push(sql`${serviceSign.day} between ${term.startDate} and ${term.endDate}`);
  const where = scope.where(
    volunteer,
    q.kind ? eq(volunteer.kind, q.kind) : undefined,
    q.volunteerId ? eq(volunteer.id, q.volunteerId) : undefined,
    or(eq(volunteer.state, 'approved'), sql`${serviceSign.id} is not null`),
  );
  const minutes = sql<number>`coalesce(sum(${serviceSign.minutes}), 0)::int`;
  const base = db
    .select({
      id: volunteer.id,
      userId: volunteer.userId,
      kind: volunteer.kind,
      signs: sql<number>`count(${serviceSign.id})::int`,
      minutes,
      types: sql<
        string[]
      >`coalesce(array_agg(distinct ${serviceType.name}) filter (where ${serviceType.name} is not null), '{}')`,
    })
    .from(volunteer)
    .leftJoin(serviceSign, and(...signOn))
    .leftJoin(serviceType, eq(serviceType.id, serviceSign.serviceTypeId))
    .where(where)
    .groupBy(volunteer.id);
  const [rows, [total]] = await Promise.all([
    base.orderBy(desc(minutes), volunteer.id).limit(q.Rows).offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(base.as('h')),
  ]);
  const people = await peopleOf(
    db,
    scope,
    rows.map((r) => r.userId),
  );
  return {
    List: rows.map((r) => ({
      volunteerId: r.id,
      account: people.get(r.userId)?.account ?? '',
      name: people.get(r.userId)?.name ?? '',
      className: people.get(r.userId)?.className ?? '',
      kind: r.kind as HoursRow['kind'],
      signs: r.signs,
      minutes: r.minutes,
      hours: Math.round(r.minutes / 6) / 10,
      types: r.types,
    })),
    Total: total?.n ?? 0,
  };
}
