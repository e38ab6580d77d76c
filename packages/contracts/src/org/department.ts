import { z } from 'zod';
import { zName, zOptRefId, zSort, zState, zStateFilter, zText } from '../basic/fields.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/**
 * Departments of a school, two trees: 'dept' (teaching departments and groups, /dept) and 'org'
 * (administrative offices, /orgdept). /department/dept-manage sees both.
 */
export const DEPARTMENT_KINDS = ['dept', 'org'] as const;
export type DepartmentKind = (typeof DEPARTMENT_KINDS)[number];

export const DepartmentCreate = z.object({
  /** Spec §5: department name is required. */
  name: zName('org.department.nameRequired'),
  code: zText(30),
  kind: z.enum(DEPARTMENT_KINDS).default('dept'),
  parentId: zOptRefId,
  state: zState,
  sort: zSort,
  isDefault: z.boolean().default(false),
  /** Reading instructor: a user of the school. */
  instructorId: zOptRefId,
});
export const DepartmentUpdate = DepartmentCreate.extend({ id: z.coerce.number().int().positive() });
export const DepartmentListQuery = ResourceListQuery.extend({
  state: zStateFilter,
  kind: z.enum(DEPARTMENT_KINDS).optional(),
});
export type DepartmentCreate = z.infer<typeof DepartmentCreate>;

export interface Department extends DepartmentCreate {
  id: number;
  instructorName: string | null;
}
