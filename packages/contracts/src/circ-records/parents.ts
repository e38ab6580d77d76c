import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { LOAN_STATES } from './records.ts';

export const PARENT_RELATIONS = ['father', 'mother', 'guardian', 'other'] as const;

const zId = z.coerce.number().int().positive();

/** POST /micro/basic/open/StudentParents/updateStudentParents: the parents of one student (replaces the set). */
export const UpdateStudentParentsBody = z.object({
  studentId: zId,
  parents: z
    .array(z.object({ parentId: zId, relation: z.enum(PARENT_RELATIONS).default('guardian') }))
    .max(10, 'circRecords.parents.tooMany'),
});
export type UpdateStudentParentsBody = z.infer<typeof UpdateStudentParentsBody>;

export const StudentParentListQuery = PageQuery.extend({
  studentId: zId.optional(),
  parentId: zId.optional(),
  classId: zId.optional(),
});

export interface StudentParentDto {
  id: number;
  studentId: number;
  studentAccount: string;
  studentName: string;
  className: string | null;
  parentId: number;
  parentAccount: string;
  parentName: string;
  parentPhone: string | null;
  relation: string;
}

/**
 * /parents-br-records and /parents-no-return (staff: any parent, or all linked students), and
 * P/Circulation/GetKinBorrowRecords / GetKinBorrowing (a signed-in parent: their own children only).
 */
export const KinLoanQuery = PageQuery.extend({
  parentId: zId.optional(),
  studentId: zId.optional(),
  /** Parent account or name (contains). */
  parent: z.string().trim().max(64).optional(),
  state: z.enum(LOAN_STATES).optional(),
});
export type KinLoanQuery = z.infer<typeof KinLoanQuery>;
