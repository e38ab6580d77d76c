import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  GradeCreate,
  GradeListQuery,
  GradeUpdate,
  LearningStageCreate,
  LearningStageListQuery,
  LearningStageUpdate,
  SchoolClassCreate,
  SchoolClassListQuery,
  SchoolClassUpdate,
} from '@shuyuan/contracts/org/school-class';
import { defineResource } from '../../platform/resource/define.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { mustExist, nameOf, refuseIfUsed } from '../basic/refs.ts';
import { grade, learningStage, schoolClass } from './school-class.table.ts';

const opt = <T>(v: T | null | undefined) => (v == null ? undefined : v);

/** Learning stages, grades and classes: all shown on the /class screen, all under its permission code. */
export function classRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Org',
    entity: 'LearningStage',
    table: learningStage,
    permission: 'class',
    audit: 'learningStage',
    contracts: { create: LearningStageCreate, update: LearningStageUpdate, list: LearningStageListQuery },
    search: [learningStage.name, learningStage.code],
    orderBy: [asc(learningStage.sort), asc(learningStage.id)],
    unique: [
      {
        field: 'name',
        labelKey: 'org.stage.name',
        columns: [learningStage.name],
        constraint: 'learning_stage_school_name_uq',
      },
    ],
    hooks: {
      beforeDelete: ({ ctx, db, rows }) =>
        refuseIfUsed(
          db,
          ctx,
          grade,
          grade.stageId,
          rows.map((r) => r.id),
          'org.stage.hasGrades',
        ),
    },
  });

  defineResource(app, {
    area: 'Org',
    entity: 'Grade',
    table: grade,
    permission: 'class',
    audit: 'grade',
    contracts: { create: GradeCreate, update: GradeUpdate, list: GradeListQuery },
    search: [grade.name, grade.code],
    filters: (q) => [
      opt(q.stageId) === undefined ? undefined : eq(grade.stageId, q.stageId!),
      q.state === undefined ? undefined : eq(grade.state, q.state),
    ],
    orderBy: [asc(grade.sort), asc(grade.id)],
    unique: [{ field: 'name', labelKey: 'org.grade.name', columns: [grade.name], constraint: 'grade_school_name_uq' }],
    toDto: async (r, ctx) => ({ ...r, stageName: await nameOf(ctx, learningStage, learningStage.name, r.stageId) }),
    hooks: {
      beforeSave: ({ ctx, db, input }) =>
        mustExist(db, ctx, learningStage, input.stageId, 'stageId', 'org.stage.invalid'),
      beforeDelete: ({ ctx, db, rows }) =>
        refuseIfUsed(
          db,
          ctx,
          schoolClass,
          schoolClass.gradeId,
          rows.map((r) => r.id),
          'org.grade.hasClasses',
        ),
    },
  });

  defineResource(app, {
    area: 'Org',
    entity: 'Class',
    table: schoolClass,
    permission: 'class',
    audit: 'class',
    contracts: { create: SchoolClassCreate, update: SchoolClassUpdate, list: SchoolClassListQuery },
    search: [schoolClass.name, schoolClass.code],
    filters: (q) => [
      opt(q.gradeId) === undefined ? undefined : eq(schoolClass.gradeId, q.gradeId!),
      opt(q.stageId) === undefined ? undefined : eq(schoolClass.stageId, q.stageId!),
      q.state === undefined ? undefined : eq(schoolClass.state, q.state),
    ],
    orderBy: [asc(schoolClass.gradeId), asc(schoolClass.sort), asc(schoolClass.id)],
    unique: [
      {
        field: 'name',
        labelKey: 'org.class.name',
        columns: [schoolClass.gradeId, schoolClass.name],
        constraint: 'school_class_grade_name_uq',
      },
    ],
    // A class without its own stage takes its grade's.
    toValues: async ({ ctx, db, input }) => {
      const { id: _id, ...rest } = input as typeof input & { id?: number };
      if (rest.stageId != null) return rest;
      const [g] = await db
        .select({ stageId: grade.stageId })
        .from(grade)
        .where(new Scope(ctx.schoolId).where(grade, eq(grade.id, rest.gradeId)));
      return { ...rest, stageId: g?.stageId ?? null };
    },
    toDto: async (r, ctx) => ({
      ...r,
      gradeName: await nameOf(ctx, grade, grade.name, r.gradeId),
      stageName: await nameOf(ctx, learningStage, learningStage.name, r.stageId),
      headTeacherName: await nameOf(ctx, appUser, appUser.name, r.headTeacherId),
    }),
    hooks: {
      beforeSave: async ({ ctx, db, input }) => {
        await mustExist(db, ctx, grade, input.gradeId, 'gradeId', 'org.class.gradeRequired');
        await mustExist(db, ctx, learningStage, input.stageId, 'stageId', 'org.stage.invalid');
        await mustExist(db, ctx, appUser, input.headTeacherId, 'headTeacherId', 'org.class.teacherInvalid');
      },
    },
    export: {
      fileNameKey: 'org.class.file',
      columns: [
        { labelKey: 'org.class.name', value: (d) => d.name },
        { labelKey: 'org.grade.name', value: (d) => d.gradeName },
        { labelKey: 'org.stage.name', value: (d) => d.stageName },
        { labelKey: 'org.class.headTeacher', value: (d) => d.headTeacherName },
        { labelKey: 'org.field.sort', value: (d) => d.sort },
      ],
    },
  });
}
