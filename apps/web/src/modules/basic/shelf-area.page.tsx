import { ShelfAreaCreate, ShelfAreaUpdate } from '@shuyuan/contracts/basic/shelf';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { locationOptions, sortField } from './options.ts';

const def: ResourcePageDef = {
  area: 'Basic',
  entity: 'ShelfArea',
  permission: 'bookshelf-area',
  title: 'basic.shelfArea.entity',
  contracts: { create: ShelfAreaCreate, update: ShelfAreaUpdate },
  fields: [
    {
      name: 'locationId',
      label: 'basic.shelf.location',
      type: 'select',
      options: locationOptions,
      inSearch: true,
      dataIndex: 'locationName',
    },
    { name: 'name', label: 'basic.shelfArea.name', span: 12 },
    { name: 'code', label: 'basic.shelfArea.code', span: 12 },
    { name: 'widthCm', label: 'basic.shelfArea.widthCm', type: 'number', default: 0, span: 8 },
    { name: 'shelfCount', label: 'basic.shelfArea.shelfCount', type: 'number', default: 0, span: 8 },
    { ...sortField, span: 8 },
    { name: 'remark', label: 'basic.common.remark', type: 'textarea', inTable: false },
  ],
};

/** /bookshelf-area: shelf areas of a location, their total width in cm. */
export default function ShelfAreaPage() {
  return <ResourcePage def={def} />;
}
