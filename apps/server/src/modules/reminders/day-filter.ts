import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { school } from '../school/school.table.ts';

/**
 * `from`/`to` (YYYY-MM-DD, inclusive) on a timestamptz column, in the school's own calendar (its time zone),
 * so "registered on 3 May" means the school's 3 May wherever the server runs.
 */
export function dayFilter(at: PgColumn, schoolIdCol: PgColumn, from?: string, to?: string): SQL[] {
  const day = sql`(${at} at time zone coalesce((select ${school.timeZone} from ${school}
    where ${school.id} = ${schoolIdCol}), 'Asia/Shanghai'))::date`;
  const out: SQL[] = [];
  if (from) out.push(sql`${day} >= ${from}::date`);
  if (to) out.push(sql`${day} <= ${to}::date`);
  return out;
}
