import { SipAccountCreate } from '@shuyuan/contracts/sip2/sip-account';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { school } from '../modules/school/school.table.ts';
import { hashPassword, verifyPassword } from '../platform/password.ts';
import type { Scope } from '../platform/tenancy.ts';
import type { SipCharset } from './protocol/charset.ts';
import { sipAccount } from './sip-account.table.ts';

/** What a signed-in SIP2 connection knows about its account and school. */
export interface SipLogin {
  accountId: number;
  schoolId: number;
  schoolCode: string;
  schoolName: string;
  timeZone: string;
  login: string;
  locationCode: string;
  charset: SipCharset;
  lang: Lang;
}

let dummy: Promise<string> | undefined;
const dummyHash = () => {
  dummy ??= hashPassword('not-a-real-password');
  return dummy;
};

/** Creates an account for the scope's school (the admin screen of a later session uses this). */
export async function createSipAccount(db: Db, scope: Scope, input: SipAccountCreate): Promise<number> {
  const v = SipAccountCreate.parse(input);
  const [row] = await db
    .insert(sipAccount)
    .values(
      scope.values({
        login: v.login,
        passwordHash: await hashPassword(v.password),
        locationCode: v.locationCode,
        charset: v.charset,
        lang: v.lang,
        enabled: v.enabled,
      }),
    )
    .returning({ id: sipAccount.id });
  return row.id;
}

/**
 * 93 login: the account by its login across schools (the login decides the school). Returns the school id even
 * on a wrong password so the failure is logged for that school; `ok` says whether the machine may proceed.
 * Disabled accounts and schools that are switched off (state ≠ 1) are refused.
 */
export async function checkSipLogin(
  db: Db,
  login: string,
  password: string,
): Promise<{ ok: boolean; account?: SipLogin }> {
  const [row] = await db
    .select({ a: sipAccount, s: school })
    .from(sipAccount)
    .innerJoin(school, eq(school.id, sipAccount.schoolId))
    .where(eq(sipAccount.login, login))
    .limit(1);
  if (!row) {
    // Same work as a wrong password, so response time does not tell which logins exist.
    await verifyPassword(password, await dummyHash());
    return { ok: false };
  }
  const account: SipLogin = {
    accountId: row.a.id,
    schoolId: row.s.id,
    schoolCode: row.s.code,
    schoolName: row.s.name,
    timeZone: row.s.timeZone,
    login: row.a.login,
    locationCode: row.a.locationCode,
    charset: row.a.charset === 'gbk' ? 'gbk' : 'utf-8',
    lang: row.a.lang === 'en' ? 'en' : 'zh',
  };
  const ok = row.a.enabled && row.s.state === 1 && (await verifyPassword(password, row.a.passwordHash));
  return { ok, account };
}
