import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NumberingPatternInput } from '@shuyuan/contracts/serials/pattern';
import { location } from '../basic/location.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A periodical title (期刊/报纸) a school takes: magazine or newspaper. Its catalogue record (resource type
 * periodical) is created with it so arrived issues and bound volumes are copies in the catalogue.
 */
export const serialTitle = pgTable(
  'serial_title',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** magazine | newspaper */
    kind: text('kind').notNull().default('magazine'),
    recordId: integer('record_id').references(() => catalogueRecord.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    issn: text('issn'),
    /** 国内统一连续出版物号, e.g. CN 11-1234/G4 */
    cnNumber: text('cn_number').notNull().default(''),
    /** 邮发代号, e.g. 2-345 */
    postalCode: text('postal_code'),
    publisher: text('publisher').notNull().default(''),
    /** daily | weekly | tenDaily | semimonthly | monthly | bimonthly | quarterly | irregular */
    frequency: text('frequency').notNull().default('monthly'),
    pricePerIssueFen: integer('price_per_issue_fen'),
    pricePerYearFen: integer('price_per_year_fen'),
    language: text('language').notNull().default(''),
    classNo: text('class_no').notNull().default(''),
    ceased: boolean('ceased').notNull().default(false),
    note: text('note').notNull().default(''),
    ...stamps,
  },
  (t) => [
    index('serial_title_school_kind_idx').on(t.schoolId, t.kind),
    uniqueIndex('serial_title_school_issn_uq').on(t.schoolId, t.issn).where(sql`issn is not null`),
    uniqueIndex('serial_title_school_postal_uq').on(t.schoolId, t.postalCode).where(sql`postal_code is not null`),
  ],
);

/** A title's order for one year (征订/订购): copies, numbering pattern, supplier, price. One per title and year. */
export const serialSubscription = pgTable(
  'serial_subscription',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    titleId: integer('title_id')
      .notNull()
      .references(() => serialTitle.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    /** The numbering pattern (NumberingPattern of prediction.ts); null until the school sets one. */
    pattern: jsonb('pattern').$type<NumberingPatternInput>(),
    copies: integer('copies').notNull().default(1),
    supplier: text('supplier').notNull().default(''),
    orderNo: text('order_no').notNull().default(''),
    totalPriceFen: integer('total_price_fen'),
    /** The subscription of the year before this one was renewed from. */
    renewedFrom: integer('renewed_from'),
    /** ordered | cancelled */
    state: text('state').notNull().default('ordered'),
    note: text('note').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('serial_subscription_title_year_uq').on(t.titleId, t.year),
    index('serial_subscription_school_year_idx').on(t.schoolId, t.year),
  ],
);

/** Where a subscription's copies go (分配馆藏地): location → copies; the sum never exceeds the ordered copies. */
export const serialSubscriptionPlace = pgTable(
  'serial_subscription_place',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => serialSubscription.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => location.id, { onDelete: 'cascade' }),
    copies: integer('copies').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.locationId] })],
);

/**
 * One issue of a subscription, predicted or added by hand. state: expected | arrived | claimed | missing
 * ('late' is computed: expected and past its date, never stored).
 */
export const serialIssue = pgTable(
  'serial_issue',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => serialSubscription.id, { onDelete: 'cascade' }),
    titleId: integer('title_id')
      .notNull()
      .references(() => serialTitle.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    expectedDate: date('expected_date', { mode: 'string' }),
    year: integer('year').notNull(),
    volume: integer('volume'),
    issueNo: integer('issue_no'),
    wholeNo: integer('whole_no'),
    state: text('state').notNull().default('expected'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    arrivedCopies: integer('arrived_copies').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimCount: integer('claim_count').notNull().default(0),
    /** The bound volume (a later step: binding) the issue went into. */
    boundVolumeId: integer('bound_volume_id'),
    note: text('note').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('serial_issue_subscription_seq_uq').on(t.subscriptionId, t.seq),
    index('serial_issue_school_state_date_idx').on(t.schoolId, t.state, t.expectedDate),
    index('serial_issue_title_idx').on(t.titleId, t.year),
  ],
);

/** The catalogue copy made for an arrived issue, and the place it was distributed to (null: not yet). */
export const serialIssueCopy = pgTable(
  'serial_issue_copy',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => serialIssue.id, { onDelete: 'cascade' }),
    copyId: integer('copy_id')
      .notNull()
      .references(() => copy.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => location.id, { onDelete: 'set null' }),
    /** The bound volume this copy went into (its state is then 'bound'); null: a loose issue. */
    volumeId: integer('volume_id').references(() => serialVolume.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.copyId] }),
    index('serial_issue_copy_volume_idx').on(t.volumeId),
    uniqueIndex('serial_issue_copy_copy_uq').on(t.copyId),
    index('serial_issue_copy_location_idx').on(t.locationId),
  ],
);

/**
 * A bound volume (合订本): one copy of the title's record (its barcode, call number, price and location are the
 * copy's) holding one copy of each arrived issue from `fromIssue` to `toIssue` of a year (serial_issue_copy.volume_id).
 */
export const serialVolume = pgTable(
  'serial_volume',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    titleId: integer('title_id')
      .notNull()
      .references(() => serialTitle.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    fromIssue: integer('from_issue').notNull(),
    toIssue: integer('to_issue').notNull(),
    /** Issues bound into it. */
    issues: integer('issues').notNull(),
    copyId: integer('copy_id')
      .notNull()
      .references(() => copy.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('serial_volume_copy_uq').on(t.copyId),
    index('serial_volume_school_title_idx').on(t.schoolId, t.titleId, t.year),
  ],
);
