import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { departmentDef } from './department-def.ts';

const def = departmentDef('OrgDept', 'orgdept');

/** /orgdept: administrative offices of the school. */
export default function OrgDeptPage() {
  return <ResourcePage def={def} />;
}
