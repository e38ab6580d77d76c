import { and, asc, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inBackground } from '../../db/requests-first.ts';
import { startupWork } from '../../platform/startup-work.ts';
import { searchVectorSql } from '../search/lib/document.ts';
import { storedAsCreate } from './catalogue.service.ts';
import { catalogueRecord } from './catalogue.table.ts';
import { recordMatchKeys } from './match-keys.ts';
import { recordDocument, SEARCH_DOCUMENT_VERSION } from './record-document.ts';

/**
 * Rebuilds the search document (and the duplicate-match keys, match-keys.ts) of every record built by older rules (`search_version` below
 * SEARCH_DOCUMENT_VERSION), in id order, `batch` records per transaction; records keep their old document (and
 * stay searchable) until their turn. A record saved meanwhile is left alone (its save wrote the current
 * document). Answers the number of records rebuilt. `stopped()` ends it between batches (server shutdown).
 */
export async function reindexStaleRecords(
  db: Db,
  o: { batch?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const { search: _search, ...cols } = getTableColumns(catalogueRecord);
  let after = 0;
  let done = 0;
  for (;;) {
    if (o.stopped?.()) return done;
    // The stamp as text: a JS Date keeps milliseconds, PostgreSQL microseconds.
    const rows = await db
      .select({ ...cols, stamp: sql<string>`${catalogueRecord.updatedAt}::text` })
      .from(catalogueRecord)
      .where(and(gt(catalogueRecord.id, after), lt(catalogueRecord.searchVersion, SEARCH_DOCUMENT_VERSION)))
      .orderBy(asc(catalogueRecord.id))
      .limit(o.batch ?? 200);
    if (!rows.length) return done;
    after = rows[rows.length - 1].id;
    const creates = rows.map(({ stamp: _s, ...r }) => storedAsCreate(r));
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i++) {
        await tx
          .update(catalogueRecord)
          .set({
            search: searchVectorSql(recordDocument(creates[i])),
            searchVersion: SEARCH_DOCUMENT_VERSION,
            matchKeys: recordMatchKeys(creates[i]),
          })
          .where(and(eq(catalogueRecord.id, rows[i].id), sql`${catalogueRecord.updatedAt}::text = ${rows[i].stamp}`));
      }
    });
    done += rows.length;
    // Let requests in between batches: this runs beside a serving server.
    await new Promise((r) => setImmediate(r));
  }
}

/** Start-up: rebuilds older search documents and match keys in the background; answers the stopper. */
export function startSearchReindex(db: Db): () => Promise<void> {
  let stop = false;
  // Background work: on the embedded database requests take the one session first (db README).
  const running = startupWork(inBackground(() => reindexStaleRecords(db, { stopped: () => stop })))
    .then((n) => {
      if (n) console.log(`  search index: ${n} records rebuilt with the current rules`);
    })
    .catch((e) => console.error('search index rebuild failed:', e));
  return async () => {
    stop = true;
    await running;
  };
}
