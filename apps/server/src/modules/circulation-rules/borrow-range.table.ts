import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A borrowing range (借阅范围): which locations and resource types readers of a scope may borrow.
 * Scope: permission group and/or identity (null = any). Lists: empty = everything.
 * The most specific matching row applies (borrow-range.service.ts); no matching row = everything allowed.
 */
export const borrowRange = pgTable(
  'borrow_range',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    permissionGroupId: integer('permission_group_id'),
    identity: text('identity'),
    locationIds: integer('location_ids').array().notNull().default(sql`'{}'::integer[]`),
    resourceTypeIds: integer('resource_type_ids').array().notNull().default(sql`'{}'::integer[]`),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('borrow_range_scope_uq').on(
      t.schoolId,
      sql`coalesce(${t.permissionGroupId}, 0)`,
      sql`coalesce(${t.identity}, '')`,
    ),
  ],
);
