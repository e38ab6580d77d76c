import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord } from './catalogue.table.ts';

/** Records of the school whose title, author or ISBN contains `key` (20 at most, by title): the forms' book pickers. */
export function pickRecords(db: Db, scope: Scope, key: string) {
  const like = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: catalogueRecord.id, title: catalogueRecord.title, author: catalogueRecord.author })
    .from(catalogueRecord)
    .where(
      scope.where(
        catalogueRecord,
        sql`(${catalogueRecord.title} ilike ${like} or ${catalogueRecord.author} ilike ${like} or ${catalogueRecord.isbn} ilike ${like})`,
      ),
    )
    .orderBy(asc(catalogueRecord.title), asc(catalogueRecord.id))
    .limit(20);
}
