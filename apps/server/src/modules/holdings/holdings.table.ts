import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';

/**
 * One copy moved between branches/locations (调拨记录). Barcode and title are kept as they were, so the
 * record still reads well after the copy is relabelled or deleted.
 */
export const allocationRecord = pgTable(
  'allocation_record',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** Groups the copies of one transfer (one list, or one scanning session). */
    batchNo: text('batch_no').notNull(),
    copyId: integer('copy_id'),
    barcode: text('barcode').notNull(),
    title: text('title').notNull().default(''),
    fromBranchId: integer('from_branch_id'),
    fromLocationId: integer('from_location_id'),
    toBranchId: integer('to_branch_id'),
    toLocationId: integer('to_location_id'),
    /** list | scan | location */
    via: text('via').notNull().default('list'),
    remark: text('remark').notNull().default(''),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('allocation_record_school_time_idx').on(t.schoolId, t.createdAt),
    index('allocation_record_batch_idx').on(t.schoolId, t.batchNo),
  ],
);

/** Where a copy stands (图书定位): one shelf position per copy; goes with the copy. */
export const copyShelf = pgTable(
  'copy_shelf',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    copyId: integer('copy_id')
      .notNull()
      .references(() => copy.id, { onDelete: 'cascade' }),
    shelfPositionId: integer('shelf_position_id').notNull(),
    operatorId: integer('operator_id'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('copy_shelf_copy_uq').on(t.copyId), index('copy_shelf_position_idx').on(t.shelfPositionId)],
);

/** A record whose ISBN was reported (ISBN上报 'add'); goes with the record. */
export const isbnReport = pgTable(
  'isbn_report',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    recordId: integer('record_id')
      .notNull()
      .references(() => catalogueRecord.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('isbn_report_record_uq').on(t.recordId)],
);

/** Resource access rule (资源权限): what a branch (or the whole school) may see and lend. */
export const resourceAuth = pgTable(
  'resource_auth',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    branchId: integer('branch_id'),
    resourceTypeId: integer('resource_type_id'),
    locationId: integer('location_id'),
    canView: boolean('can_view').notNull().default(true),
    canLend: boolean('can_lend').notNull().default(true),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resource_auth_scope_uq').on(
      t.schoolId,
      sql`coalesce(${t.branchId}, 0)`,
      sql`coalesce(${t.resourceTypeId}, 0)`,
      sql`coalesce(${t.locationId}, 0)`,
    ),
  ],
);
