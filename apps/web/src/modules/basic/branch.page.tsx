import { BranchCreate, BranchUpdate } from '@shuyuan/contracts/basic/branch';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { sortField, stateField } from './options.ts';

const def: ResourcePageDef = {
  area: 'Basic',
  entity: 'Branch',
  permission: 'resource-mana.basic-set.branch',
  title: 'basic.branch.entity',
  contracts: { create: BranchCreate, update: BranchUpdate },
  fields: [
    { name: 'name', label: 'basic.branch.name', span: 12 },
    { name: 'code', label: 'basic.branch.code', span: 12, width: 110 },
    { name: 'address', label: 'basic.branch.address' },
    { name: 'contact', label: 'basic.branch.contact', span: 12, width: 110 },
    { name: 'phone', label: 'basic.branch.phone', span: 12, width: 130 },
    { ...sortField, span: 8 },
    { ...stateField, span: 8 },
    { name: 'isDefault', label: 'basic.branch.isDefault', type: 'switch', default: false, span: 8, width: 90 },
  ],
};

/** /resource-mana/basic-set/branch: the school's branch libraries; one is the default. */
export default function BranchPage() {
  return <ResourcePage def={def} />;
}
