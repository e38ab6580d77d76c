import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, LoginError } from '@shuyuan/contracts/auth/login';
import { and, count, desc, eq, gt, isNull, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { school } from '../school/school.table.ts';
import { loginLog } from './login-log.table.ts';
import { type LoginAttempt, recordLogin } from './login-log.ts';
import { appUser } from './user.table.ts';

const LOCK_MS = LOGIN_LOCK_MINUTES * 60 * 1000;
/** Verified against when there is no hash to check, so every refusal costs the same scrypt time. */
const dummyHash = hashPassword('not-a-password');

/**
 * The password check of every attempt that reaches one: against the account's hash, or against a dummy hash
 * when the account is unknown, locked or has no password — a refusal never answers sooner than a wrong password.
 */
async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await verifyPassword(password, await dummyHash);
    return false;
  }
  return verifyPassword(password, hash);
}

export interface Credentials {
  account: string;
  password: string;
  schoolCode: string;
  ip?: string;
  userAgent?: string;
}

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));

/**
 * Checks an account and password (spec §5 and the lockout rule): 5 wrong passwords lock the account for
 * 15 minutes; every attempt is logged. Unknown accounts answer exactly like wrong passwords (same message,
 * same time, and they "lock" too, counted from the log), so the sign-in form does not reveal accounts.
 */
export async function authenticate(db: Db, c: Credentials) {
  const log = (a: Omit<LoginAttempt, 'account' | 'ip' | 'userAgent'>) =>
    recordLogin(db, { ...a, account: c.account, ip: c.ip, userAgent: c.userAgent });
  let schoolId: number | undefined;
  if (c.schoolCode) {
    const [s] = await db.select({ id: school.id }).from(school).where(eq(school.code, c.schoolCode)).limit(1);
    if (!s) throw fail(LoginError.SCHOOL_NOT_FOUND, 'auth.login.schoolNotFound');
    schoolId = s.id;
  }
  const users = await db
    .select()
    .from(appUser)
    .where(
      and(sql`lower(${appUser.account}) = lower(${c.account})`, schoolId ? eq(appUser.schoolId, schoolId) : undefined),
    )
    .limit(10);
  if (users.length > 1) {
    await log({ success: false, reason: 'SCHOOL_REQUIRED' });
    throw fail(LoginError.SCHOOL_REQUIRED, 'auth.login.schoolRequired');
  }
  const u = users[0];
  if (!u) {
    await checkPassword(c.password, null);
    const { until: lockedUntil, reason } = await unknownAccountLock(db, c.account);
    await log({ schoolId, success: false, reason });
    if (lockedUntil) throw fail(LoginError.ACCOUNT_LOCKED, 'auth.login.locked', { minutes: minutesLeft(lockedUntil) });
    throw fail(LoginError.BAD_CREDENTIALS, 'auth.login.badCredentials');
  }
  const who = { schoolId: u.schoolId, userId: u.id, userName: u.name };
  if (u.lockedUntil && u.lockedUntil.getTime() > Date.now()) {
    await checkPassword(c.password, null);
    await log({ ...who, success: false, reason: 'LOCKED' });
    throw fail(LoginError.ACCOUNT_LOCKED, 'auth.login.locked', { minutes: minutesLeft(u.lockedUntil) });
  }
  if (!(await checkPassword(c.password, u.passwordHash))) {
    const lockedUntil = await countFailure(db, u.id);
    await log({ ...who, success: false, reason: 'BAD_PASSWORD' });
    if (lockedUntil) throw fail(LoginError.ACCOUNT_LOCKED, 'auth.login.locked', { minutes: minutesLeft(lockedUntil) });
    throw fail(LoginError.BAD_CREDENTIALS, 'auth.login.badCredentials');
  }
  if (u.state !== 1) {
    await log({ ...who, success: false, reason: 'DISABLED' });
    throw fail(LoginError.ACCOUNT_DISABLED, 'auth.login.disabled');
  }
  await db
    .update(appUser)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: new Date() })
    .where(eq(appUser.id, u.id));
  await log({ ...who, success: true });
  return u;
}

/** One more wrong password; returns the lock end when this one reaches the limit. */
async function countFailure(db: Db, userId: number): Promise<Date | null> {
  // A lock that has run out starts a fresh count.
  const [r] = await db
    .update(appUser)
    .set({
      failedLogins: sql`case when ${appUser.lockedUntil} is not null and ${appUser.lockedUntil} <= now() then 1 else ${appUser.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${appUser.lockedUntil} is not null and ${appUser.lockedUntil} <= now() then null else ${appUser.lockedUntil} end`,
    })
    .where(eq(appUser.id, userId))
    .returning({ failed: appUser.failedLogins });
  if (r.failed < LOGIN_MAX_FAILURES) return null;
  const until = new Date(Date.now() + LOCK_MS);
  await db.update(appUser).set({ lockedUntil: until, failedLogins: 0 }).where(eq(appUser.id, userId));
  return until;
}

/**
 * Unknown accounts "lock" like real ones: the 5th NO_USER failure within the lock window starts a lock of
 * 15 minutes counted from it; attempts during the lock are logged as LOCKED and do not extend it.
 */
async function unknownAccountLock(db: Db, account: string): Promise<{ until: Date | null; reason: string }> {
  const since = new Date(Date.now() - LOCK_MS);
  const [r] = await db
    .select({ n: count(), last: max(loginLog.createdAt) })
    .from(loginLog)
    .where(
      and(
        sql`lower(${loginLog.account}) = lower(${account})`,
        isNull(loginLog.userId),
        eq(loginLog.reason, 'NO_USER'),
        gt(loginLog.createdAt, since),
      ),
    );
  if (r.n >= LOGIN_MAX_FAILURES && r.last)
    return { until: new Date(new Date(r.last).getTime() + LOCK_MS), reason: 'LOCKED' };
  if (r.n + 1 >= LOGIN_MAX_FAILURES) return { until: new Date(Date.now() + LOCK_MS), reason: 'NO_USER' };
  return { until: null, reason: 'NO_USER' };
}

/**
 * Whether the picture code is asked although the school turned it off (LOGIN_CAPTCHA=off, kiosks): after a failed
 * sign-in on this account or from this address — until one succeeds there, for at most the lock window.
 */
export async function failedLately(db: Db, account: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - LOCK_MS);
  // SCHOOL_REQUIRED only asks which school: not a failed guess.
  const lastAttempt = (where: SQL) =>
    db
      .select({ success: loginLog.success })
      .from(loginLog)
      .where(
        and(
          where,
          eq(loginLog.method, 'password'),
          gt(loginLog.createdAt, since),
          or(isNull(loginLog.reason), ne(loginLog.reason, 'SCHOOL_REQUIRED')),
        ),
      )
      .orderBy(desc(loginLog.createdAt))
      .limit(1);
  const [byAccount, byAddress] = await Promise.all([
    lastAttempt(sql`lower(${loginLog.account}) = lower(${account})`),
    lastAttempt(eq(loginLog.ip, ip)),
  ]);
  return byAccount[0]?.success === false || byAddress[0]?.success === false;
}
