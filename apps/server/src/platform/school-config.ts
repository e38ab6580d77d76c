import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requestState, sendFirstRead } from '../db/request-state.ts';
import { configVersion } from './school-config.table.ts';
import type { Scope } from './tenancy.ts';

/**
 * A school's small, rarely changed configuration (settings, loan rules, borrowing ranges, the calendar, the time
 * zone, resource rules, editing settings) as the hot paths read it: the desk lends and takes back books many
 * times a second and must not ask the database for the same rules each time.
 *
 * Exact, never stale: the tables that hold configuration carry a statement trigger (migration 0002) that moves
 * the one-row `config_version` to a new value of a sequence on every write, in the writer's transaction. A
 * snapshot reads that row (one cheap statement) and uses the parts it remembers for that value; a new value
 * (a write committed by any process, a test's direct insert) loads them again. Sequence values are never reused,
 * so a value seen inside a transaction that later rolls back can never name other data. The row also carries a
 * random id of the database, so two databases in one process (tests) never share parts.
 *
 * Register a part once at module level with `configPart(name, load)`; `load` reads the school's rows through the
 * given handle. A table whose writes must reach a part needs the trigger (add it in the migration).
 */
export interface ConfigPart<T> {
  readonly name: string;
  readonly load: (db: Db, scope: Scope) => Promise<T>;
}

/** Every registered part: `loadAll` reads them all at once. */
const PARTS: ConfigPart<unknown>[] = [];

export function configPart<T>(name: string, load: (db: Db, scope: Scope) => Promise<T>): ConfigPart<T> {
  const part = { name, load };
  PARTS.push(part as ConfigPart<unknown>);
  return part;
}

interface Entry {
  version: number;
  parts: Map<ConfigPart<unknown>, Promise<unknown>>;
}

/** Per database id and school: the version the parts were loaded at. Small (a few kB per school). */
const entries = new Map<string, Entry>();
const MAX_ENTRIES = 5_000;

export class ConfigSnapshot {
  constructor(
    private readonly db: Db,
    readonly scope: Scope,
    private readonly entry: Entry,
  ) {}

  /**
   * Loads every registered part (nothing when they are remembered). A command that opens a transaction calls it
   * first: a part loaded later would be read through the snapshot's own handle, outside the transaction — on the
   * embedded database (one connection) that waits for the transaction forever.
   */
  async loadAll(): Promise<this> {
    // One after another: inside a transaction they share one connection.
    for (const p of PARTS) await this.get(p);
    return this;
  }

  /** The part at this snapshot's version, loaded once per version. */
  get<T>(part: ConfigPart<T>): Promise<T> {
    const key = part as ConfigPart<unknown>;
    const parts = this.entry.parts;
    let p = parts.get(key);
    if (!p) {
      // Through an async function: a query builder is a thenable that runs again on each `then`.
      const loading = (async () => part.load(this.db, this.scope))();
      p = loading;
      parts.set(key, loading);
      // A failed load (connection lost) is not remembered.
      loading.catch(() => {
        if (parts.get(key) === loading) parts.delete(key);
      });
    }
    return p as Promise<T>;
  }
}

/** The configuration version as `db` (a transaction sees its own writes) sees it now: one indexed read. */
async function currentVersion(db: Db): Promise<{ id: string; version: number }> {
  const [row] = await db.select().from(configVersion).limit(1);
  // No row (a database the migration did not fill): nothing is remembered.
  return row ?? { id: 'none', version: -Math.random() };
}

/**
 * The school's configuration snapshot, current as of this call — or, in an API request that has not written yet,
 * as of the request's start: the callers' check read the version then, in its own statement (`noteRequestConfig`),
 * so most requests need no statement for it. A request that wrote (a setting saved, in a transaction or not) reads
 * it again.
 */
export async function schoolConfig(db: Db, scope: Scope): Promise<ConfigSnapshot> {
  const state = requestState.getStore();
  // The callers' read has not gone yet (it waits for the request's first statement): it reads the version.
  if (state?.first?.db === db) await sendFirstRead(db);
  if (state?.config && state.config.db === db && !state.wrote && !state.ended)
    return schoolConfigAt(db, scope, state.config.version);
  return snapshotAt(db, scope, await currentVersion(db));
}

/** The version as the request's first statement read it through `db` (CONFIG_VERSION), for `schoolConfig`. */
export function noteRequestConfig(db: Db, version: string | null): void {
  const state = requestState.getStore();
  if (state && !state.wrote) state.config = { db, version };
}

/**
 * The configuration version this API request read through `db` at its start (`noteRequestConfig`), while it has
 * not written: what a cache of answers derived from the configuration keys them by. Undefined when none is known.
 */
export function requestConfigVersion(db: Db): string | undefined {
  const state = requestState.getStore();
  if (!state?.config || state.config.db !== db || state.wrote || state.ended) return undefined;
  return state.config.version ?? undefined;
}

/**
 * The version as a column of a statement the caller runs anyway (`select …, ${CONFIG_VERSION} as config`): a hot
 * command reads it with its first lock instead of in a statement of its own, then `schoolConfigAt`.
 */
export const CONFIG_VERSION = sql<string>`(select ${configVersion.id} || ':' || ${configVersion.version} from ${configVersion} limit 1)`;

/** The snapshot at a version read by `CONFIG_VERSION` through `db` (parts load through `db` too). */
export function schoolConfigAt(db: Db, scope: Scope, idAndVersion: string | null): ConfigSnapshot {
  const at = idAndVersion?.lastIndexOf(':') ?? -1;
  if (!idAndVersion || at < 0) return snapshotAt(db, scope, { id: 'none', version: -Math.random() });
  return snapshotAt(db, scope, { id: idAndVersion.slice(0, at), version: Number(idAndVersion.slice(at + 1)) });
}

/**
 * Whether the parts at a version read by `CONFIG_VERSION` are what this process holds for the school (none to load):
 * a command that guesses the version, and checks it on its own rows, decides with them only then — asking
 * `schoolConfigAt` for an older version would load the parts anew (from today's rows) under it.
 */
export function rememberedAt(scope: Scope, idAndVersion: string): boolean {
  const at = idAndVersion.lastIndexOf(':');
  const entry = entries.get(`${idAndVersion.slice(0, at)}:${scope.schoolId}`);
  return at > 0 && entry?.version === Number(idAndVersion.slice(at + 1));
}

function snapshotAt(db: Db, scope: Scope, { id, version }: { id: string; version: number }): ConfigSnapshot {
  const key = `${id}:${scope.schoolId}`;
  let entry = entries.get(key);
  if (!entry || entry.version !== version) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entry = { version, parts: new Map() };
    entries.set(key, entry);
  }
  return new ConfigSnapshot(db, scope, entry);
}

/** Reads one part as of now (one statement when the part is remembered). */
export async function configOf<T>(db: Db, scope: Scope, part: ConfigPart<T>): Promise<T> {
  return (await schoolConfig(db, scope)).get(part);
}
