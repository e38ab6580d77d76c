import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../config.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { loadAuthEnv, setAuthEnv } from './auth-env.ts';

/** A stand-in external OpenID provider: discovery, token and userinfo endpoints. */
async function fakeIssuer(port: number, account: string) {
  const issuer = `http://127.0.0.1:${port}`;
  const op = Fastify();
  await op.register(formbody);
  const seen: Record<string, string>[] = [];
  op.get('/.well-known/openid-configuration', async () => ({
    issuer,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/me`,
    end_session_endpoint: `${issuer}/logout`,
  }));
  op.post('/token', async (req, reply) => {
    const body = req.body as Record<string, string>;
    seen.push(body);
    if (body.code !== 'external-code-0123456789abcdef') return reply.status(400).send({ error: 'invalid_grant' });
    return { access_token: 'ext-access', token_type: 'Bearer', expires_in: 300 };
  });
  op.get('/me', async (req, reply) =>
    req.headers.authorization === 'Bearer ext-access'
      ? { sub: 'x1', preferred_username: account }
      : reply.status(401).send(),
  );
  await op.listen({ port, host: '127.0.0.1' });
  return { issuer, op, seen };
}

describe('an external OpenID provider', () => {
  const t = useTestApp();
  let ext: Awaited<ReturnType<typeof fakeIssuer>>;
  let account: string;

  beforeAll(async () => {
    account = `ext${Date.now() % 100000}`;
    ext = await fakeIssuer(3101 + (process.env.TEST_DATABASE_URL ? 1 : 0), account);
    setAuthEnv({
      ...loadAuthEnv({}),
      external: { issuer: ext.issuer, clientId: 'school-sso', clientSecret: 's3', accountClaim: 'preferred_username' },
    });
  });
  afterAll(async () => {
    setAuthEnv(loadAuthEnv({}));
    await ext?.op.close();
  });

  it('is announced by the platform config and signs users in with our own tokens', async () => {
    const u = await buildUser(t.db, t.schoolId, { account, permissions: ['sys.menu'] });
    const cfg = await t.get(`${P}/WebPlat/GetPlatConfig`, {}, { token: null });
    expect(cfg.json.data).toMatchObject({ authority: ext.issuer, clientId: 'school-sso', external: true });

    const url = 'http://localhost:80/library/#/callback?code=external-code-0123456789abcdef';
    const res = await t.post(
      `${P}/WebPlat/GetTokenByCode`,
      { code: 'external-code-0123456789abcdef', url },
      { token: null },
    );
    expect(res.json.success).toBe(true);
    expect(ext.seen.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'school-sso',
      client_secret: 's3',
      redirect_uri: 'http://localhost:80/library/callback',
    });
    const { access_token, refresh_token } = res.json.data;
    const auth = await t.post(`${P}/WebPlat/Authorization`, {}, { token: access_token });
    expect(auth.json.data).toMatchObject({ userId: u.id, permissions: ['sys.menu'] });
    const refreshed = await t.post(`${P}/WebPlat/RefreshToken`, { refreshToken: refresh_token }, { token: null });
    expect(refreshed.json.success).toBe(true);
    const end = await t.get(`${P}/WebPlat/EndSession`, {}, { token: refreshed.json.data.access_token });
    expect(end.json.data.url).toMatch(new RegExp(`^${ext.issuer}/logout\\?`));

    const wrong = await t.post(
      `${P}/WebPlat/GetTokenByCode`,
      { code: 'another-code-0123456789abc', url },
      { token: null },
    );
    expect(wrong.json).toMatchObject({ success: false, errorCode: 'TOKEN_EXCHANGE_FAILED' });
  });
});
