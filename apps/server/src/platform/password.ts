import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

// Memory-hard: N=2^15, r=8 → 32 MiB per hash, ~50 ms. Stored as scrypt$N$r$p$salt$hash (base64).
const N = 1 << 15;
const R = 8;
const PAR = 1;
const MAXMEM = 64 * 1024 * 1024;

export async function hashPassword(pw: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(pw, salt, 32, { N, r: R, p: PAR, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${PAR}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(pw: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt') return false;
  const expected = Buffer.from(hash, 'base64');
  const got = await scrypt(pw, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** A random password that satisfies the policy (more than 8 characters, all four kinds). */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#%&*?'];
  const bytes = randomBytes(14);
  const chars = [...bytes].map((b, i) => {
    const set = sets[i % sets.length];
    return set[b % set.length];
  });
  return chars.join('');
}
