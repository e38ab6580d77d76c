import { BATCH_PASSWORD_MAX, type BatchPasswordBody } from '@shuyuan/contracts/holdings/access';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { generatePassword, hashPassword } from '../../platform/password.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { schoolClass } from '../org/school-class.table.ts';

/** The new password of a reader under a rule ('accountTail': the last 6 characters, the whole if shorter). */
function passwordFor(rule: BatchPasswordBody['rule'], account: string, fixed?: string): string {
  switch (rule) {
    case 'account':
      return account;
    case 'accountTail':
      return account.slice(-6);
    case 'fixed':
      return fixed!;
    case 'random':
      return generatePassword();
  }
}

/** Runs `fn` over `items` with at most `n` at a time (scrypt runs in the libuv pool: 4 threads). */
async function pool<T, R>(items: T[], n: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/**
 * `/batchpsw`: resets the passwords of the readers of some classes and/or listed accounts (staff accounts
 * are never touched). Answers each reader with the password given — shown once, to print or hand out —
 * and the accounts not found. Each reader must change the given password at the first sign-in.
 */
export async function resetPasswords(db: Db, scope: Scope, b: BatchPasswordBody) {
  const readers = await db
    .select({ id: appUser.id, account: appUser.account, name: appUser.name, className: schoolClass.name })
    .from(appUser)
    .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .where(
      scope.where(
        appUser,
        ne(appUser.identity, 'staff'),
        or(
          b.classIds.length ? inArray(appUser.classId, b.classIds) : sql`false`,
          b.accounts.length ? inArray(appUser.account, b.accounts) : sql`false`,
        ),
      ),
    )
    .orderBy(asc(appUser.classId), asc(appUser.account));
  if (readers.length > BATCH_PASSWORD_MAX)
    throw fail('TOO_MANY', 'holdings.password.tooMany', { count: readers.length, max: BATCH_PASSWORD_MAX });
  const found = new Set(readers.map((r) => r.account));
  const missing = b.accounts.filter((a) => !found.has(a));
  const rows = await pool(readers, 4, async (r) => {
    const password = passwordFor(b.rule, r.account, b.fixed);
    return { ...r, password, hash: await hashPassword(password) };
  });
  await db.transaction(async (tx) => {
    for (const r of rows)
      await tx
        .update(appUser)
        .set({
          passwordHash: r.hash,
          passwordChangedAt: new Date(),
          mustChangePassword: true,
          failedLogins: 0,
          lockedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(scope.where(appUser, and(eq(appUser.id, r.id))));
  });
  return {
    List: rows.map(({ hash: _h, ...r }) => r),
    count: rows.length,
    missing,
  };
}
