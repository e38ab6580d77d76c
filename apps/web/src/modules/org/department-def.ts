import { P } from '@shuyuan/contracts/common/paths';
import { DepartmentCreate, DepartmentUpdate } from '@shuyuan/contracts/org/department';
import type { FieldDef, ResourcePageDef } from '../../kit/types.ts';
import { UserSelect } from './user-select.tsx';

const STATE = [
  { value: 1, label: 'kit.state.on' },
  { value: 0, label: 'kit.state.off' },
];

/**
 * The three department screens share one definition: /department/dept-manage sees both kinds (with a kind
 * field), /dept and /orgdept one kind each (the server fixes the kind).
 */
export function departmentDef(entity: 'Department' | 'Dept' | 'OrgDept', permission: string): ResourcePageDef {
  const both = entity === 'Department';
  const kind: FieldDef[] = both
    ? [
        {
          name: 'kind',
          label: 'org.department.kind',
          type: 'select',
          inSearch: true,
          default: 'dept',
          span: 12,
          options: [
            { value: 'dept', label: 'org.department.kinds.dept' },
            { value: 'org', label: 'org.department.kinds.org' },
          ],
        },
      ]
    : [];
  return {
    area: 'Org',
    entity,
    permission,
    title: 'org.department.entity',
    contracts: { create: DepartmentCreate, update: DepartmentUpdate },
    tree: { parent: 'parentId' },
    exportable: both,
    fields: [
      { name: 'name', label: 'org.department.name', span: 12 },
      { name: 'code', label: 'org.department.code', span: 12, width: 100 },
      ...kind,
      {
        name: 'parentId',
        label: 'org.department.parent',
        type: 'tree-select',
        inTable: false,
        span: 12,
        treeUrl: `${P}/Org/Get${entity}List`,
      },
      {
        name: 'instructorId',
        label: 'org.department.instructor',
        type: 'custom',
        dataIndex: 'instructorName',
        input: UserSelect,
        span: 12,
      },
      { name: 'sort', label: 'org.common.sort', type: 'number', default: 0, span: 8, width: 80 },
      { name: 'state', label: 'org.common.state', type: 'select', options: STATE, default: 1, inSearch: true, span: 8 },
      { name: 'isDefault', label: 'org.department.isDefault', type: 'switch', default: false, span: 8, width: 90 },
    ],
  };
}
