import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../test/helper.ts';

describe('platform', () => {
  const t = useTestApp();

  it('answers health with the engine in use', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('answers unknown API paths with the envelope and 404', async () => {
    const res = await t.post('/micro/library/web1.0/Nope/Nothing', {}, { lang: 'zh' });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, errorCode: 'ROUTE_NOT_FOUND' });
  });

  it('describes the API as OpenAPI', async () => {
    const res = await t.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.json().openapi).toBe('3.1.0');
  });

  it('builds users in other schools', async () => {
    const other = await buildSchool(t.db);
    const u = await buildUser(t.db, other, { permissions: [] });
    expect(u.token.length).toBeGreaterThan(20);
  });
});
