import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../platform/password.ts';
import type { SeedContext } from '../index.ts';
import { DEMO_SCHOOL_CODE } from '../school/school.seed.ts';
import { school } from '../school/school.table.ts';
import { oauthClient } from './oauth-client.table.ts';

/** Registers a device client of a school; the secret is returned once and only its hash is kept. */
export async function createClient(
  db: Db,
  opts: { schoolId: number; name: string; clientId?: string; userId?: number },
): Promise<{ clientId: string; clientSecret: string }> {
  const clientId = opts.clientId ?? `device-${randomBytes(6).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  await db.insert(oauthClient).values({
    schoolId: opts.schoolId,
    clientId,
    name: opts.name,
    userId: opts.userId ?? null,
    secretHash: await hashPassword(clientSecret),
  });
  return { clientId, clientSecret };
}

/** First start: the demo school's desktop-shell client, its secret printed once like the admin password. */
export async function seedClients(db: Db, ctx: SeedContext): Promise<void> {
  if (!ctx.firstRun) return;
  const [s] = await db.select({ id: school.id }).from(school).where(eq(school.code, DEMO_SCHOOL_CODE)).limit(1);
  if (!s) return;
  const clientId = `desktop-${DEMO_SCHOOL_CODE}`;
  const [exists] = await db.select().from(oauthClient).where(eq(oauthClient.clientId, clientId)).limit(1);
  if (exists) return;
  const c = await createClient(db, { schoolId: s.id, name: 'Desktop shell', clientId });
  ctx.notices.push(
    `Desktop shell client: client_id=${c.clientId} client_secret=${c.clientSecret}  (shown only once; POST /oauth2/connect/token)`,
  );
}
