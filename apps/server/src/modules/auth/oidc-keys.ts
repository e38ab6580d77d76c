import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authKey } from './auth-key.table.ts';

export interface ProviderSecrets {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
}

/**
 * Returns a secret stored under `name`, creating it with `make` the first time. Concurrent first starts
 * (several processes) race on the primary key; everyone then reads the one row that won.
 */
export async function stored<T>(db: Db, name: string, make: () => T): Promise<T> {
  await db.insert(authKey).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(authKey).where(eq(authKey.name, name)).limit(1);
  return row.value as T;
}

function newSigningKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] };
}

export async function loadProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const jwks = await stored(db, 'jwks', newSigningKey);
  const cookieKeys = await stored(db, 'cookie-keys', () => [randomBytes(32).toString('base64url')]);
  return { jwks, cookieKeys };
}
