import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/helper.ts';

const t = useTestApp();
const TOKEN = 'metrics-token-0123456789';
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp({ config: { ...t.app.config, metrics: true, metricsToken: TOKEN }, database: t.database });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('/metrics', () => {
  it('is not served unless METRICS=on, and METRICS=on needs a token', async () => {
    expect((await t.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(() => loadConfig({ METRICS: 'on' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS: 'on', METRICS_TOKEN: TOKEN }).metrics).toBe(true);
  });

  it('answers only with the bearer token, in the Prometheus text format', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const r = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(r.statusCode).toBe(401);
      expect(r.body).not.toContain('shuyuan_');
    }
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'POST', url: `${P}/Config/GetProgress`, payload: { DataID: 1 } });
    const r = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    const text = r.body;
    expect(text).toContain('shuyuan_http_requests_total{method="GET",route="/healthz",status="200"} 2');
    // Route patterns, not raw addresses; a refused call is counted with its status.
    expect(text).toContain(`shuyuan_http_requests_total{method="POST",route="${P}/Config/GetProgress",status="401"} 1`);
    expect(text).toContain('shuyuan_http_request_duration_seconds_bucket{method="GET",route="/healthz",le="+Inf"} 2');
    expect(text).toContain('shuyuan_http_request_duration_seconds_count{method="GET",route="/healthz"} 2');
    expect(text).toMatch(/shuyuan_jobs\{state="running"\} \d+/);
    expect(text).toMatch(/shuyuan_db_pool_connections\{state="total",engine="(pglite|postgres)"\} \d+/);
    expect(text).toContain('shuyuan_sip2_connections 0');
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    // Every sample line is `name{labels} value`.
    for (const line of text
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#')))
      expect(line).toMatch(/^[a-z_0-9]+(\{[^}]*\})? [0-9.e+-]+$/);
  });
});
