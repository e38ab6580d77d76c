import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from '../catalogue/catalogue.table.ts';

/** Moderation states of what readers write (spec §4 review pass / reject). */
const moderation = {
  /** pending | passed | rejected */
  state: text('state').notNull().default('pending'),
  rejectReason: text('reject_reason').notNull().default(''),
  reviewedBy: integer('reviewed_by'),
  reviewedByName: text('reviewed_by_name').notNull().default(''),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
};

/** A reader's review and rating (1–5) of a catalogue record: one per reader and record. */
export const bookReview = pgTable(
  'book_review',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id').notNull(),
    rating: integer('rating').notNull(),
    content: text('content').notNull(),
    ...moderation,
    ...stamps,
  },
  (t) => [
    uniqueIndex('book_review_school_record_user_uq').on(t.schoolId, t.recordId, t.userId),
    index('book_review_school_state_idx').on(t.schoolId, t.state, t.createdAt),
    index('book_review_school_user_idx').on(t.schoolId, t.userId),
  ],
);

/** The school's moderation settings for reviews and reading shares (/bookreview-setting): one row per school. */
export const reviewSetting = pgTable(
  'review_setting',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    reviewModeration: boolean('review_moderation').notNull().default(true),
    reviewMinLength: integer('review_min_length').notNull().default(10),
    reviewPoints: boolean('review_points').notNull().default(true),
    shareModeration: boolean('share_moderation').notNull().default(true),
    shareMinLength: integer('share_min_length').notNull().default(10),
    sharePoints: boolean('share_points').notNull().default(true),
    shareMaxPictures: integer('share_max_pictures').notNull().default(9),
    /** Words refused on save in reviews and shares (case-insensitive substring). */
    bannedWords: jsonb('banned_words').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ...stamps,
  },
  (t) => [uniqueIndex('review_setting_school_uq').on(t.schoolId)],
);

/** A dimension the school tags reading shares with (/share-dimension). */
export const shareDimension = pgTable(
  'share_dimension',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    ...stamps,
  },
  (t) => [uniqueIndex('share_dimension_school_name_uq').on(t.schoolId, t.name)],
);

/** A reader's reading share: a note or an excerpt, with pictures, tagged by dimensions; moderated like reviews. */
export const readingShare = pgTable(
  'reading_share',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id').notNull(),
    /** note | excerpt */
    kind: text('kind').notNull().default('note'),
    recordId: integer('record_id'),
    title: text('title').notNull().default(''),
    content: text('content').notNull(),
    /** Public upload URLs (/files/uploads/<school>/public/…). */
    pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    dimensionIds: jsonb('dimension_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    ...moderation,
    ...stamps,
  },
  (t) => [
    index('reading_share_school_state_idx').on(t.schoolId, t.state, t.createdAt),
    index('reading_share_school_user_idx').on(t.schoolId, t.userId),
  ],
);

/** A label teachers' recommendations carry (/recommended-teacher-label). */
export const recommendationLabel = pgTable(
  'recommendation_label',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    ...stamps,
  },
  (t) => [uniqueIndex('recommendation_label_school_name_uq').on(t.schoolId, t.name)],
);

/** A teacher's recommendation of a record to classes or grades (/recommended-teacher). */
export const teacherRecommendation = pgTable(
  'teacher_recommendation',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    recordId: integer('record_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    teacherName: text('teacher_name').notNull().default(''),
    reason: text('reason').notNull(),
    labelIds: jsonb('label_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    gradeIds: jsonb('grade_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    classIds: jsonb('class_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** pending | approved | rejected */
    state: text('state').notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    pushed: boolean('pushed').notNull().default(false),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('teacher_recommendation_school_idx').on(t.schoolId, t.state, t.pushed, t.createdAt)],
);
