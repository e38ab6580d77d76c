import { ShelfCreate, ShelfUpdate } from '@shuyuan/contracts/basic/shelf';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { locationOptions, sortField, stateField } from './options.ts';

const def: ResourcePageDef = {
  area: 'Basic',
  entity: 'Shelf',
  permission: 'resource-mana.basic-set.location-num',
  title: 'basic.shelf.entity',
  contracts: { create: ShelfCreate, update: ShelfUpdate },
  fields: [
    {
      name: 'locationId',
      label: 'basic.shelf.location',
      type: 'select',
      options: locationOptions,
      inSearch: true,
      dataIndex: 'locationName',
    },
    { name: 'code', label: 'basic.shelf.code', span: 12, width: 100 },
    { name: 'barcode', label: 'basic.shelf.barcode', span: 12 },
    {
      name: 'faces',
      label: 'basic.shelf.faces',
      type: 'number',
      default: 1,
      span: 8,
      width: 70,
      props: { min: 1, max: 2 },
    },
    { name: 'layers', label: 'basic.shelf.layers', type: 'number', default: 5, span: 8, width: 70 },
    { name: 'widthCm', label: 'basic.shelf.widthCm', type: 'number', default: 90, span: 8, width: 90 },
    { name: 'callFrom', label: 'basic.shelf.callFrom', span: 12 },
    { name: 'callTo', label: 'basic.shelf.callTo', span: 12 },
    { ...sortField, span: 12 },
    { ...stateField, span: 12 },
  ],
};

/** /resource-mana/basic-set/location-num: shelves of each location (barcode, faces, layers, width in cm). */
export default function ShelfPage() {
  return <ResourcePage def={def} />;
}
