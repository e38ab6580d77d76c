import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A copy-cataloguing source of a school (SRU server: base URL; Z39.50 server: host:port in `base_url`), tried in
 * `sort` order; `vendors` routes endpoints to it. `charset`: how its records are encoded (auto = detected).
 * `user`/`group`/`password`: the Z39.50 sign-in a union catalogue gives its members.
 */
export const captureSource = pgTable(
  'capture_source',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('sru'),
    baseUrl: text('base_url').notNull(),
    database: text('database').notNull().default(''),
    version: text('version').notNull().default('1.1'),
    recordSchema: text('record_schema').notNull().default('marcxml'),
    charset: text('charset').notNull().default('auto'),
    isbnIndex: text('isbn_index').notNull().default('bath.isbn'),
    timeoutMs: integer('timeout_ms').notNull().default(8000),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    vendors: text('vendors').array().notNull().default(sql`'{}'::text[]`),
    /** Z39.50 sign-in (idPass): user, group, and the password sealed by platform/secret-box (null: none). */
    user: text('auth_user').notNull().default(''),
    group: text('auth_group').notNull().default(''),
    password: text('auth_password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('capture_source_school_idx').on(t.schoolId, t.sort)],
);
