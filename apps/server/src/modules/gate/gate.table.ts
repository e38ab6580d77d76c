import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One event at the library's entrance: a person passing the gate inwards or outwards ('in' / 'out'), or a copy
 * that set off the security gate without being on loan ('alarm'). Written by gate hardware and entrance screens
 * through the device API (modules/gate); read by /entry-exit-records, /inoutstatistic and /alarm-record.
 */
export const gateEvent = pgTable(
  'gate_event',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** in | out | alarm */
    kind: text('kind').notNull(),
    /** When it happened (the device's clock when it sends buffered events, else the arrival). */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** gate (counted by the gate hardware) | card (a reader card scanned at the entrance screen) */
    source: text('source').notNull(),
    /** The device client (/sys/devices) that reported it. */
    clientId: text('client_id').notNull().default(''),
    /** The gate or channel the device names ('North door 1'); free text. */
    gate: text('gate').notNull().default(''),
    /** The reader, when a card identified one. */
    userId: integer('user_id'),
    /** The card number or UID as read. */
    card: text('card').notNull().default(''),
    /** Alarms: the copy and the barcode or tag UID the gate read. */
    copyId: integer('copy_id'),
    tag: text('tag').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Counts and lists of a period by kind (visits per hour/day, the alarm list) are index ranges.
    index('gate_event_school_kind_at_idx').on(t.schoolId, t.kind, t.at),
    index('gate_event_user_at_idx').on(t.userId, t.at),
  ],
);
