import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  loginCaptcha: boolean;
  sip2Port: number;
  /** The address printed at start and the fallback origin of sign-in; the first of PUBLIC_URL, else http://localhost:PORT. */
  publicUrl: string;
  /**
   * Every origin listed in PUBLIC_URL (comma-separated): the only addresses sign-in issues redirects for. Empty when
   * PUBLIC_URL is unset: then the server's own addresses (localhost, its network interfaces, its host name) are used
   * (platform/origin.ts).
   */
  publicOrigins: string[];
  /**
   * TRUST_PROXY: whose X-Forwarded-For/-Host/-Proto to believe (Fastify's trustProxy). Unset: nobody's; a
   * comma-separated list of addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`: those proxies; `true`:
   * any (only when nothing but the proxy can reach the server).
   */
  trustProxy: boolean | string[];
  webDist: string;
  timeZone: string;
  logLevel: string;
  /** Key for secrets stored encrypted (platform/secret-box.ts); default: <dataDir>/secret.key. */
  secretKey: string | undefined;
  /** Where backups are written (BACKUP_DIR; default <dataDir>/backups). */
  backupDir: string;
  /** The daily backup runs (BACKUP_SCHEDULE=off turns it off; tests do). */
  backupSchedule: boolean;
  /** GET /metrics (Prometheus) is served: METRICS=on, and then only with the METRICS_TOKEN bearer token. */
  metrics: boolean;
  metricsToken: string;
  /** Seed the demo school's library (books, readers, loans) on the first start; DEMO_DATA=off skips it. */
  demoData: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const publicOrigins = (env.PUBLIC_URL ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map(originOf);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const metrics = (env.METRICS ?? 'off').toLowerCase() === 'on';
  const metricsToken = env.METRICS_TOKEN ?? '';
  if (metrics && metricsToken.length < 16)
    throw new Error('METRICS=on needs METRICS_TOKEN (at least 16 characters): /metrics is never served without it');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    backupDir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    metrics,
    metricsToken,
    backupSchedule: (env.BACKUP_SCHEDULE ?? 'on').toLowerCase() !== 'off',
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loginCaptcha: (env.LOGIN_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    sip2Port: Number(env.SIP2_PORT ?? 6001),
    publicUrl: publicOrigins[0] ?? `http://localhost:${port}`,
    publicOrigins,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    timeZone: env.TZ_SCHOOL ?? 'Asia/Shanghai',
    logLevel: env.LOG_LEVEL ?? 'info',
    secretKey: env.SECRET_KEY || undefined,
    demoData: (env.DEMO_DATA ?? 'on').toLowerCase() !== 'off',
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`PUBLIC_URL: "${url}" is not an address such as https://library.school.cn`);
  }
}

export function parseTrustProxy(v: string | undefined): boolean | string[] {
  const s = (v ?? '').trim();
  if (!s || /^(0|false|off|no)$/i.test(s)) return false;
  if (/^(true|on|yes)$/i.test(s)) return true;
  // A hop count cannot tell a proxy from a client that adds hops of its own (Fastify trusts nobody for a number).
  if (/^\d+$/.test(s)) {
    throw new Error(`TRUST_PROXY=${s}: name the proxy instead of a hop count, e.g. loopback or 10.0.0.5`);
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

export { P } from '@shuyuan/contracts/common/paths';
