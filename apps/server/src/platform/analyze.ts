import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { analyzeStatement, type Db, isEmbedded } from '../db/client.ts';

/**
 * Refreshes the planner's statistics of the tables a bulk change just filled or rewrote (MARC and Excel catalogue
 * imports, reader imports, bulk copy edits), on both databases: until then the planner plans the school's searches
 * and lists with the row counts of before the change (a search after a 20,000-record import took 0.5–2.3 s until
 * the next scheduled ANALYZE; PGlite has no autovacuum at all, PostgreSQL's may be off or late). One statement per
 * table, so a desk's loan gets in between; on the embedded database with a smaller sample (analyzeStatement).
 */
export async function analyzeTables(db: Db, ...tables: PgTable[]): Promise<void> {
  const embedded = isEmbedded(db);
  // The pool itself: a multi-statement text (begin; set local; analyze; commit) is one simple query, one message.
  const pool = (db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client;
  for (const t of tables) await pool.query(analyzeStatement(getTableName(t), embedded));
}
