import { OrganizationCreate, OrganizationUpdate } from '@shuyuan/contracts/org/organization';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';

const def: ResourcePageDef = {
  area: 'Org',
  entity: 'Organization',
  permission: 'organization',
  title: 'org.organization.entity',
  contracts: { create: OrganizationCreate, update: OrganizationUpdate },
  fields: [
    { name: 'title', label: 'org.organization.title', span: 12 },
    { name: 'person', label: 'org.organization.person', span: 12 },
    { name: 'phone', label: 'org.organization.phone', span: 12 },
    { name: 'email', label: 'org.organization.email', span: 12 },
    { name: 'remark', label: 'org.common.remark', type: 'textarea' },
    { name: 'sort', label: 'org.common.sort', type: 'number', default: 0, span: 12, width: 80 },
  ],
};

/** /organization: the school's organisation contacts (kept in the session at sign-in). */
export default function OrganizationPage() {
  return <ResourcePage def={def} />;
}
