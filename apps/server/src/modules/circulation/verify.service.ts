import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import type { CheckVerifyBody, VerifyAnswer } from '@shuyuan/contracts/circulation/desk';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/password.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { authKey } from '../auth/auth-key.table.ts';
import { stored } from '../auth/oidc-keys.ts';
import { getSetting } from '../settings/settings.service.ts';
import { findReader } from './reader.service.ts';

/**
 * Reader verification before lending (school setting `circ.borrowVerify`): the reader types their own password
 * at the desk (P/readers/checkverify); the answer is a signed token bound to the school and the reader, valid for
 * VERIFY_TTL_MS, which the desk sends with every LiteratureCirc of that reader. Without the setting no token is
 * asked for. The signing key is stored once per database (auth_key), so every server process accepts it.
 */
export const VERIFY_TTL_MS = 30 * 60 * 1000;

const VERIFY_KEY = 'circ-verify-key';
const keys = new WeakMap<Db, Promise<string>>();
/** The database's verification signing key (read once per database handle). */
export function signingKey(db: Db): Promise<string> {
  let k = keys.get(db);
  if (!k) {
    k = stored(db, VERIFY_KEY, () => randomBytes(32).toString('base64url'));
    keys.set(db, k);
  }
  return k;
}

/**
 * The signing key as a command inside a transaction reads it: remembered for `db`, else read through `tx` (never
 * created there: without a stored key no verification was ever issued, and every token is refused).
 */
export async function signingKeyIn(db: Db, tx: Db): Promise<string | null> {
  const k = keys.get(db);
  if (k) return k;
  const [row] = await tx.select().from(authKey).where(eq(authKey.name, VERIFY_KEY)).limit(1);
  if (!row) return null;
  keys.set(db, Promise.resolve(row.value as string));
  return row.value as string;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** P/config/isneedverify: does this school ask readers to verify before lending? */
export async function needVerify(db: Db, scope: Scope): Promise<boolean> {
  return Boolean(await getSetting<boolean>(db, scope, 'circ.borrowVerify'));
}

/** P/readers/checkverify: the reader's password → a verification token (wrong or none set → VERIFY_FAILED). */
export async function checkVerify(
  db: Db,
  scope: Scope,
  body: CheckVerifyBody,
  now = Date.now(),
): Promise<VerifyAnswer> {
  const r = await findReader(db, scope, { readerBarcode: body.readerBarcode });
  if (!r.passwordHash) throw fail(CircError.VERIFY_FAILED, 'circ.verify.noPassword');
  if (!(await verifyPassword(body.password, r.passwordHash))) throw fail(CircError.VERIFY_FAILED, 'circ.verify.wrong');
  const exp = now + VERIFY_TTL_MS;
  const payload = `${scope.schoolId}.${r.id}.${exp}`;
  return {
    verifyToken: `${r.id}.${exp}.${sign(await signingKey(db), payload)}`,
    expiresAt: new Date(exp).toISOString(),
    reader: { id: r.id, account: r.account, name: r.name },
  };
}

/** True when `token` is a valid, unexpired verification of this reader in this school (borrowItem checks it). */
export function tokenMatches(key: string, scope: Scope, readerId: number, token: string, now = Date.now()) {
  const [id, exp, mac] = token.split('.');
  if (Number(id) !== readerId || !(Number(exp) > now) || !mac) return false;
  const want = Buffer.from(sign(key, `${scope.schoolId}.${readerId}.${exp}`));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got);
}
