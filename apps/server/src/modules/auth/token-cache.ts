import type { TokenCheck } from '../../platform/principal.ts';

/**
 * Short-lived memory of tokens already verified, because the verifier runs on every request. Only valid
 * tokens are kept, each for at most MAX_AGE_MS and never past its own expiry. Any revocation in this
 * process clears it at once; another process sharing the database may accept a revoked token for at most
 * MAX_AGE_MS.
 */
const MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  check: TokenCheck;
  /** Epoch ms after which the entry must be looked up again. */
  until: number;
}

const cache = new Map<string, Entry>();

export function cachedToken(token: string): TokenCheck | undefined {
  const e = cache.get(token);
  if (!e) return undefined;
  if (e.until <= Date.now()) {
    cache.delete(token);
    return undefined;
  }
  return e.check;
}

export function rememberToken(token: string, check: TokenCheck, expMs: number): void {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(token, { check, until: Math.min(Date.now() + MAX_AGE_MS, expMs) });
}

export function clearTokenCache(): void {
  cache.clear();
}
