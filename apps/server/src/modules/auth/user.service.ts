import type { ReaderProfile, SchoolBrief, SessionUser } from '@shuyuan/contracts/auth/user';
import { maskPhone, meetsPasswordPolicy } from '@shuyuan/contracts/common/validators';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Scope } from '../../platform/tenancy.ts';
import { getSetting } from '../settings/settings.service.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import type { Principal } from '../../platform/principal.ts';
import { school } from '../school/school.table.ts';
import { revokeUserTokens } from './tokens.ts';
import { appUser } from './user.table.ts';

const briefColumns = {
  id: school.id,
  code: school.code,
  name: school.name,
  enName: school.enName,
  themeColor: school.themeColor,
};

export async function schoolByCode(db: Db, code: string): Promise<SchoolBrief> {
  const [s] = await db.select(briefColumns).from(school).where(eq(school.code, code)).limit(1);
  if (!s) throw notFound('auth.login.schoolNotFound');
  return s;
}

export async function schoolsOf(db: Db, ids: number[]): Promise<SchoolBrief[]> {
  if (!ids.length) return [];
  return db.select(briefColumns).from(school).where(inArray(school.id, ids)).orderBy(asc(school.id));
}

async function userRow(db: Db, id: number) {
  const [u] = await db.select().from(appUser).where(eq(appUser.id, id)).limit(1);
  if (!u) throw notFound('auth.user.notFound');
  return u;
}

/** The user info the web app keeps in its session; SchoolID is the school the call acts in. */
export async function sessionUser(db: Db, p: Principal, schoolId: number): Promise<SessionUser> {
  const u = await userRow(db, p.userId);
  const schools = await schoolsOf(db, p.schoolIds);
  const current = schools.find((s) => s.id === schoolId) ?? schools.find((s) => s.id === u.schoolId);
  return {
    userId: u.id,
    account: u.account,
    name: u.name,
    enName: u.enName,
    identity: u.identity,
    SchoolID: current?.id ?? u.schoolId,
    SchoolName: current?.name ?? '',
    schools,
    lang: u.lang,
    email: u.email,
    phone: maskPhone(u.phone),
    mustChangePassword: u.mustChangePassword,
    passwordPolicy: await policyApplies(db, u.schoolId, u.identity),
  };
}

export async function readerProfile(db: Db, userId: number): Promise<ReaderProfile> {
  const u = await userRow(db, userId);
  return {
    id: u.id,
    account: u.account,
    name: u.name,
    enName: u.enName,
    identity: u.identity,
    sex: u.sex,
    email: u.email,
    phone: maskPhone(u.phone),
    schoolId: u.schoolId,
    departmentId: u.departmentId,
    validUntil: u.validUntil,
    deposit: u.deposit,
  };
}

/** Whether the §5 password policy applies to this user (school setting; on for staff by default). */
export async function policyApplies(db: Db, schoolId: number, identity: string): Promise<boolean> {
  // The school's /setting switches: one for staff accounts, one for readers.
  const key = identity === 'staff' ? 'security.passwordPolicy' : 'security.passwordPolicyReaders';
  return getSetting<boolean>(db, new Scope(schoolId), key);
}

/**
 * Changes the caller's own password (spec §5): the old one must verify; the new one meets the policy when
 * the school asks for it, and differs from the old one. Every token and grant of the user is revoked: all devices
 * sign in again. The password is now the owner's own: the must-change flag is cleared.
 */
export async function changePassword(
  db: Db,
  userId: number,
  pw: { oldPassword: string; newPassword: string },
  t: (key: string) => string,
) {
  const u = await userRow(db, userId);
  if (!(await verifyPassword(pw.oldPassword, u.passwordHash))) {
    throw invalid([{ path: 'oldPassword', message: t('auth.password.oldWrong') }]);
  }
  if (pw.newPassword === pw.oldPassword) {
    throw invalid([{ path: 'newPassword', message: t('auth.password.sameAsOld') }]);
  }
  if ((await policyApplies(db, u.schoolId, u.identity)) && !meetsPasswordPolicy(pw.newPassword)) {
    throw invalid([{ path: 'newPassword', message: t('validation.passwordPolicy') }]);
  }
  await db
    .update(appUser)
    .set({
      passwordHash: await hashPassword(pw.newPassword),
      passwordChangedAt: new Date(),
      mustChangePassword: false,
      updatedAt: new Date(),
    })
    .where(eq(appUser.id, userId));
  await revokeUserTokens(db, userId);
}

export function assertMember(p: Principal, schoolId: number): void {
  if (!p.schoolIds.includes(schoolId)) throw fail('SCHOOL_FORBIDDEN', 'auth.school.notMember');
}
