import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A class corner (班级图书角): a collection location assigned to one class, run by a class librarian
 * (a reader or teacher of the school). The corner's books are the copies at that location.
 */
export const classCorner = pgTable(
  'class_corner',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    classId: integer('class_id').notNull(),
    locationId: integer('location_id').notNull(),
    librarianId: integer('librarian_id'),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    state: integer('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('class_corner_class_uq').on(t.schoolId, t.classId),
    uniqueIndex('class_corner_location_uq').on(t.schoolId, t.locationId),
  ],
);
