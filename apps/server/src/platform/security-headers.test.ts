import { afterEach, describe, expect, it } from 'vitest';
import { authEnv, setAuthEnv } from '../modules/auth/auth-env.ts';
import { useTestApp } from '../test/helper.ts';

const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

/** Issue 10 §3: security headers on the API, the web app and the provider's pages. */
describe('security headers', () => {
  const t = useTestApp();
  const before = authEnv();
  afterEach(() => setAuthEnv(before));

  it('puts a policy without inline script and no framing on API answers, provider pages and refusals', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/healthz' },
      { method: 'GET' as const, url: '/oauth2/.well-known/openid-configuration' },
      { method: 'GET' as const, url: '/oauth2/session/end' },
      { method: 'POST' as const, url: '/micro/no/such/route' },
      { method: 'GET' as const, url: '/library/%00' },
    ]) {
      const res = await t.inject(req);
      const csp = directives(res.headers['content-security-policy']);
      // The provider adds the hash of an inline script it renders itself (oidc-provider's script_src_sha).
      expect(csp['script-src'][0], req.url).toBe("'self'");
      for (const src of csp['script-src'].slice(1)) expect(src, req.url).toMatch(/^'sha256-[\w+/=]+'$/);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'self'", 'blob:']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('asks for https only on answers served over https, not when a client merely claims it', async () => {
    const spoofed = await t.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const { buildApp } = await import('../app.ts');
    const app = await buildApp({ config: { ...t.app.config, trustProxy: ['loopback'] }, database: t.database });
    try {
      const viaProxy = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await app.inject({ method: 'GET', url: '/healthz' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('lets the browser reach an external OpenID provider when one is configured', async () => {
    expect(
      directives((await t.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'])[
        'connect-src'
      ],
    ).not.toContain('https://sso.school.cn');
    setAuthEnv({
      ...before,
      external: { issuer: 'https://sso.school.cn/realms/x', clientId: 'lib', accountClaim: 'sub' },
    });
    const csp = directives((await t.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://sso.school.cn']);
  });
});
