import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord } from './catalogue.table.ts';
import { keyValue, kindOf } from './match-keys.ts';
import { recordMatchKey } from './match-key.table.ts';

/** The record a key found: the first (lowest id) of the school carrying it. */
export interface MatchedRecord {
  id: number;
  title: string;
}

/**
 * Match key → the school's first record carrying it: one probe of the (school, key) btree of `record_match_key` per
 * key. A record without stored MARC carries its own `001:SHUYUAN|<id>` there, so our own export re-imported finds
 * it. Only the caller's school is searched.
 */
export async function recordsByMatchKeys(db: Db, scope: Scope, keys: string[]): Promise<Map<string, MatchedRecord>> {
  const out = new Map<string, MatchedRecord>();
  if (!keys.length) return out;
  const rows = await rowsOf<{ key: string; id: number; title: string }>(
    db,
    sql`select distinct on (k.key) k.key, k.record_id as id, r.title
      from ${recordMatchKey} k join ${catalogueRecord} r on r.id = k.record_id
      where k.school_id = ${scope.schoolId} and k.key = any(${textArray(keys)}::text[])
      order by k.key, k.record_id`,
  );
  for (const r of rows) out.set(r.key, { id: Number(r.id), title: r.title });
  return out;
}

/** A text[] literal (one parameter for any number of values). */
export const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

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
