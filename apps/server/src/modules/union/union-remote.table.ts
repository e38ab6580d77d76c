import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolUnion } from './union.table.ts';

/**
 * A remote member of a union (README "Federation"): a school of another deployment, or any SRU server, by its SRU
 * base URL (`https://host/sru/CODE`). Union search and union cataloguing ask it alongside the members; nothing is
 * lent from it. Owned by the union (no school_id); `created_by_school_id` is informative. Goes with the union.
 */
export const unionRemote = pgTable(
  'union_remote',
  {
    id: serial('id').primaryKey(),
    unionId: integer('union_id')
      .notNull()
      .references(() => schoolUnion.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    version: text('version').notNull().default('1.2'),
    timeoutMs: integer('timeout_ms').notNull().default(5000),
    enabled: boolean('enabled').notNull().default(true),
    createdBySchoolId: integer('created_by_school_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('union_remote_url_uq').on(t.unionId, t.baseUrl)],
);
