import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The duplicate-match keys of every record, one row per key (match-keys.ts), so a key is found by a btree on
 * (school, key) — the import's look-up and the duplicate check's grouping. Kept by triggers on `catalogue_record`
 * (migration 0026) from its `match_keys` array, in the writing statement, whatever the writer (form, copy
 * cataloguing, MARC editor, serials, imports, union copy, merges, deletes); a record without stored MARC also
 * carries its own `001:SHUYUAN|<id>` here (what its export is written with). Never written by the application.
 */
export const recordMatchKey = pgTable(
  'record_match_key',
  {
    schoolId: integer('school_id').notNull(),
    key: text('key').notNull(),
    recordId: integer('record_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.key, t.recordId] })],
);
