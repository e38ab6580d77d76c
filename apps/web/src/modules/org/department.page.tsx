import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { departmentDef } from './department-def.ts';

const def = departmentDef('Department', 'department.dept-manage');

/** /department/dept-manage: every department of the school, teaching and administrative, as a tree. */
export default function DepartmentPage() {
  return <ResourcePage def={def} />;
}
