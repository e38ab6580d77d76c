import type { Db } from '../../db/client.ts';
import { callerMemory, forgetPrincipals, type TokenCheck } from '../../platform/principal.ts';

/**
 * Memory of tokens already verified, because the verifier runs on every request. Only valid tokens are kept, each
 * for at most MAX_AGE_MS and never past its own expiry. Exact across processes: a revoked access token (its row
 * deleted, by any process) moves the callers' version, and the next request anywhere forgets every remembered token
 * (platform/principal.ts `checkCallers`); an entry loaded in an older generation is not used.
 */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 5_000;

export function cachedToken(db: Db, token: string): TokenCheck | undefined {
  const m = callerMemory(db);
  const e = m.tokens.get(token);
  if (!e) return undefined;
  if (e.until <= Date.now() || e.generation !== m.generation) {
    m.tokens.delete(token);
    return undefined;
  }
  return e.check;
}

/** `generation`: callerMemory(db).generation read before the token's row was. */
export function rememberToken(db: Db, token: string, check: TokenCheck, expMs: number, generation: number): void {
  const m = callerMemory(db);
  if (m.tokens.size >= MAX_ENTRIES) m.tokens.clear();
  m.tokens.set(token, { check, until: Math.min(Date.now() + MAX_AGE_MS, expMs), generation });
}

/** Forgets the tokens (and callers) remembered for `db` at once (a revocation made here). */
export function clearTokenCache(db: Db): void {
  forgetPrincipals(db);
}
