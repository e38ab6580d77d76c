import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A school's rule for one point event (积分规则): points per occurrence (negative deducts), on or off, and caps per
 * reader (0 = none) on what the event may add or take in one day of the school's calendar and in one term.
 * A configuration table: its writes move config_version (migration 0015), so the desk reads rules without a query.
 */
export const pointRule = pgTable(
  'point_rule',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    event: text('event').notNull(),
    points: integer('points').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    dailyCap: integer('daily_cap').notNull().default(0),
    termCap: integer('term_cap').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('point_rule_school_event_uq').on(t.schoolId, t.event)],
);

/**
 * The append-only points ledger (积分记录): one row per credit or debit, never updated or deleted. `balanceAfter`
 * is the reader's balance once this entry applied (written under the balance row's lock). `day` is the school's
 * date and `termId` the term it fell in, for the caps. One entry per (event, ref, reader) when a ref is given.
 */
export const pointEntry = pgTable(
  'point_entry',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id').notNull(),
    event: text('event').notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    note: text('note').notNull().default(''),
    operatorId: integer('operator_id'),
    day: date('day', { mode: 'string' }).notNull(),
    termId: integer('term_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('point_entry_user_event_day_idx').on(t.schoolId, t.userId, t.event, t.day),
    index('point_entry_school_day_idx').on(t.schoolId, t.day),
    uniqueIndex('point_entry_ref_uq')
      .on(t.schoolId, t.event, t.refType, t.refId, t.userId)
      .where(sql`ref_id IS NOT NULL`),
  ],
);

/** A reader's balance: the sum of their ledger entries, changed only with an entry, in its transaction. */
export const pointBalance = pgTable(
  'point_balance',
  {
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id').notNull(),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] }), index('point_balance_rank_idx').on(t.schoolId, t.balance)],
);
