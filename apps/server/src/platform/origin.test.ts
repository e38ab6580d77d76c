import os from 'node:os';
import { P } from '@shuyuan/contracts/common/paths';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig, parseTrustProxy } from '../config.ts';
import { loginLog } from '../modules/auth/login-log.table.ts';
import { authorizeUrl, pkce, startSignIn } from '../modules/auth/oidc-test-client.ts';
import { useTestApp } from '../test/helper.ts';

/** Issue 10 §3: proxies are trusted only when TRUST_PROXY says so; sign-in addresses come from PUBLIC_URL only. */
describe('origin and proxies', () => {
  const t = useTestApp();
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  /** The same server with other settings (same database). */
  const appWith = async (over: Partial<Config>) => {
    const a = await buildApp({ config: { ...t.app.config, ...over }, database: t.database });
    apps.push(a);
    return a;
  };
  const lastLoginIp = async () =>
    (await t.db.select({ ip: loginLog.ip }).from(loginLog).orderBy(desc(loginLog.id)).limit(1))[0]?.ip;
  // Each call uses an account and address without an earlier failure: after one, the picture code is asked for.
  const failedSignIn = async (app: FastifyInstance, headers: Record<string, string>, account = 'admin') => {
    const { uid } = await startSignIn(t);
    const res = await app.inject({
      method: 'POST',
      url: `${P}/Home/Login`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: { uid, account, password: 'wrong-password' },
    });
    expect(res.json().errorCode).toBe('BAD_CREDENTIALS');
  };
  const platConfig = async (app: FastifyInstance, headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `${P}/WebPlat/GetPlatConfig`, headers })).json().data;

  it('keeps a spoofed X-Forwarded-For out of the sign-in log unless the proxy is trusted', async () => {
    await failedSignIn(t.app, { 'x-forwarded-for': '6.6.6.6' });
    expect(await lastLoginIp()).toBe('127.0.0.1');

    // The proxy in front (here: the loopback address inject comes from) is named: its header is believed.
    const behindProxy = await appWith({ trustProxy: parseTrustProxy('loopback') });
    await failedSignIn(behindProxy, { 'x-forwarded-for': '6.6.6.6' }, 'someone-else');
    expect(await lastLoginIp()).toBe('6.6.6.6');
  });

  it('reads TRUST_PROXY as nobody, any, or the named proxies; a hop count is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => parseTrustProxy('1')).toThrow(/name the proxy/);
  });

  it('never accepts a redirect to a host the request names, trusted proxy or not', async () => {
    const challenge = pkce().challenge;
    for (const app of [t.app, await appWith({ trustProxy: true })]) {
      const spoofs: Record<string, string>[] = [{ 'x-forwarded-host': 'evil.example' }, { host: 'evil.example' }];
      for (const headers of spoofs) {
        for (const scheme of ['http', 'https']) {
          const res = await app.inject({
            method: 'GET',
            url: authorizeUrl(challenge, `${scheme}://evil.example/library/callback`),
            headers: { ...headers, 'x-forwarded-proto': scheme },
          });
          expect(res.statusCode).toBe(400);
          expect(res.headers.location).toBeUndefined();
        }
        // The web app is told the machine's own address: the Host inject sends (localhost), or when the named host
        // is not the machine's, the default http://localhost:PORT.
        const cfg = await platConfig(app, headers);
        const own = 'host' in headers || app !== t.app ? 'http://localhost:3000' : 'http://localhost:80';
        expect(cfg.redirectUri).toBe(`${own}/library/callback`);
        expect(cfg.authority).toBe(`${own}/oauth2`);
      }
    }
  });

  it('without PUBLIC_URL, signs in on any of the machine own addresses (a LAN IP) as the browser used it', async () => {
    const lan =
      Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1';
    const host = `${lan}:3000`;
    const cfg = await platConfig(t.app, { host });
    expect(cfg.redirectUri).toBe(`http://${host}/library/callback`);
    expect(cfg.authority).toBe(`http://${host}/oauth2`);
    const res = await t.inject({
      method: 'GET',
      url: authorizeUrl(pkce().challenge, `http://${host}/library/callback`),
      headers: { host },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/\/library\/#\/auth\?uid=/);
    expect((await platConfig(t.app, { host: 'localhost:3000' })).redirectUri).toBe(
      'http://localhost:3000/library/callback',
    );
  });

  it('with PUBLIC_URL, uses only the addresses it lists (with their scheme), the first for any other host', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://lib.school.cn, http://10.1.2.3:3000/' });
    expect(config.publicOrigins).toEqual(['https://lib.school.cn', 'http://10.1.2.3:3000']);
    expect(config.publicUrl).toBe('https://lib.school.cn');
    const app = await appWith({ publicOrigins: config.publicOrigins, publicUrl: config.publicUrl });
    expect((await platConfig(app, { host: 'lib.school.cn' })).redirectUri).toBe(
      'https://lib.school.cn/library/callback',
    );
    expect((await platConfig(app, { host: '10.1.2.3:3000' })).redirectUri).toBe(
      'http://10.1.2.3:3000/library/callback',
    );
    for (const host of ['evil.example', 'localhost:3000', '10.1.2.3:4000']) {
      expect((await platConfig(app, { host })).redirectUri).toBe('https://lib.school.cn/library/callback');
    }
    const res = await app.inject({
      method: 'GET',
      url: authorizeUrl(pkce().challenge, 'https://lib.school.cn/library/callback'),
      headers: { host: 'lib.school.cn' },
    });
    expect(res.statusCode).toBe(303);
  });
});
