import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from './client.ts';
import { inRequest } from './request-state.ts';
import { backgroundTuning, inBackground } from './requests-first.ts';

/**
 * The embedded database's one session goes to requests first: a desk's statements are not queued behind each step
 * of a task running at the same time (db/requests-first.ts requestsFirst). On PostgreSQL likewise while a task runs (the
 * cores, not the connections, are what a loan would share). Order is checked, not time.
 */
const engines = [
  { name: 'embedded database', open: {} },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', open: { databaseUrl: process.env.TEST_DATABASE_URL } }]
    : []),
];
describe.each(engines)('$name: requests before background work', ({ open }) => {
  let database: Database;
  const tuning = { ...backgroundTuning };
  beforeAll(async () => {
    database = await openDatabase(open);
    // Wide enough that a loaded machine's pause between two statements of one request never looks like its end.
    backgroundTuning.requestGapMs = 300;
    backgroundTuning.maxWaitMs = 10_000;
  }, 120_000);
  afterAll(async () => {
    Object.assign(backgroundTuning, tuning);
    await database?.close();
  });

  it('runs a request’s statements back to back while a task’s transactions wait, and the task still finishes', async () => {
    const log: string[] = [];
    let stop = false;
    const task = inBackground(async () => {
      let n = 0;
      while (!stop) {
        await database.db.transaction(async (tx) => {
          log.push(`task ${n} start`);
          await tx.execute('select pg_sleep(0.01)' as never);
          log.push(`task ${n} end`);
        });
        n++;
      }
      return n;
    });
    while (!log.length) await new Promise((r) => setTimeout(r, 20)); // the task is running
    // A desk's loan: five statements, each taking the session again.
    for (let i = 0; i < 5; i++) {
      await database.exec('select 1');
      log.push(`request ${i}`);
    }
    const requestPart = log.slice(log.indexOf('request 0'), log.indexOf('request 4') + 1);
    expect(requestPart.filter((l) => l.startsWith('task') && l.endsWith('start'))).toEqual([]);
    // The task goes on once the request has left the session alone.
    await new Promise((r) => setTimeout(r, 600));
    stop = true;
    const rounds = await task;
    expect(log.slice(log.indexOf('request 4')).some((l) => l.startsWith('task') && l.endsWith('start'))).toBe(true);
    expect(rounds).toBeGreaterThan(1);
  }, 60_000);

  // Background work takes one connection at a time, on both engines (the embedded database's one session; on
  // PostgreSQL two tasks' backends at once took the cores from the desk's).
  it('a request waits for one task’s transaction at most, not for each of two tasks', async () => {
    const log: string[] = [];
    let stop = false;
    const task = (name: string) =>
      inBackground(async () => {
        while (!stop)
          await database.db.transaction(async (tx) => {
            log.push(`${name} start`);
            await tx.execute('select pg_sleep(0.05)' as never);
          });
      });
    const tasks = [task('a'), task('b')];
    while (!log.length) await new Promise((r) => setTimeout(r, 20)); // the tasks are running
    // Long after the last request: both tasks find the session free of requests.
    await new Promise((r) => setTimeout(r, 2 * backgroundTuning.requestGapMs));
    const sent = log.length;
    await database.exec('select 1');
    const before = log.slice(sent);
    stop = true;
    await Promise.all(tasks);
    // The task holding the session when the request came may finish; no other task starts before the request.
    expect(before).toEqual([]);
  }, 60_000);

  it('runs two tasks’ transactions one after the other, never at once', async () => {
    let inside = 0;
    let most = 0;
    const task = () =>
      inBackground(async () => {
        for (let i = 0; i < 4; i++)
          await database.db.transaction(async (tx) => {
            most = Math.max(most, ++inside);
            await tx.execute('select pg_sleep(0.03)' as never);
            inside--;
          });
      });
    await Promise.all([task(), task()]);
    expect(most).toBe(1);
  }, 60_000);

  /** Six 40 ms transactions of a task: how long each held its connection and how long the task rested before the next. */
  const turns = async () => {
    const spans: { start: number; end: number }[] = [];
    await inBackground(async () => {
      for (let i = 0; i < 6; i++)
        await database.db.transaction(async (tx) => {
          const start = performance.now();
          await tx.execute('select pg_sleep(0.04)' as never);
          spans.push({ start, end: performance.now() });
        });
    });
    return spans.slice(1).map((s, i) => ({ held: spans[i].end - spans[i].start, rest: s.start - spans[i].end }));
  };

  it('rests between a task’s transactions as long as each held its connection while requests come, not otherwise', async () => {
    backgroundTuning.busyWindowMs = 60_000;
    await database.exec('select 1'); // a request: the duty cycle applies
    for (const t of await turns()) expect(t.rest).toBeGreaterThanOrEqual(t.held - 2);
    backgroundTuning.busyWindowMs = 0; // no request counts as recent: flat out
    const idle = await turns();
    expect(idle.reduce((a, t) => a + t.rest, 0)).toBeLessThan(idle.reduce((a, t) => a + t.held, 0) / 2);
    backgroundTuning.busyWindowMs = tuning.busyWindowMs;
  }, 60_000);

  it('keeps its pace when only a screen’s timer asks (a task’s progress poll), not a person', async () => {
    backgroundTuning.busyWindowMs = 1000;
    backgroundTuning.requestGapMs = tuning.requestGapMs; // the request's end is seen at once: only the rest counts
    await new Promise((r) => setTimeout(r, 1100)); // earlier tests' requests out of the window
    // Each asked while the task runs (PostgreSQL counts requests only then), during its first transaction.
    const whileRunning = async (poll: boolean) => {
      const running = turns();
      await new Promise((r) => setTimeout(r, 10));
      await inRequest(() => database.exec('select 1'), poll);
      return running;
    };
    const polled = await whileRunning(true); // the progress poll
    expect(polled.reduce((a, t) => a + t.rest, 0)).toBeLessThan(polled.reduce((a, t) => a + t.held, 0) / 2);
    await new Promise((r) => setTimeout(r, 1100));
    // A person's request: the duty cycle applies.
    for (const t of await whileRunning(false)) expect(t.rest).toBeGreaterThanOrEqual(t.held - 2);
    backgroundTuning.busyWindowMs = tuning.busyWindowMs;
    backgroundTuning.requestGapMs = 300;
  }, 60_000);

  it('lets a task in after a while even when requests never pause', async () => {
    backgroundTuning.maxWaitMs = 200;
    let stop = false;
    const requests = (async () => {
      while (!stop) await database.exec('select 1');
    })();
    const task = await inBackground(async () => {
      await database.exec('select 2');
      return 'ran';
    });
    stop = true;
    await requests;
    expect(task).toBe('ran');
  }, 60_000);
});

/**
 * PostgreSQL: a background transaction does not wait for the WAL's fsync at commit (db/requests-first.ts
 * backgroundCommitsAsync), so a desk's commit does not queue behind an import's; a request's commits stay durable.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: background commits', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });
  const setting = (db: Database['db']) =>
    db.transaction(async (tx) => {
      const [r] = await rowsOf<{ s: string }>(tx, sql`select current_setting('synchronous_commit') as s`);
      return r.s;
    });

  it('commits background transactions without waiting for the disk, and requests’ as before', async () => {
    expect(await inBackground(() => setting(database.db))).toBe('off');
    expect(await setting(database.db)).toBe('on');
    // Only that transaction: the connection goes back to the pool as it was.
    const [r] = await rowsOf<{ s: string }>(database.db, sql`select current_setting('synchronous_commit') as s`);
    expect(r.s).toBe('on');
  });
});
