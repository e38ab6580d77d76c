import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord } from './catalogue.table.ts';
import { idOfOwnControlKey, keyValue, kindOf } from './match-keys.ts';

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
  const literal = sql`${`{${keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
  const byKey = sql`${catalogueRecord.matchKeys} && ${literal}`;
  const byId = own.length ? sql`(${inArray(catalogueRecord.id, own)} and ${isNull(catalogueRecord.marc)})` : null;
  const rows = await db
    .select({ id: catalogueRecord.id, title: catalogueRecord.title, keys: catalogueRecord.matchKeys })
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, byId ? sql`(${byKey} or ${byId})` : byKey))
    .orderBy(asc(catalogueRecord.id));
  const wanted = new Set(keys);
  for (const r of rows) {
    for (const k of r.keys) if (wanted.has(k) && !out.has(k)) out.set(k, { id: r.id, title: r.title });
    for (const k of keys) if (idOfOwnControlKey(k) === r.id && !out.has(k)) out.set(k, { id: r.id, title: r.title });
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
