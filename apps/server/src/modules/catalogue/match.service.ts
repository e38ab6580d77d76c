import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord } from './catalogue.table.ts';
import { idOfOwnControlKey, keyValue, kindOf, SHUYUAN_AGENCY } from './match-keys.ts';

/** The record a key found: the first (lowest id) of the school carrying it. */
export interface MatchedRecord {
  id: number;
  title: string;
}

/**
 * Match key → the school's first record carrying it (GIN index on `match_keys`); a `001:SHUYUAN|<id>` key (our
 * own export of a record typed on the form, which has no stored MARC) finds that record by its id. Only the
 * caller's school is searched.
 */
export async function recordsByMatchKeys(db: Db, scope: Scope, keys: string[]): Promise<Map<string, MatchedRecord>> {
  const out = new Map<string, MatchedRecord>();
  if (!keys.length) return out;
  const own = keys.map(idOfOwnControlKey).filter((id): id is number => id !== null);
  const literal = `{${keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const byId = own.length
    ? sql` or (${catalogueRecord.id} in (${sql.join(
        own.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${catalogueRecord.marc} is null)`
    : sql``;
  const rows = await db.transaction(async (tx) => {
    // One bitmap scan of the GIN index for all the keys. `match_keys && <keys>` is estimated to match a large share
    // of the table (and during an import the statistics are those of the empty table), so the planner would
    // otherwise filter every record of the school: 200 ms per 50-record batch at 20k records (bench marc-import).
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    return rowsOf<{ id: number; title: string; keys: string[] }>(
      tx,
      sql`select ${catalogueRecord.id} as id, ${catalogueRecord.title} as title, ${catalogueRecord.matchKeys} as keys
        from ${catalogueRecord}
        where ${catalogueRecord.schoolId} = ${scope.schoolId} and (${catalogueRecord.matchKeys} && ${literal}::text[]${byId})`,
    );
  });
  const wanted = new Set(keys);
  const take = (key: string, id: number, title: string) => {
    const had = out.get(key);
    if (!had || id < had.id) out.set(key, { id, title });
  };
  for (const r of rows) {
    const id = Number(r.id);
    for (const k of r.keys) if (wanted.has(k)) take(k, id, r.title);
    if (own.includes(id)) take(`001:${SHUYUAN_AGENCY.toUpperCase()}|${id}`, id, r.title);
  }
  return out;
}

/** The first of a record's keys (best explanation first) found in `found`, with what it found. */
export function firstMatch<T>(keys: string[], found: (key: string) => T | undefined): { key: string; hit: T } | null {
  for (const key of keys) {
    const hit = found(key);
    if (hit !== undefined) return { key, hit };
  }
  return null;
}

/** A key as a report says it ("035 (OCoLC)12345", "ISBN 9787…", "title, author and year"), in the caller's language. */
export function describeKey(key: string, tr: (k: string, p?: Record<string, unknown>) => string): string {
  return tr(`catalogue.matchKey.${kindOf(key)}`, { value: keyValue(key) });
}
