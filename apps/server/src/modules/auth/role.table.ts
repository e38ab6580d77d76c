import { boolean, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A role of a school: grants menus and operations (permission codes, see contracts platform/permissions). */
export const role = pgTable(
  'role',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    enName: text('en_name'),
    description: text('description').notNull().default(''),
    /** Permission codes: menu codes (see the menu) and operation codes; '*' = everything. */
    permissions: text('permissions').array().notNull().default([]),
    /** System roles (administrator) cannot be deleted. */
    isSystem: boolean('is_system').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('role_school_name_uq').on(t.schoolId, t.name)],
);

/** Membership: user U works in school S with role R. */
export const userRole = pgTable(
  'user_role',
  {
    userId: integer('user_id').notNull(),
    schoolId: integer('school_id').notNull(),
    roleId: integer('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.schoolId, t.roleId] })],
);
