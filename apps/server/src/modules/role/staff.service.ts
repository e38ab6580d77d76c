import { meetsPasswordPolicy } from '@shuyuan/contracts/common/validators';
import type { StaffUserCreate, UserPasswordReset, UserStateChange } from '@shuyuan/contracts/role/staff';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import { BizError, fail, invalid, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { userRole } from '../auth/role.table.ts';
import { revokeUserTokens } from '../auth/tokens.ts';
import { policyApplies } from '../auth/user.service.ts';
import { appUser } from '../auth/user.table.ts';
import { loadRole } from './role.service.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

const STAFF = 'staff';

function duplicateAccount(t: T): BizError {
  const field = t('role.staff.account');
  return new BizError(ErrorCode.DUPLICATE, 'error.duplicate', { field }, 200, [
    { path: 'account', message: t('error.duplicate', { field }) },
  ]);
}

/** The school's §5 policy, when its setting asks for it for this kind of user (the 6-character floor is in the contract). */
async function checkPolicy(db: Db, schoolId: number, identity: string, password: string, t: T): Promise<void> {
  if ((await policyApplies(db, schoolId, identity)) && !meetsPasswordPolicy(password)) {
    throw invalid([{ path: 'password', message: t('validation.passwordPolicy') }]);
  }
}

async function schoolUser(db: Db, scope: Scope, userId: number) {
  const [u] = await db
    .select()
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, userId)))
    .limit(1);
  if (!u) throw notFound('auth.user.notFound');
  return u;
}

/** Creates a staff account of the current school and puts it in the role, in one transaction. */
export async function addStaffUser(db: Db, scope: Scope, body: StaffUserCreate, t: T): Promise<{ id: number }> {
  await checkPolicy(db, scope.schoolId, STAFF, body.password, t);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      await loadRole(tx, scope, body.roleId);
      const [clash] = await tx
        .select({ id: appUser.id })
        .from(appUser)
        .where(scope.where(appUser, eq(appUser.account, body.account)))
        .limit(1);
      if (clash) throw duplicateAccount(t);
      const [u] = await tx
        .insert(appUser)
        .values(
          scope.values({
            account: body.account,
            name: body.name,
            enName: body.enName ?? null,
            email: body.email ?? null,
            phone: body.phone ?? null,
            identity: STAFF,
            passwordHash,
            passwordChangedAt: new Date(),
            // Typed by an administrator: the new colleague chooses their own at the first sign-in.
            mustChangePassword: true,
          }),
        )
        .returning({ id: appUser.id });
      await tx.insert(userRole).values(scope.values({ userId: u.id, roleId: body.roleId }));
      return { id: u.id };
    });
  } catch (err) {
    // A race lost between the check and the insert reads the same as the check.
    const e = (err as { cause?: { code?: string } })?.cause ?? (err as { code?: string });
    if (e?.code === '23505') throw duplicateAccount(t);
    throw err;
  }
}

/** Sets a new password for a user of the school (to change at their next sign-in); every device signs in again. */
export async function resetUserPassword(db: Db, scope: Scope, body: UserPasswordReset, t: T): Promise<void> {
  const u = await schoolUser(db, scope, body.userId);
  await checkPolicy(db, u.schoolId, u.identity, body.password, t);
  await db
    .update(appUser)
    .set({
      passwordHash: await hashPassword(body.password),
      passwordChangedAt: new Date(),
      mustChangePassword: true,
      failedLogins: 0,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(scope.where(appUser, eq(appUser.id, u.id)));
  await revokeUserTokens(db, u.id);
}

/** Disables or enables an account of the school; nobody disables themself (they would be locked out at once). */
export async function setUserState(db: Db, scope: Scope, caller: Principal, body: UserStateChange): Promise<void> {
  if (body.userId === caller.userId) throw fail('USER_SELF', 'role.staff.self');
  const u = await schoolUser(db, scope, body.userId);
  await db
    .update(appUser)
    .set({ state: body.state, updatedAt: new Date() })
    .where(scope.where(appUser, eq(appUser.id, u.id)));
  if (body.state === 0) await revokeUserTokens(db, u.id);
}
