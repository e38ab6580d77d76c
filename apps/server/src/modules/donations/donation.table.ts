import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { DonationItem } from '@shuyuan/contracts/donations/donation';
import { stamps } from '../catalogue/catalogue.table.ts';

/** A gift of books (捐书记录): the donor, the day, the books (copies by barcode or titles to catalogue), the batch. */
export const donation = pgTable(
  'donation',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** reader | parent | outside */
    donorKind: text('donor_kind').notNull().default('reader'),
    donorName: text('donor_name').notNull().default(''),
    /** The reader donor, or the reader whose parent gave. */
    readerId: integer('reader_id'),
    donatedOn: date('donated_on', { mode: 'string' }).notNull(),
    /** The acceptance batch (catalogue acceptance_batch) the books were accessioned in. */
    batchId: integer('batch_id'),
    note: text('note').notNull().default(''),
    items: jsonb('items').$type<DonationItem[]>().notNull().default(sql`'[]'::jsonb`),
    books: integer('books').notNull().default(0),
    points: integer('points').notNull().default(0),
    operatorId: integer('operator_id'),
    ...stamps,
  },
  (t) => [
    index('donation_school_day_idx').on(t.schoolId, t.donatedOn),
    index('donation_reader_idx').on(t.schoolId, t.readerId),
  ],
);
