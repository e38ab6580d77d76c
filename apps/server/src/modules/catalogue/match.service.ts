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
  // One GIN lookup per key (`@> array[key]`): `match_keys && <all keys>` is estimated to match a large share of the
  // table, so the planner scanned the school's records in id order instead (200 ms per 50-record batch at 20k).
  const byId = own.length
    ? sql`union all select ${`001:${SHUYUAN_AGENCY.toUpperCase()}|`}::text || r.id::text, r.id, r.title from ${catalogueRecord} r
        where r.school_id = ${scope.schoolId} and r.id in (${sql.join(
          own.map((id) => sql`${id}`),
          sql`, `,
        )}) and r.marc is null`
    : sql``;
  const rows = await rowsOf<{ key: string; id: number; title: string }>(
    db,
    sql`select k.key, r.id, r.title from unnest(${literal}::text[]) as k(key)
      join ${catalogueRecord} r on r.match_keys @> array[k.key] and r.school_id = ${scope.schoolId}
      ${byId}`,
  );
  for (const r of rows) {
    const id = Number(r.id);
    const had = out.get(r.key);
    if (!had || id < had.id) out.set(r.key, { id, title: r.title });
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
