import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '../../config.ts';
import { verifyToken } from '../../platform/principal.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { createClient } from './client.service.ts';
import { loginLog } from './login-log.table.ts';
import { oidcPayload } from './oidc-payload.table.ts';
import { clearTokenCache } from './token-cache.ts';
import { issueAccessToken } from './tokens.ts';

const who = (token: string, schoolId?: number) =>
  ({ token, ...(schoolId ? { schoolId } : {}) }) as { token: string; schoolId?: number };

describe('access tokens', () => {
  const t = useTestApp();

  const clientToken = async (clientId: string, clientSecret: string) =>
    t.inject({
      method: 'POST',
      url: '/oauth2/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    });

  it('issues client-credentials tokens to a school device client; an expired one answers 99998', async () => {
    const device = await buildUser(t.db, t.schoolId, { permissions: ['sys.company'] });
    const c = await createClient(t.db, { schoolId: t.schoolId, name: 'Self-check 1', userId: device.id });
    const bad = await clientToken(c.clientId, 'wrong-secret');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('invalid_client');

    const res = await clientToken(c.clientId, c.clientSecret);
    expect(res.statusCode).toBe(200);
    const { access_token, token_type, expires_in } = res.json();
    expect(token_type).toBe('Bearer');
    expect(expires_in).toBe(3600);
    expect(await verifyToken(access_token)).toMatchObject({
      ok: true,
      kind: 'client',
      schoolId: t.schoolId,
      userId: device.id,
    });
    const ok = await t.post(`${P}/WebPlat/Authorization`, {}, who(access_token));
    expect(ok.json.data).toMatchObject({ userId: device.id, permissions: ['sys.company'] });

    // Expired: still recognised as a client token (code 99998, the shell fetches a new one).
    await t.db
      .update(oidcPayload)
      .set({ payload: { ...(await payloadOf(access_token)), exp: Math.floor(Date.now() / 1000) - 1 } })
      .where(and(eq(oidcPayload.type, 'ClientCredentials'), eq(oidcPayload.id, access_token)));
    clearTokenCache(t.db); // as when the verifier's few seconds of memory have run out
    const expired = await t.post(`${P}/WebPlat/Authorization`, {}, who(access_token));
    expect(expired.status).toBe(200);
    expect(expired.json).toMatchObject({ code: 99998, success: false });
    // Gone from storage altogether (purged): the prefix still tells it is a client token.
    await t.db.delete(oidcPayload).where(eq(oidcPayload.id, access_token));
    expect((await t.post(`${P}/WebPlat/Authorization`, {}, who(access_token))).json.code).toBe(99998);
    // The grant is logged like a sign-in.
    const logs = await t.db.select().from(loginLog).where(eq(loginLog.account, c.clientId));
    expect(logs[0]).toMatchObject({ method: 'client_credentials', success: true, schoolId: t.schoolId });
  });

  async function payloadOf(id: string) {
    const [r] = await t.db.select().from(oidcPayload).where(eq(oidcPayload.id, id));
    return r.payload;
  }

  it('answers 401 to expired, unknown and revoked user tokens', async () => {
    const u = await buildUser(t.db, t.schoolId, { permissions: [] });
    const expired = await issueAccessToken(t.db, { userId: u.id, ttlSeconds: -1 });
    expect((await t.post(`${P}/WebPlat/Authorization`, {}, who(expired))).status).toBe(401);
    expect((await t.post(`${P}/WebPlat/Authorization`, {}, who('x'.repeat(43)))).status).toBe(401);
    expect((await t.post(`${P}/WebPlat/Authorization`, {}, who(u.token))).status).toBe(200);
    await t.db.delete(oidcPayload).where(eq(oidcPayload.id, u.token));
    clearTokenCache(t.db);
    const revoked = await t.post(`${P}/WebPlat/Authorization`, {}, who(u.token));
    expect(revoked.status).toBe(401);
    expect(revoked.json.msg).toBe('Please login again');
  });

  it('refuses a user of school A acting in school B (403 SCHOOL_FORBIDDEN)', async () => {
    const b = await buildSchool(t.db);
    const u = await buildUser(t.db, t.schoolId, { permissions: ['*'] });
    const res = await t.post(`${P}/WebPlat/Authorization`, {}, who(u.token, b));
    expect(res.status).toBe(403);
    expect(res.json.errorCode).toBe('SCHOOL_FORBIDDEN');
    const own = await t.post(`${P}/WebPlat/Authorization`, {}, who(u.token, t.schoolId));
    expect(own.json.data.schoolIds).toEqual([t.schoolId]);
  });

  it('lets a device token with no user call public endpoints only (403 elsewhere, never 401)', async () => {
    const c = await createClient(t.db, { schoolId: t.schoolId, name: 'Guide screen 1' });
    const { access_token } = (await clientToken(c.clientId, c.clientSecret)).json();
    const pub = await t.get(`${P}/WebPlat/GetPlatConfig`, {}, { token: access_token });
    expect(pub.json.success).toBe(true);
    const staff = await t.post(`${P}/WebPlat/Authorization`, {}, { token: access_token });
    expect(staff.status).toBe(403);
    expect(staff.json.errorCode).toBe('FORBIDDEN');
  });
});
