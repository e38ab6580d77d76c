import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A contact of the school organisation (校长, 图书馆负责人…). */
export const orgContact = pgTable('org_contact', {
  id: serial('id').primaryKey(),
  schoolId: integer('school_id').notNull(),
  title: text('title').notNull(),
  person: text('person').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  remark: text('remark').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A reader permission group (spec §6). Kept small on purpose: the borrowing rules of a group live in
 * their own table keyed by permission_group.id.
 */
export const permissionGroup = pgTable(
  'permission_group',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    identity: text('identity').notNull().default('student'),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('permission_group_school_name_uq').on(t.schoolId, t.name)],
);
