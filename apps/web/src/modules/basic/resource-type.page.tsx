import { ResourceTypeCreate, ResourceTypeUpdate } from '@shuyuan/contracts/basic/resource-type';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { sortField, stateField } from './options.ts';

const def: ResourcePageDef = {
  area: 'Basic',
  entity: 'ResourceType',
  permission: 'resource-mana.basic-Set.resource-type',
  title: 'basic.resourceType.entity',
  contracts: { create: ResourceTypeCreate, update: ResourceTypeUpdate },
  fields: [
    { name: 'name', label: 'basic.resourceType.name', span: 12 },
    { name: 'enName', label: 'basic.resourceType.enName', span: 12 },
    { name: 'code', label: 'basic.resourceType.code', span: 12 },
    { ...sortField, span: 6 },
    { ...stateField, span: 6 },
  ],
};

/** /resource-mana/basic-Set/resource-type: 图书, 期刊, 视听… (seeded for every school). */
export default function ResourceTypePage() {
  return <ResourcePage def={def} />;
}
