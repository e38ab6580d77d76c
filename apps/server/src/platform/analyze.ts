import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * Refreshes the planner's statistics of the tables a bulk change just filled or rewrote (MARC and Excel catalogue
 * imports, reader imports, bulk copy edits), on both databases: until then the planner plans the school's searches
 * and lists with the row counts of before the change (a search after a 20,000-record import took 0.5–2.3 s until
 * the next scheduled ANALYZE; PGlite has no autovacuum at all, PostgreSQL's may be off or late). One statement for
 * every table; it samples at most 30,000 rows per table, so it costs well under a second at 300k copies.
 */
export async function analyzeTables(db: Db, ...tables: PgTable[]): Promise<void> {
  if (!tables.length) return;
  await db.execute(sql`analyze ${sql.join(tables, sql`, `)}`);
}
