import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase, rowsOf } from '../db/client.ts';
import { rateLimits, setRateLimits, withinPace } from '../modules/auth/rate-limit.ts';
import type { Reader } from '../modules/circulation/reader.service.ts';
import { checkPassword } from '../modules/circulation/sip-patron.ts';
import { hashPassword } from './password.ts';
import { buildUser, choosePassword, useTestApp } from '../test/helper.ts';
import { registerJobKind, registerSchedule, tick } from './jobs/jobs.ts';

/**
 * Two servers on one PostgreSQL database, as behind a load balancer (README "Several servers"): server A is the test
 * app, server B a second app with its own database pool on the same database. Each app keeps its own memory of
 * callers and configuration (per database handle), as two processes do. The PostgreSQL run only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('several servers on one PostgreSQL database', () => {
  const t = useTestApp();
  let b: FastifyInstance;
  let databaseB: Database;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    databaseB = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 5 });
    b = await buildApp({ config: t.app.config, database: databaseB });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await databaseB?.close();
  });

  /** A call to one server, as the web app makes it. */
  async function call(
    app: FastifyInstance,
    url: string,
    body: unknown,
    token: string | null = t.adminToken,
    method: 'GET' | 'POST' = 'POST',
  ) {
    const res = await app.inject({
      method,
      url,
      ...(method === 'GET' ? {} : { payload: (body ?? {}) as object }),
      headers: {
        'accept-language': 'en',
        schoolid: String(t.schoolId),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return { status: res.statusCode, json: res.json() };
  }
  const me = (app: FastifyInstance, token: string) =>
    call(app, '/micro/basic/v2/open/user/get', undefined, token, 'GET');

  it('runs a scheduled task once when both servers find it due', async () => {
    const runs: string[] = [];
    registerSchedule('two-servers-probe', { everyMs: 60 * 60_000 }, async (app) => {
      runs.push(app === t.app ? 'A' : 'B');
      await sleep(30);
    });
    await Promise.all([tick(t.app), tick(b)]);
    for (let round = 1; round <= 4; round++) {
      // Due now (as when the hour comes), for both servers at once.
      await t.db.execute(
        sql`update job set run_at = now() - interval '1 second' where key = 'schedule:two-servers-probe'`,
      );
      await Promise.all([tick(t.app), tick(b), tick(t.app), tick(b)]);
      expect(runs).toHaveLength(round);
    }
    const [row] = await rowsOf<{ progress: number; state: number }>(
      t.db,
      sql`select progress, state from job where key = 'schedule:two-servers-probe'`,
    );
    expect(row).toEqual({ progress: 4, state: 2 });
  });

  it('gives each queued background task to exactly one server', async () => {
    const ran: number[] = [];
    registerJobKind('test.two-servers', async (job) => {
      ran.push(job.id);
      await sleep(20);
    });
    const ids = await rowsOf<{ id: number }>(
      t.db,
      sql`insert into job (school_id, operation_type, file_name, state)
          select ${t.schoolId}, 'test.two-servers', 'task-' || g, 0 from generate_series(1, 8) g returning id`,
    );
    await Promise.all([tick(t.app), tick(b)]);
    for (let i = 0; i < 200; i++) {
      const [left] = await rowsOf<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from job where operation_type = 'test.two-servers' and state <> 2`,
      );
      if (!left.n) break;
      await sleep(50);
    }
    expect(ran.sort((x, y) => x - y)).toEqual(ids.map((r) => r.id).sort((x, y) => x - y));
  });

  it('signs a user out on B at once when A changes their password', async () => {
    const u = await buildUser(t.db, t.schoolId, { password: 'First#2026pw' });
    const token = await choosePassword(t, u.token, 'First#2026pw', 'Second#2026pw');
    expect((await me(b, token)).status).toBe(200);
    expect((await me(b, token)).status).toBe(200); // remembered by B now
    const changed = await call(
      t.app,
      '/micro/basic/open/user/updatePassword',
      { oldPassword: 'Second#2026pw', newPassword: 'Third#2026pw', confirmPassword: 'Third#2026pw' },
      token,
    );
    expect(changed.json.success).toBe(true);
    expect((await me(b, token)).status).toBe(401);
  });

  it("honours on B at once a role's new permissions and a disabled account set on A", async () => {
    const clerk = await buildUser(t.db, t.schoolId, { permissions: [] });
    const screen = () => call(b, `${P}/Config/GetSettingList`, { screen: 'setting' }, clerk.token);
    expect((await screen()).status).toBe(403);
    expect((await screen()).status).toBe(403);
    const grant = await call(t.app, `${P}/Role/SetRolePermissions`, { id: clerk.roleId, permissions: ['setting'] });
    expect(grant.json.success).toBe(true);
    expect((await screen()).status).toBe(200);
    const revoke = await call(t.app, `${P}/Role/SetRolePermissions`, { id: clerk.roleId, permissions: [] });
    expect(revoke.json.success).toBe(true);
    expect((await screen()).status).toBe(403);

    expect((await me(b, clerk.token)).status).toBe(200);
    const off = await call(t.app, `${P}/Role/SetUserState`, { userId: clerk.id, state: 0 });
    expect(off.json.success).toBe(true);
    expect((await me(b, clerk.token)).status).toBe(401);
  });

  it('shows on B a setting saved on A', async () => {
    const read = async () => (await call(b, `${P}/Config/GetConfigData`, { keys: ['opac.welcome'] })).json.data;
    const before = JSON.stringify(await read());
    const save = await call(t.app, `${P}/Config/SaveSettings`, {
      screen: 'search-mana',
      values: { 'opac.welcome': 'Welcome from server A' },
    });
    expect(save.json).toMatchObject({ success: true });
    const after = JSON.stringify(await read());
    expect(after).not.toBe(before);
    expect(after).toContain('Welcome from server A');
  });

  it('counts sign-in attempts across both servers', async () => {
    const saved = rateLimits();
    setRateLimits({ captcha: { perAddress: 3, perAccount: 0 } });
    try {
      const picture = (app: FastifyInstance) =>
        call(app, `${P}/Home/ImageCaptCha?v=${Math.random()}`, undefined, null, 'GET');
      expect((await picture(t.app)).status).toBe(200);
      expect((await picture(b)).status).toBe(200);
      expect((await picture(t.app)).status).toBe(200);
      // The fourth in the minute, wherever it lands, is over the limit.
      const fourth = await picture(b);
      expect(fourth.status).toBe(429);
      expect(fourth.json.errorCode).toBe('RATE_LIMITED');
    } finally {
      setRateLimits(saved);
    }
  });

  it('counts SIP2 patron-password failures and kiosk card look-ups across both servers', async () => {
    const saved = rateLimits();
    setRateLimits({ verify: { perAddress: 100, perAccount: 2 } });
    try {
      // Self-check machines of one library connected to different processes: A sees one wrong PIN, B another.
      const reader = { id: 515151, passwordHash: await hashPassword('Right#2026') } as Reader;
      const dbA = t.db;
      const dbB = databaseB.db;
      expect(await checkPassword(dbB, reader, 'Right#2026', true)).toBe(true);
      expect(await checkPassword(dbA, reader, 'guess-1', true)).toBe(false);
      expect(await checkPassword(dbB, reader, 'Right#2026', true)).toBe(true);
      expect(await checkPassword(dbB, reader, 'guess-2', true)).toBe(false);
      // Two failures in the minute, one on each server: both now refuse even the right PIN.
      expect(await checkPassword(dbA, reader, 'Right#2026', true)).toBe(false);
      expect(await checkPassword(dbB, reader, 'Right#2026', true)).toBe(false);
      // The count is the database's (what a third process would see), not either server's memory.
      await dbB.execute(sql`delete from rate_count where key like '%verify|fail|reader:515151'`);
      expect(await checkPassword(dbA, reader, 'Right#2026', true)).toBe(true);

      // A kiosk whose calls land on both servers gets 30 look-ups a minute in all, not 30 on each.
      const paces = [];
      for (let i = 0; i < 31; i++) paces.push(await withinPace(i % 2 ? dbB : dbA, 'kiosk|two-servers', 30));
      expect(paces.filter(Boolean)).toHaveLength(30);
      expect(paces.at(-1)).toBe(false);
    } finally {
      setRateLimits(saved);
    }
  });
});
