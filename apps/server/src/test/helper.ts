import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, type Db, openDatabase, runMigrations } from '../db/client.ts';
import { seedAll } from '../db/seed.ts';
import { issueAccessToken } from '../modules/auth/tokens.ts';
import { role, userRole } from '../modules/auth/role.table.ts';
import { appUser } from '../modules/auth/user.table.ts';
import { school } from '../modules/school/school.table.ts';
import { hashPassword } from '../platform/password.ts';
import { embeddedFromTemplate, pgFromTemplate } from './template.ts';

/** `TEST_TIMEOUT_SCALE=3` on a loaded machine stretches every wait of a test as it stretches vitest's limits. */
export const TEST_SCALE = Number(process.env.TEST_TIMEOUT_SCALE) || 1;

/**
 * API test context: one database per test file (PGlite in memory, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set), migrated and seeded once; `reset()` truncates between tests if a file wants it.
 */
export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The PostgreSQL database of this file (TEST_DATABASE_URL set): another server can be started on it. */
  databaseUrl?: string;
  /** The demo school seeded at start, with its admin. */
  schoolId: number;
  adminId: number;
  adminToken: string;
  /** POST to an endpoint with the admin's token (or `as` another token) and the schoolID header. */
  post(url: string, body?: unknown, opts?: CallOpts): Promise<{ status: number; json: any }>;
  get(url: string, query?: Record<string, unknown>, opts?: CallOpts): Promise<{ status: number; json: any }>;
  inject(opts: InjectOptions): ReturnType<FastifyInstance['inject']>;
}

export interface CallOpts {
  token?: string | null;
  schoolId?: number | null;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
}

export const TEST_ADMIN_PASSWORD = 'Admin#2026pw';

export interface TestAppOptions {
  /** Seed the demo school's library (books, readers, loans: modules/demo); off by default in tests. */
  demoData?: boolean;
  /**
   * Start on an existing embedded data folder (made when beforeAll runs) instead of a fresh database, as `npm start`
   * does with DATA_DIR: migrations and start-up seeding run on it (the upgrade test).
   */
  dataDir?: () => string;
}

export function useTestApp(opts: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const config = {
      ...loadConfig({}),
      adminPassword: TEST_ADMIN_PASSWORD,
      loginCaptcha: false,
      webDist: '/nonexistent',
      demoData: opts.demoData ?? false,
      // Uploads and task results of a test file go to a temporary folder, never the repository's data/.
      dataDir: opts.dataDir?.() ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-test-')),
      backupSchedule: false,
    };
    config.backupDir = path.join(config.dataDir, 'backups');
    let databaseUrl: string | undefined;
    let database: Database;
    if (opts.dataDir || config.demoData) {
      // The upgrade test's own folder, or the demo library (seeded on a first run only): the long way.
      database = await openDatabase({ poolSize: 10, dataDir: opts.dataDir && config.dataDir });
      await runMigrations(database);
      await seedAll(database.db, config);
    } else if (process.env.TEST_DATABASE_URL) {
      const created = await pgFromTemplate(process.env.TEST_DATABASE_URL, config);
      ({ database, drop } = created);
      databaseUrl = created.url;
    } else database = await embeddedFromTemplate(config);
    const app = await buildApp({ config, database });
    await app.ready();
    const [s] = await database.db.select().from(school).limit(1);
    const [a] = await database.db.select().from(appUser).limit(1);
    Object.assign(ctx, {
      app,
      db: database.db,
      database,
      databaseUrl,
      schoolId: s.id,
      adminId: a.id,
      adminToken: await issueAccessToken(database.db, { userId: a.id }),
      inject: (o: InjectOptions) => app.inject(o),
    });
    const call = async (method: 'GET' | 'POST', url: string, payload: any, opts: CallOpts = {}) => {
      const token = opts.token === undefined ? ctx.adminToken : opts.token;
      const sid = opts.schoolId === undefined ? ctx.schoolId : opts.schoolId;
      const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en', ...opts.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      if (sid) headers.schoolid = String(sid);
      const res = await app.inject({
        method,
        url,
        headers,
        ...(method === 'GET' ? { query: payload } : { payload: payload ?? {} }),
      });
      let json: any;
      try {
        json = res.json();
      } catch {
        json = res.body;
      }
      return { status: res.statusCode, json };
    };
    ctx.post = (url, body, opts) => call('POST', url, body, opts);
    ctx.get = (url, query, opts) => call('GET', url, query, opts);
  }, 60_000 * TEST_SCALE);
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    await drop?.();
  });
  return ctx;
}

/** Factory: a school with an administrator role; returns its id. */
export async function buildSchool(db: Db, over: Partial<typeof school.$inferInsert> = {}): Promise<number> {
  const code = over.code ?? `s${randomBytes(3).toString('hex')}`;
  const [s] = await db
    .insert(school)
    .values({ code, name: `School ${code}`, ...over })
    .returning();
  return s.id;
}

/** Factory: a user in `schoolId` holding a role with exactly `permissions`; returns id and a token. */
export async function buildUser(
  db: Db,
  schoolId: number,
  opts: { permissions?: string[]; account?: string; password?: string; identity?: string } = {},
): Promise<{ id: number; account: string; token: string; roleId: number }> {
  const account = opts.account ?? `u${randomBytes(3).toString('hex')}`;
  const [u] = await db
    .insert(appUser)
    .values({
      schoolId,
      account,
      name: `User ${account}`,
      identity: opts.identity ?? 'staff',
      passwordHash: opts.password ? await hashPassword(opts.password) : null,
    })
    .returning();
  const [r] = await db
    .insert(role)
    .values({ schoolId, name: `role-${account}`, permissions: opts.permissions ?? [] })
    .returning();
  await db.insert(userRole).values({ userId: u.id, schoolId, roleId: r.id });
  return { id: u.id, account, roleId: r.id, token: await issueAccessToken(db, { userId: u.id }) };
}

/**
 * The owner of a password set by someone else (an administrator, an import: must change it) chooses their own through
 * the API, as the change-password screen does. Answers a fresh token: the change signs every device out.
 */
export async function choosePassword(
  t: TestContext,
  token: string,
  oldPassword: string,
  newPassword = `${oldPassword}-Own1`,
): Promise<string> {
  const me = await t.get('/micro/basic/v2/open/user/get', undefined, { token, schoolId: null });
  const res = await t.post(
    '/micro/basic/open/user/updatePassword',
    { oldPassword, newPassword, confirmPassword: newPassword },
    { token, schoolId: null },
  );
  if (res.json?.code !== 0) throw new Error(`password change refused: ${JSON.stringify(res.json)}`);
  return issueAccessToken(t.db, { userId: me.json.data.userId });
}

/**
 * Makes the given tasks look dead (heartbeat an hour old), as after a killed process, so the next recovery takes them.
 * Tests age their own tasks instead of shortening `jobTiming.staleMs`: on PostgreSQL the test files share one
 * database, and a recovery with a short staleness would also fail the tasks another file is running. A step under
 * way when the process "died" still commits (with a fresh heartbeat): the rows are aged once they stopped changing.
 */
export async function ageHeartbeats(db: Db, ids: number[]): Promise<void> {
  const these = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  let seen = '';
  for (let i = 0; i < 120; i++) {
    const r = (await db.execute(
      sql`select string_agg(id || ':' || progress || ':' || heartbeat, ',' order by id) as s from job where id in (${these})`,
    )) as unknown as { rows?: { s: string }[] } & { s: string }[];
    const now = String((r.rows ?? r)[0]?.s);
    if (now === seen) break;
    seen = now;
    await new Promise((ok) => setTimeout(ok, 250));
  }
  await db.execute(sql`update job set heartbeat = now() - interval '1 hour' where id in (${these})`);
}

/**
 * Polls `probe` until `ok` accepts its answer, which it returns; the deadline is a time (default 60 s × the scale),
 * not a count of tries: a slow shared machine makes each try slower. Polls every 25 ms at first, then less often
 * (up to 200 ms). On timeout throws an Error made by `what` from the last answer.
 */
export async function waitFor<T>(
  probe: () => Promise<T>,
  ok: (v: T) => boolean,
  o: { timeoutMs?: number; what?: (last: T | undefined) => string } = {},
): Promise<T> {
  const deadline = Date.now() + (o.timeoutMs ?? 60_000) * TEST_SCALE;
  let pause = 25;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (ok(last)) return last;
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(200, Math.round(pause * 1.5));
  }
  throw new Error(o.what?.(last) ?? `gave up waiting after ${(o.timeoutMs ?? 60_000) * TEST_SCALE} ms`);
}

/** A background task's view from `Config/GetProgress` (State 0 pending, 1 running, 2 done, 3 failed, 4 stopped). */
export function taskState(t: TestContext, id: number, as: CallOpts = {}): Promise<any> {
  return t.post(`${P}/Config/GetProgress`, { DataID: id }, as).then((r) => r.json.data);
}

/**
 * Waits for background task `id` to end (done, failed or stopped: State ≥ 2, or one of `states`) as the admin or the
 * caller of `as`, and answers its view; throws naming the task and its last state once `timeoutMs` (× the scale) passed.
 */
export function taskDone(
  t: TestContext,
  id: number,
  o: CallOpts & { timeoutMs?: number; states?: number[] } = {},
): Promise<any> {
  const { timeoutMs, states, ...as } = o;
  return waitFor(
    () => taskState(t, id, as),
    (v) => (states ? states.includes(v?.State) : v?.State >= 2),
    {
      timeoutMs,
      what: (v) =>
        `task ${id} did not ${states ? `reach State ${states.join('/')}` : 'end'} in time: last ` +
        `State ${v?.State}, Progress ${v?.Progress}/${v?.DataCount}, Error ${v?.Error ?? '-'}`,
    },
  );
}
