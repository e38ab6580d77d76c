import type { UnionRole } from '@shuyuan/contracts/union/union';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { schoolUnion, unionMember } from './union.table.ts';

export type MemberRow = typeof unionMember.$inferSelect;

/** The caller's school's membership of a union (any status), or undefined. */
export async function ownMembership(db: Db, scope: Scope, unionId: number): Promise<MemberRow | undefined> {
  const [m] = await db
    .select()
    .from(unionMember)
    .where(scope.where(unionMember, eq(unionMember.unionId, unionId)));
  return m;
}

/**
 * The caller's school is a passed member of the union, with one of `roles` when given; otherwise a refusal that
 * says why. A union that does not exist and one the school is outside of answer alike (nothing is disclosed).
 */
export async function mustBeMember(
  db: Db,
  scope: Scope,
  unionId: number,
  roles?: readonly UnionRole[],
): Promise<MemberRow> {
  const m = await ownMembership(db, scope, unionId);
  if (m?.status !== 'passed') throw fail('UNION_NOT_MEMBER', 'union.notMember');
  if (roles && !roles.includes(m.role as UnionRole)) throw fail('UNION_ROLE', 'union.roleNeeded');
  return m;
}

export const MANAGERS: readonly UnionRole[] = ['creator', 'admin'];

/** A membership row of a union the caller manages (creator or administrator), by its id. */
export async function managedMember(db: Db, scope: Scope, memberId: number): Promise<MemberRow> {
  const [m] = await db.select().from(unionMember).where(eq(unionMember.id, memberId));
  if (!m) throw notFound();
  await mustBeMember(db, scope, m.unionId, MANAGERS);
  return m;
}

export async function unionExists(db: Db, unionId: number): Promise<void> {
  const [u] = await db.select({ id: schoolUnion.id }).from(schoolUnion).where(eq(schoolUnion.id, unionId));
  if (!u) throw notFound();
}

/**
 * The passed members of a union and what each shares: the schools a union search looks in. `lendingOnly` keeps
 * the members that share their copies for lending (union lending).
 */
export async function sharingMembers(db: Db, unionId: number, opts: { lendingOnly?: boolean } = {}) {
  return db
    .select({
      schoolId: unionMember.schoolId,
      share: unionMember.share,
      locationIds: unionMember.locationIds,
      resourceTypeIds: unionMember.resourceTypeIds,
    })
    .from(unionMember)
    .where(
      and(
        eq(unionMember.unionId, unionId),
        eq(unionMember.status, 'passed'),
        opts.lendingOnly ? inArray(unionMember.share, ['lending']) : undefined,
      ),
    );
}
