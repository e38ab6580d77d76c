import {
  PermissionGroupCreate,
  PermissionGroupUpdate,
  READER_IDENTITIES,
} from '@shuyuan/contracts/org/permission-group';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';

const def: ResourcePageDef = {
  area: 'Org',
  entity: 'PermissionGroup',
  permission: 'permission',
  title: 'org.permission.entity',
  contracts: { create: PermissionGroupCreate, update: PermissionGroupUpdate },
  fields: [
    { name: 'name', label: 'org.permission.name', span: 12 },
    {
      name: 'identity',
      label: 'org.permission.identity',
      type: 'select',
      inSearch: true,
      default: 'student',
      span: 12,
      options: READER_IDENTITIES.map((v) => ({ value: v, label: `org.identity.${v}` })),
    },
    { name: 'description', label: 'org.permission.description', type: 'textarea' },
    { name: 'isDefault', label: 'org.permission.isDefault', type: 'switch', default: false, span: 8, width: 100 },
    { name: 'sort', label: 'org.common.sort', type: 'number', default: 0, span: 8, width: 80 },
    {
      name: 'state',
      label: 'org.common.state',
      type: 'select',
      default: 1,
      span: 8,
      options: [
        { value: 1, label: 'kit.state.on' },
        { value: 0, label: 'kit.state.off' },
      ],
    },
  ],
};

/** /permission: reader permission groups (the loan rules attached to them come with circulation rules). */
export default function PermissionPage() {
  return <ResourcePage def={def} />;
}
