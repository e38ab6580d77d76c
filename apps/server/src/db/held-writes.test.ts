import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { HeldWrites } from './held-writes.ts';
import { backgroundTuning, inBackground } from './requests-first.ts';

/**
 * A task's one-statement writes on the embedded database: the next is sent while the one before runs, and the held
 * session still goes to a request (or another task) as soon as it asks, after the statements in flight. Order is
 * checked, not time.
 */
describe('embedded database: held writes', () => {
  let database: Database;
  const tuning = { ...backgroundTuning };
  beforeAll(async () => {
    database = await openDatabase({});
    backgroundTuning.requestGapMs = 300;
    backgroundTuning.maxWaitMs = 10_000;
  }, 120_000);
  afterAll(async () => {
    Object.assign(backgroundTuning, tuning);
    await database?.close();
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const statement = (s: number) => sql`select pg_sleep(${s})`;

  it('sends the next statement before the one in flight is answered', async () => {
    backgroundTuning.busyWindowMs = 0;
    const log: string[] = [];
    await inBackground(async () => {
      const held = HeldWrites.for(database.db, 'pglite');
      if (!held) throw new Error('no held writes on the embedded database');
      const answers = [];
      for (const i of [1, 2]) {
        const { answer } = await held.send((db) => db.execute(statement(0.05)));
        log.push(`sent ${i}`);
        answers.push(answer.then(() => log.push(`answer ${i}`)));
      }
      expect(held.pending).toBe(2);
      await Promise.all(answers);
      await held.release();
    });
    expect(log).toEqual(['sent 1', 'sent 2', 'answer 1', 'answer 2']);
    backgroundTuning.busyWindowMs = tuning.busyWindowMs;
  }, 60_000);

  it('gives the session to a request after the statements in flight, and sends none meanwhile', async () => {
    backgroundTuning.busyWindowMs = 0;
    const log: string[] = [];
    let stop = false;
    const task = inBackground(async () => {
      const held = HeldWrites.for(database.db, 'pglite');
      if (!held) throw new Error('no held writes');
      let n = 0;
      const answers: Promise<unknown>[] = [];
      while (!stop) {
        const i = n++;
        const { answer } = await held.send((db) => db.execute(statement(0.02)));
        log.push(`sent ${i}`);
        answers.push(answer.then(() => log.push(`answer ${i}`)));
        if (held.pending >= 2) await answers.at(-2);
      }
      await held.release();
      await Promise.all(answers);
      return n;
    });
    while (log.length < 6) await sleep(10); // the task is writing
    log.push('request asks');
    await database.exec('select 1');
    log.push('request done');
    const during = log.slice(log.indexOf('request asks'), log.indexOf('request done'));
    // Only answers of statements already sent come before the request: at most the two in flight.
    expect(during.filter((l) => l.startsWith('sent'))).toEqual([]);
    expect(during.filter((l) => l.startsWith('answer')).length).toBeLessThanOrEqual(2);
    await sleep(400);
    stop = true;
    const rounds = await task;
    // The task goes on after the request.
    expect(log.slice(log.indexOf('request done')).some((l) => l.startsWith('sent'))).toBe(true);
    expect(rounds).toBeGreaterThan(6);
    backgroundTuning.busyWindowMs = tuning.busyWindowMs;
  }, 60_000);

  it('lets another task in between its statements, and a failing statement fails alone', async () => {
    backgroundTuning.busyWindowMs = 0;
    let stop = false;
    let sent = 0;
    const writer = inBackground(async () => {
      const held = HeldWrites.for(database.db, 'pglite');
      if (!held) throw new Error('no held writes');
      const bad = await held.send((db) => db.execute(sql`select 1 / 0`));
      const good = await held.send((db) => db.execute(sql`select 42 as n`));
      await expect(bad.answer).rejects.toThrow();
      expect((await good.answer).rows).toEqual([{ n: 42 }]);
      while (!stop) {
        const { answer } = await held.send((db) => db.execute(statement(0.01)));
        sent++;
        if (held.pending >= 2) await answer;
      }
      await held.release();
    });
    while (sent < 3) await sleep(10);
    const other = await inBackground(() =>
      database.db.transaction(async (tx) => (await tx.execute(sql`select 7 as n`)).rows),
    );
    expect(other).toEqual([{ n: 7 }]);
    stop = true;
    await writer;
    backgroundTuning.busyWindowMs = tuning.busyWindowMs;
  }, 60_000);
});
