import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type Db, rowsOf } from '../../db/client.ts';
import { BizError } from '../../platform/errors.ts';

/**
 * Rate limits of the password-guessing surfaces: sign-in, tokens, picture codes, password change and reader
 * verification (desk and SIP2). Each group allows so many calls per minute per client address and per account;
 * over the limit the caller gets HTTP 429 with the envelope, errorCode RATE_LIMITED and a Retry-After header.
 * Counts live in the database (`rate_count`, fixed one-minute windows, one upsert per call): several processes
 * behind a load balancer share them, so together they allow the limit once. The SIP2 login keeps its own limit
 * (3 failed logins close the connection); the SIP2 patron-password failures below are counted in `rate_count` too:
 * self-check machines of one library may be connected to different processes, and a guesser may use several.
 */
export type LimitGroup = 'signIn' | 'token' | 'captcha' | 'password' | 'verify';

/** Calls per minute; 0 = no limit. */
export interface Limit {
  perAddress: number;
  perAccount: number;
}

export const DEFAULT_RATE_LIMITS: Record<LimitGroup, Limit> = {
  signIn: { perAddress: 60, perAccount: 10 },
  token: { perAddress: 120, perAccount: 30 },
  captcha: { perAddress: 60, perAccount: 0 },
  password: { perAddress: 20, perAccount: 5 },
  verify: { perAddress: 60, perAccount: 10 },
};

/** Environment variable of each group: `RATE_LIMIT_SIGNIN=60/10` (per address / per account, per minute). */
export const RATE_LIMIT_ENV: Record<LimitGroup, string> = {
  signIn: 'RATE_LIMIT_SIGNIN',
  token: 'RATE_LIMIT_TOKEN',
  captcha: 'RATE_LIMIT_CAPTCHA',
  password: 'RATE_LIMIT_PASSWORD',
  verify: 'RATE_LIMIT_VERIFY',
};

/** Reads the limits from the environment; a malformed value keeps the default. */
export function loadRateLimits(env: NodeJS.ProcessEnv): Record<LimitGroup, Limit> {
  const out = { ...DEFAULT_RATE_LIMITS };
  for (const group of Object.keys(out) as LimitGroup[]) {
    const m = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(env[RATE_LIMIT_ENV[group]] ?? '');
    if (m)
      out[group] = { perAddress: Number(m[1]), perAccount: m[2] === undefined ? out[group].perAccount : Number(m[2]) };
  }
  return out;
}

let limits = loadRateLimits(process.env);

/** The limits in force. */
export function rateLimits(): Record<LimitGroup, Limit> {
  return limits;
}

/** Tests raise or lower limits (and start counting afresh) without touching process.env. */
export function setRateLimits(next: Partial<Record<LimitGroup, Limit>>): void {
  limits = { ...limits, ...next };
  // Keys of an earlier round are not looked at again.
  round = randomBytes(4).toString('hex');
}
let round = 'r0';

const WINDOW_MS = 60_000;

export const rateLimited = (seconds: number) =>
  new BizError('RATE_LIMITED', 'auth.rateLimited', { seconds }, 429, undefined, 429);

/**
 * Counts a call of `group` from `address` (and on `account` when given) and throws the 429 answer when either
 * is over its limit. Both are counted, so a script spreading guesses over accounts or over addresses is caught.
 * One statement: both windows are counted (or started afresh when over) in `rate_count`.
 */
export async function limitRate(
  db: Db,
  group: LimitGroup,
  who: { address: string; account?: string | null },
  reply?: FastifyReply,
): Promise<void> {
  const limit = limits[group];
  const keys: { key: string; max: number }[] = [];
  if (limit.perAddress > 0) keys.push({ key: `${round}|${group}|ip|${who.address}`, max: limit.perAddress });
  if (who.account && limit.perAccount > 0)
    keys.push({ key: `${round}|${group}|acct|${who.account.toLowerCase()}`, max: limit.perAccount });
  if (!keys.length) return;
  const counted = await rowsOf<{ key: string; n: number; wait: number }>(
    db,
    sql`insert into rate_count (key, n, reset_at)
        values ${sql.join(
          keys.map((k) => sql`(${k.key}, 1, now() + interval '${sql.raw(String(WINDOW_MS / 1000))} seconds')`),
          sql`, `,
        )}
        on conflict (key) do update set
          n = case when rate_count.reset_at <= now() then 1 else rate_count.n + 1 end,
          reset_at = case when rate_count.reset_at <= now() then excluded.reset_at else rate_count.reset_at end
        returning key, n, ceil(extract(epoch from reset_at - now()))::int as wait`,
  );
  let wait = 0;
  for (const c of counted) {
    const max = keys.find((k) => k.key === c.key)!.max;
    if (c.n > max) wait = Math.max(wait, c.wait, 1);
  }
  if (!wait) return;
  reply?.header('retry-after', String(wait));
  throw rateLimited(wait);
}

/**
 * Failures-only counting for checks a machine repeats with every command (the SIP2 patron password): true when
 * `account` already failed `group`'s per-account limit within the minute (then do not check at all). Counted in
 * `rate_count` (key `<round>|<group>|fail|<account>`), so every server process sees the failures of the others.
 */
export async function failuresExceeded(db: Db, group: LimitGroup, account: string): Promise<boolean> {
  const max = limits[group].perAccount;
  if (max <= 0) return false;
  const [w] = await rowsOf<{ n: number }>(
    db,
    sql`select n from rate_count where key = ${`${round}|${group}|fail|${account}`} and reset_at > now()`,
  );
  return !!w && w.n >= max;
}

/** Counts one failure of `account` in `group` (a one-minute window, started afresh when the last one ended). */
export async function countFailure(db: Db, group: LimitGroup, account: string): Promise<void> {
  if (limits[group].perAccount > 0) await withinPace(db, `${group}|fail|${account}`, limits[group].perAccount);
}

/**
 * Counts one call on `key` in its one-minute window in `rate_count` (shared by every server process): true while
 * the window holds at most `perMinute` calls. For paces outside the configured groups (a kiosk's card look-ups).
 */
export async function withinPace(db: Db, key: string, perMinute: number): Promise<boolean> {
  const [c] = await rowsOf<{ n: number }>(
    db,
    sql`insert into rate_count (key, n, reset_at)
        values (${`${round}|${key}`}, 1, now() + interval '${sql.raw(String(WINDOW_MS / 1000))} seconds')
        on conflict (key) do update set
          n = case when rate_count.reset_at <= now() then 1 else rate_count.n + 1 end,
          reset_at = case when rate_count.reset_at <= now() then excluded.reset_at else rate_count.reset_at end
        returning n`,
  );
  return c.n <= perMinute;
}

/**
 * The server's own in-process calls of the token endpoint (GetTokenByCode, RefreshToken → /oauth2/connect/token)
 * carry this header; the outer call was counted already. A random value per process, never sent to clients.
 */
export const INTERNAL_HEADER = 'x-shuyuan-internal';
export const INTERNAL_SECRET = randomBytes(24).toString('base64url');

/** Forgets windows that ended more than a minute ago (the auth module's hourly purge). */
export async function purgeRateCounts(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_count where reset_at < now() - interval '1 minute'`);
}
