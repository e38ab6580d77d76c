import { doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A collection location (馆藏地) in a branch: map picture, point on it, shelf range. */
export const location = pgTable(
  'location',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    branchId: integer('branch_id').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    mapUrl: text('map_url').notNull().default(''),
    /** Point on the map picture in percent (0–100) of width and height. */
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    shelfFrom: text('shelf_from').notNull().default(''),
    shelfTo: text('shelf_to').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('location_school_code_uq').on(t.schoolId, t.code), index('location_branch_idx').on(t.branchId)],
);
