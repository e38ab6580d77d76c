import { LocationCreate, LocationUpdate } from '@shuyuan/contracts/basic/location';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { branchOptions, sortField, stateField } from './options.ts';

const def: ResourcePageDef = {
  area: 'Basic',
  entity: 'Location',
  permission: 'resource-mana.basic-set.location',
  title: 'basic.location.entity',
  contracts: { create: LocationCreate, update: LocationUpdate },
  fields: [
    { name: 'name', label: 'basic.location.name', span: 12 },
    { name: 'code', label: 'basic.location.code', span: 12, width: 100 },
    {
      name: 'branchId',
      label: 'basic.location.branch',
      type: 'select',
      options: branchOptions,
      inSearch: true,
      dataIndex: 'branchName',
      span: 12,
    },
    { name: 'shelfFrom', label: 'basic.location.shelfFrom', span: 6, width: 100 },
    { name: 'shelfTo', label: 'basic.location.shelfTo', span: 6, width: 100 },
    { name: 'mapUrl', label: 'basic.location.map', type: 'image', imageCategory: 'map', inTable: false },
    { name: 'x', label: 'basic.location.x', type: 'number', span: 6, width: 80, props: { min: 0, max: 100 } },
    { name: 'y', label: 'basic.location.y', type: 'number', span: 6, width: 80, props: { min: 0, max: 100 } },
    { ...sortField, span: 6 },
    { ...stateField, span: 6 },
  ],
};

/** /resource-mana/basic-set/location: collection locations with their map picture and point on it. */
export default function LocationPage() {
  return <ResourcePage def={def} />;
}
