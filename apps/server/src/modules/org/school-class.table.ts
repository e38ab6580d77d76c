import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Learning stage (学段) of a school. */
export const learningStage = pgTable(
  'learning_stage',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    years: integer('years').notNull().default(6),
    sort: integer('sort').notNull().default(0),
    ...stamps(),
  },
  (t) => [uniqueIndex('learning_stage_school_name_uq').on(t.schoolId, t.name)],
);

/** Grade (年级). */
export const grade = pgTable(
  'grade',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    stageId: integer('stage_id'),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('grade_school_name_uq').on(t.schoolId, t.name)],
);

/** Class (班级) of a grade. */
export const schoolClass = pgTable(
  'school_class',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    gradeId: integer('grade_id').notNull(),
    stageId: integer('stage_id'),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    headTeacherId: integer('head_teacher_id'),
    sort: integer('sort').notNull().default(0),
    state: integer('state').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('school_class_grade_name_uq').on(t.schoolId, t.gradeId, t.name)],
);
