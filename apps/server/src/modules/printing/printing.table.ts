import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A school's barcode rule (spec §3/§5), one per kind: `book` (copy barcodes) and `reader` (reader cards).
 * No row = no rule: any non-empty barcode is accepted. `length` is the total length, 0 = any.
 */
export const barcodeRule = pgTable(
  'barcode_rule',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** book | reader */
    kind: text('kind').notNull(),
    prefix: text('prefix').notNull().default(''),
    length: integer('length').notNull().default(0),
    checkDigit: boolean('check_digit').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('barcode_rule_school_kind_uq').on(t.schoolId, t.kind)],
);

/** A label template of a school (spine, barcode, reader card): contracts `LabelTemplate` minus name/kind. */
export const labelTemplate = pgTable(
  'label_template',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    /** spine | barcode | readerCard */
    kind: text('kind').notNull(),
    /** The school's default template of this kind (one per kind). */
    isDefault: boolean('is_default').notNull().default(false),
    /** page, label, grid, margins, gaps, offset, startPosition, fontSize, barcodeType, items. */
    layout: jsonb('layout').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('label_template_school_name_uq').on(t.schoolId, t.kind, t.name),
    index('label_template_school_idx').on(t.schoolId, t.kind),
  ],
);

/**
 * A pre-printing range (条码预印): barcodes printed before the copies exist, reserved so that generated
 * barcodes never reuse them. `viewToken` opens the public `/barcode-prepriting-view` of the range.
 */
export const preprintRange = pgTable(
  'preprint_range',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    prefix: text('prefix').notNull().default(''),
    startSeq: integer('start_seq').notNull(),
    endSeq: integer('end_seq').notNull(),
    /** Digits of the sequence (zero-padded); 0 = no padding. */
    width: integer('width').notNull().default(0),
    checkDigit: boolean('check_digit').notNull().default(false),
    remark: text('remark').notNull().default(''),
    /** Times the range was printed, and when last. */
    printedCount: integer('printed_count').notNull().default(0),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    viewToken: text('view_token').notNull(),
    createdBy: integer('created_by'),
    ...stamps,
  },
  (t) => [
    index('preprint_range_school_idx').on(t.schoolId, t.prefix),
    uniqueIndex('preprint_range_token_uq').on(t.viewToken),
  ],
);
