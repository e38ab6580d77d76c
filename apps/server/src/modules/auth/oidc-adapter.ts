import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthClient } from './oauth-client.table.ts';
import { oidcPayload } from './oidc-payload.table.ts';
import { clearTokenCache } from './token-cache.ts';

type Payload = Record<string, any>;

/**
 * Storage of oidc-provider over the `oidc_payload` table (the same SQL on PGlite and PostgreSQL), so
 * several processes share sessions, grants, codes and tokens. Clients other than the web app come from
 * `oauth_client` (read-only here).
 */
export function makeAdapterClass(db: Db) {
  return class SqlAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const row = {
        id,
        type: this.model,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        accountId: payload.accountId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayload)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayload.type, oidcPayload.id],
          set: {
            payload: row.payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            accountId: row.accountId,
            expiresAt: row.expiresAt,
            consumedAt: null,
          },
        });
    }

    async find(id: string): Promise<Payload | undefined> {
      if (this.model === 'Client') return findClient(db, id);
      return this.findBy(eq(oidcPayload.id, id));
    }

    findByUid(uid: string) {
      return this.findBy(eq(oidcPayload.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findBy(eq(oidcPayload.userCode, userCode));
    }

    private async findBy(cond: ReturnType<typeof eq>): Promise<Payload | undefined> {
      const [r] = await db
        .select({ payload: oidcPayload.payload, expiresAt: oidcPayload.expiresAt, consumedAt: oidcPayload.consumedAt })
        .from(oidcPayload)
        .where(and(eq(oidcPayload.type, this.model), cond))
        .limit(1);
      if (!r || (r.expiresAt && r.expiresAt.getTime() <= Date.now())) return undefined;
      return r.consumedAt ? { ...r.payload, consumed: Math.floor(r.consumedAt.getTime() / 1000) } : r.payload;
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayload)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayload.type, this.model), eq(oidcPayload.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayload).where(and(eq(oidcPayload.type, this.model), eq(oidcPayload.id, id)));
      clearTokenCache(db);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayload).where(eq(oidcPayload.grantId, grantId));
      clearTokenCache(db);
    }
  };
}

/** A device client as oidc-provider metadata; the secret is a hash, checked by compareClientSecret. */
async function findClient(db: Db, clientId: string): Promise<Payload | undefined> {
  const [c] = await db.select().from(oauthClient).where(eq(oauthClient.clientId, clientId)).limit(1);
  if (c?.state !== 1) return undefined;
  return {
    client_id: c.clientId,
    client_secret: c.secretHash,
    client_name: c.name,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_post',
    scope: c.scope,
  };
}

/** Deletes rows expired for more than a day (kept a while so late callers get a clear 'expired'). */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(oidcPayload).where(lt(oidcPayload.expiresAt, sql`now() - interval '1 day'`));
}
