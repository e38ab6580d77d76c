import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  json,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL tsvector: written only through searchVectorSql (search lib), read only by searchWhere/Rank. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A bibliographic record (书目) of a school: spec §6 fields, the MARC it came from, its search document. */
export const catalogueRecord = pgTable(
  'catalogue_record',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    title: text('title').notNull(),
    parallelTitle: text('parallel_title').notNull().default(''),
    author: text('author').notNull().default(''),
    /** Statement of responsibility (MARC21 245 $c, CNMARC 200 $f) as the title page gives it. */
    responsibility: text('responsibility').notNull().default(''),
    edition: text('edition').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    pubPlace: text('pub_place').notNull().default(''),
    pubYear: integer('pub_year'),
    isbn: text('isbn').notNull().default(''),
    issn: text('issn').notNull().default(''),
    classNo: text('class_no').notNull().default(''),
    bookNo: text('book_no').notNull().default(''),
    priceFen: integer('price_fen'),
    language: text('language').notNull().default(''),
    pages: integer('pages'),
    coverUrl: text('cover_url').notNull().default(''),
    recommended: boolean('recommended').notNull().default(false),
    series: text('series').notNull().default(''),
    subjects: text('subjects').array().notNull().default(sql`'{}'::text[]`),
    summary: text('summary').notNull().default(''),
    readingLevel: text('reading_level').notNull().default(''),
    /** The school's resource type (basic resource_type.id): borrowing rules depend on it. */
    resourceTypeId: integer('resource_type_id'),
    /** The whole MARC record (json, not jsonb: stored as written and never queried inside, so no decomposition). */
    marc: json('marc'),
    search: tsvector('search'),
    /** The version of the rules `search` was built by (record-document.ts); older ones are rebuilt at start-up. */
    searchVersion: integer('search_version').notNull().default(0),
    /**
     * Duplicate-match keys (match-keys.ts: 001+003, 035, ISBN, ISSN, title+author+year), written with the record.
     * Triggers copy them into `record_match_key` (btree), where a school's look-ups go; the union index reads the
     * array (and its GIN index) itself.
     */
    matchKeys: text('match_keys').array().notNull().default(sql`'{}'::text[]`),
    ...stamps,
  },
  (t) => [
    index('catalogue_record_school_idx').on(t.schoolId),
    index('catalogue_record_isbn_idx').on(t.schoolId, t.isbn),
    // A small pending list (256 kB, not 4 MB): PGlite runs no autovacuum, so the inserting statement merges it when
    // full (a 20k-record import's batch held the one session 1.1–1.5 s doing so) and every search scans it until then.
    index('catalogue_record_search_idx').using('gin', t.search).with({ gin_pending_list_limit: 256 }),
    index('catalogue_record_title_trgm_idx')
      .using('gin', sql`${t.title} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    // The union index's refresh finds a work's records across member schools by it (union-index.service.ts);
    // duplicate look-ups within a school use record_match_key's btree.
    index('catalogue_record_match_keys_idx').using('gin', t.matchKeys).with({ gin_pending_list_limit: 256 }),
    // Class-number search by its start (staff search field classNo): upper(class_no) LIKE 'I24%'.
    index('catalogue_record_class_idx').on(t.schoolId, sql`upper(${t.classNo}) text_pattern_ops`),
  ],
);

/** A physical copy (馆藏). `version` guards concurrent state changes (optimistic concurrency). */
export const copy = pgTable(
  'copy',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    recordId: integer('record_id')
      .notNull()
      .references(() => catalogueRecord.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull(),
    rfid: text('rfid').notNull().default(''),
    callNo: text('call_no').notNull().default(''),
    classNo: text('class_no').notNull().default(''),
    bookNo: text('book_no').notNull().default(''),
    additionalNo: text('additional_no').notNull().default(''),
    shelfMark: text('shelf_mark').notNull().default(''),
    branchId: integer('branch_id'),
    locationId: integer('location_id'),
    circState: text('circ_state').notNull().default('available'),
    storeType: integer('store_type').notNull().default(1),
    unitPriceFen: integer('unit_price_fen'),
    discountPriceFen: integer('discount_price_fen'),
    batchId: integer('batch_id'),
    version: integer('version').notNull().default(0),
    /**
     * Lent at least once: a loan of it exists. Set by the loan table's triggers whoever writes the loan (desk,
     * SIP2, batch, offline, imports), once per copy (migration 0031, statistics README "Copies never lent").
     */
    everLent: boolean('ever_lent').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('copy_school_barcode_uq').on(t.schoolId, t.barcode),
    index('copy_record_idx').on(t.recordId),
    // One tag per copy and one copy per tag in a school; unbound copies carry ''.
    uniqueIndex('copy_school_rfid_uq').on(t.schoolId, t.rfid).where(sql`rfid <> ''`),
    index('copy_batch_idx').on(t.batchId),
    // Call-number search by its start (staff search field callNo, stocktake ranges): upper(call_no) LIKE 'I24%'.
    index('copy_callno_idx').on(t.schoolId, sql`upper(${t.callNo}) text_pattern_ops`),
    // Held copies never lent, in the list's order (/zero-borrow-book): weeded (3), suggested (4) and lost (6) are
    // not held (statistics GONE_STORES).
    index('copy_never_lent_idx')
      .on(t.schoolId, t.callNo, t.barcode, t.id)
      .where(sql`not ever_lent and store_type not in (3, 4, 6)`),
  ],
);

/** An acceptance batch (验收批次): the copies received from one delivery/invoice. */
export const acceptanceBatch = pgTable(
  'acceptance_batch',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    batchNo: text('batch_no').notNull(),
    state: integer('state').notNull().default(0),
    type: text('type').notNull().default(''),
    acceptedOn: date('accepted_on'),
    bookseller: text('bookseller').notNull().default(''),
    discountRate: numeric('discount_rate', { precision: 6, scale: 4 }),
    currency: text('currency').notNull().default('CNY'),
    priceFen: integer('price_fen'),
    voucher: text('voucher').notNull().default(''),
    invoiceNo: text('invoice_no').notNull().default(''),
    ...stamps,
  },
  (t) => [uniqueIndex('acceptance_batch_school_no_uq').on(t.schoolId, t.batchNo)],
);
