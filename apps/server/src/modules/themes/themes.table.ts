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

/** A reading theme (campaign, spec `appactivitytheme`): period, who may join, book list; published or a draft. */
export const readingTheme = pgTable(
  'reading_theme',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover').notNull().default(''),
    /** Days of the school's calendar, both included. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Who may join: grades and classes; both empty = every reader of the school. */
    gradeIds: jsonb('grade_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    classIds: jsonb('class_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** The book list: catalogue records of the school, in list order. */
    bookIds: jsonb('book_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    ...stamps,
  },
  (t) => [index('reading_theme_school_idx').on(t.schoolId, t.published, t.endDate)],
);

/** An activity of a theme (spec `appactivity`, e.g. a reading-month contest): its own period and tasks. */
export const themeActivity = pgTable(
  'theme_activity',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    themeId: integer('theme_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    ...stamps,
  },
  (t) => [index('theme_activity_theme_idx').on(t.schoolId, t.themeId)],
);

/** A task of a theme (activity_id null) or of one of its activities. */
export const themeTask = pgTable(
  'theme_task',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    themeId: integer('theme_id').notNull(),
    activityId: integer('activity_id'),
    /** read | review | submit */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    count: integer('count').notNull().default(1),
    /** submit tasks: picture | text */
    submitKind: text('submit_kind').notNull().default('text'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('theme_task_theme_idx').on(t.schoolId, t.themeId)],
);

/** A reader who joined a theme; completed_at is set once every task of the theme is done. */
export const themeParticipant = pgTable(
  'theme_participant',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    themeId: integer('theme_id').notNull(),
    userId: integer('user_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('theme_participant_uq').on(t.schoolId, t.themeId, t.userId)],
);

/** A picture or a text a reader submitted for a task, judged by a teacher (pending → passed | rejected). */
export const themeSubmission = pgTable(
  'theme_submission',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    themeId: integer('theme_id').notNull(),
    taskId: integer('task_id').notNull(),
    userId: integer('user_id').notNull(),
    /** picture | text */
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    image: text('image').notNull().default(''),
    /** pending | passed | rejected */
    state: text('state').notNull().default('pending'),
    score: integer('score'),
    reason: text('reason').notNull().default(''),
    judgedBy: integer('judged_by'),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('theme_submission_theme_idx').on(t.schoolId, t.themeId, t.state),
    index('theme_submission_user_idx').on(t.schoolId, t.userId, t.taskId),
  ],
);
