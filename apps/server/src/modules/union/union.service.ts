import type {
  UnionApply,
  UnionCreate,
  UnionDto,
  UnionInvite,
  UnionListQuery,
  UnionMemberDto,
  UnionReview,
  UnionSetRole,
  UnionSharing,
  UnionUpdate,
} from '@shuyuan/contracts/union/union';
import { and, asc, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { school } from '../school/school.table.ts';
import { MANAGERS, managedMember, mustBeMember, ownMembership, unionExists } from './membership.ts';
import { schoolUnion, unionMember } from './union.table.ts';

type Tr = (key: string, params?: Record<string, unknown>) => string;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** Creates a union; the caller's school is its creator (a passed member), in one transaction. */
export async function createUnion(db: Db, scope: Scope, b: UnionCreate): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(schoolUnion)
        .values({ name: b.name, remark: b.remark, creatorSchoolId: scope.schoolId })
        .returning({ id: schoolUnion.id });
      await tx
        .insert(unionMember)
        .values(scope.values({ unionId: u.id, role: 'creator', status: 'passed', decidedAt: sql`now()` }));
      return u;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('UNION_NAME_TAKEN', 'union.nameTaken', { name: b.name });
    throw e;
  }
}

export async function updateUnion(db: Db, scope: Scope, b: UnionUpdate): Promise<void> {
  await mustBeMember(db, scope, b.id, MANAGERS);
  try {
    await db
      .update(schoolUnion)
      .set({ name: b.name, remark: b.remark, updatedAt: sql`now()` })
      .where(eq(schoolUnion.id, b.id));
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('UNION_NAME_TAKEN', 'union.nameTaken', { name: b.name });
    throw e;
  }
}

/** Only the creator dissolves a union; its memberships (and what hangs on them) go with it. */
export async function dissolveUnion(db: Db, scope: Scope, unionId: number): Promise<void> {
  await mustBeMember(db, scope, unionId, ['creator']);
  await db.delete(schoolUnion).where(eq(schoolUnion.id, unionId));
}

const memberCount = sql<number>`(select count(*)::int from ${unionMember} m where m.union_id = ${schoolUnion.id} and m.status = 'passed')`;

/**
 * Unions of the deployment (name filter), with the caller's membership if any: a school sees which unions exist
 * (to apply) but nothing of their members' catalogues.
 */
export async function listUnions(db: Db, scope: Scope, q: z.infer<typeof UnionListQuery>) {
  const where = q.SearchKey ? ilike(schoolUnion.name, `%${escapeLike(q.SearchKey)}%`) : undefined;
  const rows = await db
    .select({
      id: schoolUnion.id,
      name: schoolUnion.name,
      remark: schoolUnion.remark,
      creatorSchoolId: schoolUnion.creatorSchoolId,
      creatorSchoolName: school.name,
      members: memberCount,
      createdAt: schoolUnion.createdAt,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(schoolUnion)
    .leftJoin(school, eq(school.id, schoolUnion.creatorSchoolId))
    .where(where)
    .orderBy(desc(schoolUnion.id))
    .limit(q.Rows)
    .offset(pageOffset(q));
  const mine = rows.length
    ? await db
        .select()
        .from(unionMember)
        .where(
          scope.where(
            unionMember,
            inArray(
              unionMember.unionId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  const byUnion = new Map(mine.map((m) => [m.unionId, m]));
  const List: UnionDto[] = rows.map(({ total: _t, ...r }) => {
    const m = byUnion.get(r.id);
    return {
      ...r,
      creatorSchoolName: r.creatorSchoolName ?? '',
      createdAt: new Date(r.createdAt).toISOString(),
      mine: m
        ? { memberId: m.id, status: m.status as never, role: m.role as never, origin: m.origin as never }
        : undefined,
    };
  });
  return { List, Total: rows[0]?.total ?? 0 };
}

/** The caller's school asks to join; a rejected application may be sent again. */
export async function applyToUnion(db: Db, scope: Scope, b: UnionApply): Promise<{ id: number }> {
  await unionExists(db, b.unionId);
  const had = await ownMembership(db, scope, b.unionId);
  if (had && had.status !== 'rejected') throw fail('UNION_ALREADY', 'union.already');
  if (had) {
    await db
      .update(unionMember)
      .set({
        status: 'pending',
        origin: 'applied',
        message: b.message,
        reason: '',
        appliedAt: sql`now()`,
        decidedAt: null,
      })
      .where(eq(unionMember.id, had.id));
    return { id: had.id };
  }
  const [m] = await db
    .insert(unionMember)
    .values(scope.values({ unionId: b.unionId, message: b.message }))
    .returning({ id: unionMember.id });
  return m;
}

/** A manager invites another school by its code; the invited school answers (ReviewMember on its side). */
export async function inviteSchool(db: Db, scope: Scope, b: UnionInvite, tr: Tr): Promise<{ id: number }> {
  await mustBeMember(db, scope, b.unionId, MANAGERS);
  const [s] = await db.select({ id: school.id }).from(school).where(eq(school.code, b.schoolCode));
  if (!s) throw invalid([{ path: 'schoolCode', message: tr('union.schoolNotFound') }]);
  const [had] = await db
    .select()
    .from(unionMember)
    .where(and(eq(unionMember.unionId, b.unionId), eq(unionMember.schoolId, s.id)));
  if (had && had.status !== 'rejected') throw fail('UNION_ALREADY', 'union.alreadyInvited');
  const row = { status: 'pending', origin: 'invited', message: b.message, reason: '', decidedAt: null };
  if (had) {
    await db
      .update(unionMember)
      .set({ ...row, appliedAt: sql`now()` })
      .where(eq(unionMember.id, had.id));
    return { id: had.id };
  }
  const [m] = await db
    .insert(unionMember)
    .values({ unionId: b.unionId, schoolId: s.id, ...row })
    .returning({ id: unionMember.id });
  return m;
}

/**
 * Decides a pending membership: an application by the union's managers, an invitation by the invited school.
 * The status moves only from pending (a decided one is refused, so two reviewers cannot both decide).
 */
export async function reviewMember(db: Db, scope: Scope, b: UnionReview): Promise<void> {
  const [m] = await db.select().from(unionMember).where(eq(unionMember.id, b.memberId));
  if (!m) throw notFound();
  if (m.origin === 'invited') {
    if (m.schoolId !== scope.schoolId) throw fail('UNION_ROLE', 'union.invitedAnswers');
  } else await mustBeMember(db, scope, m.unionId, MANAGERS);
  const done = await db
    .update(unionMember)
    .set({ status: b.pass ? 'passed' : 'rejected', reason: b.reason, decidedAt: sql`now()` })
    .where(and(eq(unionMember.id, m.id), eq(unionMember.status, 'pending')))
    .returning({ id: unionMember.id });
  if (!done.length) throw fail('UNION_DECIDED', 'union.decided');
}

/** The creator makes a passed member administrator or ordinary member. */
export async function setMemberRole(db: Db, scope: Scope, b: UnionSetRole): Promise<void> {
  const [m] = await db.select().from(unionMember).where(eq(unionMember.id, b.memberId));
  if (!m) throw notFound();
  await mustBeMember(db, scope, m.unionId, ['creator']);
  if (m.role === 'creator') throw fail('UNION_CREATOR', 'union.creatorRole');
  if (m.status !== 'passed') throw fail('UNION_NOT_PASSED', 'union.notPassed');
  await db.update(unionMember).set({ role: b.role }).where(eq(unionMember.id, m.id));
}

/** The creator hands the union over to a passed member and becomes an administrator. */
export async function handOver(db: Db, scope: Scope, memberId: number): Promise<void> {
  const [m] = await db.select().from(unionMember).where(eq(unionMember.id, memberId));
  if (!m) throw notFound();
  const me = await mustBeMember(db, scope, m.unionId, ['creator']);
  if (m.id === me.id) return;
  if (m.status !== 'passed') throw fail('UNION_NOT_PASSED', 'union.notPassed');
  await db.transaction(async (tx) => {
    await tx.update(unionMember).set({ role: 'admin' }).where(eq(unionMember.id, me.id));
    await tx.update(unionMember).set({ role: 'creator' }).where(eq(unionMember.id, m.id));
    await tx.update(schoolUnion).set({ creatorSchoolId: m.schoolId }).where(eq(schoolUnion.id, m.unionId));
  });
}

/** The caller's school leaves (or withdraws its application); the creator must hand over or dissolve first. */
export async function leaveUnion(db: Db, scope: Scope, unionId: number): Promise<void> {
  const m = await ownMembership(db, scope, unionId);
  if (!m) throw fail('UNION_NOT_MEMBER', 'union.notMember');
  if (m.role === 'creator') throw fail('UNION_CREATOR_LEAVES', 'union.creatorCannotLeave');
  await db.delete(unionMember).where(eq(unionMember.id, m.id));
}

/** A manager removes a member (never the creator; an administrator cannot remove another administrator). */
export async function removeMember(db: Db, scope: Scope, memberId: number): Promise<void> {
  const m = await managedMember(db, scope, memberId);
  const me = await mustBeMember(db, scope, m.unionId, MANAGERS);
  if (m.role === 'creator' || (m.role === 'admin' && me.role !== 'creator'))
    throw fail('UNION_ROLE', 'union.roleNeeded');
  await db.delete(unionMember).where(eq(unionMember.id, m.id));
}

/**
 * Members of a union the caller's school belongs to (passed): every passed member; pending and rejected ones
 * only for its managers. Outsiders see nothing.
 */
export async function listMembers(db: Db, scope: Scope, unionId: number): Promise<UnionMemberDto[]> {
  const me = await mustBeMember(db, scope, unionId);
  const manager = MANAGERS.includes(me.role as never);
  const rows = await db
    .select({
      m: unionMember,
      schoolCode: school.code,
      schoolName: school.name,
      schoolEnName: school.enName,
    })
    .from(unionMember)
    .innerJoin(school, eq(school.id, unionMember.schoolId))
    .where(and(eq(unionMember.unionId, unionId), manager ? undefined : eq(unionMember.status, 'passed')))
    .orderBy(sql`case ${unionMember.role} when 'creator' then 0 when 'admin' then 1 else 2 end`, asc(unionMember.id));
  return rows.map(({ m, ...s }) => {
    const own = m.schoolId === scope.schoolId || manager;
    return {
      id: m.id,
      schoolId: m.schoolId,
      ...s,
      role: m.role as never,
      status: m.status as never,
      origin: m.origin as never,
      share: m.share as never,
      locationIds: m.locationIds,
      resourceTypeIds: m.resourceTypeIds,
      message: own ? m.message : '',
      reason: own ? m.reason : '',
      appliedAt: new Date(m.appliedAt).toISOString(),
      decidedAt: m.decidedAt ? new Date(m.decidedAt).toISOString() : null,
    };
  });
}

/** Memberships of the caller's school waiting for its answer (invitations). */
export async function myInvitations(db: Db, scope: Scope) {
  return db
    .select({ memberId: unionMember.id, unionId: schoolUnion.id, name: schoolUnion.name, message: unionMember.message })
    .from(unionMember)
    .innerJoin(schoolUnion, eq(schoolUnion.id, unionMember.unionId))
    .where(scope.where(unionMember, eq(unionMember.origin, 'invited'), eq(unionMember.status, 'pending')));
}

/** The caller's own locations and resource types to choose what to share, with the current choice. */
export async function sharingOptions(db: Db, scope: Scope, unionId: number) {
  const me = await ownMembership(db, scope, unionId);
  if (!me) throw fail('UNION_NOT_MEMBER', 'union.notMember');
  const [locations, types] = await Promise.all([
    db
      .select({ id: location.id, name: location.name })
      .from(location)
      .where(scope.where(location))
      .orderBy(asc(location.id)),
    db
      .select({ id: resourceType.id, name: resourceType.name, enName: resourceType.enName })
      .from(resourceType)
      .where(scope.where(resourceType))
      .orderBy(asc(resourceType.id)),
  ]);
  return {
    share: me.share,
    locationIds: me.locationIds,
    resourceTypeIds: me.resourceTypeIds,
    locations,
    resourceTypes: types,
  };
}

/** What the caller's school shares with the union; every id must be one of its own. */
export async function saveSharing(db: Db, scope: Scope, b: UnionSharing, tr: Tr): Promise<void> {
  const me = await ownMembership(db, scope, b.unionId);
  if (!me || me.status === 'rejected') throw fail('UNION_NOT_MEMBER', 'union.notMember');
  const own = async (table: typeof location | typeof resourceType, ids: number[] | null, path: string) => {
    if (!ids?.length) return;
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(scope.where(table, inArray(table.id, ids)));
    if (rows.length !== new Set(ids).size) throw invalid([{ path, message: tr('union.notYours') }]);
  };
  await own(location, b.locationIds, 'locationIds');
  await own(resourceType, b.resourceTypeIds, 'resourceTypeIds');
  await db
    .update(unionMember)
    .set({
      share: b.share,
      locationIds: b.locationIds ? [...new Set(b.locationIds)] : null,
      resourceTypeIds: b.resourceTypeIds ? [...new Set(b.resourceTypeIds)] : null,
    })
    .where(and(eq(unionMember.id, me.id), ne(unionMember.status, 'rejected')));
}

/** The unions the caller's school is a passed member of (to pick one on the search screens). */
export async function myUnions(db: Db, scope: Scope) {
  return db
    .select({ id: schoolUnion.id, name: schoolUnion.name, role: unionMember.role, share: unionMember.share })
    .from(unionMember)
    .innerJoin(schoolUnion, eq(schoolUnion.id, unionMember.unionId))
    .where(scope.where(unionMember, eq(unionMember.status, 'passed')))
    .orderBy(asc(schoolUnion.name));
}

/**
 * `/orschool`: the active schools that are passed members of a union with the named school (itself included),
 * with the unions' names — what a visitor may switch to. Nothing else of the schools is disclosed.
 */
export async function unionSchools(db: Db, scope: Scope) {
  const rows = await rowsOf<{ id: number; code: string; name: string; en_name: string | null; unions: string[] }>(
    db,
    sql`select s.id, s.code, s.name, s.en_name, array_agg(distinct u.name order by u.name) as unions
      from union_member mine
      join union_member o on o.union_id = mine.union_id and o.status = 'passed'
      join school_union u on u.id = mine.union_id
      join school s on s.id = o.school_id and s.state = 1
      where mine.school_id = ${scope.schoolId} and mine.status = 'passed'
      group by s.id, s.code, s.name, s.en_name
      order by s.name`,
  );
  return rows.map((x) => ({ id: Number(x.id), code: x.code, name: x.name, enName: x.en_name, unions: x.unions }));
}
