import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A shelf (书架号) of a location. */
export const shelf = pgTable(
  'shelf',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    locationId: integer('location_id').notNull(),
    code: text('code').notNull(),
    barcode: text('barcode').notNull(),
    faces: integer('faces').notNull().default(1),
    layers: integer('layers').notNull().default(5),
    widthCm: integer('width_cm').notNull().default(90),
    callFrom: text('call_from').notNull().default(''),
    callTo: text('call_to').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shelf_school_barcode_uq').on(t.schoolId, t.barcode),
    uniqueIndex('shelf_location_code_uq').on(t.schoolId, t.locationId, t.code),
  ],
);

/** A shelf position (架位): face / layer / column of a shelf, with a barcode for book positioning. */
export const shelfPosition = pgTable(
  'shelf_position',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    shelfId: integer('shelf_id').notNull(),
    code: text('code').notNull(),
    barcode: text('barcode').notNull().default(''),
    face: integer('face').notNull().default(1),
    layer: integer('layer').notNull().default(1),
    column: integer('column_no').notNull().default(1),
    callFrom: text('call_from').notNull().default(''),
    callTo: text('call_to').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shelf_position_school_code_uq').on(t.schoolId, t.code),
    index('shelf_position_shelf_idx').on(t.shelfId),
  ],
);

/** A shelf area (书架区域): a run of shelves of a location; width in cm (spec §9). */
export const shelfArea = pgTable(
  'shelf_area',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    locationId: integer('location_id').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    widthCm: integer('width_cm').notNull().default(0),
    shelfCount: integer('shelf_count').notNull().default(0),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shelf_area_location_name_uq').on(t.schoolId, t.locationId, t.name)],
);
