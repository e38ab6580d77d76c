import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  loginCaptcha: boolean;
  sip2Port: number;
  /** Public origin used in OIDC redirect URIs; defaults to http://localhost:PORT */
  publicUrl: string;
  webDist: string;
  timeZone: string;
  logLevel: string;
  /** Key for secrets stored encrypted (platform/secret-box.ts); default: <dataDir>/secret.key. */
  secretKey: string | undefined;
  /** Seed the demo school's library (books, readers, loans) on the first start; DEMO_DATA=off skips it. */
  demoData: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    loginCaptcha: (env.LOGIN_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    sip2Port: Number(env.SIP2_PORT ?? 6001),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    timeZone: env.TZ_SCHOOL ?? 'Asia/Shanghai',
    logLevel: env.LOG_LEVEL ?? 'info',
    secretKey: env.SECRET_KEY || undefined,
    demoData: (env.DEMO_DATA ?? 'on').toLowerCase() !== 'off',
  };
}

export { P } from '@shuyuan/contracts/common/paths';
