import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { likePattern } from '../../platform/resource/query.ts';

export interface Person {
  id: number;
  account: string;
  name: string;
  identity: string;
  className: string;
}

/** Account, name, identity and class (grade + class name) of users of the school, by id, in one query. */
export async function peopleOf(db: Db, scope: Scope, ids: (number | null | undefined)[]): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      id: appUser.id,
      account: appUser.account,
      name: appUser.name,
      identity: appUser.identity,
      className: sql<string>`coalesce(${grade.name} || ${schoolClass.name}, ${schoolClass.name}, '')`,
    })
    .from(appUser)
    .leftJoin(schoolClass, sql`${schoolClass.id} = ${appUser.classId}`)
    .leftJoin(grade, sql`${grade.id} = ${schoolClass.gradeId}`)
    .where(scope.where(appUser, inArray(appUser.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function personOf(db: Db, scope: Scope, id: number): Promise<Person> {
  const p = (await peopleOf(db, scope, [id])).get(id);
  if (!p) throw notFound();
  return p;
}

/** A person of the school by account or card RFID (as the desk scans); unknown → `volunteers.userNotFound`. */
export async function personByCard(db: Db, scope: Scope, card: string): Promise<Person> {
  const [u] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(
      scope.where(appUser, or(sql`lower(${appUser.account}) = lower(${card})`, sql`${appUser.cardRfid} = ${card}`)),
    )
    .orderBy(appUser.id)
    .limit(1);
  if (!u) throw fail('READER_NOT_FOUND', 'volunteers.userNotFound', { account: card });
  return personOf(db, scope, u.id);
}

/** Condition: `userCol` is a user of the school whose name or account contains `key` (wildcards literal). */
export function personMatches(scope: Scope, userCol: unknown, key: string | undefined) {
  if (!key?.trim()) return undefined;
  const like = likePattern(key.trim());
  return sql`${userCol} in (select id from app_user where school_id = ${scope.schoolId}
    and (name ilike ${like} or account ilike ${like}))`;
}
