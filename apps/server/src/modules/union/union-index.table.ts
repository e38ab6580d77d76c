import { customType, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolUnion } from './union.table.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The union search index: one row per shared work and union (README "Union index"). A work is the group of the
 * members' records with the same group key (`union_group_key`: the first ISBN match key, else the title+author+year
 * key, else `r:<record id>`) that have at least one copy the union sees. It holds the merged search document (the
 * distinct documents of its records), the texts the field searches look inside, and what the facets count; the
 * holdings and availability of a page are read live. Kept by `union-index.service.ts` from `union_dirty`, which
 * triggers (migration 0024) fill on every catalogue, copy, membership and resource-rule write.
 */
export const unionRecord = pgTable(
  'union_record',
  {
    id: serial('id').primaryKey(),
    unionId: integer('union_id')
      .notNull()
      .references(() => schoolUnion.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    search: tsvector('search').notNull(),
    /** The title of the work's first record (lowest id): ranking of short queries. */
    title: text('title').notNull(),
    /** Every distinct title and parallel title, authors, publishers of its records, one per line: field searches. */
    titles: text('titles').notNull(),
    authors: text('authors').notNull(),
    publishers: text('publishers').notNull(),
    firstId: integer('first_id').notNull(),
    recordIds: integer('record_ids').array().notNull(),
    schoolIds: integer('school_ids').array().notNull(),
    classLetters: text('class_letters').array().notNull(),
    years: integer('years').array().notNull(),
    languages: text('languages').array().notNull(),
    /** The records' ISBN column values, as the ISBN field search compares them. */
    isbns: text('isbns').array().notNull(),
  },
  (t) => [
    uniqueIndex('union_record_key_uq').on(t.unionId, t.groupKey),
    index('union_record_search_idx').using('gin', t.search).with({ gin_pending_list_limit: 256 }),
    index('union_record_isbn_idx').using('gin', t.isbns).with({ gin_pending_list_limit: 256 }),
  ],
);

/**
 * Works whose index row must be computed again (`group_key`), or a member whose every work must (`school_id`, its
 * sharing or membership changed). Filled by triggers in the writer's transaction (one insert, no lock shared with
 * another school); emptied by `refreshUnionIndex`.
 */
export const unionDirty = pgTable(
  'union_dirty',
  {
    id: serial('id').primaryKey(),
    unionId: integer('union_id')
      .notNull()
      .references(() => schoolUnion.id, { onDelete: 'cascade' }),
    groupKey: text('group_key'),
    schoolId: integer('school_id'),
  },
  (t) => [index('union_dirty_key_idx').on(t.unionId, t.groupKey)],
);
