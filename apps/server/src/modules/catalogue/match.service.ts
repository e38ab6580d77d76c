import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import type { RecordMatch, RecordMatchQuery } from '@shuyuan/contracts/catalogue/duplicates';
import { catalogueRecord, copy } from './catalogue.table.ts';
import { keyValue, kindOf, recordMatchKeys } from './match-keys.ts';
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

/**
 * The school's records sharing a key with a record being catalogued (the form's duplicate warning), each with the
 * best key it shares (match-keys.ts order), lowest id first, at most 20.
 */
export async function recordsMatching(
  db: Db,
  scope: Scope,
  q: RecordMatchQuery,
  tr: (k: string, p?: Record<string, unknown>) => string,
): Promise<RecordMatch[]> {
  const keys = recordMatchKeys({ ...q, pubYear: q.pubYear ?? undefined });
  if (!keys.length) return [];
  const rows = await rowsOf<Omit<RecordMatch, 'kind' | 'matched'> & { keys: string[] }>(
    db,
    sql`select r.id, r.title, r.author, r.publisher, r.pub_year as "pubYear", r.isbn, r.class_no as "classNo",
        r.book_no as "bookNo", m.keys, (select count(*)::int from ${copy} c where c.record_id = r.id) as copies
      from (select k.record_id, array_agg(k.key) as keys from ${recordMatchKey} k
            where k.school_id = ${scope.schoolId} and k.key = any(${textArray(keys)}::text[])
              and k.record_id <> ${q.excludeId ?? 0}
            group by k.record_id order by k.record_id limit 20) m
      join ${catalogueRecord} r on r.id = m.record_id
      order by r.id`,
  );
  return rows.map(({ keys: shared, ...r }) => {
    const key = keys.find((k) => shared.includes(k)) ?? shared[0];
    return { ...r, id: Number(r.id), kind: kindOf(key), matched: describeKey(key, tr) };
  });
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
