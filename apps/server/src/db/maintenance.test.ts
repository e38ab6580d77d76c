import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from './client.ts';
import { maintain, maintenanceTuning } from './maintenance.ts';

/**
 * The embedded database has no autovacuum: the maintenance tick vacuums the tables autovacuum would (many dead or
 * newly inserted rows), only while the desk is idle, and leaves small quiet tables alone (db/maintenance.ts).
 */
describe('embedded database: scheduled vacuum', () => {
  let database: Database;
  const tuning = { ...maintenanceTuning };
  const stats = async (table: string) => {
    await database.exec('select pg_stat_force_next_flush()');
    const [r] = await rowsOf<{ dead: number; vacuumed: Date | null }>(
      database.db,
      sql`select n_dead_tup as dead, last_vacuum as vacuumed from pg_stat_user_tables where relname = ${table}`,
    );
    return r;
  };
  beforeAll(async () => {
    database = await openDatabase({});
    maintenanceTuning.idleMs = 1_500;
    await database.exec(`create table busy (id int primary key, n int not null);
      insert into busy select g, 0 from generate_series(1, 3000) g;
      create table quiet (id int primary key, name text);
      insert into quiet values (1, 'a'), (2, 'b')`);
    // A term of loans: every row updated several times.
    for (let i = 0; i < 3; i++) await database.exec('update busy set n = n + 1');
    await database.exec('update quiet set name = name');
  }, 120_000);
  afterAll(async () => {
    Object.assign(maintenanceTuning, tuning);
    await database?.close();
  });

  it('vacuums a table with many dead rows once the desk is idle, answering requests meanwhile; a small table stays', async () => {
    expect((await stats('busy')).dead).toBeGreaterThan(5000);
    const log: string[] = [];
    let passDone = false;
    const pass = maintain(database).then((tables) => {
      passDone = true;
      log.push('pass done');
      return tables;
    });
    // A desk working without pauses longer than the idle time: every request answers, the vacuum waits.
    const until = performance.now() + 2_500;
    let answered = 0;
    while (performance.now() < until) {
      const [r] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from busy where n = 3`);
      expect(r.n).toBe(3000);
      answered++;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(answered).toBeGreaterThan(5);
    expect(passDone).toBe(false);
    expect((await stats('busy')).vacuumed).toBeNull();
    // The desk goes quiet: the pass vacuums the busy table, not the small one.
    expect(await pass).toEqual(['busy']);
    const busy = await stats('busy');
    expect(busy.vacuumed).not.toBeNull();
    expect(busy.dead).toBe(0);
    expect((await stats('quiet')).vacuumed).toBeNull();
    // A request right after still answers.
    const [r] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from quiet`);
    expect(r.n).toBe(2);
    // Nothing left to do: the next pass vacuums nothing.
    expect(await maintain(database)).toEqual([]);
  }, 60_000);

  it('still finds a never-vacuumed table when the counters start at zero, as after a restart', async () => {
    await database.exec(
      'create table imported (id int primary key); insert into imported select generate_series(1, 5000)',
    );
    // PGlite does not keep its statistics counters across a restart: the pages not yet all-visible still tell.
    await database.exec('select pg_stat_reset()');
    maintenanceTuning.idleMs = 0;
    expect(await maintain(database)).toEqual(['imported']);
    expect((await stats('imported')).vacuumed).not.toBeNull();
  }, 60_000);
});
