import { ResourcePage } from '../../kit/ResourcePage.tsx';
import { departmentDef } from './department-def.ts';

const def = departmentDef('Dept', 'dept');

/** /dept: teaching departments and subject groups. */
export default function DeptPage() {
  return <ResourcePage def={def} />;
}
