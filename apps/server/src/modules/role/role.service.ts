import { and, asc, count, eq, ilike, inArray, notInArray, or } from 'drizzle-orm';
import type {
  RoleCandidateQuery,
  RoleGrant,
  RoleUser,
  RoleUserQuery,
  RoleUsersChange,
} from '@shuyuan/contracts/role/role';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import { fail, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { likePattern } from '../../platform/resource/query.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { role, userRole } from '../auth/role.table.ts';
import { appUser } from '../auth/user.table.ts';

type RoleRow = typeof role.$inferSelect;

/** Number of members per role (for the list and the 'in use' rule). */
export async function userCounts(db: Db, scope: Scope, roleIds: number[]): Promise<Map<number, number>> {
  if (!roleIds.length) return new Map();
  const rows = await db
    .select({ roleId: userRole.roleId, n: count() })
    .from(userRole)
    .where(scope.where(userRole, inArray(userRole.roleId, roleIds)))
    .groupBy(userRole.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

export async function loadRole(db: Db, scope: Scope, id: number): Promise<RoleRow> {
  const [r] = await db
    .select()
    .from(role)
    .where(scope.where(role, eq(role.id, id)))
    .limit(1);
  if (!r) throw notFound();
  return r;
}

/**
 * Replaces what a role grants. Rules: a system role keeps '*' (it cannot lose its rights, or the school could
 * lock itself out); a grantor can only hand out codes they hold themselves (no privilege escalation).
 */
export async function grantRole(db: Db, scope: Scope, user: Principal, body: RoleGrant): Promise<void> {
  const r = await loadRole(db, scope, body.id);
  if (r.isSystem) throw fail('ROLE_SYSTEM', 'role.error.system');
  const codes = [...new Set(body.permissions)];
  if (!user.permissions.has('*')) {
    const beyond = codes.filter((c) => !user.permissions.has(c));
    if (beyond.length)
      throw fail('ROLE_GRANT_BEYOND', 'role.error.grantBeyond', { codes: beyond.slice(0, 5).join(', ') });
  }
  await db
    .update(role)
    .set({ permissions: codes, updatedAt: new Date() })
    .where(scope.where(role, eq(role.id, r.id)));
}

const userFields = {
  id: appUser.id,
  account: appUser.account,
  name: appUser.name,
  identity: appUser.identity,
  state: appUser.state,
};

function userSearch(key: string) {
  if (!key) return undefined;
  const p = likePattern(key);
  return or(ilike(appUser.account, p), ilike(appUser.name, p));
}

/** Members of a role in the current school. */
export async function roleUsers(db: Db, scope: Scope, q: RoleUserQuery): Promise<{ List: RoleUser[]; Total: number }> {
  await loadRole(db, scope, q.id);
  const where = and(scope.where(userRole, eq(userRole.roleId, q.id)), userSearch(q.SearchKey));
  const from = () => db.select(userFields).from(userRole).innerJoin(appUser, eq(appUser.id, userRole.userId));
  const [List, [{ n }]] = await Promise.all([
    from().where(where).orderBy(asc(appUser.account)).limit(q.Rows).offset(pageOffset(q)),
    db.select({ n: count() }).from(userRole).innerJoin(appUser, eq(appUser.id, userRole.userId)).where(where),
  ]);
  return { List, Total: Number(n) };
}

/** Users of the school (home school) who do not hold the role yet. */
export async function roleCandidates(
  db: Db,
  scope: Scope,
  q: z.infer<typeof RoleCandidateQuery>,
): Promise<{ List: RoleUser[]; Total: number }> {
  await loadRole(db, scope, q.id);
  const members = db
    .select({ id: userRole.userId })
    .from(userRole)
    .where(scope.where(userRole, eq(userRole.roleId, q.id)));
  const where = scope.where(appUser, eq(appUser.state, 1), notInArray(appUser.id, members), userSearch(q.SearchKey));
  const [List, [{ n }]] = await Promise.all([
    db.select(userFields).from(appUser).where(where).orderBy(asc(appUser.account)).limit(q.Rows).offset(pageOffset(q)),
    db.select({ n: count() }).from(appUser).where(where),
  ]);
  return { List, Total: Number(n) };
}

/** Adds users to a role; only users whose home school is this school (others are refused, nothing added). */
export async function addRoleUsers(db: Db, scope: Scope, body: RoleUsersChange): Promise<{ added: number }> {
  await loadRole(db, scope, body.id);
  const ids = [...new Set(body.userIds)];
  const found = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(scope.where(appUser, inArray(appUser.id, ids)));
  if (found.length !== ids.length) throw fail('USER_NOT_IN_SCHOOL', 'role.error.userNotInSchool');
  const rows = await db
    .insert(userRole)
    .values(ids.map((userId) => scope.values({ userId, roleId: body.id })))
    .onConflictDoNothing()
    .returning();
  return { added: rows.length };
}

/** Removes users from a role; a system role keeps at least one member (the school must keep an administrator). */
export async function removeRoleUsers(db: Db, scope: Scope, body: RoleUsersChange): Promise<{ removed: number }> {
  return db.transaction(async (tx) => {
    const r = await loadRole(tx, scope, body.id);
    const where = scope.where(userRole, eq(userRole.roleId, r.id), inArray(userRole.userId, body.userIds));
    const removed = await tx.delete(userRole).where(where).returning();
    if (r.isSystem) {
      const left = await userCounts(tx, scope, [r.id]);
      if (!left.get(r.id)) throw fail('ROLE_LAST_ADMIN', 'role.error.lastAdmin');
    }
    return { removed: removed.length };
  });
}
