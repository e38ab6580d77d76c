import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stamps } from '../catalogue/catalogue.table.ts';

/** A notice, a news item or a library dynamic (spec §4 announcement): sanitised HTML, pictures, published or not. */
export const bulletin = pgTable(
  'bulletin',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** notice | news | dynamic */
    kind: text('kind').notNull().default('notice'),
    title: text('title').notNull(),
    /** Sanitised HTML (never stored unsanitised). */
    content: text('content').notNull().default(''),
    summary: text('summary').notNull().default(''),
    cover: text('cover').notNull().default(''),
    pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    pinned: boolean('pinned').notNull().default(false),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: integer('author_id'),
    authorName: text('author_name').notNull().default(''),
    ...stamps,
  },
  (t) => [index('bulletin_school_kind_idx').on(t.schoolId, t.kind, t.published, t.publishedAt)],
);

/** A new-book announcement: the books of one acceptance batch or of the copies added between two days. */
export const newbookAnnouncement = pgTable(
  'newbook_announcement',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    intro: text('intro').notNull().default(''),
    cover: text('cover').notNull().default(''),
    batchId: integer('batch_id'),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('newbook_announcement_school_idx').on(t.schoolId, t.published)],
);

/** A network resource (external link) the public site lists. */
export const externalLink = pgTable(
  'external_link',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    logo: text('logo').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    ...stamps,
  },
  (t) => [index('external_link_school_idx').on(t.schoolId, t.sort)],
);

/** The library introduction of a school (one row): sanitised HTML, opening hours, rules, pictures. */
export const libraryInfo = pgTable(
  'library_info',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    intro: text('intro').notNull().default(''),
    hours: text('hours').notNull().default(''),
    rules: text('rules').notNull().default(''),
    pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ...stamps,
  },
  (t) => [uniqueIndex('library_info_school_uq').on(t.schoolId)],
);

/** A self-service bookcase (/smart_bookcase): a cabinet holding the copies of one location, with its own screen. */
export const smartBookcase = pgTable(
  'smart_bookcase',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    locationId: integer('location_id').notNull(),
    note: text('note').notNull().default(''),
    state: integer('state').notNull().default(1),
    ...stamps,
  },
  (t) => [index('smart_bookcase_school_idx').on(t.schoolId)],
);
