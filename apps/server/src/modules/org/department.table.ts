import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A department of a school: kind 'dept' (teaching) or 'org' (administrative); a tree by parent_id. */
export const department = pgTable(
  'department',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    kind: text('kind').notNull().default('dept'),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    state: integer('state').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** Reading instructor (a user of the school). */
    instructorId: integer('instructor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('department_school_kind_idx').on(t.schoolId, t.kind), index('department_parent_idx').on(t.parentId)],
);
