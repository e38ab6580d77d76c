import { sql } from 'drizzle-orm';
import { analyzeStatement, type Database, rowsOf } from './client.ts';
import { inBackground, requestIdleMs } from './requests-first.ts';

/**
 * The embedded database's maintenance (PGlite runs no autovacuum worker; PostgreSQL's autovacuum does all of this by
 * itself). `idleMs`: a VACUUM starts only once no request has used the session for that long (db/README.md).
 */
export const maintenanceTuning = { idleMs: 5_000 };

/**
 * Tables autovacuum would pick, with its default thresholds: more dead rows than 50 + 20 % of the table (space to
 * reclaim in the table and its indexes), or more rows inserted since the last vacuum than 1000 + 20 % (the
 * visibility map, without which no index-only scan happens). The counters are flushed first: PGlite, like a
 * backend, sends its statistics at most once a second. PGlite does not keep these counters across a restart (they
 * start at zero on every open), so two measures that survive one complete them: the dead rows ANALYZE estimates
 * from its sample (maintain analyzes first), and the pages not marked all-visible in pg_class (relallvisible, also
 * set by ANALYZE) — more than 8 + 20 % of the table's pages stands for the inserts' threshold.
 */
export async function tablesToVacuum(database: Database): Promise<string[]> {
  await database.exec('select pg_stat_force_next_flush()');
  const rows = await rowsOf<{ name: string }>(
    database.db,
    sql`select s.relname as name
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'public'
          and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
            or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
            or c.relpages - c.relallvisible > 8 + 0.2 * c.relpages)
        order by c.relpages - c.relallvisible desc, s.n_dead_tup desc`,
  );
  return rows.map((r) => r.name);
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * One maintenance pass on the embedded database: ANALYZE every table with a small sample (one statement each, as
 * before), then a plain VACUUM (never FULL) of each table that needs one, one table per statement, each only once
 * the desk has been idle for maintenanceTuning.idleMs — a vacuum cannot be interrupted, and a large table's first
 * one holds the session for seconds. The vacuum follows the tick's own ANALYZE, so it is not VACUUM (ANALYZE): that
 * would sample again with the full statistics target. Returns the tables vacuumed.
 */
export async function maintain(database: Database, stopped: () => boolean = () => false): Promise<string[]> {
  return inBackground(async () => {
    const tables = await rowsOf<{ name: string }>(
      database.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    for (const t of tables) {
      if (stopped()) return [];
      await database.exec(analyzeStatement(t.name, true));
    }
    const vacuumed: string[] = [];
    for (const name of await tablesToVacuum(database)) {
      for (let idle = requestIdleMs(database.db); idle < maintenanceTuning.idleMs; idle = requestIdleMs(database.db)) {
        if (stopped()) return vacuumed;
        await sleep(Math.max(20, maintenanceTuning.idleMs - idle));
      }
      if (stopped()) return vacuumed;
      await database.exec(`vacuum "${name.replace(/"/g, '""')}"`);
      vacuumed.push(name);
    }
    return vacuumed;
  });
}

/**
 * PGlite runs no autovacuum worker, so its planner statistics are never refreshed and its tables never vacuumed on
 * their own: plans go wrong as tables grow (a 20k-row log sorted in memory instead of read through its index), dead
 * rows of every copy and loan update bloat tables and indexes, and without the visibility map no index-only scan
 * happens (a term's title ranking 342–424 ms → 23–33 ms after `VACUUM loan`). Maintain at start and every 15
 * minutes (maintain); a pass still waiting for an idle desk when the next is due lets it go. PostgreSQL: nothing.
 */
export function scheduleMaintenance(database: Database, everyMs = 15 * 60_000): () => void {
  if (database.kind !== 'pglite') return () => {};
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await maintain(database, () => stopped);
    } catch {
      // closed meanwhile (tests, shutdown): the next start maintains again
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
