import { z } from 'zod';
import { zName, zOptRefId, zRefReq, zSort, zState, zStateFilter, zText } from '../basic/fields.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** Learning stage (学段): 小学, 初中, 高中. */
export const LearningStageCreate = z.object({
  name: zName('org.stage.nameRequired'),
  code: zText(30),
  /** Years in the stage, e.g. 6 for primary. */
  years: z.coerce.number().int().min(1).max(12).default(6),
  sort: zSort,
});
export const LearningStageUpdate = LearningStageCreate.extend({ id: z.coerce.number().int().positive() });
export const LearningStageListQuery = ResourceListQuery;

/** Grade (年级), within a learning stage. */
export const GradeCreate = z.object({
  /** Spec §5: grade is required. */
  name: zName('org.grade.nameRequired'),
  code: zText(30),
  stageId: zOptRefId,
  sort: zSort,
  state: zState,
});
export const GradeUpdate = GradeCreate.extend({ id: z.coerce.number().int().positive() });
export const GradeListQuery = ResourceListQuery.extend({ stageId: zOptRefId.optional(), state: zStateFilter });

/** Class (班级): in a grade, with its head teacher (a user of the school). */
export const SchoolClassCreate = z.object({
  /** Spec §5: class is required. */
  name: zName('org.class.nameRequired'),
  code: zText(30),
  gradeId: zRefReq('org.class.gradeRequired'),
  headTeacherId: zOptRefId,
  /** Defaults to the grade's stage when empty. */
  stageId: zOptRefId,
  sort: zSort,
  state: zState,
});
export const SchoolClassUpdate = SchoolClassCreate.extend({ id: z.coerce.number().int().positive() });
export const SchoolClassListQuery = ResourceListQuery.extend({
  gradeId: zOptRefId.optional(),
  stageId: zOptRefId.optional(),
  state: zStateFilter,
});
export type SchoolClassCreate = z.infer<typeof SchoolClassCreate>;
