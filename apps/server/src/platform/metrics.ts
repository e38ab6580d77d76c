import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { rowsOf } from '../db/client.ts';

/**
 * `GET /metrics` in the Prometheus text format (README "Watching it run"): off unless METRICS=on, and then only
 * with `Authorization: Bearer <METRICS_TOKEN>` — never public. Requests and a latency histogram per route pattern
 * (never the raw URL: ids and queries would make endless series), background tasks by state, the database pool,
 * SIP2 connections, and the process's memory and uptime.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

/** Open SIP2 connections (sip2/server.ts counts them). */
export const sip2Connections = { open: 0 };

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (l: Record<string, string | number>) =>
  `{${Object.entries(l)
    .map(([k, v]) => `${k}="${esc(String(v))}"`)
    .join(',')}}`;

export function installMetrics(app: FastifyInstance): void {
  const { metrics, metricsToken } = app.config;
  if (!metrics) return;
  const requests = new Map<string, number>();
  const latency = new Map<string, Series>();
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions?.url ?? 'unmatched';
    if (route === '/metrics') return;
    const method = req.method;
    const key = `${method} ${route} ${reply.statusCode}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    const lk = `${method} ${route}`;
    let s = latency.get(lk);
    if (!s) {
      s = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      latency.set(lk, s);
    }
    const secs = reply.elapsedTime / 1000;
    s.count++;
    s.sum += secs;
    for (let i = 0; i < BUCKETS.length; i++) if (secs <= BUCKETS[i]) s.buckets[i]++;
  });

  const want = Buffer.from(`Bearer ${metricsToken}`);
  app.get('/metrics', async (req, reply) => {
    const got = Buffer.from(req.headers.authorization ?? '');
    if (got.length !== want.length || !timingSafeEqual(got, want)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send('metrics need the METRICS_TOKEN bearer token\n');
    }
    const out: string[] = [];
    out.push('# HELP shuyuan_http_requests_total Answered HTTP requests by route pattern and status.');
    out.push('# TYPE shuyuan_http_requests_total counter');
    for (const [k, n] of requests) {
      const [method, route, status] = k.split(' ');
      out.push(`shuyuan_http_requests_total${labels({ method, route, status })} ${n}`);
    }
    out.push('# HELP shuyuan_http_request_duration_seconds Server time of answers by route pattern.');
    out.push('# TYPE shuyuan_http_request_duration_seconds histogram');
    for (const [k, s] of latency) {
      const [method, route] = k.split(' ');
      for (let i = 0; i < BUCKETS.length; i++)
        out.push(
          `shuyuan_http_request_duration_seconds_bucket${labels({ method, route, le: BUCKETS[i] })} ${s.buckets[i]}`,
        );
      out.push(`shuyuan_http_request_duration_seconds_bucket${labels({ method, route, le: '+Inf' })} ${s.count}`);
      out.push(`shuyuan_http_request_duration_seconds_sum${labels({ method, route })} ${s.sum}`);
      out.push(`shuyuan_http_request_duration_seconds_count${labels({ method, route })} ${s.count}`);
    }
    const jobs = await rowsOf<{ state: number; n: number }>(
      app.database.db,
      sql`select state, count(*)::int as n from job where key is null group by state`,
    );
    const names = ['pending', 'running', 'done', 'failed', 'stopped'];
    out.push('# HELP shuyuan_jobs Background tasks (all processes) by state.');
    out.push('# TYPE shuyuan_jobs gauge');
    for (let st = 0; st < names.length; st++)
      out.push(`shuyuan_jobs${labels({ state: names[st] })} ${jobs.find((j) => j.state === st)?.n ?? 0}`);
    const pool = (app.database.db as unknown as { $client?: pg.Pool }).$client;
    if (pool && typeof pool.totalCount === 'number') {
      out.push('# HELP shuyuan_db_pool_connections Database pool connections of this process.');
      out.push('# TYPE shuyuan_db_pool_connections gauge');
      out.push(
        `shuyuan_db_pool_connections${labels({ state: 'total', engine: app.database.kind })} ${pool.totalCount}`,
      );
      out.push(`shuyuan_db_pool_connections${labels({ state: 'idle', engine: app.database.kind })} ${pool.idleCount}`);
      out.push('# HELP shuyuan_db_pool_waiting Queries waiting for a pool connection.');
      out.push('# TYPE shuyuan_db_pool_waiting gauge');
      out.push(`shuyuan_db_pool_waiting ${pool.waitingCount}`);
    }
    out.push('# HELP shuyuan_sip2_connections Open SIP2 connections (self-check machines).');
    out.push('# TYPE shuyuan_sip2_connections gauge');
    out.push(`shuyuan_sip2_connections ${sip2Connections.open}`);
    out.push('# HELP process_resident_memory_bytes Resident memory.');
    out.push('# TYPE process_resident_memory_bytes gauge');
    out.push(`process_resident_memory_bytes ${process.memoryUsage().rss}`);
    out.push('# HELP process_uptime_seconds Seconds since the process started.');
    out.push('# TYPE process_uptime_seconds gauge');
    out.push(`process_uptime_seconds ${process.uptime()}`);
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(`${out.join('\n')}\n`);
  });
}
